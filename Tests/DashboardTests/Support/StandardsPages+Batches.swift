import Foundation
import MarketClient
import Testing

@testable import Dashboard
@testable import DashboardEngine

/// The batch pages the standards checks open, made straight in the dashboard's database: a
/// preview with a change, a problem and a warning; a batch applying (held at its first write,
/// so its page keeps the progress bar and the refresh); one finished with a failure (the
/// market's words) and a skip; one scheduled (its form to move it, Unschedule, and the list's
/// steps to come); one whose window started (the form for its end, End now).
struct StandardsBatches {
    var preview: Int
    var running: Int
    var finished: Int
    var scheduled: Int
    var windowOpen: Int

    static func make(on dashboard: DashboardHarness, own: Int) throws -> StandardsBatches {
        let store = dashboard.app.engine.batchStore
        func row(_ status: BatchRow.Status, line: Int? = nil, problems: [BatchNote] = [], warnings: [BatchNote] = []) -> BatchRow {
            BatchRow(
                batchID: 0, number: 0, line: line, productID: own, operation: status == .invalid ? .none : .edit, status: status,
                name: "맥북 프로 14", currency: "KRW", before: RecordedFields(price: 2_000_000, discountedPrice: 0),
                after: RecordedFields(price: 900_000), problems: problems, warnings: warnings)
        }
        let warning = BulkPlanner.priceJump(from: 2_000_000, to: 900_000).map { [$0] } ?? []
        let preview = try store.create(
            kind: .bulk, action: BatchAction(kind: .priceSet, value: 900_000, unit: .amount), source: "", notes: [],
            rows: [row(.pending, warnings: warning), row(.invalid, problems: [.field(.priceNotPositive, on: .price)]), row(.unchanged)])
        let finished = try store.create(
            kind: .import, action: nil, source: "상품 목록.csv", notes: [BatchNote(.columns(.computed(["vendor"])))],
            rows: [row(.pending, line: 2), row(.pending, line: 3), row(.pending, line: 4)])
        _ = try store.startApplying(finished)
        try store.recordOutcome(finished, 1, status: .done)
        try store.recordOutcome(finished, 2, status: .failed, failure: WriteError(code: .refused, marketMessage: "price rejected by policy"))
        try store.recordOutcome(finished, 3, status: .skipped, failure: WriteError(code: .changedElsewhere))
        try store.finish(finished)
        // Held at its first write for good: the page stays "applying".
        let never = Gate()
        dashboard.app.batchRunner.pauseAfterMarking { _, _ in await never.wait() }
        let running = try store.create(
            kind: .bulk, action: BatchAction(kind: .stockAdjust, value: 1, unit: .amount), source: "", notes: [],
            rows: [row(.pending), row(.pending)])
        _ = try store.startApplying(running)

        // A window that started an hour ago and ends tomorrow, and one to start in two days.
        let now = dashboard.app.scheduler.clock.now()
        let windowOpen = try store.create(
            kind: .bulk, action: BatchAction(kind: .priceSet, value: 900_000, unit: .amount), source: "", notes: [], rows: [row(.pending)])
        _ = try store.schedule(windowOpen, startsAt: now.addingTimeInterval(-3600), endsAt: now.addingTimeInterval(86_400))
        _ = try store.startScheduled(windowOpen, at: now.addingTimeInterval(-3600))
        try store.recordOutcome(windowOpen, 1, status: .done)
        try store.finish(windowOpen)
        let scheduled = try store.create(
            kind: .bulk, action: BatchAction(kind: .priceSet, value: 900_000, unit: .amount), source: "", notes: [], rows: [row(.pending)])
        _ = try store.schedule(scheduled, startsAt: now.addingTimeInterval(2 * 86_400), endsAt: now.addingTimeInterval(3 * 86_400))
        // The product's page names the changes to come.
        dashboard.app.scheduler.reschedule()
        return StandardsBatches(preview: preview, running: running, finished: finished, scheduled: scheduled, windowOpen: windowOpen)
    }
}
