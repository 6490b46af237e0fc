import DashboardEngine
import Foundation
import HTTPServer
import MarketClient
import Templating

/// The batch routes: the list's bulk form (`POST /products/bulk`), a batch's page and its
/// buttons (apply, cancel, retry, undo), and the list of recent batches. Imports are in
/// `BatchRoutes+Import.swift`. Every POST passes the origin check and the CSRF token; a
/// stale token sends the person back to a page with a fresh one, with nothing done.
struct BatchRoutes: Sendable {
    let store: BatchStore
    let runner: BatchRunner
    /// Starts and ends scheduled batches; its clock is the pages' "now" for schedules.
    let scheduler: BatchScheduler
    let catalog: CatalogSnapshotStore
    /// Every product's price timeline: a preview's rows are checked against their sale's
    /// reference price (`BatchReferences`).
    let prices: PriceTimeline
    let gateway: MarketGateway
    let renderer: PageRenderer
    let flash: FlashMessages
    let ownVendor: OwnVendor
    /// Days the recycle bin keeps a deleted product (`--trash-days`), as the pages say.
    let trashDays: Int
    /// Shows a refused bulk form again on the list it was posted from.
    var listing: (any BulkFormList)?
    let csrf = CSRFGuard()

    static let maxRows = BatchLimits.maxRows
    static let maxReads = BatchLimits.maxReads

    // MARK: The bulk form

    /// `POST /products/bulk`: 303 to the new batch's preview; nothing is sent to the market. A
    /// form that cannot make one comes back on its list, 422, as it was posted, with every
    /// problem at once.
    func bulkPreview(_ context: RequestContext) async -> HTTPResponse {
        let wording = context.wording
        let submission: FormSubmission
        do {
            submission = try renderer.readPost(context)
        } catch {
            return error.response
        }
        let back = BackLink.localPath(submission.value("back")) ?? "/products"
        if let refusal = csrf.listTokenRefusal(context.request, submitted: submission.value(CSRFGuard.fieldName)) {
            return redirect(back, flash: wording.batchFlash(refusal == .unproven ? .listUnproven : .listFromBeforeRestart))
        }
        guard let own = context.ownVendorID else { return renderer.unknownOwnVendor(context) }
        var entry = BulkFormEntry(submission)
        // A bulk delete removes products: an owner's, refused before any preview is made.
        if BatchAction.Kind(rawValue: entry.action) == .delete, !context.may(.addOrRemove) {
            return renderer.error(.forbidden, wording.refused(.addOrRemove, signedIn: context.account != nil), retryHref: nil, for: context)
        }
        let checked = BulkPlanner.check(kind: entry.action, value: entry.value, unit: entry.unit)
        entry.problems = checked.problems
        let status = await catalog.countForWrite()
        guard let snapshot = status.snapshot else { return renderer.catalogNotReady(status, retryHref: back, context) }
        let targets: [BulkPlanner.Target]
        if entry.matching {
            let query = ProductListQuery(items: submission.fields)
            let question = query.catalogQuery(
                vendorID: own, lowStockThreshold: context.settings.lowStockThreshold, language: context.language,
                salesAboveReference: context.salesAboveReference)
            targets = snapshot.matching(question).map { .product(snapshot.products[Int($0)]) }
        } else {
            targets = await self.targets(entry.ids, in: snapshot)
        }
        if targets.isEmpty {
            entry.problems.append(.nothingSelected)
        } else if targets.count > Self.maxRows {
            entry.problems.append(.tooMany(limit: Self.maxRows))
        }
        var action = checked.action
        if let found = action, !targets.isEmpty {
            switch BulkPlanner.priced(found, targets: targets, ownVendorID: own) {
            case .failure(let problem): entry.problems.append(problem)
            case .success(let priced): action = priced
            }
        }
        guard entry.problems.isEmpty, let action else {
            for case .product(let product) in targets where !entry.matching { entry.names[product.id] = product.summary.name }
            return await refused(entry, back: back, context)
        }
        let rows = BulkPlanner.rows(action, targets: targets, ownVendorID: own)
        do {
            let batchID = try store.create(kind: .bulk, action: action, source: "", notes: [], rows: rows, by: context.by)
            // The preview remembers the list it came from: discarding it returns there.
            let from = back == "/products" ? "" : "?back=" + URLEncodedForm.encode(back)
            return .redirect(to: "/batches/\(batchID)\(from)", status: .seeOther)
        } catch {
            return storageFailure(error, context)
        }
    }

