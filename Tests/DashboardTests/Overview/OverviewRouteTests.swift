import Foundation
import LocalMarket
import MarketClient
import Testing

@testable import Dashboard
import DashboardEngine

/// `GET /overview` over the embedded market: progress first, then the catalog's own numbers.
@Suite("Overview page")
struct OverviewRouteTests {
    /// The first count held at the market's list, so the page is read while it runs: a
    /// dashboard started off the shared task threads may end a small count before any request.
    @Test func whileTheFirstCountRuns_showsProgress_andRefreshes() async throws {
        let gate = Gate(), market = ScriptedMarket(products: (1...3).map { ScriptedMarket.product(id: $0) })
        market.state.withLock { $0.listGate = gate }
        try await withDashboard(.liveShaped(market, vendorID: 1)) { harness in
            let first = try await harness.get("/overview")
            #expect(first.status == 200)
            #expect(first.text.contains("<progress"))
            #expect(first.text.contains("Counting products"))
            #expect(first.text.contains(#"<meta http-equiv="refresh""#))
            gate.open()
            await harness.app.catalog.countEnded()
            let after = try await harness.get("/overview")
            #expect(!after.text.contains("<progress"))
            #expect(!after.text.contains(#"http-equiv="refresh""#))
        }
    }

    @Test func afterTheFirstCount_figuresEqualToTheMarketsOwnCounts() async throws {
        try await withDashboard { harness in
            await harness.app.catalog.countEnded()
            let page = try await harness.get("/overview")
            #expect(!page.text.contains("<progress"))
            #expect(!page.text.contains(#"http-equiv="refresh""#))
            #expect(page.text.contains("Updated <time datetime=\""))

            // The headings in a seller's words.
            let text = HTMLScan.text(page.text)
            #expect(text.contains("All products") && !text.contains("Whole catalog"))
            #expect(text.contains("Products added per week (the 12 weeks up to the last addition)"))

            let market = try await harness.marketCatalog()
            #expect(market.count > 20)
            let stock = market.map { $0["stock"] as? Int ?? 0 }
            let whole = metrics(in: HTMLScan.block(in: page.text, from: #"data-scope="catalog""#, to: "</section>"))
            #expect(whole["products"] == String(market.count))
            #expect(whole["sold-out"] == String(stock.filter { $0 == 0 }.count))
            #expect(whole["on-sale"] == String(market.filter { ($0["discounted_price"] as? Double ?? 0) > 0 }.count))
            #expect(whole["stock-total"] == String(stock.reduce(0, +)))

            let ownID = LocalMarket.defaultVendor.id
            let own = market.filter { $0["vendor_id"] as? Int == ownID }
            let mine = metrics(in: HTMLScan.block(in: page.text, from: #"data-scope="mine""#, to: "</section>"))
            #expect(mine["products"] == String(own.count))
            #expect(mine["stock-total"] == String(own.map { $0["stock"] as? Int ?? 0 }.reduce(0, +)))

            let charts = HTMLScan.tags("svg", in: page.text)
            #expect(charts.count >= 2)
            #expect(charts.allSatisfy { $0["role"] == "img" && !($0["aria-label"] ?? "").isEmpty })
            #expect(page.text.components(separatedBy: "<title>").count - 1 == charts.count + 1, "a <title> in every chart")
            #expect(HTMLScan.tags("table", in: page.text).count == charts.count, "a table of the numbers beside every chart")
        }
    }

    @Test func vendorNamesInCharts_areEscaped() async throws {
        try await withDashboard { harness in
            _ = try await harness.get("/overview")
            await harness.app.catalog.countEnded()
            let page = try await harness.get("/overview").text
            // The seed has a vendor called `Tom & Jerry's <Shop>`.
            #expect(page.contains("Tom &amp; Jerry&#39;s &lt;Shop&gt;"))
            #expect(!page.contains("<Shop>"))
        }
    }

    @Test func isLinkedFromTheHeader() async throws {
        try await withDashboard(.shared) { harness in
            let page = try await harness.get("/products")
            #expect(HTMLScan.hrefs(in: HTMLScan.block(in: page.text, from: "<header", to: "</header>")).contains("/overview"))
        }
    }

    @Test func withoutAnOwnVendor_saysHowToSetIt() async throws {
        let market = ScriptedMarket(products: [ScriptedMarket.product(id: 1)])
        try await withDashboard(.scripted(market, ownVendorID: nil)) { harness in
            _ = try await harness.get("/overview")
            await harness.app.catalog.countEnded()
            let page = try await harness.get("/overview")
            #expect(metrics(in: page.text)["products"] == "1")
            #expect(page.text.contains("--vendor-id"))
        }
    }

    @Test func marketDownOnTheFirstCount_isA502WithRetry() async throws {
        let market = ScriptedMarket(readFailure: .unreachable)
        // No second try before the page is read again, however slow the machine.
        try await withDashboard(.scripted(market), adjust: { $0.catalog.retryAfterFailure = .seconds(3600) }) { harness in
            _ = try await harness.get("/overview")
            await harness.app.catalog.countEnded()
            let page = try await harness.get("/overview")
            #expect(page.status == 502)
            #expect(page.text.contains("the market could not be reached"))
            #expect(HTMLScan.hrefs(in: page.text).contains("/overview"))
        }
    }
}
