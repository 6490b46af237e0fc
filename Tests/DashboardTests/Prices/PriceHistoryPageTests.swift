import DashboardEngine
import Foundation
import MarketClient
import Testing

@testable import Dashboard

/// `/products/{id}/prices` and its CSV through the real dashboard: a product added and edited
/// through the forms (the price, then the discount) and changed on the market, counted after
/// `POST /catalog/refresh`, shows each state with its source, newest first, in both languages,
/// with a step of the chart for each; the product page links it; what is not a product is 404.
@Suite struct PriceHistoryPageTests {
    /// What one `<tr data-at>` of the page says.
    struct ShownState: Equatable {
        var at: String
        var price: String
        var discount: String
        var source: String
        var seenAfter: String?
        var cells: [String]
    }

    static func shownStates(_ html: String) -> [ShownState] {
        let table = HTMLScan.block(in: html, from: "<tbody>", to: "</tbody>")
        return HTMLScan.blocks(in: table, from: "<tr data-at", to: "</tr>").compactMap { block in
            guard let tag = HTMLScan.tags("tr", in: block).first, let at = tag["data-at"], let price = tag["data-price"],
                let discount = tag["data-discount"], let source = tag["data-source"]
            else { return nil }
            let cells = HTMLScan.blocks(in: block, from: "<td", to: "</td>").map { HTMLScan.text($0) }
            return ShownState(at: at, price: price, discount: discount, source: source, seenAfter: tag["data-seen-after"], cells: cells)
        }
    }

    /// An instant as the page's `data-at` writes it (ISO 8601 with the zone's offset).
    static func instant(_ text: String) -> Date? {
        ISO8601DateFormatter().date(from: text)
    }