    /// A bulk form that cannot make a batch: the list it came from (`back`), 422, the form as it
    /// was posted with every problem; the error page with the problems when that list cannot be
    /// shown. Nothing is made, nothing sent.
    private func refused(_ entry: BulkFormEntry, back: String, _ context: RequestContext) async -> HTTPResponse {
        var entry = entry
        entry.sortProblems()
        let query = ProductListQuery(items: URLEncodedForm.parse(String(back.split(separator: "?", maxSplits: 1).dropFirst().first ?? "")))
        if let listing, let page = await listing.refusedBulkForm(entry, list: query, context) { return page }
        let message = entry.problems.map(context.wording.bulkProblem).joined(separator: " ")
        var response = renderer.error(
            .unprocessableContent, heading: context.wording.bulkProblemHeading, message: message, retryHref: back, for: context)
        response.headers["Cache-Control"] = "no-store"
        return response
    }

    /// The products the ids name, in the order given; an id nobody has is `.unknown`.
    private func targets(_ ids: [Int], in snapshot: CatalogSnapshot) async -> [BulkPlanner.Target] {
        let found = await snapshot.products(ids, readingMissingFrom: gateway, maxReads: Self.maxReads)
        return ids.map { id in found[id].map { .product($0) } ?? .notFound(id: id) }
    }

    // MARK: A batch

    /// `GET /batches/{id}`: the preview, the progress while applying (refreshing itself), or
    /// the outcome; `status` shows the rows of one status, `page` pages through them.
    func batchPage(_ context: RequestContext) async -> HTTPResponse {
        guard let batch = loadBatch(context.request) else { return notFound(context) }
        do {
            return try await render(batch, context)
        } catch {
            return storageFailure(error, context)
        }
    }

    /// The batch's page as `GET` shows it, or with a refused schedule form (`refused`, and the
    /// answer's `status`: 422 or 409) filled in as it was typed.
    func render(
        _ batch: Batch, _ context: RequestContext, refused: BatchPage.ScheduleEntry? = nil, status answer: HTTPStatus = .ok
    ) async throws -> HTTPResponse {
        let request = context.request
        let status = refused == nil ? request.queryValue("status").flatMap(BatchRow.Status.init(rawValue:)) : nil
        let pageNumber = refused == nil ? request.queryValue("page").flatMap { Int($0) }.map { min(max($0, 1), 1_000_000) } ?? 1 : 1
        let counts = try store.counts(batch.id)
        let shown = status.map { counts[$0] } ?? counts.total
        let lastPage = max(1, (shown + BatchPage.pageSize - 1) / BatchPage.pageSize)
        let page = min(pageNumber, lastPage)
        let rows = try store.rows(batch.id, status: status, offset: (page - 1) * BatchPage.pageSize, limit: BatchPage.pageSize)
        var view = BatchPage(
            batch: batch, counts: counts, rows: rows, status: status, page: page, lastPage: lastPage,
            csrfToken: context.formToken.value, language: context.language, zone: context.settings.timeZone, now: scheduler.clock.now(),
            binDays: trashDays)
        view.reloads = request.queryValue("refresh") != "off" && refused == nil
        view.mayWrite = context.may(.write)
        view.mayAddOrRemove = context.may(.addOrRemove)
        if batch.state == .finished {
            view.undoes = try store.undoes(of: batch.id)
            if let undo = view.undoneByUndo { view.undoneCounts = try store.counts(undo) }
            if let by = view.putBackBy { view.putBack = Set(try store.rows(by, status: .done).compactMap(\.productID)) }
        }
        view.refusedSchedule = refused
        view.back = BackLink.localPath(request.queryValue("back"))
        // Every row of the batch is checked, not only the page's: the count above the rows and
        // the offer are the whole batch's.
        if BatchReferences.applies(to: batch) { view.references = try await references(batch, rows: try store.rows(batch.id)) }
        return renderer.formsPage("batches/batch", view.context, flash: flash, status: answer, for: context)
    }

