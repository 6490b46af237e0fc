import Foundation
import Testing

@testable import Dashboard

/// The table view and the sheet in a real browser: the table on a phone and on a desktop,
/// the sheet's keys, pasting and live count with JavaScript, and the whole sheet without it.
@Suite(.serialized) struct BrowserSheetTests {
    /// The `name` of the control that has the focus.
    static func focused(_ driver: WebDriver) async throws -> String {
        try await driver.execute("return document.activeElement ? (document.activeElement.name || '') : ''") as? String ?? ""
    }

    static func value(_ driver: WebDriver, _ name: String) async throws -> String {
        try await driver.property(try await driver.find("input[name='\(name)']"), "value") as? String ?? ""
    }

    /// How many of the elements `css` selects are wholly inside the window.
    static func onScreen(_ driver: WebDriver, _ css: String) async throws -> Int {
        try await driver.execute(
            """
            return Array.from(document.querySelectorAll(arguments[0])).filter(function (e) {
              var r = e.getBoundingClientRect();
              return r.top >= 0 && r.bottom <= window.innerHeight;
            }).length
            """, [css]) as? Int ?? -1
    }

    @Test(BrowserTools.needed) func theTable_atPhoneWidth_scrollsInItsOwnRegion_reachedByKeyboard() async throws {
        try await withBrowser { browser in
            let driver = browser.driver
            try await driver.emulateViewport(width: 375, height: 812)
            try await browser.open("/products?view=table&per_page=50&lang=en")
            let problems = try await PageAudit.problems(in: driver)
            #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
            let widths = try await driver.execute(
                """
                var region = document.querySelector('.table-scroll');
                return [region.scrollWidth > region.clientWidth, document.documentElement.scrollWidth <= window.innerWidth]
                """) as? [Bool]
            #expect(widths == [true, true], "the table is wider than the phone, the page is not")

            // Tab reaches the region; the arrow keys scroll it.
            var steps = 0
            while try await driver.execute("return document.activeElement.classList.contains('table-scroll')") as? Bool != true {
                try await driver.press(WebDriver.Key.tab)
                steps += 1
                try #require(steps < 200, "Tab never reaches the table's region")
            }
            for _ in 0..<5 { try await driver.press(WebDriver.Key.right) }
            try await driver.wait("the region to scroll sideways") {
                (try await driver.execute("return document.querySelector('.table-scroll').scrollLeft") as? Double ?? 0) > 0
            }
            #expect(try await driver.execute("return window.scrollX") as? Double ?? 1 == 0, "the page itself stays put")
        }
    }

    @Test(BrowserTools.needed) func atDesktopWidth_theTableShowsTwiceAsManyProductsAScreenAsTheList() async throws {
        try await withBrowser { browser in
            let driver = browser.driver
            try await driver.emulateViewport(width: 1280, height: 900)
            try await browser.open("/products?per_page=50")
            _ = try await driver.execute("window.scrollTo(0, document.querySelector('ul.product-list').offsetTop)")
            let list = try await Self.onScreen(driver, "ul.product-list > li")
            try await browser.open("/products?view=table&per_page=50")
            _ = try await driver.execute("window.scrollTo(0, document.querySelector('table.product-table').getBoundingClientRect().top + window.scrollY)")
            let table = try await Self.onScreen(driver, "tr[data-product-id]")
            #expect(list > 0 && table >= 2 * list, "a screen shows \(table) rows of the table and \(list) products of the list")
        }
    }

