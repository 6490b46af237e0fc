import Foundation
import Testing

@testable import Dashboard
import DashboardEngine

/// Every page at phone and desktop width: screenshots for people, checks for machines.
@Suite(.serialized) struct BrowserLayoutTests {
    @Test(BrowserTools.needed) func everyPage_atPhoneWidth_hasNoSidewaysScroll_labelledControls_andImageAlts() async throws {
        try await withBrowser { browser in
            var problems: [String] = []
            for page in try await BrowserPages.all(browser.dashboard) {
                try await browser.driver.emulateViewport(width: 375, height: 812)
                try await browser.open(page.path)
                problems += try await PageAudit.problems(in: browser.driver).map { "\(page.name) (\(page.path)): \($0)" }
            }
            // The form with its error summary and stashed pictures.
            try await browser.open("/products/new")
            try await browser.driver.fillProductForm(ProductFormInput(name: "Wide Check", price: "10", discount: "50"))
            try await browser.driver.navigating("the form with its errors", to: "/products") { try await browser.driver.clickSubmit() }
            #expect(try await !browser.driver.findAll(".error-summary").isEmpty)
            problems += try await PageAudit.problems(in: browser.driver).map { "form with errors: \($0)" }
            #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        }
    }

    /// Words of the short labels a line break would cut ("10개/씩", "표시/:", "KR/W", "#5/8")
    /// on this page; empty when each stays on one line.
    static let brokenWords = """
        var broken = [];
        var labels = '.page-size a, .page-size span, .view-switch a, .owner-switch a, .chip, .sheet-table thead th, '
          + '.sheet-table tbody td:nth-last-child(-n + 2), .site-nav a';
        document.querySelectorAll(labels).forEach(function (e) {
          var walker = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
          var node;
          while ((node = walker.nextNode())) {
            var found, words = /\\S+/g;
            while ((found = words.exec(node.textContent))) {
              var range = document.createRange();
              range.setStart(node, found.index);
              range.setEnd(node, found.index + found[0].length);
              var lines = {};
              Array.from(range.getClientRects()).forEach(function (r) { lines[Math.round(r.top)] = true; });
              if (Object.keys(lines).length > 1) broken.push(found[0]);
            }
          }
        });
        return broken;
        """

    /// At 390 px, in Korean, no short label breaks inside a word: `keep-all` keeps Korean
    /// words whole, and `overflow-wrap: anywhere` (for long product names) must not undo it.
    @Test(BrowserTools.needed) func shortLabels_atPhoneWidth_inKorean_breakOnlyBetweenWords() async throws {
        try await withBrowser { browser in
            _ = try await ownProduct(browser.dashboard, named: "맥북 프로 14")
            try await browser.driver.emulateViewport(width: 390, height: 844)
            var problems: [String] = []
            for path in ["/products?lang=ko&currency=KRW&min_price=50000&stock=in&sale=1", "/products/sheet?lang=ko", "/products?lang=ko&view=table"] {
                try await browser.open(path)
                let broken = try await browser.driver.execute(Self.brokenWords) as? [String] ?? ["the script returned nothing"]
                problems += broken.map { "\(path): “\($0)” is broken across lines" }
                problems += try await PageAudit.problems(in: browser.driver).map { "\(path): \($0)" }
            }
            #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        }
    }

    @Test(BrowserTools.needed) func screenshots_ofEachPage_atDesktopAndPhoneWidth() async throws {
        try await withBrowser { browser in
            var saved: [URL] = []
            for page in try await BrowserPages.all(browser.dashboard) {
                try await browser.open(page.path)
                for (label, width) in [("desktop", 1280), ("phone", 375)] {
                    saved.append(try await Screenshots.save(browser.driver, "\(page.name)-\(label)", width: width))
                }
            }
            for file in saved {
                let bytes = try Data(contentsOf: file)
                #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), "\(file.lastPathComponent) is a PNG")
                #expect(bytes.count > 10_000, "\(file.lastPathComponent) shows a page, not a blank")
            }
        }
    }
}