    /// `GET /batches`: the recent batches, newest first.
    func batchList(_ context: RequestContext) -> HTTPResponse {
        do {
            let batches = try store.recent()
            let counts = try store.countsOfRecent()
            let counted = batches.map { ($0, counts[$0.id] ?? BatchCounts()) }
            let zone = context.settings.timeZone
            let now = scheduler.clock.now()
            var values = BatchPage.listContext(counted, context.language, zone: zone, now: now)
            BatchPage.addUpcoming(try store.pendingSchedules(), to: &values, now: now, zone: zone, context.wording)
            return renderer.formsPage("batches/list", values, flash: flash, for: context)
        } catch {
            return storageFailure(error, context)
        }
    }

    /// `POST /batches/{id}/apply`: starts sending, once; 303 back.
    func apply(_ context: RequestContext) -> HTTPResponse {
        act(context) { batch, _, wording in
            if let refusal = try ownerOnly(batch, context) { return refusal }
            guard try store.startApplying(batch.id, by: context.by) else { return changed(batch, drawn: batch.state, context) }
            runner.start(batch.id)
            return redirect("/batches/\(batch.id)", flash: nil)
        }
    }

    /// `POST /batches/{id}/cancel`: discards a batch in preview (kept as discarded, nothing
    /// sent); 303 to the list the preview was made from (`back`), else the list of products.
    func cancel(_ context: RequestContext) -> HTTPResponse {
        act(context) { batch, submission, wording in
            guard try store.discard(batch.id) else { return changed(batch, drawn: batch.state, context) }
            return redirect(BackLink.localPath(submission.value("back")) ?? "/products", flash: wording.batchFlash(.discarded))
        }
    }

    /// `POST /batches/{id}/retry`: the failed rows a retry can carry out, again (each checked
    /// with the market first).
    func retry(_ context: RequestContext) -> HTTPResponse {
        act(context) { batch, _, wording in
            // A window whose end came was put back: a retried row would set its value again,
            // with nothing left to put it back.
            if batch.schedule?.endedAt != nil || batch.schedule?.revertID != nil { return changed(batch, drawn: nil, context) }
            if let refusal = try ownerOnly(batch, context) { return refusal }
            let retrying = try store.counts(batch.id).retryable
            guard try store.startRetry(batch.id, by: context.by) else { return redirect("/batches/\(batch.id)", flash: wording.batchFlash(.nothingToRetry)) }
            runner.start(batch.id)
            // Said once, so a retry that fails again is still seen to have run.
            let at = LocalTime.clockWithZone(scheduler.clock.now(), zone: context.settings.timeZone)
            return redirect("/batches/\(batch.id)", flash: wording.batchFlash(.retried(retrying, at: at)))
        }
    }

    /// `POST /batches/{id}/undo`: a new batch, in preview, with the done edits reversed. Not
    /// for a batch something put back already (its window's end, or an applied undo), and not
    /// twice: an undo still in preview is shown instead of a second one (`Batch.undo`).
    func undo(_ context: RequestContext) -> HTTPResponse {
        act(context) { batch, _, wording in
            switch batch.undo(counts: try store.counts(batch.id), undoes: try store.undoes(of: batch.id)) {
            case .undone(let by): return alreadyUndone(batch, by: by, context)
            case .waiting(let id): return redirect("/batches/\(id)", flash: nil)
            case .unavailable: return redirect("/batches/\(batch.id)", flash: wording.batchFlash(.nothingToUndo))
            case .available:
                let done = try store.rows(batch.id, status: .done).filter { $0.operation == .edit }
                let undoID = try store.create(kind: .undo, action: nil, source: String(batch.id), notes: [], rows: done.map(\.reversal), by: context.by)
                return redirect("/batches/\(undoID)", flash: nil)
            }
        }
    }

