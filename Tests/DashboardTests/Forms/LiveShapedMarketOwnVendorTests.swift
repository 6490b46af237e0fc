import Foundation
import MarketClient
import Testing

@testable import Dashboard

/// Against an independent market serving live-shaped data, started as a person would
/// (`--upstream --identifier --secret`): Edit and Delete exactly on own products, 403 on
/// others', the own vendor from `--vendor-id` or learned from the first registration (and kept
/// across a restart), and `/healthz` saying which and how it is known.
/// One test at a time: each starts a market and a dashboard, and the suite's load stays low
/// for the timing-sensitive tests running beside it on a 2-core machine.
@Suite(.serialized) struct LiveShapedMarketOwnVendorTests {
    func editAndDeleteLinks(_ page: TestResponse, _ id: Int) -> (edit: Bool, delete: Bool) {
        let hrefs = HTMLScan.hrefs(in: page.text)
        return (hrefs.contains("/products/\(id)/edit"), hrefs.contains("/products/\(id)/delete"))
    }

    func vendor(_ harness: DashboardHarness) async throws -> (id: Int?, source: String?) {
        let health = try await harness.get("/healthz")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(health.body)) as? [String: Any])
        let vendor = try #require(object["vendor"] as? [String: Any])
        return (vendor["id"] as? Int, vendor["source"] as? String)
    }

    @Test func withVendorID_editAndDeleteAreExactlyOnOwnProducts_andOthersAre403() async throws {
        let market = LiveShapedData.market()
        try await withDashboard(.liveShaped(market, vendorID: LiveShapedData.ownVendorID)) { harness in
            for product in LiveShapedData.products {
                let page = try await harness.get("/products/\(product.id)")
                #expect(page.status == 200)
                let own = product.vendorID == LiveShapedData.ownVendorID
                let links = editAndDeleteLinks(page, product.id)
                #expect(links.edit == own && links.delete == own, "product \(product.id)")
                #expect(!page.text.contains("--vendor-id"))
            }
            var session = FormSession(port: harness.port)
            for path in ["/products/203/edit", "/products/203/delete"] {
                let refused = try await session.open(path)
                #expect(refused.status == 403)
                #expect(refused.text.contains("“우유병 텀블러” is sold by red123, not by you. You can"))
            }
            _ = try await session.open("/products/new")
            let edit = try await session.postURLEncoded("/products/205/edit", [("name", "abc"), ("stock", "1")])
            #expect(edit.status == 403)
            let delete = try await session.postURLEncoded("/products/203/delete", [])
            #expect(delete.status == 403)
            #expect(delete.text.contains("is sold by red123"))
            #expect(market.writes.isEmpty, "nothing was sent for another vendor's product")
            let health = try await vendor(harness)
            #expect(health == (LiveShapedData.ownVendorID, "flag"))
        }
    }

    @Test func withoutVendorID_itIsLearnedFromTheFirstRegistration_andKeptAcrossARestart() async throws {
        let market = LiveShapedData.market()
        try await withDashboard(.liveShaped(market)) { harness in
            let unknown = try await vendor(harness)
            #expect(unknown == (nil, "unknown"))
            let before = try await harness.get("/products/201")
            #expect(editAndDeleteLinks(before, 201) == (false, false))
            #expect(before.text.contains("start the dashboard with <code>--vendor-id</code>"))

            var session = FormSession(port: harness.port)
            _ = try await session.open("/products/new")
            let created = try await session.post("/products", validProductFields, files: [.jpeg("1.jpg")])
            #expect(created.status == 303)
            #expect(created.header("Location") == "/products/300")
            let learned = try await vendor(harness)
            #expect(learned == (LiveShapedData.ownVendorID, "learned"))
            let after = try await harness.get("/products/201")
            #expect(editAndDeleteLinks(after, 201) == (true, true))
            #expect(!after.text.contains("--vendor-id"))
            #expect(editAndDeleteLinks(try await harness.get("/products/203"), 203) == (false, false))

            let data = harness.app.configuration.dataDirectory
            let kept = try String(contentsOf: data.appendingPathComponent("own-vendor.json"), encoding: .utf8)
            #expect(!kept.contains(ScriptedMarket.identifier) && !kept.contains(ScriptedMarket.secret))

            try await harness.restart()
            let health = try await vendor(harness)
            #expect(health == (LiveShapedData.ownVendorID, "learned"))
            #expect(editAndDeleteLinks(try await harness.get("/products/201"), 201) == (true, true))
            #expect(try await harness.get("/products/203/edit").status == 403)

            // Another identifier on the same data directory is another vendor: nothing carried over.
            try await harness.restart { $0.identifier = "0b6c2d1e-0000-4000-8000-000000000000" }
            #expect(try await vendor(harness) == (nil, "unknown"))
        }
    }

    @Test func whileUnknown_editRoutesWork_andTheMarketsRefusalIsExplained() async throws {
        let market = LiveShapedData.market()
        try await withDashboard(.liveShaped(market)) { harness in
            var session = FormSession(port: harness.port)
            let form = try await session.open("/products/203/edit")
            #expect(form.status == 200)
            let fields = form.formFields.filter { !["csrf_token", "form_token"].contains($0.0) }
            let refused = try await session.postURLEncoded("/products/203/edit", replacing(fields, "stock", with: "9"))
            #expect(refused.status == 403)
            let said = HTMLScan.text(refused.text)
            #expect(said.contains("is sold by red123, and only the seller who added a product can change it. "
                + "If you are not that seller, you can't change this product. If you are, check the --identifier and --secret"), "\(said)")
            #expect(refused.text.contains("--vendor-id"))
            #expect(market.writes.count == 1, "the market was asked and refused")

            _ = try await session.open("/products/203/delete")
            let delete = try await session.postURLEncoded("/products/203/delete", [])
            #expect(delete.status == 403)
            #expect(HTMLScan.text(delete.text).contains("If you are not that seller, you can't delete this product."))

            var korean = session
            korean.cookie += "; om_lang=ko"
            _ = try await korean.open("/products/203/edit")
            let koreanRefused = try await korean.postURLEncoded("/products/203/edit", replacing(fields, "stock", with: "9"))
            let koreanText = HTMLScan.text(koreanRefused.text)
            #expect(koreanText.contains("내 상품이 아니라면 수정할 수 없습니다. 내 상품이라면 "), "\(koreanText)")
            #expect(!koreanText.contains("내 판매자의 상품"))
            #expect(!refused.text.contains(ScriptedMarket.identifier) && !delete.text.contains(ScriptedMarket.secret))
        }
    }

    @Test func theEmbeddedMarketsVendorIsKnown() async throws {
        try await withDashboard { harness in
            let health = try await vendor(harness)
            #expect(health == (28, "embedded"))
        }
    }
}
