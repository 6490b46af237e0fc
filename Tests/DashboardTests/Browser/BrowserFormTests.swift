import Foundation
import HTTPServer
import Testing

/// Registering, fixing, editing and deleting products through the forms in a real browser.
@Suite(.serialized) struct BrowserFormTests {
    @Test(BrowserTools.needed) func register_withTwoPictures_landsOnTheNewProductWithAFlash() async throws {
        try await withBrowser { browser in
            let driver = browser.driver
            try await browser.open("/products")
            try await driver.navigating("the form", to: "/products/new") {
                try await driver.click(try await driver.find(".site-nav a[href='/products/new']"))
            }
            try await driver.fillProductForm(ProductFormInput(name: "브라우저 주전자 Kettle"))
            let id = try await driver.navigatingToProductPage { try await driver.clickSubmit() }
            #expect(try await driver.flashText() == "Product added.")
            #expect(try await driver.text(try await driver.find("main h1")) == "브라우저 주전자 Kettle")
            #expect(try await driver.mainText().contains("KRW 12,000"))
            try await driver.waitForImages()
            let loaded = try await driver.execute(
                "return Array.from(document.querySelectorAll('.slides img')).filter(function (i) { return i.naturalWidth > 0; }).length")
            #expect(loaded as? Int == 2, "both pictures show in the gallery")
            let stored = try await MarketInspector(browser.dashboard).imageBytes(id)
            #expect(stored.count == 2)
        }
    }

    @Test(BrowserTools.needed) func validationError_thenFix_withoutPickingThePicturesAgain() async throws {
        try await withBrowser { browser in
            let driver = browser.driver
            try await browser.open("/products/new")
            // A discount above the price: only the server can tell.
            try await driver.fillProductForm(ProductFormInput(name: "Second Try Lamp", price: "1000", discount: "5000"))
            try await driver.navigating("the form with its errors", to: "/products") { try await driver.clickSubmit() }
            let summary = try await driver.text(try await driver.find(".error-summary"))
            #expect(summary.contains("problem to fix"))
            #expect(try await driver.property(try await driver.find("#name"), "value") as? String == "Second Try Lamp")
            try await driver.waitForImages()
            let thumbnails = try await driver.execute(
                "return Array.from(document.querySelectorAll('.stashed-images img')).map(function (i) { return i.naturalWidth; })")
            #expect((thumbnails as? [Int])?.count == 2, "the two pictures are still attached")
            #expect((thumbnails as? [Int])?.allSatisfy { $0 > 0 } == true, "their thumbnails load")

            try await driver.fill("#discounted_price", "100")
            let id = try await driver.navigatingToProductPage { try await driver.clickSubmit() }
            #expect(try await driver.flashText() == "Product added.")
            #expect(try await MarketInspector(browser.dashboard).imageBytes(id).count == 2)
        }
    }

    @Test(BrowserTools.needed) func doubleClickingSubmit_registersOneProduct() async throws {
        try await withBrowser { browser in
            let driver = browser.driver
            let market = MarketInspector(browser.dashboard)
            let before = try await market.totalCount()
            try await browser.open("/products/new")
            try await driver.fillProductForm(ProductFormInput(name: "Double Click Clock"))
            _ = try await driver.navigatingToProductPage {
                try await driver.doubleClick(try await driver.find("main form button[type=submit]"))
            }
            #expect(try await market.totalCount() == before + 1)

            // Without the page's script the browser really sends both; the server still acts once.
            try await browser.withSecondSession(javaScript: false) { plain in
                try await plain.navigate(to: browser.url("/products/new"))
                try await plain.fillProductForm(ProductFormInput(name: "Double Click Radio"))
                let submit = try await plain.find("main form button[type=submit]")
                _ = try await plain.navigatingToProductPage { try await plain.doubleClick(submit) }
            }
            #expect(try await market.totalCount() == before + 2)
        }
    }

    @Test(BrowserTools.needed) func edit_changesThePrice_shownOnTheProductPage() async throws {
        try await withBrowser { browser in
            let driver = browser.driver
            let id = try await ownProduct(browser.dashboard, named: "에어팟 3")
            try await browser.open("/products/\(id)")
            try await driver.navigating("the edit form", to: "/products/\(id)/edit") {
                try await driver.click(try await driver.find("main .actions a[href='/products/\(id)/edit']"))
            }
            #expect(try await driver.property(try await driver.find("#price"), "value") as? String == "20000")
            try await driver.fill("#price", "23456")
            try await driver.navigating("back on the product", to: "/products/\(id)") { try await driver.clickSubmit() }
            #expect(try await driver.flashText() != nil)
            let price = try await driver.text(try await driver.find("main .price"))
            #expect(price.contains("KRW 23,456"), "price reads \(price)")
            #expect(price.contains("KRW 13,456"), "the discount of 10,000 still applies: \(price)")
        }
    }

    /// A product registered earlier with a 2-character description and price 0 (as on the
    /// live market): nothing in the browser blocks a stock change, and the market takes it.
    @Test(BrowserTools.needed) func edit_onlyTheStock_ofAProductWithAShortDescriptionAndPrice0() async throws {
        try await withBrowser { browser in
            let driver = browser.driver
            let id = try await ownProduct(browser.dashboard, named: "수제 쿠키 세트")
            try await browser.open("/products/\(id)/edit")
            #expect(try await driver.property(try await driver.find("#price"), "value") as? String == "0")
            try await driver.fill("#stock", "8")
            try await driver.navigating("back on the product", to: "/products/\(id)") { try await driver.clickSubmit() }
            #expect(try await driver.flashText() != nil)
            let stored = try await MarketInspector(browser.dashboard).product(id)
            #expect(stored["stock"] as? Int == 8)
            #expect(stored["description"] as? String == "간식")
        }
    }

    @Test(BrowserTools.needed) func delete_afterConfirming_returnsToTheListWithAFlash_andTheProductIsGone() async throws {
        try await withBrowser { browser in
            let driver = browser.driver
            let id = try await ownProduct(browser.dashboard, named: "맥북 프로 14")
            let search = "/products?q=" + URLEncodedForm.encode("맥북 프로")
            try await browser.open(search)
            #expect(try await driver.linksToProduct(id) > 0)
            try await browser.open("/products/\(id)")
            try await driver.navigating("the confirmation", to: "/products/\(id)/delete") {
                try await driver.click(try await driver.find("main .actions a[href='/products/\(id)/delete']"))
            }
            #expect(try await driver.text(try await driver.find("main h1")) == "Delete “맥북 프로 14”?")
            try await driver.navigating("the list", to: { $0.hasPrefix("/products") && !$0.hasPrefix("/products/") }) {
                try await driver.click(try await driver.find("main form button[type=submit].danger"))
            }
            #expect(try await driver.flashText() != nil)
            #expect(try await MarketInspector(browser.dashboard).status(id) == 404)
            try await browser.open(search)
            #expect(try await driver.linksToProduct(id) == 0)
            // Its page says it is in the recycle bin, with the way there.
            try await browser.open("/products/\(id)")
            #expect(try await driver.text(try await driver.find("main h1")) == "This product was deleted")
            #expect(try await !driver.findAll("main a[href='/trash']").isEmpty)
        }
    }
}
