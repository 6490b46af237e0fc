import DashboardEngine
import Foundation
import MarketClient
import Templating

/// The view model of `/batches/{id}` (`batches/batch`) and `/batches` (`batches/list`). Pure:
/// the batch, its counts and one page of rows in, the template context out.
struct BatchPage {
    let batch: Batch
    let counts: BatchCounts
    let rows: [BatchRow]
    /// The status the rows are filtered by, if any.
    let status: BatchRow.Status?
    let page: Int
    let lastPage: Int
    let csrfToken: String
    let language: Language
    /// While applying, the page reloads itself unless the reader turned that off
    /// (`?refresh=off`: WCAG 2.2.1 asks for a way to).
    var reloads = true
    /// The zone times are shown in (`--time-zone`).
    let zone: TimeZone
    /// Now, for the schedule's "in 2 days" (the scheduler's clock).
    var now = Date()

    static let pageSize = 100
    /// While a batch is applying, its page reloads itself this often.
    static let refreshSeconds = 3

    var wording: Wording { Wording(language) }

    var context: TemplateObject {
        let wording = self.wording
        let title = wording.batchTitle(batch)
        var context: TemplateObject = [
            "title": .string(title),
            "heading": .string(title),
            "id": TemplateValue(batch.id),
            "made": .string(wording.batchMade(LocalTime.timestamp(batch.createdAt, zone: zone, wording))),
            "stateText": .string(wording.batchState(batch.state, counts: counts)),
            "csrfToken": .string(csrfToken),
            "notes": .list(batch.notes.map { .string(wording.note($0)) }),
            "rows": .list(rows.map(rowContext)),
            "hasRows": .bool(!rows.isEmpty),
            "emptyText": .string(wording.batchRowsEmpty(filtered: status != nil)),
            "statusLinks": .list(statusLinks),
            "caption": .string(wording.batchRowsCaption(shown: status.map { counts[$0] } ?? counts.total, page: page, lastPage: lastPage)),
        ]
        if let pagination { context["pagination"] = pagination }
        addSchedule(to: &context)
        switch batch.state {
        case .scheduled:
            context["isScheduled"] = true
        case .missed:
            context["isMissed"] = true
        case .preview:
            context["isPreview"] = true
            if counts.pending > 0 {
                var apply: TemplateObject = ["label": .string(wording.applyLabel(counts))]
                if counts.pendingDeletes > 0 { apply["warning"] = .string(wording.deleteWarning(counts.pendingDeletes)) }
                context["apply"] = .object(apply)
            } else {
                context["nothingToApply"] = .string(wording.nothingToApply)
            }
        case .running:
            context["isRunning"] = true
            let base = "/batches/\(batch.id)" + (status.map { "?status=\($0.rawValue)" } ?? "")
            // The page without reloading itself: the link to stop, or to look again by hand.
            let still = base + (status == nil ? "?" : "&") + "refresh=off"
            if reloads {
                context["refreshSeconds"] = TemplateValue(Self.refreshSeconds)
                context["stopReloadingHref"] = .string(still)
            } else {
                context["reloadHref"] = .string(still)
                context["startReloadingHref"] = .string(base)
            }
        case .finished:
            context["isFinished"] = true
            // No retry once a window's end put back what the batch set (see `BatchRoutes.retry`).
            let ended = batch.schedule?.endedAt != nil || batch.schedule?.revertID != nil
            if counts[.failed] > 0, !ended { context["retry"] = ["label": .string(wording.retryLabel(counts[.failed]))] }
            if counts.doneEdits > 0 { context["undo"] = ["label": .string(wording.undoLabel(counts.doneEdits))] }
        }
        if batch.state != .preview, counts.toApply > 0 {
            context["progress"] = [
                "value": TemplateValue(counts.processed), "max": TemplateValue(counts.toApply),
                "text": .string(wording.batchProgress(done: counts.processed, of: counts.toApply)),
            ]
        }
        if batch.state == .finished, counts.doneEdits > 0 || batch.kind == .import || batch.action?.kind == .delete {
            context["undoNote"] = .string(wording.undoNote)
        }
        if batch.kind == .undo, let original = Int(batch.source) {
            context["undoOf"] = ["href": .string("/batches/\(original)"), "label": .string(wording.undoOf(original))]
        }
        return context
    }

