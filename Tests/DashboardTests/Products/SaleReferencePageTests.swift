import DashboardEngine
import Foundation
import Testing

@testable import Dashboard

/// An on-sale product's page against its reference price, through the real dashboard with a
/// history made through the forms on a hand-moved clock (`SaleReferenceScene`): the lowest
/// price of the 30 days before the sale, and the check of its struck-through price, in both
/// languages; a product not on sale shows none of it.
@Suite struct SaleReferencePageTests {
    /// The `data-reference` element of a product page, its attributes and its text.
    struct Shown {
        var hook: String?
        var price: String?
        var text: String
        var hrefs: [String]
    }

    static func shown(_ html: String) -> Shown? {
        guard let start = html.range(of: "<div class=\"sale-reference\"") else { return nil }
        let block = HTMLScan.block(in: html[start.lowerBound...], from: "<div", to: "</div>")
        let tag = HTMLScan.tags("div", in: block).first
        return Shown(hook: tag?["data-reference"], price: tag?["data-reference-price"], text: HTMLScan.text(block), hrefs: HTMLScan.hrefs(in: block))
    }

    @Test func eachSale_showsItsReference_andItsCheck_inBothLanguages() async throws {
        try await SaleReferenceScene.run { scene in
            for language in ["en", "ko"] {
                let en = language == "en"
                // Raised 10 days before a 30 % sale: above the lowest of the 30 days before.
                let raised = try await scene.harness.get("/products/\(scene.raised)?lang=\(language)")
                #expect(raised.status == 200)
                let above = try #require(Self.shown(raised.text), "no reference on the raised product's page")
                #expect(above.hook == "above")
                #expect(above.price == "24000")
                #expect(above.text.contains(en ? "Reference price (the lowest in the 30 days before this sale): KRW 24,000" : "종전 가격(이번 할인 시작 전 30일 동안의 최저가): 24,000원"))
                #expect(above.text.contains(en ? "the real discount is 12.5%, not 30%" : "실제 할인율은 30%가 아니라 12.5%입니다"), "\(above.text)")
                #expect(above.hrefs.contains("/products/\(scene.raised)/prices"))
                #expect(raised.text.contains("class=\"reference-warning\""), "a warning")

                // Steady for 35 days: at the reference.
                let steady = try #require(Self.shown(try await scene.harness.get("/products/\(scene.steady)?lang=\(language)").text))
                #expect(steady.hook == "ok")
                #expect(steady.price == "30000")
                #expect(steady.text.contains(en ? "Reference price (the lowest in the 30 days before this sale): KRW 30,000" : "종전 가격(이번 할인 시작 전 30일 동안의 최저가): 30,000원"))

                // Registered yesterday, on sale today: no reference, and no price for it.
                let freshPage = try await scene.harness.get("/products/\(scene.fresh)?lang=\(language)")
                let fresh = try #require(Self.shown(freshPage.text))
                #expect(fresh.hook == "insufficient")
                #expect(fresh.price == nil)
                #expect(!freshPage.text.contains("data-reference-price"))
                #expect(fresh.text.contains(en ? "Can't be checked: the dashboard has known this product's prices only since" : "종전 가격을 알 수 없습니다."), "\(fresh.text)")
                #expect(!fresh.text.contains(en ? "Reference price (" : "최저가):"))
                #expect(fresh.hrefs.contains("/products/prices/import"), "the way on: the seller's earlier prices")
                #expect(!above.hrefs.contains("/products/prices/import"))

                // Changed on the market between two counts: the price before the change counts.
                let changed = try #require(Self.shown(try await scene.harness.get("/products/\(scene.changed)?lang=\(language)").text))
                #expect(changed.hook == "above")
                #expect(changed.price == "20000")
                #expect(changed.text.contains(en ? "the real discount is 10%, not 40%" : "실제 할인율은 40%가 아니라 10%입니다"), "\(changed.text)")

                // Not on sale: nothing of it.
                let plain = try await scene.harness.get("/products/\(scene.plain)?lang=\(language)")
                #expect(plain.status == 200)
                #expect(Self.shown(plain.text) == nil)
                #expect(!plain.text.contains("data-reference"))
            }

            // The sale ends: its page shows nothing more.
            try await scene.edit(scene.raised, SaleReferenceScene.names.raised, price: "30000")
            await scene.settle()
            #expect(Self.shown(try await scene.harness.get("/products/\(scene.raised)").text) == nil)
        }
    }
}
