import Foundation
import MarketClient
import Testing

@testable import Dashboard
import DashboardEngine

/// The writes a scheduled end sends to put prices back, their answers lost: the end's rows
/// wait, checking, until the writes' deadline on the clock the test moves, with nothing sent
/// again; past it, a price found put back is done and one found still cut is sent again, once.
@Suite struct LostAnswerScheduleEndTests {
    /// A sale of three own products at 20,000, their price cut to 18,000 from the next minute
    /// for an hour, scheduled through the batch's page; the start's writes are answered. At the
    /// end the market loses the answers of the writes that put the prices back, having made
    /// them (`madeThem`) or not. Past their deadline (130 s after the end: the two-minute
    /// timeout and the 10 s cap) each product holds its old price, put back by exactly one
    /// write that the market made.
    @Test(arguments: [true, false]) func writesLostAtAScheduledEnd_areChecked_andPutBackOnce(madeThem: Bool) async throws {
        let ids = [631, 632, 633]
        try await ScriptedSale.run(ids) { harness, market, clock, batch, start, end in
            clock.set(start)
            let scheduler = harness.app.scheduler
            #expect(await scheduler.dueStepsTaken(), "the start is carried out")
            await harness.settle(batch: batch)
            #expect(market.state.withLock { state in ids.map { state.products[$0]?.price } } == [18000, 18000, 18000])

            market.state.withLock { state in
                if madeThem { state.lostAnswers = ids.count } else { state.editFailure = .timeout }
            }
            clock.set(end)
            #expect(await scheduler.dueStepsTaken(), "the end is carried out")
            let store = harness.app.engine.batchStore
            let revert = try #require(try store.batch(batch)?.schedule?.revertID, "the end puts the prices back")
            #expect(try await eventually { (try? store.counts(revert)[.checking]) == ids.count }, "every row waits for its check")
            market.state.withLock { $0.editFailure = nil }
            #expect(try await eventually { clock.nextWake(.outcomeCheck) == end.addingTimeInterval(130) }, "the checks wake at the deadline")
            clock.set(end.addingTimeInterval(129))
            let checking = try await harness.batchRows(revert)
            #expect(checking.map(\.status) == Array(repeating: "checking", count: ids.count))
            #expect(checking.allSatisfy { $0.text.contains("Checking with the Open Market") }, "\(checking.map(\.text))")
            #expect(market.requests("PATCH").values.sorted() == [2, 2, 2], "nothing is sent again before the deadline")

            clock.set(end.addingTimeInterval(131))
            await harness.settle(batch: revert)
            let sent = madeThem ? 2 : 3
            #expect(market.requests("PATCH") == Dictionary(uniqueKeysWithValues: ids.map { ("/api/products/\($0)", sent) }))
            #expect(market.state.withLock { state in ids.map { state.products[$0]?.price } } == [20000, 20000, 20000])
            #expect(try await harness.batchRows(revert).map(\.status) == ["done", "done", "done"])
            #expect(try await harness.batchRows(revert, language: "ko").map(\.status) == ["done", "done", "done"])
        }
    }
}
