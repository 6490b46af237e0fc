import Foundation
import Testing

@testable import Dashboard

/// The safety net in a real browser, in each language: an edit undone from the product's
/// history, and a deleted product brought back from the recycle bin.
@Suite(.serialized) struct BrowserHistoryTests {
    static let texts: [String: (undone: String, restored: String)] = [
        "en": ("was undone", "was restored as product"),
        "ko": ("수정 전으로 되돌렸습니다", "다시 등록했습니다"),
    ]

    @Test(BrowserTools.needed, arguments: ["en", "ko"])
    func anEditUndone_andADeletedProductRestored(language: String) async throws {
        let texts = try #require(Self.texts[language])
        try await withBrowser { browser in
            let driver = browser.driver
            let id = try await ownProduct(browser.dashboard, named: "에어팟 3")
            let market = MarketInspector(browser.dashboard)
            let before = try await market.product(id)

            try await browser.open("/products/\(id)?lang=\(language)")
            try await driver.navigating("the edit form", to: "/products/\(id)/edit") {
                try await driver.click(try await driver.find("main .actions a[href='/products/\(id)/edit']"))
            }
            try await driver.fill("#price", "23456")
            try await driver.navigating("back on the product", to: "/products/\(id)") { try await driver.clickSubmit() }

            // The product's own history link, its edit entry, the Undo button.
            try await driver.navigating("the product's history", to: "/history?product=\(id)") {
                try await driver.click(try await driver.find("main a[href='/history?product=\(id)']"))
            }
            let entry = try await driver.find("li.entry[data-kind=edit]")
            #expect(try await driver.text(entry).contains("23,456"))
            // Old → new is read out with words, not only the arrow's look, and said once.
            #expect(try await driver.findAll("li.entry[data-kind=edit] [role=img][aria-label]").count == 1)
            #expect(try await driver.findAll("li.entry[data-kind=edit] .changes .visually-hidden").isEmpty)
            // The undo comes back to the same address: only a new document is its answer.
            try await driver.navigating("the history after the undo", to: "/history?product=\(id)") {
                try await driver.click(try await driver.find("li.entry[data-kind=edit] form button[type=submit]"))
            }
            #expect(try await driver.flashText()?.contains(texts.undone) == true)
            #expect(try await driver.findAll("li.entry[data-kind=undo]").count == 1)
            let undone = try await market.product(id)
            #expect((undone["price"] as? NSNumber)?.doubleValue == (before["price"] as? NSNumber)?.doubleValue)

            // Delete, then restore from the recycle bin through the header's link.
            try await browser.open("/products/\(id)/delete")
            try await driver.navigating("the list", to: { $0.hasPrefix("/products") && !$0.hasPrefix("/products/") }) {
                try await driver.click(try await driver.find("main form button[type=submit].danger"))
            }
            try await driver.navigating("the recycle bin", to: "/trash") {
                try await driver.click(try await driver.find("header a[href='/trash']"))
            }
            #expect(try await driver.text(try await driver.find("li.trash-item h2")) == "에어팟 3")
            let newID = try await driver.navigatingToProductPage("the restored product") {
                try await driver.click(try await driver.find("li.trash-item form[action$='/restore'] button"))
            }
            #expect(newID != id)
            #expect(try await driver.text(try await driver.find("main h1")) == "에어팟 3")
            let flash = try #require(try await driver.flashText())
            #expect(flash.contains(texts.restored) && flash.contains(String(newID)))
            try await driver.waitForImages()
            #expect(try await market.imageBytes(newID).count == (before["images"] as? [Any])?.count)
            #expect(try await driver.execute("return document.documentElement.lang") as? String == language)
        }
    }
}
