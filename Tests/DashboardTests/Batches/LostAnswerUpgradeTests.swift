import Foundation
import MarketClient
import SQLite
import Testing

@testable import Dashboard
import DashboardEngine

/// A data directory from before writes kept their send times (the fixture of
/// `Fixtures/data-directory-38621d7`: migrations `journal-1` and `batches-1`), left with the
/// writes of unknown outcome that version could leave: an edit whose answer did not come, an
/// edit and a create in flight at a crash, and a batch stopped with a row in flight. It opens
/// upgraded, and each of them is checked with the market once its deadline has passed on the
/// clock the test moves; nothing is sent again blind.
@Suite struct LostAnswerUpgradeTests {
    /// The market after the stop: 7001's edit was made, 7002's was not, 7003's batch write was
    /// made, 7004's not yet sent; the old create registered "Old kettle".
    static func market() -> ScriptedMarket {
        let market = ScriptedMarket(products: [
            ScriptedMarket.product(id: 7001, name: "Jar", stock: 9), ScriptedMarket.product(id: 7002, name: "Jar", stock: 3),
            ScriptedMarket.product(id: 7003, name: "Jar", stock: 7), ScriptedMarket.product(id: 7004, name: "Jar", stock: 3),
        ])
        var kettle = ScriptedMarket.product(id: 7005, name: "Old kettle", price: 5000, discount: 0)
        kettle.summary.createdAt = Date()
        market.add(kettle)
        return market
    }

    /// Adds, in the old version's columns, what it could leave behind at a stop.
    static func leaveWritesInDoubt(in directory: URL) throws {
        let db = try SQLiteConnection(path: directory.appendingPathComponent(StoredSentencesFixture.databaseFile).path)
        // The journal keeps its times in whole milliseconds since 1970.
        let now = SQLiteValue.integer(Int((Date().timeIntervalSince1970 * 1000).rounded()))
        // The fields as that version stored them: a JSON object of texts, its keys sorted.
        func stored(_ name: String, stock: Int) -> SQLiteValue {
            .text(#"{"currency":"KRW","description":"A jar of the old version.","discounted_price":"0","name":""#
                + name + #"","price":"5000","stock":""# + String(stock) + #""}"#)
        }
        func entry(_ kind: String, _ product: Int?, name: String, before: SQLiteValue, after: SQLiteValue, outcome: String) throws {
            try db.run(
                """
                INSERT INTO journal (at, kind, product_id, product_name, cause, before, after, outcome)
                VALUES (?, ?, ?, ?, 'form', ?, ?, ?)
                """,
                [now, .text(kind), product.map { .integer($0) } ?? .null, .text(name), before, after, .text(outcome)])
        }
        try entry("edit", 7001, name: "Jar", before: stored("Jar", stock: 3), after: stored("Jar", stock: 9), outcome: "unknown")
        try entry("edit", 7002, name: "Jar", before: stored("Jar", stock: 3), after: stored("Jar", stock: 9), outcome: "pending")
        try entry("create", nil, name: "Old kettle", before: .null, after: stored("Old kettle", stock: 3), outcome: "pending")

        try db.run(
            "INSERT INTO batches (id, kind, state, created_at, action, value, unit) VALUES (100, 'bulk', 'running', ?, 'stock_set', '7', 'amount')",
            [.integer(Int(Date().timeIntervalSince1970))])
        for (number, product, inFlight) in [(1, 7003, 1), (2, 7004, 0)] {
            try db.run(
                """
                INSERT INTO batch_rows (batch_id, number, product_id, operation, status, name, currency, old_stock, new_stock, in_flight, attempts)
                VALUES (100, ?, ?, 'edit', 'pending', 'Jar', 'KRW', 3, 7, ?, ?)
                """, [.integer(number), .integer(product), .integer(inFlight), .integer(inFlight)])
        }
    }

    @Test func writesInDoubtFromTheOldVersion_areCheckedAfterTheUpgrade() async throws {
        let market = Self.market()
        let clock = ManualWallClock()
        var installFailure: (any Error)?
        try await withDashboard(.scripted(market), clock: clock, adjust: { configuration in
            do {
                try StoredSentencesFixture.install(at: configuration.dataDirectory)
                try Self.leaveWritesInDoubt(in: configuration.dataDirectory)
            } catch {
                installFailure = error
            }
        }) { harness in
            if let installFailure { throw installFailure }
            let store = harness.app.engine.batchStore
            // The row in flight waits for its check; the other is sent at once.
            #expect(try await eventually { (try? store.rows(100).map(\.status)) == [.checking, .done] })
            // The batch row and the three entries wait for their deadlines.
            #expect(try await eventually { clock.sleepers(.outcomeCheck) >= 4 })
            #expect(market.requests("PATCH") == ["/api/products/7004": 1])

            harness.passWriteDeadlines(clock)
            await harness.settle(batch: 100)
            #expect(market.requests("PATCH") == ["/api/products/7004": 1], "nothing sent again")
            #expect(market.requests("POST").isEmpty)
            #expect(try store.rows(100).map(\.status) == [.done, .done])
            #expect(try store.batch(100)?.state == .finished)

            let history = HistoryHTML.entries(try await harness.get("/history?per_page=100").text)
            #expect(history.count == 42 + 3 + 1, "the old entries, the three in doubt, and the batch's one write")
            func text(_ product: String) throws -> String {
                HTMLScan.text(try #require(history.first { $0.html.contains(product) && $0.kind != "outside" }, "\(product)").html)
            }
            #expect(try text("/products/7001").contains("Done: the market's answer was lost, and a check afterwards found the change made"))
            #expect(try text("/products/7002").contains("Not done: the market's answer was lost, and a check afterwards found nothing changed"))
            // Nothing said which products had the old create's name before it: the one found
            // may have been there already, and the entry says so, in both languages.
            #expect(try text("Old kettle").contains(
                "To check: the market's answer was lost, and it holds one product that may be this one or may have been there before (#7005). Open it to see whether it is this one; if it is not, add the product again."))
            let korean = HistoryHTML.entries(try await harness.get("/history?per_page=100&lang=ko").text)
            let kettle = HTMLScan.text(try #require(korean.first { $0.html.contains("Old kettle") && $0.kind != "outside" }).html)
            #expect(kettle.contains(
                "확인 필요: 오픈마켓의 응답을 받지 못했고, 이 상품일 수도 있고 전부터 있던 상품일 수도 있는 상품이 하나 있습니다(#7005). 상품을 열어 확인하고, 이 상품이 아니면 다시 등록해 주세요."), "\(kettle)")
        }
    }
}
