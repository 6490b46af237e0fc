import Foundation
import MarketClient
import Testing

@testable import Dashboard
import DashboardEngine

/// The undo of a batch, and of a sheet's batch, whose writes' answers are lost: the undo's rows
/// wait, checking, until the writes' deadline on the clock the test moves, with nothing sent
/// again; past it, a value found put back is done and one found still changed is sent again,
/// once. Each product ends with its old value.
@Suite struct LostAnswerUndoTests {
    static let ids = [641, 642]

    /// How the batch that is undone is made: "set stock to 7" from the list's bulk form, or the
    /// stock cells typed on the sheet.
    enum Made: String, CaseIterable, Sendable {
        case bulk
        case sheet
    }

    /// The preview of stock 7 on both products, made as `made` says: nothing sent.
    static func preview(_ made: Made, _ session: inout FormSession) async throws -> Int {
        switch made {
        case .bulk:
            _ = try await session.open("/products?mine=1")
            let posted = try await BatchTesting.bulk(session, ids.map { ("ids", String($0)) } + [("action", "stock_set"), ("value", "7"), ("unit", "amount")])
            return try #require(BatchTesting.batchID(posted), "the bulk form answered \(posted.status)")
        case .sheet:
            let sheet = try await session.open("/products/sheet")
            let edits = Dictionary(uniqueKeysWithValues: ids.map { ("stock.\($0)", "7") })
            let posted = try await SheetTesting.post(session, SheetTesting.form(sheet, edits))
            return try #require(BatchTesting.batchID(posted), "the sheet answered \(posted.status)")
        }
    }

    /// Stock 3 set to 7 and applied; then its undo applied while the market loses every answer,
    /// having made the writes (`madeThem`) or not. A second before the deadline (130 s after
    /// the send: the two-minute timeout and the 10 s cap) the undo's rows still check and one
    /// PATCH each was sent; past it, each product holds stock 3 again.
    @Test(arguments: Made.allCases, [true, false]) func anUndoWhoseAnswersAreLost_isChecked_andSentOnce(made: Made, madeThem: Bool) async throws {
        let market = ScriptedMarket(products: Self.ids.map { ScriptedMarket.product(id: $0, name: "Undo jar \($0)", stock: 3) })
        let clock = ManualWallClock(Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down)))
        try await withDashboard(.scripted(market), clock: clock) { harness in
            var session = FormSession(port: harness.port)
            let batch = try await Self.preview(made, &session)
            #expect(try await BatchTesting.press("apply", batch, session).status == 303)
            await harness.settle(batch: batch)
            #expect(market.state.withLock { state in Self.ids.map { state.products[$0]?.stock } } == [7, 7])

            let undo = try await BatchTesting.press("undo", batch, session)
            let undoBatch = try #require(BatchTesting.batchID(undo), "Undo answered \(undo.status)")
            market.state.withLock { state in
                if madeThem { state.lostAnswers = Self.ids.count } else { state.editFailure = .timeout }
            }
            #expect(try await BatchTesting.press("apply", undoBatch, session).status == 303)
            let store = harness.app.engine.batchStore
            #expect(try await eventually { (try? store.counts(undoBatch)[.checking]) == Self.ids.count }, "every row waits for its check")
            market.state.withLock { $0.editFailure = nil }

            let sent = clock.now()
            #expect(try await eventually { clock.nextWake(.outcomeCheck) == sent.addingTimeInterval(130) }, "the checks wake at the deadline")
            clock.advance(by: 129)
            let checking = try await harness.batchRows(undoBatch)
            #expect(checking.map(\.status) == ["checking", "checking"])
            #expect(checking.allSatisfy { $0.text.contains("Checking with the Open Market") }, "\(checking.map(\.text))")
            #expect(market.requests("PATCH").values.sorted() == [2, 2], "nothing is sent again before the deadline")

            harness.passWriteDeadlines(clock)
            await harness.settle(batch: undoBatch)
            let patches = madeThem ? 2 : 3
            #expect(market.requests("PATCH") == Dictionary(uniqueKeysWithValues: Self.ids.map { ("/api/products/\($0)", patches) }))
            #expect(market.state.withLock { state in Self.ids.map { state.products[$0]?.stock } } == [3, 3])
            #expect(try await harness.batchRows(undoBatch).map(\.status) == ["done", "done"])
            #expect(try await harness.batchRows(undoBatch, language: "ko").map(\.status) == ["done", "done"])
        }
    }
}
