import DashboardEngine
import Foundation
import HTTPServer

/// A batch's schedule: `POST /batches/{id}/schedule` (make it, or move its times; for a window
/// that started, move or remove its end), `/unschedule` (back to preview) and `/end-now` (put
/// back what it set at once). A refused schedule leaves the batch as it was and comes back on
/// the batch's page with the times as typed and every problem beside its field: 422 for times
/// that cannot be used, 409 for a window that overlaps another on the same product and field
/// (named, with the other batch linked). A batch that cannot take a schedule in its state
/// answers 409.
extension BatchRoutes {
    func schedule(_ context: RequestContext) async -> HTTPResponse {
        await actAsync(context) { batch, submission, wording in
            if let refusal = try ownerOnly(batch, context) { return refusal }
            let zone = context.settings.timeZone
            let now = scheduler.clock.now()
            let back = "/batches/\(batch.id)"
            let typed = BatchPage.ScheduleEntry(starts: submission.value("starts_at") ?? "", ends: submission.value("ends_at") ?? "", problems: [])
            switch batch.state {
            case .preview, .scheduled:
                let counts = try store.counts(batch.id)
                guard counts.pending > 0 else { return notNow(batch, context) }
                let form: ScheduleForm
                switch ScheduleForm.read(
                    starts: typed.starts, ends: typed.ends, zone: zone, now: now, editsOnly: counts.createsOrDeletes == 0)
                {
                case .success(let read): form = read
                case .failure(let problems): return try await refused(problems, typed, batch, context)
                }
                let window = Batch.Schedule(startsAt: form.startsAt, endsAt: form.endsAt)
                if let overlap = try await overlap(of: batch, during: window.window, typed, context) { return overlap }
                guard try store.schedule(batch.id, startsAt: form.startsAt, endsAt: form.endsAt, by: context.by) else { return notNow(batch, context) }
                scheduler.reschedule()
                return redirect(back, flash: wording.scheduled(form.startsAt, until: form.endsAt, now: now, zone: zone))
            case .running, .finished:
                guard let schedule = batch.schedule, schedule.revertID == nil else { return notNow(batch, context) }
                let end: Date?
                let editsOnly = try store.counts(batch.id).createsOrDeletes == 0
                switch ScheduleForm.readEnd(typed.ends, startsAt: schedule.startsAt, zone: zone, now: now, editsOnly: editsOnly) {
                case .success(let read): end = read
                case .failure(let problems): return try await refused(problems, typed, batch, context)
                }
                if let end, let overlap = try await overlap(of: batch, during: Batch.Schedule(startsAt: schedule.startsAt, endsAt: end).window, typed, context) {
                    return overlap
                }
                guard try store.moveEnd(batch.id, to: end) else { return notNow(batch, context) }
                scheduler.reschedule()
                return redirect(back, flash: wording.endMoved(end, now: now, zone: zone))
            case .missed, .discarded:
                return notNow(batch, context)
            }
        }
    }

    /// `POST /batches/{id}/unschedule`: a scheduled batch back to preview, nothing sent.
    func unschedule(_ context: RequestContext) async -> HTTPResponse {
        await actAsync(context) { batch, _, wording in
            guard try store.unschedule(batch.id) else { return notNow(batch, context) }
            scheduler.reschedule()
            return redirect("/batches/\(batch.id)", flash: wording.unscheduled)
        }
    }

    /// `POST /batches/{id}/end-now`: a started window ends now; its revert starts at once.
    func endNow(_ context: RequestContext) async -> HTTPResponse {
        await actAsync(context) { batch, _, wording in
            guard await scheduler.endNow(batch.id) else { return notNow(batch, context) }
            let revert = (try? store.batch(batch.id))??.schedule?.revertID
            return redirect(revert.map { "/batches/\($0)" } ?? "/batches/\(batch.id)", flash: wording.endedNow)
        }
    }

    /// 422: the batch's page again, its schedule form as typed, every problem beside its field.
    private func refused(
        _ problems: ScheduleForm.Problems, _ typed: BatchPage.ScheduleEntry, _ batch: Batch, _ context: RequestContext
    ) async throws -> HTTPResponse {
        var entry = typed
        entry.problems = problems.all.map { problem in
            let worded = context.wording.scheduleProblem(problem, now: scheduler.clock.now(), zone: context.settings.timeZone)
            return BatchPage.ScheduleEntry.Problem(field: worded.field, message: worded.message)
        }
        return try await render(batch, context, refused: entry, status: .unprocessableContent)
    }

    /// 409 when the window overlaps another scheduled or started one on a product's field: the
    /// batch's page again, the form as typed, the overlap named (the other batch, the product,
    /// the field, its times) with the other batch linked. Nil when there is none.
    private func overlap(
        of batch: Batch, during window: Range<Date>, _ typed: BatchPage.ScheduleEntry, _ context: RequestContext
    ) async throws -> HTTPResponse? {
        let fields = try store.changedFields(batch.id)
        let others = try store.overlaps(fields, during: window, except: batch.id)
        guard !others.isEmpty else { return nil }
        let wording = context.wording
        var entry = typed
        let names = Dictionary(try store.rows(batch.id).compactMap { row in row.productID.map { ($0, row.name) } }) { first, _ in first }
        for other in others {
            guard let schedule = other.schedule else { continue }
            let shared = try store.changedFields(other.id).intersection(fields).sorted {
                ($0.productID, $0.field.rawValue) < ($1.productID, $1.field.rawValue)
            }
            guard let first = shared.first else { continue }
            let message = wording.scheduleOverlap(
                batch: other.id, product: names[first.productID] ?? wording.productNumber(first.productID),
                field: wording.fieldLabel(first.field), window: schedule, zone: context.settings.timeZone)
            entry.problems.append(.init(field: nil, message: message, link: (href: "/batches/\(other.id)", label: wording.openBatch(other.id))))
        }
        return try await render(batch, context, refused: entry, status: .conflict)
    }

    /// 409: the batch cannot take this schedule step in its state.
    private func notNow(_ batch: Batch, _ context: RequestContext) -> HTTPResponse {
        let wording = context.wording
        return renderer.error(
            .conflict, wording.scheduleNotNow(batch), retryHref: nil, back: (href: "/batches/\(batch.id)", label: wording.openBatch(batch.id)),
            for: context)
    }
}
