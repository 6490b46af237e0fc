import Foundation
import Testing

/// "Load more" under the list: in place with JavaScript, plain pagination without it.
@Suite(.serialized) struct BrowserLoadMoreTests {
    /// The Korean summary writes its range with ~ ("60개 중 1~40번째"): the script keeps the
    /// first number there too.
    @Test(BrowserTools.needed) func loadMore_inKorean_keepsTheRangeAsKoreanWritesIt() async throws {
        try await withBrowser { browser in
            let driver = browser.driver
            try await browser.open("/products?lang=ko")
            #expect(try await driver.text(try await driver.find("main p.summary")) == "60개 중 1~20번째")
            try await driver.click(try await driver.find("button.load-more"))
            try await driver.wait("40 products in the list") { try await driver.findAll("ul.product-list li.product").count == 40 }
            #expect(try await driver.text(try await driver.find("main p.summary")) == "60개 중 1~40번째")
        }
    }

    /// A last page of one product: its own line names a place ("61개 중 61번째"), and loaded
    /// under the others the line still gives the whole range.
    @Test(BrowserTools.needed) func loadMore_ofOneLastProduct_keepsTheRange() async throws {
        try await withBrowser { browser in
            var flow = HistoryFlow(browser.dashboard)
            _ = try await flow.register(name: "Sixty-first kettle")
            let driver = browser.driver
            try await browser.open("/products?per_page=20&page=4&lang=ko")
            #expect(try await driver.text(try await driver.find("main p.summary")) == "61개 중 61번째")
            try await browser.open("/products?per_page=20&page=3&lang=ko")
            try await driver.click(try await driver.find("button.load-more"))
            try await driver.wait("21 products in the list") { try await driver.findAll("ul.product-list li.product").count == 21 }
            #expect(try await driver.text(try await driver.find("main p.summary")) == "61개 중 41~61번째")
        }
    }

    @Test(BrowserTools.needed) func loadMore_appendsTheNextPageInPlace_andTheURLFollows() async throws {
        try await withBrowser { browser in
            let driver = browser.driver
            try await browser.open("/products?view=grid")
            let products = "ul.product-grid li.product"
            #expect(try await driver.findAll(products).count == 20)
            let firstName = try await driver.text(try await driver.find("\(products) .product-name"))
            // A marker on the document: it survives only if the page is not reloaded.
            _ = try await driver.execute("window.samePage = 'yes'")

            let button = try await driver.find("button.load-more")
            #expect(try await driver.text(button) == "Load more")
            try await driver.click(button)
            try await driver.wait("40 products in the grid") { try await driver.findAll(products).count == 40 }
            try await driver.waitForPath("page 2 in the address") { $0.contains("page=2") && $0.contains("view=grid") }
            #expect(try await driver.execute("return window.samePage") as? String == "yes")
            #expect(try await driver.text(try await driver.find("\(products) .product-name")) == firstName)
            #expect(try await driver.text(try await driver.find("main p.summary")) == "Showing 1–40 of 60")
            #expect(try await driver.text(try await driver.find("nav.pagination a[aria-current=page]")) == "2")
            // The new products are the server's page 2, in order.
            let pageTwo = try await browser.dashboard.marketPageIDs(page: 2, perPage: 20)
            let hrefs = try await driver.execute("""
                return Array.from(document.querySelectorAll('ul.product-grid a.product-link')).slice(20)
                  .map(function (a) { return a.pathname; })
                """) as? [String]
            #expect(hrefs == pageTwo.map { "/products/\($0)" })

            // The last page: the button goes away.
            try await driver.click(try await driver.find("button.load-more"))
            try await driver.wait("60 products in the grid") { try await driver.findAll(products).count == 60 }
            try await driver.wait("the button to go") { try await driver.findAll("button.load-more").isEmpty }

            // Reload lands where the address says: page 3.
            let address = try await driver.currentPath()
            try await driver.navigating("the reloaded page", to: address) { _ = try await driver.execute("location.reload()") }
            #expect(try await driver.text(try await driver.find("nav.pagination a[aria-current=page]")) == "3")
            #expect(try await driver.findAll(products).count == 20)
        }
    }

    @Test(BrowserTools.needed) func withJavaScriptOff_theButtonIsHidden_andPaginationWorks() async throws {
        try await withBrowser(javaScript: false) { browser in
            let driver = browser.driver
            try await driver.navigate(to: browser.url("/products"))
            let button = try await driver.find("button.load-more")
            #expect(try await driver.text(button) == "", "a hidden button has no rendered text")
            try await driver.navigating("page 2", to: { $0.contains("page=2") }) {
                try await driver.click(try await driver.find("nav.pagination a[rel=next]"))
            }
            #expect(try await driver.findAll("ul.product-list li.product").count == 20)
        }
    }
}