    @Test(BrowserTools.needed) func withJavaScript_keysMoveBetweenCells_pastedLinesFillTheCellsBelow_andChangesAreCounted() async throws {
        try await withBrowser { browser in
            let driver = browser.driver
            try await browser.open("/products/sheet?lang=en")
            let ids = try await driver.execute(
                "return Array.from(document.querySelectorAll('#sheet tbody tr')).map(function (r) { return r.dataset.productId })") as? [String] ?? []
            try #require(ids.count >= 3, "the sheet has \(ids)")
            let count = { try await driver.text(try await driver.find(".sheet-count")) }
            #expect(try await count() == "No cells changed")

            // Arrow keys, Tab and Enter move as in a spreadsheet; Enter never sends the sheet.
            try await driver.click(try await driver.find("input[name='name.\(ids[0])']"))
            try await driver.press(WebDriver.Key.down)
            #expect(try await Self.focused(driver) == "name.\(ids[1])")
            try await driver.press(WebDriver.Key.right)
            #expect(try await Self.focused(driver) == "price.\(ids[1])", "→ from a cell the keys entered moves on")
            try await driver.press(WebDriver.Key.tab)
            #expect(try await Self.focused(driver) == "discounted_price.\(ids[1])")
            try await driver.press(WebDriver.Key.shift, then: WebDriver.Key.tab)
            #expect(try await Self.focused(driver) == "price.\(ids[1])")
            try await driver.press(WebDriver.Key.enter)
            #expect(try await Self.focused(driver) == "price.\(ids[2])")
            try await driver.press(WebDriver.Key.up)
            try await driver.press(WebDriver.Key.left)
            #expect(try await Self.focused(driver) == "name.\(ids[1])")
            #expect(try await driver.currentPath() == "/products/sheet?lang=en")
            #expect(try await count() == "No cells changed")

            // Three lines copied from a spreadsheet, pasted into the first price: the cells
            // below it, and the one beside it on the second line.
            _ = try await driver.execute(
                """
                var cell = document.querySelector(arguments[0]);
                cell.focus();
                var data = new DataTransfer();
                data.setData('text/plain', arguments[1]);
                cell.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
                """, ["input[name='price.\(ids[0])']", "199.99\r\n1500\t100\r\n700000\r\n"])
            #expect(try await Self.value(driver, "price.\(ids[0])") == "199.99")
            #expect(try await Self.value(driver, "price.\(ids[1])") == "1500")
            #expect(try await Self.value(driver, "discounted_price.\(ids[1])") == "100")
            #expect(try await Self.value(driver, "price.\(ids[2])") == "700000")
            let marked = try await driver.execute(
                "return Array.from(document.querySelectorAll('#sheet input.is-changed')).map(function (i) { return i.name })") as? [String]
            let changed = ["price.\(ids[0])", "price.\(ids[1])", "discounted_price.\(ids[1])", "price.\(ids[2])"]
            #expect(Set(marked ?? []) == Set(changed))
            #expect(try await count() == "4 cells changed")
            // A cell typed back to what the sheet showed is no change.
            let shown = try await driver.execute("return document.querySelector(arguments[0]).dataset.shown", ["input[name='price.\(ids[2])']"]) as? String ?? ""
            try await driver.fill("input[name='price.\(ids[2])']", shown)
            #expect(try await count() == "3 cells changed")

            // Leaving with changes asks first; sending the sheet does not.
            let asks = "var e = new Event('beforeunload', { cancelable: true }); window.dispatchEvent(e); return e.defaultPrevented"
            #expect(try await driver.execute(asks) as? Bool == true)
            try await driver.navigating("the preview", to: { $0.hasPrefix("/batches/") }) {
                try await driver.click(try await driver.find("#sheet button[type=submit]"))
            }
            let rows = try await driver.findAll("tr[data-status=pending]")
            #expect(rows.count == 2)
            #expect(try await driver.mainText().contains("Price: KRW 0 → KRW 1,500"))
        }
    }

    @Test(BrowserTools.needed) func withoutJavaScript_inKorean_atPhoneWidth_theSheetIsSentFixedAndApplied() async throws {
        try await withBrowser(javaScript: false) { browser in
            let driver = browser.driver
            try await driver.emulateViewport(width: 375, height: 812)
            try await browser.open("/products?view=table&lang=ko")
            var problems = try await PageAudit.problems(in: driver).map { "table: \($0)" }
            try await driver.navigating("the sheet", to: { $0.hasPrefix("/products/sheet") }) {
                try await driver.click(try await driver.find("main > p.sheet-link a"))
            }
            problems += try await PageAudit.problems(in: driver).map { "sheet: \($0)" }
            let id = try #require(
                try await driver.execute("return document.querySelector('#sheet tbody tr:nth-child(3)').dataset.productId") as? String)
            try await driver.fill("input[name='stock.\(id)']", "9")
            try await driver.fill("input[name='price.\(id)']", "0")
            try await driver.navigating("the sheet with its errors", to: { $0.hasPrefix("/products/sheet") }) {
                try await driver.click(try await driver.find("#sheet button[type=submit]"))
            }
            problems += try await PageAudit.problems(in: driver).map { "sheet with errors: \($0)" }
            #expect(try await driver.text(try await driver.find(".error-summary")).contains("판매가를 0보다 큰 금액으로 입력해 주세요."))
            #expect(try await Self.value(driver, "stock.\(id)") == "9", "what was typed stays")
            try await driver.fill("input[name='price.\(id)']", "700000")
            try await driver.navigating("the preview", to: { $0.hasPrefix("/batches/") }) {
                try await driver.click(try await driver.find("#sheet button[type=submit]"))
            }
            #expect(try await driver.findAll("tr[data-product-id='\(id)'][data-status=pending]").count == 1)
            #expect(try await driver.findAll("tr[data-product-id]").count == 1)
            try await driver.applyBatch()
            #expect(try await driver.findAll("tr[data-product-id='\(id)'][data-status=done]").count == 1)
            let product = try await MarketInspector(browser.dashboard).product(Int(id) ?? 0)
            #expect(product["stock"] as? Int == 9)
            #expect((product["price"] as? NSNumber)?.intValue == 700_000)
            #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        }
    }
}
