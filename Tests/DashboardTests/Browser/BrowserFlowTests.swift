import Foundation
import Testing

extension BrowserTests {
    /// Browsing as a person does: clicking links, pressing Enter, going back.
    @Suite struct Browsing {
        @Test(BrowserTools.needed) func listToGrid_nextPage_detail_andBack_keepTheViewAndPage() async throws {
            try await withBrowser { browser in
                let driver = browser.driver
                try await browser.open("/products")
                #expect(try await driver.findAll("ul.product-list li.product").count == 20)

                try await driver.click(try await driver.find("nav.view-switch a[href*='view=grid']"))
                try await driver.waitForPath("grid view") { $0.contains("view=grid") }
                #expect(try await driver.findAll("ul.product-grid li.product").count == 20)

                try await driver.click(try await driver.find("nav.pagination a[rel=next]"))
                try await driver.waitForPath("grid page 2") { $0.contains("view=grid") && $0.contains("page=2") }
                let current = try await driver.text(try await driver.find("nav.pagination a[aria-current=page]"))
                #expect(current == "2")

                let firstName = try await driver.text(try await driver.find("ul.product-grid .product-name"))
                try await driver.click(try await driver.find("ul.product-grid a.product-link"))
                let id = try await driver.waitForProductPage()
                #expect(try await driver.text(try await driver.find("main h1")) == firstName)

                // The page's own back link returns to the same view and page.
                try await driver.click(try await driver.find("main .back a"))
                let back = try await driver.waitForPath("back on the grid") { $0.hasPrefix("/products?") }
                #expect(back.contains("view=grid") && back.contains("page=2"), "back link went to \(back)")
                #expect(try await driver.findAll("ul.product-grid").count == 1)
                #expect(try await driver.text(try await driver.find("nav.pagination a[aria-current=page]")) == "2")

                // So does the browser's Back button.
                try await driver.click(try await driver.find("ul.product-grid a.product-link[href^='/products/\(id)']"))
                _ = try await driver.waitForProductPage()
                try await driver.back()
                let history = try await driver.waitForPath("history back") { $0.hasPrefix("/products?") }
                #expect(history.contains("view=grid") && history.contains("page=2"))
            }
        }

        @Test(BrowserTools.needed) func search_byTypingAndPressingEnter_showsOnlyMatches_andKeepsTheView() async throws {
            try await withBrowser { browser in
                let driver = browser.driver
                try await browser.open("/products?view=grid")
                try await driver.sendKeys(try await driver.find("#q"), "kettle\u{E007}")  // E007: Enter
                let path = try await driver.waitForPath("search results") { $0.contains("q=kettle") }
                #expect(path.contains("view=grid"))
                let names = try await driver.findAll(".product-name")
                #expect(!names.isEmpty)
                for name in names {
                    #expect(try await driver.text(name).lowercased().contains("kettle"))
                }
                #expect(try await driver.property(try await driver.find("#q"), "value") as? String == "kettle")

                // Korean text searches too, and "Clear search" brings everything back.
                try await driver.fill("#q", "김치")
                try await driver.click(try await driver.find("form.search button[type=submit]"))
                try await driver.waitForPath("Korean search") { $0.contains("q=김치") }
                #expect(try await driver.mainText().contains("김장 김치 10kg"))
                try await driver.click(try await driver.find("a.clear-search"))
                try await driver.waitForPath("cleared search") { !$0.contains("q=") }
                #expect(try await driver.findAll("ul.product-grid li.product").count == 20)
            }
        }
    }
}