    @Test func editsAndAChangeOnTheMarket_areListedNewestFirst_withTheirSources_inBothLanguages() async throws {
        try await withRecordingMarket { market in
            try await withDashboard(.recording(market)) { harness in
                var flow = HistoryFlow(harness)
                let id = try await flow.register(name: "Priced Kettle")  // KRW 12,000, 2,000 off
                let catalog = harness.app.catalog
                let prices = harness.app.engine.prices
                await catalog.countEnded()
                await catalog.countsObserved()
                #expect(try await flow.edit(id, name: "Priced Kettle", [("price", "13000")]).status == 303)
                #expect(try await flow.edit(id, name: "Priced Kettle", [("price", "13000"), ("discounted_price", "1000")]).status == 303)
                await prices.recorded()
                try await market.change(id, ["price": 15500, "discounted_price": 0])
                #expect(try await flow.session.postURLEncoded("/catalog/refresh", [("back", "/products")]).status == 303)
                await catalog.countEnded()
                await catalog.countsObserved()
                let states = try await prices.states(productID: id)
                try #require(states.count == 4, "the add, two edits and the change elsewhere: \(states)")

                for (language, sources, between) in [
                    ("en", ["seen on the Open Market", "this dashboard", "this dashboard", "this dashboard"], "Between "),
                    ("ko", ["오픈마켓에서 확인", "이 대시보드에서 수정", "이 대시보드에서 수정", "이 대시보드에서 수정"], " 이후, "),
                ] {
                    let page = try await harness.get("/products/\(id)/prices?lang=\(language)")
                    #expect(page.status == 200)
                    #expect(page.header("Content-Language") == language)
                    let shown = Self.shownStates(page.text)
                    #expect(shown.map(\.source) == ["elsewhere", "dashboard", "dashboard", "dashboard"])
                    #expect(shown.map(\.price) == ["15500", "13000", "13000", "12000"])
                    #expect(shown.map(\.discount) == ["0", "1000", "2000", "2000"])
                    #expect(shown.map { $0.cells.last ?? "" } == sources)
                    // Each row's instant is its state's, in whole seconds with an offset.
                    for (row, state) in zip(shown, states) {
                        let at = try #require(Self.instant(row.at), "data-at \(row.at)")
                        #expect(abs(at.timeIntervalSince(state.at)) < 1)
                        #expect(row.at.hasSuffix("Z") || row.at.dropLast(6).count == 19, "an offset: \(row.at)")
                    }
                    // The change elsewhere lies between the last edit and the count: both shown.
                    let elsewhere = try #require(shown.first)
                    let after = try #require(elsewhere.seenAfter.flatMap(Self.instant))
                    #expect(abs(after.timeIntervalSince(try #require(states.first?.seenAfter))) < 1)
                    #expect(elsewhere.cells.first?.contains(between) == true, "\(elsewhere.cells)")
                    #expect(shown.dropFirst().allSatisfy { $0.seenAfter == nil })
                    let amounts = language == "en" ? ["KRW 15,500", "KRW 0", "KRW 15,500"] : ["15,500원", "0원", "15,500원"]
                    #expect(Array(elsewhere.cells[1...3]) == amounts)
                    #expect(shown[1].cells[3] == (language == "en" ? "KRW 12,000" : "12,000원"), "the sale price: 13,000 less 1,000")

                    // The chart: named in words, described by the table, a step per state.
                    let svg = HTMLScan.block(in: page.text, from: "<svg", to: "</svg>")
                    let tag = try #require(HTMLScan.tags("svg", in: svg).first)
                    let label = try #require(tag["aria-label"])
                    #expect(label.contains("Priced Kettle"))
                    #expect(HTMLScan.text(HTMLScan.block(in: svg, from: "<title>", to: "</title>")) == label)
                    #expect(tag["role"] == "img")
                    let note = try #require(tag["aria-describedby"])
                    #expect(page.text.contains("id=\"\(note)\""))
                    #expect(HTMLScan.blocks(in: svg, from: "<g class=\"price-step\">", to: "</g>").count == 4)
                    #expect(HTMLScan.tags("rect", in: svg).filter { $0["class"] == "chart-uncertain" }.count == 1)
                    // Tracked since today: the page says from when prices are known.
                    #expect(page.text.contains("data-known-from"))
                    #expect(HTMLScan.hrefs(in: page.text).contains("/products/\(id)/prices.csv"))
                    #expect(HTMLScan.hrefs(in: page.text).contains("/products/\(id)"))
                }

                let csv = try await harness.get("/products/\(id)/prices.csv")
                #expect(csv.status == 200)
                #expect(csv.header("Content-Type") == "text/csv; charset=utf-8")
                let body = HistoryWhoTests.csvText(csv)  // the chunked coding undone
                #expect(body.hasPrefix("\u{FEFF}"), "a byte order mark")
                let lines = String(body.dropFirst()).components(separatedBy: "\r\n")
                #expect(lines.first == "at,price,discount,sale_price,currency,source,seen_after")
                #expect(lines.count == 6 && lines.last == "", "a header, four lines and the final CRLF: \(lines)")
                try #require(lines.count == 6)
                let cells = lines.dropFirst().dropLast().map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
                #expect(cells.map { Array($0[1...5]) } == [
                    ["15500", "0", "15500", "KRW", "elsewhere"], ["13000", "1000", "12000", "KRW", "dashboard"],
                    ["13000", "2000", "11000", "KRW", "dashboard"], ["12000", "2000", "10000", "KRW", "dashboard"],
                ])
                for (line, state) in zip(cells, states) {
                    #expect(abs((Self.instant(line[0]) ?? .distantPast).timeIntervalSince(state.at)) < 1)
                    #expect(line[6].isEmpty == (state.seenAfter == nil))
                }
            }
        }
    }

    @Test func theCSV_guardsFormulasAndQuotes() {
        let zone = TimeZone(identifier: "Asia/Seoul") ?? .gmt
        let at = Date(timeIntervalSince1970: 1_780_000_000)
        let state = PriceState(
            at: at, seenAfter: at.addingTimeInterval(-300), price: 12.5, discount: 0, currency: Currency(rawValue: "=cmd(\"a\",1)"),
            source: .elsewhere)
        let line = PriceHistoryCSV.line(state, zone: zone)
        #expect(line == "2026-05-29T05:26:40+09:00,12.5,0,12.5,\"'=CMD(\"\"A\"\",1)\",elsewhere,2026-05-29T05:21:40+09:00\r\n")
    }

    @Test(arguments: [
        ("/products/99999/prices", "en", "Product not found"), ("/products/99999/prices?lang=ko", "ko", "상품을 찾을 수 없습니다"),
        ("/products/abc/prices", "en", "Product not found"), ("/products/abc/prices?lang=ko", "ko", "상품을 찾을 수 없습니다"),
        ("/products/0/prices", "en", "Product not found"), ("/products/99999/prices.csv", "en", "Product not found"),
        ("/products/abc/prices.csv?lang=ko", "ko", "상품을 찾을 수 없습니다"),
    ])
    func notAProduct_is404_inTheReadersLanguage(_ path: String, _ language: String, _ heading: String) async throws {
        try await withDashboard(.shared) { dashboard in
            let page = try await dashboard.get(path)
            #expect(page.status == 404)
            #expect(page.header("Content-Language") == language)
            #expect(HTMLScan.text(HTMLScan.block(in: page.text, from: "<h1", to: "</h1>")) == heading)
        }
    }

    /// The shared dashboard's counted products: one of its own vendor's and one of another seller's.
    static func ownAndTheirs(_ dashboard: DashboardHarness) async throws -> (mine: Int, theirs: Int) {
        await dashboard.app.catalog.countEnded()
        await dashboard.app.catalog.countsObserved()
        await dashboard.app.engine.prices.recorded()
        let products = try #require(dashboard.app.catalog.status().snapshot?.products)
        let own = dashboard.app.engine.ownVendor
        let theirs = try #require(products.first { own.owns($0.vendorID) == false }, "the seed has other sellers' products")
        let mine = try #require(products.first { own.owns($0.vendorID) == true })
        return (mine.id, theirs.id)
    }

    @Test func anotherSellersProduct_is404_sayingWhose_inBothLanguages() async throws {
        try await withDashboard(.shared) { dashboard in
            let theirs = try await Self.ownAndTheirs(dashboard).theirs
            // The timeline keeps it (a count compares every product), but the page does not show it.
            #expect(!(try await dashboard.app.engine.prices.states(productID: theirs)).isEmpty)
            for (language, heading) in [("en", "Product \(theirs) is another seller's product"), ("ko", "\(theirs)번 상품은 다른 판매자의 상품입니다")] {
                for path in ["/products/\(theirs)/prices?lang=\(language)", "/products/\(theirs)/prices.csv?lang=\(language)"] {
                    let page = try await dashboard.get(path)
                    #expect(page.status == 404, "\(path)")
                    #expect(page.header("Content-Language") == language)
                    #expect(HTMLScan.text(HTMLScan.block(in: page.text, from: "<h1", to: "</h1>")) == heading, "\(path)")
                    #expect(!page.text.contains("data-at="), "\(path): no state of theirs")
                }
            }
        }
    }
}