    /// The schedule's lines and forms: a preview's form to schedule it, a scheduled batch's
    /// form to move it and its Unschedule, a started window's form to move or remove its end
    /// and its End now, and the batch that put back what it set.
    private func addSchedule(to context: inout TemplateObject) {
        let wording = self.wording
        let zoneName = LocalTime.zoneLabel(zone, at: now)
        let lines = wording.scheduleStatus(batch, now: now, zone: zone)
        if !lines.isEmpty { context["scheduleLines"] = .list(lines.map { .string($0) }) }
        let schedule = batch.schedule
        let form: TemplateObject = [
            "zone": .string(zoneName),
            "startsValue": .string(schedule.map { LocalTime.localInputValue($0.startsAt, zone: zone) } ?? ""),
            "endsValue": .string(schedule?.endsAt.map { LocalTime.localInputValue($0, zone: zone) } ?? ""),
            "needsRunning": .string(wording.scheduleNeedsRunning),
        ]
        switch batch.state {
        case .preview where counts.pending > 0:
            context["scheduleForm"] = .object(form)
        case .scheduled:
            context["scheduleForm"] = .object(form)
            context["unschedule"] = true
        case .running, .finished:
            // Only edits are put back: a batch that registers or deletes takes no end.
            if let schedule, schedule.endsAt != nil || schedule.startedAt != nil, schedule.revertID == nil, counts.createsOrDeletes == 0 {
                context["endForm"] = .object(form)
            }
            if let revert = schedule?.revertID {
                context["revertedBy"] = ["href": .string("/batches/\(revert)"), "label": .string(wording.revertedBy(revert))]
            }
        case .preview, .missed:
            break
        }
    }

    /// "All 12 · Done 10 · Failed 2": each status with rows, as a filter link.
    private var statusLinks: [TemplateValue] {
        var links: [TemplateValue] = [[
            "label": .string(wording.statusFilter(nil, count: counts.total)), "href": .string("/batches/\(batch.id)"),
            "current": .bool(status == nil),
        ]]
        for candidate in BatchRow.Status.allCases where counts[candidate] > 0 {
            links.append([
                "label": .string(wording.statusFilter(candidate, count: counts[candidate])),
                "href": .string("/batches/\(batch.id)?status=\(candidate.rawValue)"), "current": .bool(candidate == status),
            ])
        }
        return links
    }

    private var pagination: TemplateValue? {
        let base = "/batches/\(batch.id)" + (status.map { "?status=\($0.rawValue)&" } ?? "?")
        return Pagination.context(page: page, lastPage: lastPage, wording: wording) { base + "page=\($0)" }
    }

    private func rowContext(_ row: BatchRow) -> TemplateValue {
        let wording = self.wording
        var item: TemplateObject = [
            "number": TemplateValue(row.number),
            "status": .string(row.status.rawValue),
            "statusText": .string(wording.rowStatus(row.status, state: batch.state, operation: row.operation)),
            "name": .string(row.name.isEmpty ? wording.unnamedRow : row.name),
            "changes": .list(changes(row)),
            "problems": .list(row.problems.map { .string(wording.note($0)) }),
            "warnings": .list(row.warnings.map { .string(wording.note($0)) }),
        ]
        if let id = row.productID {
            item["productID"] = TemplateValue(id)
            if row.status != .done || row.operation != .delete { item["href"] = .string("/products/\(id)") }
            item["idText"] = .string(wording.productNumber(id))
        }
        if let line = row.line {
            item["line"] = TemplateValue(line)
            item["lineText"] = .string(wording.fileRow(line))
        }
        if let operation = wording.rowOperation(row.operation) { item["operation"] = .string(operation) }
        // A row's fields left alone: changed elsewhere since the sheet was opened, or, in an
        // undo, since the batch it undoes set them.
        let leftAlone = row.elsewhere.setFields.filter { $0 != .currency }
        if !leftAlone.isEmpty {
            var market = row.elsewhere
            market.currency = market.currency ?? row.currency
            let undoing = batch.kind == .undo ? Int(batch.source) : nil
            item["elsewhere"] = .list(leftAlone.map { field in
                let now = wording.marketValue(market.only([field]).adding(RecordedFields(currency: market.currency)))
                return .string(wording.fieldLeftAlone(wording.fieldLabel(field), now: now, undoing: undoing))
            })
        }
        // A row left alone field by field says why in its fields' lines: the general "changed
        // after the preview" would not be so (a sheet's field may have changed before it).
        let saidByFields = row.failure?.code == .changedElsewhere && !leftAlone.isEmpty
        if let failure = row.failure, row.status == .failed || row.status == .skipped, !saidByFields {
            var failed: TemplateObject = ["text": .string(wording.rowFailure(failure.code))]
            if let words = failure.marketMessage, !words.isEmpty {
                failed["marketMessage"] = .string(String(words.prefix(500)))
            }
            item["failure"] = .object(failed)
        }
        // A create whose lost answer left more than one product that may be the one it
        // registered: each, to open, keep one and delete the others.
        if row.status == .unknown {
            item["failure"] = .object(["text": .string(wording.rowFailure(.unknown))])
            if !row.found.isEmpty {
                item["found"] = .object(["products": .list(row.found.map { id in
                    .object(["href": .string("/products/\(id)"), "text": .string(wording.productNumber(id))])
                })])
            }
        }
        return .object(item)
    }