    /// `POST /batches/{id}/again`: a batch that missed its time, as a new preview of the same
    /// changes read from the products as they are now (`BatchReplan`).
    func again(_ context: RequestContext) async -> HTTPResponse {
        await actAsync(context) { batch, _, wording in
            let counts = try store.counts(batch.id)
            guard batch.state == .missed, BatchReplan.canReplan(counts) else {
                return renderer.error(.conflict, wording.scheduleNotNow(batch), retryHref: nil, back: batchesLink(wording), for: context)
            }
            guard let own = context.ownVendorID else { return renderer.unknownOwnVendor(context) }
            let status = await catalog.countForWrite()
            guard let snapshot = status.snapshot else { return renderer.catalogNotReady(status, retryHref: "/batches/\(batch.id)", context) }
            let rows = try store.rows(batch.id)
            let products = await snapshot.products(BatchReplan.productIDs(rows), readingMissingFrom: gateway, maxReads: Self.maxReads)
            let newID = try store.create(
                kind: batch.kind, action: batch.action, source: batch.source, notes: batch.notes,
                rows: BatchReplan.rows(of: batch, rows, products: products, ownVendorID: own), by: context.by)
            return redirect("/batches/\(newID)", flash: wording.batchFlash(.madeAgain(from: batch.id)))
        }
    }

    // MARK: Reference prices

    /// The checks of `rows` of `batch` against their sale's reference price.
    func references(_ batch: Batch, rows: [BatchRow]) async throws -> BatchReferences {
        try await BatchReferences.read(batch, rows: rows, prices: prices, catalog: catalog.status().snapshot, now: scheduler.clock.now())
    }

    /// `POST /batches/{id}/reference`: in a preview, each row whose price before is above its
    /// sale's reference gets the reference as its price and the discount that keeps its sale
    /// price (`row`: only that row's number; else every such row of the batch); 303 back. Only
    /// a preview changes: one scheduled, applied or discarded answers 409, as a page drawn
    /// before any change does. The references are read again here, not taken from the form.
    func useReference(_ context: RequestContext) async -> HTTPResponse {
        await actAsync(context) { batch, submission, wording in
            guard batch.state == .preview else { return changed(batch, drawn: submission.value("batch_state").flatMap(Batch.State.init(rawValue:)), context) }
            let only = submission.value("row").flatMap { Int($0) }
            let rows = try store.rows(batch.id)
            let found = try await references(batch, rows: rows)
            let rewrites = found.offers.filter { only == nil || $0.number == only }.compactMap { number, row in
                row.offer.map { BatchStore.PriceRewrite(number: number, price: $0.price, discount: $0.discount, before: row.before) }
            }
            guard !rewrites.isEmpty else { return redirect("/batches/\(batch.id)", flash: wording.referenceOfferNone) }
            guard try store.rewritePrices(batch.id, revision: batch.revision, rewrites) else { return changed(batch, drawn: batch.state, context) }
            return redirect("/batches/\(batch.id)", flash: wording.referenceOfferDone(rewrites.count))
        }
    }

    // MARK: Shared

    /// A batch POST: refused from another site; with a stale token, back to the batch page
    /// (which carries a fresh one) with nothing done. `body` gets the batch and the form.
    /// 403 for a batch that registers or deletes products, applied, retried or scheduled by someone who
    /// may not add or remove them (an editor); nil when they may. Nothing is started.
    func ownerOnly(_ batch: Batch, _ context: RequestContext) throws(DatabaseError) -> HTTPResponse? {
        guard !context.may(.addOrRemove), try store.counts(batch.id).createsOrDeletes > 0 else { return nil }
        return renderer.error(
            .forbidden, context.wording.refused(.addOrRemove, signedIn: context.account != nil), retryHref: nil,
            back: ("/batches/\(batch.id)", context.wording.batchTitle(batch)), for: context)
    }

