import Foundation
import MarketClient
import Testing

@testable import Dashboard
import DashboardEngine

/// An undo from the history and a restore from the recycle bin whose answers are lost: the
/// market holds the write past the write timeout, the dashboard stops while it is held and
/// starts again, and only then does the market carry the write out. Past the write's deadline,
/// on the clock the test moves, the check finds it done: each written exactly once, and
/// pressing the button again meanwhile sends nothing.
@Suite struct LostAnswerAcrossAStopTests {
    /// A dashboard over a live-shaped market, on a clock the test moves.
    static func withDashboardAndClock(_ body: (DashboardHarness, ScriptedMarket, ManualWallClock) async throws -> Void) async throws {
        let market = LiveShapedData.market()
        let clock = ManualWallClock()
        try await withDashboard(.liveShaped(market, vendorID: LiveShapedData.ownVendorID), clock: clock) { harness in
            try await body(harness, market, clock)
        }
    }

    /// Starts the dashboard again with writes that time out after half a second, and holds
    /// every write at the market: the next write's answer is lost. The writes before it had the
    /// tests' long timeout, so a busy machine cannot lose their answers too.
    static func loseAnswers(_ harness: DashboardHarness, _ market: ScriptedMarket) async throws -> Gate {
        try await harness.restart { $0.writeTimeout = .milliseconds(500) }
        let writes = Gate()
        market.state.withLock { $0.writeGate = writes }
        return writes
    }

    /// Lets the held writes through, stops holding new ones, and waits until the market is
    /// done with them; then moves past their deadline and waits for the checks.
    static func releaseAndCheck(_ writes: Gate, _ harness: DashboardHarness, _ market: ScriptedMarket, _ clock: ManualWallClock) async throws {
        // On a busy machine the held write may reach the gate after the dashboard gave up on
        // it; the checks must not read the market before it is there.
        #expect(try await eventually { writes.waiting > 0 })
        market.state.withLock { $0.writeGate = nil }
        writes.open()
        #expect(try await eventually { market.state.withLock { $0.writesInProgress } == 0 })
        harness.passWriteDeadlines(clock)
        await harness.settle()
    }

    static func entryText(_ harness: DashboardHarness, _ kind: String, language: String = "en") async throws -> String {
        let page = try await harness.get("/history?lang=\(language)")
        return HTMLScan.text(try #require(HistoryHTML.entries(page.text).first { $0.kind == kind }, "no \(kind) entry").html)
    }

    @Test func anUndoHeldAcrossAStop_isWrittenOnce() async throws {
        try await Self.withDashboardAndClock { harness, market, clock in
            var flow = HistoryFlow(harness)
            #expect(try await flow.edit(201, name: "간식", [("description", "간식"), ("price", "0"), ("discounted_price", "0"), ("stock", "9")]).status == 303)
            let edit = try #require(HistoryHTML.entries(try await flow.history().text).first { $0.kind == "edit" })

            let writes = try await Self.loseAnswers(harness, market)
            flow = HistoryFlow(harness)
            let undone = try await flow.undo(edit.id)
            #expect(undone.status == 504, "the undo's answer is lost")
            try await harness.restart()

            // After the start, before the deadline: the undo waits for its check, and the edit
            // offers no second undo.
            flow = HistoryFlow(harness)
            let history = HistoryHTML.entries(try await flow.history().text)
            let waiting = try #require(history.first { $0.kind == "undo" })
            #expect(HTMLScan.text(waiting.html).contains("Outcome unknown"), "\(waiting.html)")
            #expect(history.first { $0.id == edit.id }.map { !$0.html.contains("/history/\(edit.id)/undo") } == true)
            #expect(market.requests("PATCH")["/api/products/201"] == 2)

            try await Self.releaseAndCheck(writes, harness, market, clock)
            #expect(market.requests("PATCH")["/api/products/201"] == 2, "the edit and its undo, once each")
            #expect(market.state.withLock { $0.products[201]?.stock } == 5)
            let undo = try await Self.entryText(harness, "undo")
            #expect(undo.contains("Done: the market's answer was lost, and a check afterwards found the change made"), "\(undo)")
            #expect(try await Self.entryText(harness, "undo", language: "ko").contains("완료: 오픈마켓의 응답을 받지 못했지만"))
        }
    }

    @Test func aRestoreHeldAcrossAStop_isWrittenOnce() async throws {
        try await Self.withDashboardAndClock { harness, market, clock in
            var flow = HistoryFlow(harness)
            #expect(try await flow.delete(202).status == 303)
            let deleted = try #require(HistoryHTML.entries(try await flow.history().text).first { $0.kind == "delete" })

            let writes = try await Self.loseAnswers(harness, market)
            flow = HistoryFlow(harness)
            #expect(try await flow.restore(deleted.id).status == 504, "the restore's answer is lost")
            try await harness.restart()

            // After the start, before the deadline: pressing Restore again sends nothing, and
            // the page says the product may not have been added and where to look for it.
            flow = HistoryFlow(harness)
            let again = try await flow.restore(deleted.id)
            #expect(again.status == 504, "a second restore while the first is checked")
            let said = HTMLScan.text(again.text)
            #expect(said.contains("The product may not have been added"), "\(said)")
            #expect(said.contains("Look for it in the product list before adding it again, so it is not added twice."), "\(said)")
            #expect(market.requests("POST")["/api/products"] == 1, "the restore was sent again before its check")

            try await Self.releaseAndCheck(writes, harness, market, clock)
            #expect(market.requests("POST")["/api/products"] == 1, "restored once")
            let restored = market.state.withLock { state in state.products.values.filter { $0.name == "🍜 라면 세트" }.map(\.id) }
            let made = try #require(restored.first)
            #expect(restored.count == 1)
            let restore = try await Self.entryText(harness, "restore")
            #expect(restore.contains("Done: the market's answer was lost, and a check afterwards found the change made"), "\(restore)")
            #expect(try await Self.entryText(harness, "restore", language: "ko").contains("완료: 오픈마켓의 응답을 받지 못했지만"))

            // The bin knows the item is restored: another press leads to the product.
            let last = try await flow.restore(deleted.id)
            #expect(last.status == 303 && last.header("Location") == "/products/\(made)")
            #expect(market.requests("POST")["/api/products"] == 1)
        }
    }
}