    /// Each changed field: its label, old → new (a create's new values alone).
    private func changes(_ row: BatchRow) -> [TemplateValue] {
        let wording = self.wording
        guard row.operation != .delete else { return [] }
        let fields = row.after.setFields
        let oldCurrency = row.before.currency ?? row.currency
        let newCurrency = row.after.currency ?? oldCurrency
        return fields.map { field in
            var change: TemplateObject = ["field": .string(wording.fieldLabel(field))]
            let old = Self.value(field, row.before, currency: oldCurrency, wording)
            let new = Self.value(field, row.after, currency: newCurrency, wording)
            if row.operation != .create, let old { change["old"] = .string(old) }
            if let new { change["new"] = .string(new) }
            return .object(change)
        }
    }

    /// A field's value as the page shows it: amounts in the currency's format, texts cut short.
    static func value(_ field: ProductField, _ fields: RecordedFields, currency: String, _ wording: Wording) -> String? {
        switch field {
        case .name: return fields.name
        case .description: return fields.description.map { $0.count > 120 ? String($0.prefix(120)) + "…" : $0 }
        case .currency: return fields.currency
        case .price: return fields.price.map { wording.price($0, currency: currency) }
        case .discountedPrice: return fields.discountedPrice.map { wording.price($0, currency: currency) }
        case .stock: return fields.stock.map { OverviewPage.grouped($0) }
        case .images, .thumbnailID: return nil
        }
    }

    /// The starts and ends still to come, soonest first, with their times in words; and that
    /// the dashboard must be running then. A step whose time has come is being carried out (or
    /// waits for the run before it): its batch's state says so, and "ends 1 minute ago" under
    /// "to come" would read as a missed end.
    static func addUpcoming(_ pending: [Batch], to context: inout TemplateObject, now: Date, zone: TimeZone, _ wording: Wording) {
        let steps = pending.flatMap { batch -> [(date: Date, id: Int, ends: Bool)] in
            guard let schedule = batch.schedule else { return [] }
            let end = schedule.endsAt.map { [(date: $0, id: batch.id, ends: true)] } ?? []
            return batch.state == .scheduled ? [(schedule.startsAt, batch.id, false)] + end : end
        }.filter { $0.date > now }.sorted { $0.date < $1.date }
        guard !steps.isEmpty else { return }
        context["upcoming"] = .list(steps.map { step in
            [
                "href": .string("/batches/\(step.id)"), "datetime": .string(LocalTime.machineReadable(step.date, zone: zone)),
                "text": .string(wording.upcomingStep(batch: step.id, ends: step.ends, time: wording.scheduleTime(step.date, now: now, zone: zone))),
                "kind": .string(step.ends ? "end" : "start"),
            ]
        })
        context["needsRunning"] = .string(wording.scheduleNeedsRunning)
    }

    /// `/batches`: each recent batch with its state and counts.
    static func listContext(_ batches: [(Batch, BatchCounts)], _ language: Language, zone: TimeZone) -> TemplateObject {
        let wording = Wording(language)
        return [
            "title": .string(wording[.batchesHeading]),
            "hasBatches": .bool(!batches.isEmpty),
            "batches": .list(batches.map { batch, counts in
                [
                    "id": TemplateValue(batch.id), "href": .string("/batches/\(batch.id)"), "title": .string(wording.batchTitle(batch)),
                    "made": .string(wording.batchMade(LocalTime.timestamp(batch.createdAt, zone: zone, wording))),
                    "datetime": .string(LocalTime.machineReadable(batch.createdAt, zone: zone)),
                    "state": .string(batch.state.rawValue), "stateText": .string(wording.batchState(batch.state, counts: counts)),
                ]
            }),
            "keptFor": .string(wording.batchesKept(days: BatchStore.keptDays)),
        ]
    }
}