    private func act(_ context: RequestContext, _ body: (Batch, FormSubmission, Wording) throws -> HTTPResponse) -> HTTPResponse {
        switch admit(context) {
        case .answered(let response):
            return response
        case .admitted(let batch, let submission):
            do {
                return try body(batch, submission, context.wording)
            } catch {
                return storageFailure(error, context)
            }
        }
    }

    /// `act` for a step that waits (a schedule's), with the submitted form.
    func actAsync(
        _ context: RequestContext, _ body: (Batch, FormSubmission, Wording) async throws -> HTTPResponse
    ) async -> HTTPResponse {
        switch admit(context) {
        case .answered(let response):
            return response
        case .admitted(let batch, let submission):
            do {
                return try await body(batch, submission, context.wording)
            } catch {
                return storageFailure(error, context)
            }
        }
    }

    private enum Admission {
        case admitted(Batch, FormSubmission)
        /// Refused or not found: the answer.
        case answered(HTTPResponse)
    }

    /// A batch POST's first steps: the form read, the batch found, the form's token matched,
    /// and the page it came from drawn at the batch's present revision (`batch_id`,
    /// `batch_revision`): a button from a page of a discarded, applied or otherwise changed
    /// batch acts on nothing (409), and never on another batch.
    private func admit(_ context: RequestContext) -> Admission {
        let submission: FormSubmission
        do {
            submission = try renderer.readPost(context)
        } catch {
            return .answered(error.response)
        }
        guard let batch = loadBatch(context.request) else { return .answered(notFound(context)) }
        guard csrf.tokenMatches(context.request, submitted: submission.value(CSRFGuard.fieldName)) else {
            return .answered(redirect("/batches/\(batch.id)", flash: context.wording.batchFlash(.stale)))
        }
        guard submission.value("batch_id") == String(batch.id), submission.value("batch_revision") == String(batch.revision) else {
            return .answered(changed(batch, drawn: submission.value("batch_state").flatMap(Batch.State.init(rawValue:)), context))
        }
        return .admitted(batch, submission)
    }

    /// 409: the page the button was on showed the batch as it no longer is.
    func changed(_ batch: Batch, drawn: Batch.State?, _ context: RequestContext) -> HTTPResponse {
        let wording = context.wording
        return renderer.error(
            .conflict, wording.batchChanged(batch, drawn: drawn), retryHref: nil, back: batchesLink(wording),
            next: (href: "/batches/\(batch.id)", label: wording.openBatch(batch.id)), for: context)
    }

    /// 409: Undo of a batch something put back already.
    private func alreadyUndone(_ batch: Batch, by other: Int, _ context: RequestContext) -> HTTPResponse {
        let wording = context.wording
        return renderer.error(
            .conflict, wording.alreadyUndone(batch.id, by: other), retryHref: nil,
            next: (href: "/batches/\(other)", label: wording.openBatch(other)), for: context)
    }

    func batchesLink(_ wording: Wording) -> (href: String, label: String) {
        (href: "/batches", label: wording.backToBatches)
    }

    private func loadBatch(_ request: HTTPRequest) -> Batch? {
        guard let id = request.parameter("id").flatMap({ Int($0) }), id > 0 else { return nil }
        return try? store.batch(id)
    }

    func redirect(_ location: String, flash message: String?) -> HTTPResponse {
        var response = HTTPResponse.redirect(to: location, status: .seeOther)
        if let message { flash.attach(message, to: &response) }
        return response
    }

    func notFound(_ context: RequestContext) -> HTTPResponse {
        renderer.error(
            .notFound, context.wording.batchNotFound(keptDays: BatchStore.keptDays), retryHref: nil, back: batchesLink(context.wording),
            for: context)
    }

    func storageFailure(_ error: any Error, _ context: RequestContext) -> HTTPResponse {
        renderer.logger.log(.error, "batches: \(error)")
        return renderer.error(.internalServerError, context.wording.batchStorageFailed, retryHref: nil, for: context)
    }
}
