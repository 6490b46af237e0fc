import DashboardEngine
import Foundation
import MarketClient
import Templating

/// The view model of `/batches/{id}` (`batches/batch`) and `/batches` (`batches/list`). Pure:
/// the batch, its counts, one page of rows and the clock's present in, the template context
/// out.
///
/// What the page says is what the rows are: one summary (`data-progress`) whose numbers are
/// the counts of the rows' statuses and whose words say the same, "Finished" only once nothing
/// is waiting or being checked; each row's `data-status` in one vocabulary; and only the
/// buttons that can work (Retry for rows a retry can carry out, Undo while nothing has put
/// the batch back, an end only for a batch whose changes can be put back). Every form carries
/// the batch's number and the revision the page was drawn at (`BatchRoutes.admit`).
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
    /// The zone times are shown in (`--time-zone`).
    let zone: TimeZone
    /// Now, for the schedule's "in 2 days" (the scheduler's clock).
    let now: Date
    /// Days the recycle bin keeps a deleted product (`--trash-days`).
    let binDays: Int
    /// While applying, the page reloads itself unless the reader turned that off
    /// (`?refresh=off`: WCAG 2.2.1 asks for a way to).
    var reloads = true
    /// The batches that undo this one (kind undo, made by its Undo), newest first.
    var undoes: [Batch] = []
    /// The counts of the undo that put this batch back, when one did: how much it put back.
    var undoneCounts: BatchCounts?
    /// The products whose change the batch's undo or window end put back (its rows done), so
    /// their rows say so rather than only "Changed".
    var putBack: Set<Int> = []
    /// The list the preview was made from (a local path), where discarding it returns.
    var back: String?
    /// A schedule form that was refused: what was typed, and why (shown in the form).
    var refusedSchedule: ScheduleEntry?
    /// Whether the reader may press the batch's buttons at all (an editor or an owner, or
    /// anyone with accounts off); without it the page has none, and a preview says why.
    var mayWrite = true
    /// Whether the reader may apply, retry or schedule a batch that registers or deletes
    /// products (an owner, or anyone with accounts off); without it such a preview says who
    /// can instead of its Apply button. Both mirror what `BatchRoutes` refuses.
    var mayAddOrRemove = true
    /// The rows' checks against their sale's reference price, for a batch in preview or
    /// scheduled (`BatchReferences`): each such row says how it stands, and a preview with rows
    /// above their reference offers to show the reference as the price before.
    var references: BatchReferences?

    init(
        batch: Batch, counts: BatchCounts, rows: [BatchRow], status: BatchRow.Status?, page: Int, lastPage: Int, csrfToken: String,
        language: Language, zone: TimeZone, now: Date, binDays: Int
    ) {
        self.batch = batch
        self.counts = counts
        self.rows = rows
        self.status = status
        self.page = page
        self.lastPage = lastPage
        self.csrfToken = csrfToken
        self.language = language
        self.zone = zone
        self.now = now
        self.binDays = binDays
    }

    /// The times a refused schedule form held, as typed, and its problems: each with the field
    /// it is about (`starts_at`, `ends_at`; nil for the whole form) and, for an overlap, the
    /// other batch to open.
    struct ScheduleEntry {
        struct Problem {
            var field: String?
            var message: String
            var link: (href: String, label: String)?
        }

        var starts: String
        var ends: String
        var problems: [Problem]
    }

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
            "drawn": .object(batch.drawnFields),
            "made": .string(wording.batchMade(LocalTime.timestamp(batch.createdAt, zone: zone, wording))),
            "madeDatetime": .string(LocalTime.machineReadable(batch.createdAt, zone: zone)),
            "state": .string(batch.state.rawValue),
            "summary": .object(summary),
            "csrfToken": .string(csrfToken),
            "notes": .list(batch.notes.map { .string(wording.note($0)) }),
            "rows": .list(rows.map(rowContext)),
            "hasRows": .bool(!rows.isEmpty),
            "emptyText": .string(wording.batchRowsEmpty(filtered: status != nil)),
            "statusLinks": .list(statusLinks),
            "caption": .string(wording.batchRowsCaption(shown: status.map { counts[$0] } ?? counts.total, page: page, lastPage: lastPage)),
            "languagePath": .string(basePath),
        ]
        if let pagination { context["pagination"] = pagination }
        if let back { context["back"] = .string(back) }
        if let people = Self.people(batch, wording) { context["people"] = .object(people) }
        addSchedule(to: &context)
        addActions(to: &context)
        addReferenceSummary(to: &context)
        // The bar while products are still being sent; once settled, the summary says the outcome.
        if batch.state == .running || (batch.state == .finished && !counts.isSettled && counts.toApply > 0) {
            context["progress"] = [
                "value": TemplateValue(counts.processed), "max": TemplateValue(counts.toApply),
                "text": .string(wording.batchProgress(done: counts.processed, of: counts.toApply)),
            ]
        }
        if batch.kind.putsBack, let original = Int(batch.source) {
            context["undoOf"] = ["href": .string("/batches/\(original)"), "label": .string(wording.openBatch(original))]
        }
        return context
    }

    private var basePath: String { "/batches/\(batch.id)" }

    /// The one summary of where the batch stands: its words (`batchState`) and, as `data-*`,
    /// the counts they are made of.
    private var summary: TemplateObject {
        [
            "text": .string(wording.batchState(batch, counts: counts, zone: zone)),
            "total": TemplateValue(counts.total), "done": TemplateValue(counts[.done]), "skipped": TemplateValue(counts[.skipped]),
            "failed": TemplateValue(counts[.failed]), "pending": TemplateValue(counts.pending), "checking": TemplateValue(counts.checking),
            "notSent": TemplateValue(counts[.notSent]), "unchanged": TemplateValue(counts[.unchanged]),
            "invalid": TemplateValue(counts[.invalid]), "unknown": TemplateValue(counts[.unknown]),
        ]
    }

    /// What Undo can do for this batch now.
    private var undo: BatchUndo { batch.undo(counts: counts, undoes: undoes) }

    /// The batch that put this one back: its Undo, or its window's end.
    var putBackBy: Int? {
        guard case .undone(let by) = undo else { return nil }
        return by
    }

    /// The undo made by Undo that put this batch back (a window's revert is linked as such).
    var undoneByUndo: Int? { putBackBy == batch.schedule?.revertID ? nil : putBackBy }

    /// Whether the reader may apply, retry or schedule this batch (`BatchRoutes.ownerOnly`).
    private var mayCarryOut: Bool { mayWrite && (counts.createsOrDeletes == 0 || mayAddOrRemove) }

    /// The buttons that can work in the batch's state and that the reader may press, and the
    /// links that say why others are not there.
    private func addActions(to context: inout TemplateObject) {
        let wording = self.wording
        switch batch.state {
        case .preview:
            context["isPreview"] = true
            context["discard"] = .bool(mayWrite)
            if !mayWrite {
                context["viewOnly"] = true
            } else if counts.pending > 0, counts.createsOrDeletes > 0, !mayAddOrRemove {
                context["ownerOnly"] = true
            } else if counts.pending > 0 {
                var apply: TemplateObject = ["label": .string(wording.applyLabel(counts))]
                if counts.pendingDeletes > 0 { apply["warning"] = .string(wording.deleteWarning(counts.pendingDeletes, binDays: binDays)) }
                context["apply"] = .object(apply)
                context["applyHint"] = .string(wording.applyHint(leftOut: counts[.invalid]))
            } else {
                context["nothingToApply"] = .string(wording.nothingToApply(kind: batch.kind))
            }
        case .running:
            context["isRunning"] = true
            let base = basePath + (status.map { "?status=\($0.rawValue)" } ?? "")
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
            // A window whose end came was put back: a retried row would set its value again,
            // with nothing left to put it back.
            if let label = retryOffered, mayCarryOut { context["retry"] = ["label": .string(label)] }
            switch undo {
            case .available where mayWrite: context["undo"] = ["label": .string(wording.undoLabel(counts.doneEdits))]
            case .undone(let by) where by != batch.schedule?.revertID:
                let label = wording.undoneBy(by, putBack: undoneCounts.map { $0[.done] }, of: counts.doneEdits)
                context["undoneBy"] = ["href": .string("/batches/\(by)"), "label": .string(label)]
            case .waiting(let id): context["undoWaiting"] = ["href": .string("/batches/\(id)"), "label": .string(wording.undoWaiting(id))]
            case .available, .undone, .unavailable: break
            }
            let notes = wording.undoNotes(counts, offered: context["undo"] != nil, binDays: binDays)
            if !notes.isEmpty { context["undoNotes"] = .list(notes.map { .string($0) }) }
            if counts.doneDeletes > 0 { context["binLink"] = ["href": "/trash", "label": .string(wording[.navTrash])] }
        case .missed, .discarded:
            context["isOver"] = true
            // A missed batch sent nothing: the same changes can be previewed again, read fresh.
            // An import's new products need their images again, so it is imported anew instead.
            guard batch.state == .missed, mayWrite else { break }
            if BatchReplan.canReplan(counts) {
                context["again"] = ["label": .string(wording.againLabel), "hint": .string(wording.againHint)]
            } else {
                context["againImport"] = ["href": "/products/import", "label": .string(wording.againImport)]
            }
        case .scheduled:
            context["isScheduled"] = true
        }
    }

    /// The schedule's lines and forms: a preview's form to schedule it, a scheduled batch's
    /// form to move it and its Unschedule, a started window's form to move or remove its end
    /// and its End now, and the batch that put back what it set. A batch that adds or deletes
    /// products has no end field: what it does cannot be put back.
    private func addSchedule(to context: inout TemplateObject) {
        let wording = self.wording
        let lines = wording.scheduleStatus(batch, now: now, zone: zone)
        if !lines.isEmpty { context["scheduleLines"] = .list(lines.map { .string($0) }) }
        // Unscheduling puts a batch back in preview: anyone who may write. Scheduling a batch
        // that adds or deletes products is applying it later: an owner's.
        if batch.state == .scheduled, mayWrite { context["unschedule"] = true }
        guard mayCarryOut else { return }
        let schedule = batch.schedule
        let takesEnd = counts.createsOrDeletes == 0
        var form: TemplateObject = [
            "zoneHint": .string(wording.scheduleZoneHint(zone, at: now)),
            "startsValue": .string(refusedSchedule?.starts ?? schedule.map { LocalTime.localInputValue($0.startsAt, zone: zone) } ?? ""),
            "endsValue": .string(refusedSchedule?.ends ?? schedule?.endsAt.map { LocalTime.localInputValue($0, zone: zone) } ?? ""),
            "needsRunning": .string(wording.scheduleNeedsRunning(oneTime: !takesEnd)),
            "takesEnd": .bool(takesEnd),
        ]
        if !takesEnd { form["noEnd"] = .string(wording.scheduleNoEnd) }
        if let refused = refusedSchedule {
            form["hasErrors"] = true
            form["errorSummaryTitle"] = .string(wording.fixProblems(refused.problems.count))
            form["errors"] = .list(refused.problems.map { problem in
                var item: TemplateObject = ["message": .string(problem.message)]
                if let field = problem.field { item["field"] = .string(field) }
                if let link = problem.link { item["link"] = ["href": .string(link.href), "label": .string(link.label)] }
                return .object(item)
            })
            for field in ["starts_at", "ends_at"] {
                let messages = refused.problems.filter { $0.field == field }.map(\.message)
                if !messages.isEmpty { form[field == "starts_at" ? "startsError" : "endsError"] = .string(messages.joined(separator: " ")) }
            }
        }
        switch batch.state {
        case .preview where counts.pending > 0:
            form["legend"] = .string(wording[.scheduleLegend])
            form["button"] = .string(wording[.scheduleButton])
            context["scheduleForm"] = .object(form)
        case .scheduled:
            form["legend"] = .string(wording[.scheduleChangeLegend])
            form["button"] = .string(wording[.scheduleSaveButton])
            context["scheduleForm"] = .object(form)
        case .running, .finished:
            // Only edits are put back: a batch that registers or deletes takes no end.
            if let schedule, schedule.endsAt != nil, schedule.revertID == nil, takesEnd {
                context["endForm"] = .object(form)
            }
            if let revert = schedule?.revertID {
                context["revertedBy"] = ["href": .string("/batches/\(revert)"), "label": .string(wording.revertedBy(revert))]
            }
        case .preview, .missed, .discarded:
            break
        }
    }

    /// "All 12 · Changed 10 · Failed 2": each status with rows, as a filter link.
    private var statusLinks: [TemplateValue] {
        var links: [TemplateValue] = [[
            "label": .string(wording.statusFilter(nil, count: counts.total, state: batch.state, counts: counts)),
            "href": .string(basePath), "current": .bool(status == nil),
        ]]
        for candidate in BatchRow.Status.allCases where counts[candidate] > 0 {
            links.append([
                "label": .string(wording.statusFilter(candidate, count: counts[candidate], state: batch.state, counts: counts, putsBack: batch.kind.putsBack)),
                "href": .string("\(basePath)?status=\(candidate.rawValue)"), "current": .bool(candidate == status),
            ])
        }
        return links
    }

    private var pagination: TemplateValue? {
        let base = basePath + (status.map { "?status=\($0.rawValue)&" } ?? "?")
        return Pagination.context(page: page, lastPage: lastPage, wording: wording) { base + "page=\($0)" }
    }

    private func rowContext(_ row: BatchRow) -> TemplateValue {
        let wording = self.wording
        var item: TemplateObject = [
            "number": TemplateValue(row.number),
            "status": .string(row.status.rawValue),
            "operation": .string(row.operation.rawValue),
            "statusText": .string(wording.rowStatus(row, state: batch.state, undoing: undoing, putBack: row.productID.map(putBack.contains) ?? false)),
            "name": .string(row.name.isEmpty ? wording.unnamedRow : row.name),
            "changes": .list(changes(row)),
            "problems": .list(row.problems.map { .string(wording.rowProblem($0, currency: row.currency, applied: applied)) }),
            // A warning is about a change to come or made: a row left out for good has none.
            "warnings": .list(row.status == .skipped || row.status == .notSent ? [] : row.warnings.map { .string(wording.note($0)) }),
        ]
        if let reference = references?.rows[row.number] { item["reference"] = .object(referenceContext(reference)) }
        if let code = row.skipCode { item["reason"] = .string(code.rawValue) }
        if let id = row.productID {
            item["productID"] = TemplateValue(id)
            if !(row.status == .done && row.operation == .delete) && row.skipCode != .deleted { item["href"] = .string("/products/\(id)") }
            item["idText"] = .string(wording.productNumber(id))
        }
        if let line = row.line {
            item["line"] = TemplateValue(line)
            item["lineText"] = .string(wording.fileRow(line))
        }
        if row.operation == .create, let operation = wording.rowOperation(row.operation) { item["operationText"] = .string(operation) }
        if row.operation == .delete, let operation = wording.rowOperation(row.operation) { item["deleteText"] = .string(operation) }
        // A row's fields left alone: changed elsewhere since the sheet was opened, or, in an
        // undo, since the batch it undoes set them.
        let leftAlone = row.elsewhere.setFields.filter { $0 != .currency }
        if !leftAlone.isEmpty {
            var market = row.elsewhere
            market.currency = market.currency ?? row.currency
            item["elsewhere"] = .list(leftAlone.map { field in
                let now = wording.marketValue(market.only([field]).adding(RecordedFields(currency: market.currency)))
                return .string(wording.fieldLeftAlone(wording.fieldLabel(field), now: now, undoing: undoing))
            })
        }
        // A row left alone field by field says why in its fields' lines: the general "changed
        // after the preview" would not be so (a sheet's field may have changed before it).
        let saidByFields = row.failure?.code == .changedElsewhere && !leftAlone.isEmpty
        if let failure = row.failure, row.status == .failed || row.status == .skipped, !saidByFields {
            var failed: TemplateObject = ["text": .string(wording.rowFailure(failure.code, undoing: undoing, retry: retryOffered))]
            if let words = failure.marketMessage, !words.isEmpty {
                failed["marketMessage"] = .string(String(words.prefix(500)))
            }
            if row.skipCode == .deleted { failed["link"] = ["href": "/trash", "label": .string(wording[.navTrash])] }
            item["failure"] = .object(failed)
        }
        // A create whose lost answer left more than one product that may be the one it
        // registered: each, to open, keep one and delete the others.
        if row.status == .unknown {
            item["failure"] = .object(["text": .string(wording.rowFailure(.unknown, undoing: nil))])
            if !row.found.isEmpty {
                item["found"] = .object(["products": .list(row.found.map { id in
                    .object(["href": .string("/products/\(id)"), "text": .string(wording.productNumber(id))])
                })])
            }
        }
        return .object(item)
    }

    /// Whether the page offers to set a row's price to its reference: a preview (not yet
    /// scheduled or applied), to a reader who may write.
    private var offersReference: Bool { batch.state == .preview && mayWrite }

    /// A row's check (`ReferenceText`'s hooks and words), and its button when it has an offer
    /// the page may show (the button sends the row's `number`).
    private func referenceContext(_ reference: BatchReferences.Row) -> TemplateObject {
        let days = references?.days ?? ReferencePrice.defaultDays
        var context = ReferenceText(
            price: reference.price, discount: reference.discount, currency: reference.currency, days: days, zone: zone, wording: wording
        ).context(reference.check)
        if !offersReference || reference.offer == nil { context["offer"] = nil }
        return context
    }

    /// Above the rows, when any row of the whole batch shows a price before above its
    /// reference: how many, and in a preview the button that sets them all to it.
    private func addReferenceSummary(to context: inout TemplateObject) {
        guard let references, !references.above.isEmpty else { return }
        var summary: TemplateObject = [
            "text": .string(wording.referenceAboveCount(references.above.count, days: references.days)),
            "count": TemplateValue(references.above.count),
        ]
        let offers = references.offers.count
        if offersReference, offers > 0 { summary["offer"] = ["label": .string(wording.referenceOfferAll(offers))] }
        context["referenceSummary"] = .object(summary)
    }

    /// The Retry button's label, when the page offers it (or will, once the batch finishes).
    private var retryOffered: String? {
        let putBack = batch.schedule?.revertID != nil || batch.schedule?.endedAt != nil
        guard counts.retryable > 0, !putBack, applied else { return nil }
        return wording.retryLabel(counts.retryable)
    }

    /// Whether the batch was applied (or is being): its rows' problems say what was left out.
    private var applied: Bool { batch.state == .running || batch.state == .finished }

    /// The batch this one puts back, when it is an undo (made by Undo or by a window's end).
    private var undoing: Int? { batch.kind.putsBack ? Int(batch.source) : nil }

    /// Each changed field: its label, old → new (a create's new values alone). A field that
    /// was left alone (changed elsewhere) is marked as not changed: its arrow did not happen.
    /// A price or a discount change on a discounted product also shows the sale price it
    /// leads to, since the list shows buyers that one.
    private func changes(_ row: BatchRow) -> [TemplateValue] {
        let wording = self.wording
        // A bulk row that cannot be applied shows what blocks it, not a change that cannot be.
        guard row.operation != .delete, !(row.status == .invalid && batch.kind == .bulk) else { return [] }
        let fields = row.after.setFields
        let oldCurrency = row.before.currency ?? row.currency
        let newCurrency = row.after.currency ?? oldCurrency
        let leftAlone = Set(row.elsewhere.setFields)
        var shown: [TemplateValue] = fields.map { field in
            var change: TemplateObject = ["field": .string(wording.fieldLabel(field))]
            let old = FieldText.value(field, row.before, currency: oldCurrency, wording)
            let new = FieldText.value(field, row.after, currency: newCurrency, wording)
            if row.operation != .create, let old { change["old"] = .string(old) }
            if let new { change["new"] = .string(new) }
            if leftAlone.contains(field) { change["notChanged"] = .string(wording.fieldNotChanged(undoing: undoing != nil)) }
            return .object(change)
        }
        if row.operation == .edit, let price = row.before.price, let discount = row.before.discountedPrice,
            row.after.price != nil || row.after.discountedPrice != nil, discount > 0 || (row.after.discountedPrice ?? 0) > 0
        {
            let sale = (price - discount, (row.after.price ?? price) - (row.after.discountedPrice ?? discount))
            if sale.0 != sale.1 {
                shown.append([
                    "field": .string(wording[.columnSalePrice]), "old": .string(wording.price(sale.0, currency: oldCurrency)),
                    "new": .string(wording.price(sale.1, currency: oldCurrency)),
                ])
            }
        }
        return shown
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
        context["needsRunning"] = .string(wording.scheduleNeedsRunning(oneTime: false))
    }

    /// `/batches`: each recent batch with its state and counts, in the words its own page's
    /// summary uses.
    static func listContext(_ batches: [(Batch, BatchCounts)], _ language: Language, zone: TimeZone, now: Date) -> TemplateObject {
        let wording = Wording(language)
        let missed = missedLately(batches.map(\.0), now: now)
        return [
            "title": .string(wording[.batchesHeading]),
            "hasBatches": .bool(!batches.isEmpty),
            "batches": .list(batches.map { batch, counts in
                [
                    "id": TemplateValue(batch.id), "href": .string("/batches/\(batch.id)"), "title": .string(wording.batchTitle(batch)),
                    "made": .string(wording.batchMade(LocalTime.timestamp(batch.createdAt, zone: zone, wording))),
                    "datetime": .string(LocalTime.machineReadable(batch.createdAt, zone: zone)),
                    "state": .string(batch.state.rawValue),
                    "stateText": .string(wording.batchState(batch, counts: counts, zone: zone, brief: true)),
                    "people": people(batch, wording).map { .object($0) } ?? .bool(false),
                ]
            }),
            "keptFor": .string(wording.batchesKept(days: BatchStore.keptDays)),
            "hasMissed": .bool(!missed.isEmpty),
            "missed": .list(missed.map { batch in
                ["href": .string("/batches/\(batch.id)"), "label": .string(wording.openBatch(batch.id))]
            }),
            "missedNotice": .string(wording.missedWhileOff(missed.count)),
        ]
    }

    /// Who made the batch and who applied or scheduled it, with `data-made-by` and
    /// `data-applied-by`; nil with accounts off (nobody named: the batch is this dashboard's,
    /// and the page says nothing of who, as before accounts).
    static func people(_ batch: Batch, _ wording: Wording) -> TemplateObject? {
        guard let text = wording.batchPeople(
            madeBy: batch.madeBy?.text, appliedBy: batch.appliedBy?.text, scheduled: batch.schedule != nil)
        else { return nil }
        var people: TemplateObject = ["text": .string(text)]
        if let made = batch.madeBy { people["madeBy"] = .string(made.text) }
        if let applied = batch.appliedBy { people["appliedBy"] = .string(applied.text) }
        return people
    }

    /// Batches that missed their time in the last week: the list says so first, since a
    /// seller learns of a missed sale only here (the dashboard was off when it happened).
    static func missedLately(_ batches: [Batch], now: Date) -> [Batch] {
        batches.filter { $0.state == .missed && ($0.finishedAt ?? $0.createdAt) > now.addingTimeInterval(-7 * 86_400) }
    }
}
