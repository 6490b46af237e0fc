import DashboardEngine
import Foundation
import Templating
import Testing

@testable import Dashboard

/// A batch page's buttons in every state, for a reader who may not write (a viewer), who may
/// write but not add or remove (an editor) and who may do both (an owner, or anyone with
/// accounts off): exactly what `BatchRoutes` accepts from each. The states a page reaches only
/// with time (a window that started, a batch that missed its time) are made here as values;
/// `RoleButtonsPagesTests` reads the others as a person gets them.
@Suite struct BatchPageButtonsTests {
    enum Reader: CaseIterable { case viewer, editor, owner }

    static let now = Date(timeIntervalSince1970: 1_795_651_210)

    static func counts(_ statuses: [BatchRow.Status: Int], addsOrRemoves: Bool, doneEdits: Int = 0, retryable: Int = 0) -> BatchCounts {
        var counts = BatchCounts()
        counts.byStatus = statuses
        counts.createsOrDeletes = addsOrRemoves ? 1 : 0
        counts.doneEdits = doneEdits
        counts.retryable = retryable
        return counts
    }

    /// The buttons the page draws (the template's keys for them), in a fixed order.
    static func buttons(_ batch: Batch, _ counts: BatchCounts, _ reader: Reader) -> [String] {
        var page = BatchPage(
            batch: batch, counts: counts, rows: [], status: nil, page: 1, lastPage: 1, csrfToken: "t", language: .en,
            zone: TimeZone(identifier: "Asia/Seoul") ?? .current, now: now, binDays: 30)
        page.mayWrite = reader != .viewer
        page.mayAddOrRemove = reader == .owner
        let context = page.context
        return ["apply", "discard", "scheduleForm", "unschedule", "endForm", "retry", "undo", "again", "againImport"].filter { key in
            context[key]?.isTruthy == true
        }
    }

    static func batch(_ state: Batch.State, kind: Batch.Kind = .bulk, schedule: Batch.Schedule? = nil) -> Batch {
        Batch(id: 7, kind: kind, state: state, createdAt: now.addingTimeInterval(-86_400), source: "", notes: [], schedule: schedule)
    }

    @Test(arguments: [false, true]) func aPreview(addsOrRemoves: Bool) {
        let counts = Self.counts([.pending: 2], addsOrRemoves: addsOrRemoves)
        let preview = Self.batch(.preview)
        #expect(Self.buttons(preview, counts, .viewer) == [])
        #expect(Self.buttons(preview, counts, .editor) == (addsOrRemoves ? ["discard"] : ["apply", "discard", "scheduleForm"]))
        #expect(Self.buttons(preview, counts, .owner) == ["apply", "discard", "scheduleForm"])
    }

    @Test(arguments: [false, true]) func aScheduledBatch(addsOrRemoves: Bool) {
        let counts = Self.counts([.pending: 2], addsOrRemoves: addsOrRemoves)
        let scheduled = Self.batch(.scheduled, schedule: Batch.Schedule(startsAt: Self.now.addingTimeInterval(86_400)))
        #expect(Self.buttons(scheduled, counts, .viewer) == [])
        #expect(Self.buttons(scheduled, counts, .editor) == (addsOrRemoves ? ["unschedule"] : ["scheduleForm", "unschedule"]))
        #expect(Self.buttons(scheduled, counts, .owner) == ["scheduleForm", "unschedule"])
    }

    @Test func aWindowThatStarted() {
        let counts = Self.counts([.done: 2], addsOrRemoves: false, doneEdits: 2)
        let open = Self.batch(
            .finished, schedule: Batch.Schedule(startsAt: Self.now.addingTimeInterval(-3600), endsAt: Self.now.addingTimeInterval(3600),
                                                startedAt: Self.now.addingTimeInterval(-3600)))
        #expect(Self.buttons(open, counts, .viewer) == [])
        #expect(Self.buttons(open, counts, .editor) == ["endForm"])
        #expect(Self.buttons(open, counts, .owner) == ["endForm"])
    }

    @Test(arguments: [false, true]) func aFinishedBatchWithFailures(addsOrRemoves: Bool) {
        let counts = Self.counts([.done: 1, .failed: 1], addsOrRemoves: addsOrRemoves, doneEdits: 1, retryable: 1)
        let finished = Self.batch(.finished)
        #expect(Self.buttons(finished, counts, .viewer) == [])
        #expect(Self.buttons(finished, counts, .editor) == (addsOrRemoves ? ["undo"] : ["retry", "undo"]))
        #expect(Self.buttons(finished, counts, .owner) == ["retry", "undo"])
    }

    @Test func aMissedBatch() {
        let counts = Self.counts([.notSent: 2], addsOrRemoves: false)
        let missed = Self.batch(.missed, schedule: Batch.Schedule(startsAt: Self.now.addingTimeInterval(-3600)))
        #expect(Self.buttons(missed, counts, .viewer) == [])
        #expect(Self.buttons(missed, counts, .editor) == ["again"])
        #expect(Self.buttons(missed, counts, .owner) == ["again"])
    }
}
