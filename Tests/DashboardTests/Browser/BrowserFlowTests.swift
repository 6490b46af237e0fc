import Foundation
import Testing

/// Browsing as a person does: clicking links, pressing Enter, going back.
@Suite(.serialized) struct BrowserFlowTests {
    @Test(BrowserTools.needed) func listToGrid_nextPage_detail_andBack_keepTheViewAndPage() async throws {
        try await withBrowser { browser in
            let driver = browser.driver
            try await browser.open("/products")
            #expect(try await driver.findAll("ul.product-list li.product").count == 20)

            try await driver.navigating("grid view", to: { $0.contains("view=grid") }) {
                try await driver.click(try await driver.find("nav.view-switch a[href*='view=grid']"))
            }
            #expect(try await driver.findAll("ul.product-grid li.product").count == 20)

            try await driver.navigating("grid page 2", to: { $0.contains("view=grid") && $0.contains("page=2") }) {
                try await driver.click(try await driver.find("nav.pagination a[rel=next]"))
            }
            let current = try await driver.text(try await driver.find("nav.pagination a[aria-current=page]"))
            #expect(current == "2")

            let firstName = try await driver.text(try await driver.find("ul.product-grid .product-name"))
            let id = try await driver.navigatingToProductPage {
                try await driver.click(try await driver.find("ul.product-grid a.product-link"))
            }
            #expect(try await driver.text(try await driver.find("main h1")) == firstName)

            // The page's own back link returns to the same view and page.
            let back = try await driver.navigating("back on the grid", to: { $0.hasPrefix("/products?") }) {
                try await driver.click(try await driver.find("main .back a"))
            }
            #expect(back.contains("view=grid") && back.contains("page=2"), "back link went to \(back)")
            #expect(try await driver.findAll("ul.product-grid").count == 1)
            #expect(try await driver.text(try await driver.find("nav.pagination a[aria-current=page]")) == "2")

            // So does the browser's Back button.
            _ = try await driver.navigatingToProductPage {
                try await driver.click(try await driver.find("ul.product-grid a.product-link[href^='/products/\(id)']"))
            }
            let history = try await driver.navigating("history back", to: { $0.hasPrefix("/products?") }) { try await driver.back() }
            #expect(history.contains("view=grid") && history.contains("page=2"))
        }
    }

    @Test(BrowserTools.needed) func search_byTypingAndPressingEnter_showsOnlyMatches_andKeepsTheView() async throws {
        try await withBrowser { browser in
            let driver = browser.driver
            try await browser.open("/products?view=grid")
            let path = try await driver.navigating("search results", to: { $0.contains("q=kettle") }) {
                try await driver.sendKeys(try await driver.find("#q"), "kettle\u{E007}")  // E007: Enter
            }
            #expect(path.contains("view=grid"))
            let names = try await driver.findAll(".product-name")
            #expect(!names.isEmpty)
            for name in names {
                #expect(try await driver.text(name).lowercased().contains("kettle"))
            }
            #expect(try await driver.property(try await driver.find("#q"), "value") as? String == "kettle")

            // Korean text searches too, and "Clear search" brings everything back.
            try await driver.fill("#q", "김치")
            try await driver.navigating("Korean search", to: { $0.contains("q=김치") }) {
                try await driver.click(try await driver.find("form.search button[type=submit]"))
            }
            #expect(try await driver.mainText().contains("김장 김치 10kg"))
            try await driver.navigating("cleared search", to: { !$0.contains("q=") }) {
                try await driver.click(try await driver.find("a.clear-search"))
            }
            #expect(try await driver.findAll("ul.product-grid li.product").count == 20)
        }
    }
}
