import DashboardEngine
import Foundation
import Testing

@testable import Dashboard

/// `/overview`'s count of on-sale products whose struck-through price is above their reference
/// (`data-metric="sales-above-reference"`) and the list it links (`/products?sale=above-reference`,
/// its views, its CSV), through the real dashboard with a history made through the forms on a
/// hand-moved clock (`SaleReferenceScene`); a change on the market between two counts counts.
@Suite struct SalesAboveReferenceTests {
    /// The figure `metric` of the overview's section `scope`: its value and its link.
    static func figure(_ html: String, scope: String, metric: String) -> (value: String?, text: String, href: String?)? {
        let section = HTMLScan.block(in: html, from: "<section class=\"overview-section\" data-scope=\"\(scope)\"", to: "</section>")
        for figure in HTMLScan.blocks(in: section, from: "<div class=\"figure\">", to: "</div>") {
            guard let data = HTMLScan.tags("data", in: figure).first, data["data-metric"] == metric else { continue }
            return (data["value"], HTMLScan.text(figure), HTMLScan.hrefs(in: figure).first)
        }
        return nil
    }

    /// The ids the table view of `path` lists.
    static func listed(_ harness: DashboardHarness, _ path: String) async throws -> Set<Int> {
        let page = try await harness.get(path + (path.contains("?") ? "&" : "?") + "view=table&per_page=100")
        #expect(page.status == 200)
        return Set(HTMLScan.tags("tr", in: page.text).compactMap { $0["data-product-id"].flatMap(Int.init) })
    }

    @Test func theOverviewCountsTheSalesAboveTheirReference_andLinksExactlyThem() async throws {
        try await SaleReferenceScene.run { scene in
            let harness = scene.harness
            let above: Set<Int> = [scene.raised, scene.changed]
            for (language, label) in [("en", "Crossed-out price above the 30-day lowest"), ("ko", "판매가가 종전 가격(할인 시작 전 30일 최저가)보다 높은 할인 상품")] {
                let overview = try await harness.get("/overview?lang=\(language)")
                #expect(overview.status == 200)
                for scope in ["catalog", "mine"] {
                    let figure = try #require(Self.figure(overview.text, scope: scope, metric: "sales-above-reference"), "\(scope)")
                    #expect(figure.value == "2")
                    #expect(figure.text.contains(label), "\(figure.text)")
                    let href = try #require(figure.href)
                    #expect(href == (scope == "mine" ? "/products?mine=1&sale=above-reference" : "/products?sale=above-reference"))
                    #expect(try await Self.listed(harness, href) == above)
                }
            }

            // The list keeps the filter in its links, its views and its form, and names it.
            let list = try await harness.get("/products?sale=above-reference")
            #expect(list.status == 200)
            let hrefs = HTMLScan.hrefs(in: list.text)
            #expect(hrefs.contains { $0.hasPrefix("/products?view=grid") && $0.contains("sale=above-reference") })
            #expect(hrefs.contains { $0.hasPrefix("/products/\(scene.raised)?") && $0.contains("sale=above-reference") })
            #expect(hrefs.contains { $0.hasPrefix("/products.csv?") && $0.contains("sale=above-reference") })
            let box = HTMLScan.tags("input", in: list.text).first { $0["id"] == "filter-sale-above-reference" }
            #expect(box?["checked"] != nil)
            #expect(list.text.contains("Crossed-out price above the 30-day lowest"), "the filter's chip")
            let grid = try await harness.get("/products?view=grid&sale=above-reference")
            let shown = Set(HTMLScan.hrefs(in: grid.text).compactMap { href -> Int? in
                guard href.hasPrefix("/products/"), href.contains("sale=above-reference") else { return nil }
                return Int(href.dropFirst("/products/".count).prefix { $0.isNumber })
            })
            #expect(shown == above)
            // The filter form sends both boxes when both are ticked: the narrower one holds.
            #expect(try await Self.listed(harness, "/products?sale=1&sale=above-reference") == above)

            let csv = try await harness.get("/products.csv?sale=above-reference")
            #expect(csv.status == 200)
            #expect(Set(ProductExportRouteTests.ids(Array(HistoryWhoTests.csvText(csv).utf8))) == above)

            // A change on the market, counted: the steady sale now shows a higher price before
            // (the same sale price), above its reference of 30,000; the count and the list follow.
            try await scene.market.change(scene.steady, ["price": 36000, "discounted_price": 15000])
            try await scene.refresh()
            let after = try await harness.get("/overview")
            #expect(Self.figure(after.text, scope: "catalog", metric: "sales-above-reference")?.value == "3")
            #expect(try await Self.listed(harness, "/products?sale=above-reference") == above.union([scene.steady]))
            // And a sale that ends leaves both.
            try await scene.edit(scene.raised, SaleReferenceScene.names.raised, price: "30000")
            await scene.settle()
            let ended = try await harness.get("/overview")
            #expect(Self.figure(ended.text, scope: "catalog", metric: "sales-above-reference")?.value == "2")
            #expect(try await Self.listed(harness, "/products?sale=above-reference") == [scene.changed, scene.steady])
        }
    }
}
