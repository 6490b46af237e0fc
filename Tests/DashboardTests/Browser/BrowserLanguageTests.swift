import Foundation
import Testing

@testable import Dashboard

/// The dashboard in each language in a real browser at phone width: browse, then register
/// with a mistake and fix it; Korean screenshots beside the English ones.
@Suite(.serialized) struct BrowserLanguageTests {
    struct Expected: Sendable, CustomTestStringConvertible {
        var lang: String
        var listHeading: String
        var vendorLine: String
        var summary: String
        var registered: String
        var price: String
        var testDescription: String { lang }
    }

    static let languages = [
        Expected(lang: "en", listHeading: "Products", vendorLine: "Sold by", summary: "There is 1 problem to fix",
                 registered: "Product added.", price: "KRW 1,000"),
        Expected(lang: "ko", listHeading: "상품 목록", vendorLine: "판매자:", summary: "항목 1개를 확인해 주세요",
                 registered: "상품을 등록했습니다.", price: "1,000원"),
    ]

    @Test(BrowserTools.needed, arguments: languages)
    func browse_thenRegisterWithAMistake_andFixIt_atPhoneWidth(_ expected: Expected) async throws {
        try await withBrowser { browser in
            let driver = browser.driver
            try await driver.emulateViewport(width: 375, height: 812)
            // The choice is made once (the footer switch's link) and remembered after.
            try await browser.open("/products?lang=\(expected.lang)")
            #expect(try await driver.execute("return document.documentElement.lang") as? String == expected.lang)
            #expect(try await driver.text(try await driver.find("main h1")) == expected.listHeading)
            _ = try await driver.navigatingToProductPage { try await driver.click(try await driver.find("main .product-name")) }
            #expect(try await driver.mainText().contains(expected.vendorLine))
            #expect(try await driver.execute("return document.documentElement.lang") as? String == expected.lang)

            try await browser.open("/products/new")
            try await driver.fillProductForm(ProductFormInput(name: "Lang \(expected.lang) 주전자", price: "1000", discount: "5000"))
            try await driver.navigating("the form with its errors", to: "/products") { try await driver.clickSubmit() }
            #expect(try await driver.text(try await driver.find(".error-summary h2")) == expected.summary)
            let problems = try await PageAudit.problems(in: driver)
            #expect(problems.isEmpty, "\(problems)")

            try await driver.fill("#discounted_price", "100")
            _ = try await driver.navigatingToProductPage { try await driver.clickSubmit() }
            #expect(try await driver.flashText() == expected.registered)
            #expect(try await driver.text(try await driver.find("main .price del")) == expected.price)
        }
    }

    @Test(BrowserTools.needed) func korean_everyPage_atPhoneWidth_andItsScreenshots() async throws {
        try await withBrowser { browser in
            var problems: [String] = []
            var saved: [URL] = []
            try await browser.open("/products?lang=ko")
            for page in try await BrowserPages.all(browser.dashboard) {
                try await browser.driver.emulateViewport(width: 375, height: 812)
                try await browser.open(page.path)
                #expect(try await browser.driver.execute("return document.documentElement.lang") as? String == "ko", "\(page.path)")
                problems += try await PageAudit.problems(in: browser.driver).map { "\(page.name) (\(page.path)): \($0)" }
                for (label, width) in [("desktop", 1280), ("phone", 375)] {
                    saved.append(try await Screenshots.save(browser.driver, "ko-\(page.name)-\(label)", width: width))
                }
            }
            #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
            for file in saved {
                #expect(try Data(contentsOf: file).count > 10_000, "\(file.lastPathComponent) shows a page, not a blank")
            }
        }
    }
}
