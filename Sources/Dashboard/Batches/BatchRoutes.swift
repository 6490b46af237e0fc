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
    let gateway: MarketGateway
    let renderer: PageRenderer
    let flash: FlashMessages
    let ownVendor: OwnVendor
    /// Shows a refused bulk form again on the list it was posted from.
    var listing: ProductBrowsing?
    let csrf = CSRFGuard()

    /// Most rows one batch takes (a bulk action's products, an import's rows).
    static let maxRows = 10_000
    /// Products a bulk action reads from the market when the snapshot does not have them.
    static let maxReads = 100

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
        let back = CatalogListing.localPath(submission.value("back")) ?? "/products"
        if let refusal = csrf.listTokenRefusal(context.request, submitted: submission.value(CSRFGuard.fieldName)) {
            return redirect(back, flash: wording.batchFlash(refusal == .unproven ? .listUnproven : .listFromBeforeRestart))
        }
        guard let own = context.ownVendorID else { return renderer.unknownOwnVendor(context) }
        var entry = BulkFormEntry(submission)
        let checked = BulkPlanner.check(kind: entry.action, value: entry.value, unit: entry.unit)
        entry.problems = checked.problems
        let status = await catalog.waitForSnapshot(upTo: catalog.settings.waitLimit)
        guard let snapshot = status.snapshot else { return renderer.catalogNotReady(status, retryHref: back, context) }
        let targets: [BulkPlanner.Target]
        if entry.matching {
            let query = ProductListQuery(items: submission.fields)
            let question = query.catalogQuery(vendorID: own, lowStockThreshold: context.settings.lowStockThreshold, language: context.language)
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
            let batchID = try store.create(kind: .bulk, action: action, source: "", notes: [], rows: rows)
            return .redirect(to: "/batches/\(batchID)", status: .seeOther)
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
        return ids.map { id in found[id].map { .product($0) } ?? .unknown(id: id) }
    }

    // MARK: A batch

    /// `GET /batches/{id}`: the preview, the progress while applying (refreshing itself), or
    /// the outcome; `status` shows the rows of one status, `page` pages through them.
    func batchPage(_ context: RequestContext) -> HTTPResponse {
        let request = context.request
        guard let batch = loadBatch(request) else { return notFound(context) }
        let status = request.queryValue("status").flatMap(BatchRow.Status.init(rawValue:))
        let pageNumber = request.queryValue("page").flatMap { Int($0) }.map { min(max($0, 1), 1_000_000) } ?? 1
        do {
            let counts = try store.counts(batch.id)
            let shown = status.map { counts[$0] } ?? counts.total
            let lastPage = max(1, (shown + BatchPage.pageSize - 1) / BatchPage.pageSize)
            let page = min(pageNumber, lastPage)
            let rows = try store.rows(batch.id, status: status, offset: (page - 1) * BatchPage.pageSize, limit: BatchPage.pageSize)
            var view = BatchPage(
                batch: batch, counts: counts, rows: rows, status: status, page: page, lastPage: lastPage,
                csrfToken: context.formToken.value, language: context.language)
            view.zone = context.settings.timeZone
            view.now = scheduler.clock.now()
            view.reloads = request.queryValue("refresh") != "off"
            return renderer.formsPage("batches/batch", view.context, flash: flash, for: context)
        } catch {
            return storageFailure(error, context)
        }
    }

    /// `GET /batches`: the recent batches, newest first.
    func batchList(_ context: RequestContext) -> HTTPResponse {
        do {
            let batches = try store.recent()
            let counts = try store.countsOfRecent()
            let counted = batches.map { ($0, counts[$0.id] ?? BatchCounts()) }
            var values = BatchPage.listContext(counted, context.language, zone: context.settings.timeZone)
            BatchPage.addUpcoming(try store.pendingSchedules(), to: &values, now: scheduler.clock.now(), zone: context.settings.timeZone, context.wording)
            return renderer.formsPage("batches/list", values, flash: flash, for: context)
        } catch {
            return storageFailure(error, context)
        }
    }

    /// `POST /batches/{id}/apply`: starts sending, once however often it is posted; 303 back.
    func apply(_ context: RequestContext) -> HTTPResponse {
        act(context) { batch, wording in
            if try store.startApplying(batch.id) { runner.start(batch.id) }
            return redirect("/batches/\(batch.id)", flash: nil)
        }
    }

    /// `POST /batches/{id}/cancel`: discards a batch in preview; 303 to the list of products.
    func cancel(_ context: RequestContext) -> HTTPResponse {
        act(context) { batch, wording in
            guard try store.discard(batch.id) else { return redirect("/batches/\(batch.id)", flash: wording.batchFlash(.alreadyApplying)) }
            return redirect("/products", flash: wording.batchFlash(.discarded))
        }
    }

    /// `POST /batches/{id}/retry`: the failed rows again (each checked with the market first).
    func retry(_ context: RequestContext) -> HTTPResponse {
        act(context) { batch, wording in
            // A window whose end came was put back: a retried row would set its value again,
            // with nothing left to put it back.
            if batch.schedule?.endedAt != nil || batch.schedule?.revertID != nil {
                return redirect("/batches/\(batch.id)", flash: wording.batchFlash(.windowEnded))
            }
            guard try store.startRetry(batch.id) else { return redirect("/batches/\(batch.id)", flash: wording.batchFlash(.nothingToRetry)) }
            runner.start(batch.id)
            return redirect("/batches/\(batch.id)", flash: nil)
        }
    }

    /// `POST /batches/{id}/undo`: a new batch, in preview, with the done edits reversed.
    func undo(_ context: RequestContext) -> HTTPResponse {
        act(context) { batch, wording in
            let done = try store.rows(batch.id, status: .done).filter { $0.operation == .edit }
            guard batch.state == .finished, !done.isEmpty else {
                return redirect("/batches/\(batch.id)", flash: wording.batchFlash(.nothingToUndo))
            }
            let rows = done.map(\.reversal)
            let undoID = try store.create(kind: .undo, action: nil, source: String(batch.id), notes: [], rows: rows)
            return redirect("/batches/\(undoID)", flash: nil)
        }
    }

    // MARK: Shared

    /// A batch POST: refused from another site; with a stale token, back to the batch page
    /// (which carries a fresh one) with nothing done.
    private func act(_ context: RequestContext, _ body: (Batch, Wording) throws -> HTTPResponse) -> HTTPResponse {
        switch admit(context) {
        case .answered(let response):
            return response
        case .admitted(let batch, _):
            do {
                return try body(batch, context.wording)
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

    /// A batch POST's first steps: the form read, the batch found, the form's token matched.
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
        return .admitted(batch, submission)
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
            .notFound, context.wording.batchNotFound(keptDays: BatchStore.keptDays), retryHref: nil,
            back: (href: "/batches", label: context.wording.backToBatches), for: context)
    }

    func storageFailure(_ error: any Error, _ context: RequestContext) -> HTTPResponse {
        renderer.logger.log(.error, "batches: \(error)")
        return renderer.error(.internalServerError, context.wording.batchStorageFailed, retryHref: nil, for: context)
    }
}
