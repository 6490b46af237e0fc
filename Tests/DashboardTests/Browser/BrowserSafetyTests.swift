import Foundation
import Testing

/// Hostile names stay text, and the dashboard works with JavaScript switched off.
@Suite(.serialized) struct BrowserSafetyTests {
    @Test(BrowserTools.needed) func scriptNamedProduct_showsAsText_andRunsNothing() async throws {
        try await withBrowser { browser in
            let driver = browser.driver
            let hostile = "<script>window.pwned=1;document.title='pwned'</script>"
            try await browser.open("/products/new")
            try await driver.fillProductForm(ProductFormInput(name: hostile, images: [SamplePictures.photo]))
            _ = try await driver.navigatingToProductPage { try await driver.clickSubmit() }

            #expect(try await driver.text(try await driver.find("main h1")) == hostile)
            #expect(try await driver.title() != "pwned")
            #expect(try await driver.execute("return typeof window.pwned") as? String == "undefined")
            #expect(try await driver.alertText() == nil)

            // The seeded hostile names, in the list: text, no alert, no injected image.
            try await browser.open("/products?per_page=100")
            let text = try await driver.mainText()
            #expect(text.contains("<script>alert(1)</script>"))
            #expect(text.contains("<img src=x onerror=alert(2)>"))
            #expect(text.contains(hostile))
            #expect(try await driver.alertText() == nil)
            #expect(try await driver.findAll("main script, main img[src='x']").isEmpty)
            #expect(try await driver.execute("return typeof window.pwned") as? String == "undefined")
        }
    }

    @Test(BrowserTools.needed) func withJavaScriptOff_browsingAndRegisteringStillWork() async throws {
        try await withBrowser(javaScript: false) { browser in
            let driver = browser.driver
            // Proof that scripts are off: an inline script would have renamed this page.
            try await driver.navigate(to: "data:text/html,<title>off</title><script>document.title='on'</script>")
            #expect(try await driver.title() == "off")

            try await driver.navigate(to: browser.url("/products"))
            // Each click waits for its page: the next one finds its link there, not on the page before.
            try await driver.navigating("grid view", to: { $0.contains("view=grid") }) {
                try await driver.click(try await driver.find("nav.view-switch a[href*='view=grid']"))
            }
            try await driver.navigating("grid page 2", to: { $0.contains("view=grid") && $0.contains("page=2") }) {
                try await driver.click(try await driver.find("nav.pagination a[rel=next]"))
            }
            _ = try await driver.navigatingToProductPage { try await driver.click(try await driver.find("ul.product-grid a.product-link")) }

            try await driver.navigate(to: browser.url("/products/new"))
            try await driver.fillProductForm(ProductFormInput(name: "No Script Scooter"))
            let id = try await driver.navigatingToProductPage { try await driver.clickSubmit() }
            #expect(try await driver.flashText() == "Product added.")
            #expect(try await driver.text(try await driver.find("main h1")) == "No Script Scooter")
            #expect(try await MarketInspector(browser.dashboard).imageBytes(id).count == 2)
        }
    }
}
