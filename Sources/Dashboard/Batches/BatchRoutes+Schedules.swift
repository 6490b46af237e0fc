import DashboardEngine
import Foundation
import HTTPServer

/// A batch's schedule: `POST /batches/{id}/schedule` (make it, or move its times; for a window
/// that started, move or remove its end), `/unschedule` (back to preview) and `/end-now` (put
/// back what it set at once). A refused schedule leaves the batch as it was: 422 for times
/// that cannot be used, 409 for a batch that cannot take one now or a window that overlaps
/// another on the same product and field.
extension BatchRoutes {
    func schedule(_ context: RequestContext) async -> HTTPResponse {
        await actAsync(context) { batch, submission, wording in
            let zone = context.settings.timeZone
            let now = scheduler.clock.now()
            let back = "/batches/\(batch.id)"
            switch batch.state {
            case .preview, .scheduled:
                let counts = try store.counts(batch.id)
                let form: ScheduleForm
                switch ScheduleForm.read(
                    starts: submission.value("starts_at"), ends: submission.value("ends_at"), zone: zone, now: now,
                    editsOnly: counts.createsOrDeletes == 0)
                {
                case .success(let read): form = read
                case .failure(let problem): return scheduleRefused(.unprocessableContent, problem, batch, context)
                }
                guard counts.pending > 0 else {
                    return redirect(back, flash: wording.nothingToApply)
                }
                let window = Batch.Schedule(startsAt: form.startsAt, endsAt: form.endsAt).window
                let overlapping = try store.overlaps(try store.changedFields(batch.id), during: window, except: batch.id)
                if !overlapping.isEmpty { return overlapRefused(overlapping, batch, context) }
                guard try store.schedule(batch.id, startsAt: form.startsAt, endsAt: form.endsAt) else {
                    return redirect(back, flash: wording.batchFlash(.alreadyApplying))
                }
                scheduler.reschedule()
                return redirect(back, flash: wording.scheduled(form.startsAt, until: form.endsAt, now: now, zone: zone))
            case .running, .finished:
                guard let schedule = batch.schedule, schedule.revertID == nil else {
                    return scheduleRefused(.conflict, nil, batch, context)
                }
                let end: Date?
                let editsOnly = try store.counts(batch.id).createsOrDeletes == 0
                switch ScheduleForm.readEnd(submission.value("ends_at"), startsAt: schedule.startsAt, zone: zone, now: now, editsOnly: editsOnly) {
                case .success(let read): end = read
                case .failure(let problem): return scheduleRefused(.unprocessableContent, problem, batch, context)
                }
                if let end {
                    let window = Batch.Schedule(startsAt: schedule.startsAt, endsAt: end).window
                    let overlapping = try store.overlaps(try store.changedFields(batch.id), during: window, except: batch.id)
                    if !overlapping.isEmpty { return overlapRefused(overlapping, batch, context) }
                }
                guard try store.moveEnd(batch.id, to: end) else { return scheduleRefused(.conflict, nil, batch, context) }
                scheduler.reschedule()
                return redirect(back, flash: wording.endMoved(end, now: now, zone: zone))
            case .missed:
                return scheduleRefused(.conflict, nil, batch, context)
            }
        }
    }

    /// `POST /batches/{id}/unschedule`: a scheduled batch back to preview, nothing sent.
    func unschedule(_ context: RequestContext) async -> HTTPResponse {
        await actAsync(context) { batch, _, wording in
            guard try store.unschedule(batch.id) else { return scheduleRefused(.conflict, nil, batch, context) }
            scheduler.reschedule()
            return redirect("/batches/\(batch.id)", flash: wording.unscheduled)
        }
    }

    /// `POST /batches/{id}/end-now`: a started window ends now; its revert starts at once.
    func endNow(_ context: RequestContext) async -> HTTPResponse {
        await actAsync(context) { batch, _, wording in
            guard await scheduler.endNow(batch.id) else { return scheduleRefused(.conflict, nil, batch, context) }
            let revert = (try? store.batch(batch.id))??.schedule?.revertID
            return redirect(revert.map { "/batches/\($0)" } ?? "/batches/\(batch.id)", flash: wording.endedNow)
        }
    }

    /// A schedule refused: 422 with what to fix, or 409 for a batch that cannot take one now.
    private func scheduleRefused(_ status: HTTPStatus, _ problem: ScheduleForm.Problem?, _ batch: Batch, _ context: RequestContext) -> HTTPResponse {
        let wording = context.wording
        let text = problem.map { wording.scheduleProblem($0, zone: context.settings.timeZone) } ?? wording.scheduleNotNow(batch.state)
        return renderer.error(status, text, retryHref: nil, back: (href: "/batches/\(batch.id)", label: wording.backToBatch), for: context)
    }

    /// 409: the window overlaps another scheduled or started one on a product and field.
    private func overlapRefused(_ others: [Batch], _ batch: Batch, _ context: RequestContext) -> HTTPResponse {
        let wording = context.wording
        let zone = context.settings.timeZone
        let now = scheduler.clock.now()
        let text = wording.scheduleOverlaps(others.map { other in
            (id: other.id, window: other.schedule.map { wording.scheduleWindow($0, now: now, zone: zone) } ?? "")
        })
        return renderer.error(.conflict, text, retryHref: nil, back: (href: "/batches/\(batch.id)", label: wording.backToBatch), for: context)
    }
}
