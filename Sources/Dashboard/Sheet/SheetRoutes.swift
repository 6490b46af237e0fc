import DashboardEngine
import Foundation
import HTTPServer
import MarketClient

/// `/products/sheet`: the own products of a list page as cells (`GET`), and the cells that
/// changed as a batch in preview (`POST`, 303 to `/batches/{id}`): nothing is sent to the
/// market before Apply, and applying never overwrites a field changed elsewhere since the sheet
/// was opened (see `SheetPlanner`, `BatchRunner`). A refused post comes back as the sheet with
/// every typed value: bad cells and rows of products gone from the market 422, rows of another
/// vendor's products 403 (those rows marked and left out of the next post), past the limits 413.
struct SheetRoutes: Sendable {
    let store: BatchStore
    let catalog: CatalogSnapshotStore
    let gateway: MarketGateway
    let renderer: PageRenderer
    let flash: FlashMessages
    let csrf = CSRFGuard()
    /// A sheet posted twice (a double click, Back and resubmit) makes one batch.
    let ledger: SubmissionLedger

    /// 400 products of four cells and their shown values, with room for long names.
    static let maxBodyBytes = 2 * 1024 * 1024

    // MARK: The sheet

    /// `GET /products/sheet`: the page of products the list's parameters name, own ones only.
    func sheetPage(_ context: RequestContext) async -> HTTPResponse {
        guard let own = context.ownVendorID else {
            let failure = await PageRenderer.marketFailure(catalog, latestRead: gateway.readFailure)
            return renderer.unknownOwnVendor(context, marketFailure: failure)
        }
        let query = context.listQuery
        let products: [ProductSummary]
        if query.usesSnapshot || query.mine {
            let status = await catalog.waitForSnapshot(upTo: catalog.settings.waitLimit)
            guard let snapshot = status.snapshot else {
                return renderer.catalogNotReady(status, retryHref: PageRenderer.retryHref(for: context.request), context)
            }
            let found = snapshot.matching(
                query.catalogQuery(
                    vendorID: query.mine ? own : nil, lowStockThreshold: context.settings.lowStockThreshold, language: context.language,
                    salesAboveReference: context.salesAboveReference))
            let start = min(found.count, (query.page - 1) * query.perPage)
            products = found[start..<min(found.count, start + query.perPage)].map { snapshot.products[Int($0)].summary }
        } else {
            do {
                products = try await gateway.page(query.listKey).value.products
            } catch {
                let failure = MarketErrorExplanation(error, .page(productID: nil), context.wording)
                return renderer.error(
                    failure.status, Wording.ErrorText(heading: failure.heading, message: failure.message),
                    retryHref: PageRenderer.retryHref(for: context.request), for: context)
            }
        }
        let page = SheetPage(
            rows: products.filter { $0.vendorID == own }.map { SheetPage.row($0, query: query) }, query: query,
            csrfToken: context.formToken.value, formToken: SecureToken.make(), language: context.language)
        return sheetResponse(page, status: .ok, context)
    }

    // MARK: A post

    /// `POST /products/sheet`: 303 to the new batch's preview; nothing is sent to the market.
    func postSheet(_ context: RequestContext) async -> HTTPResponse {
        let submission: FormSubmission
        do {
            submission = try renderer.readPost(context)
        } catch {
            return error.response
        }
        let query = ProductListQuery(items: submission.fields)
        guard let own = context.ownVendorID else { return renderer.unknownOwnVendor(context) }
        let (cells, typedCount) = Self.cells(submission.fields)
        let formToken = submission.value("form_token").flatMap { SecureToken.isWellFormed($0) ? $0 : nil } ?? SecureToken.make()
        if cells.count > SheetPlanner.maxProducts || typedCount > SheetPlanner.maxCells {
            // Past the limits, only a script's post: the sheet again, from the snapshot alone.
            let status = await catalog.countForWrite()
            let products = await status.snapshot?.products(cells.map(\.id), readingMissingFrom: gateway, maxReads: 0) ?? [:]
            return refill(
                cells, products: products, problems: [:], problem: .init(context.wording.sheetTooLarge), status: .contentTooLarge, query: query,
                formToken: formToken, context)
        }
        guard let owner = csrf.cookieToken(context.request), csrf.tokenMatches(context.request, submitted: submission.value(CSRFGuard.fieldName))
        else {
            // An old tab or cleared cookies: the sheet again, every typed value kept, with a
            // fresh token; nothing done.
            let status = await catalog.countForWrite()
            let products = await status.snapshot?.products(cells.map(\.id), readingMissingFrom: gateway, maxReads: BatchLimits.maxReads) ?? [:]
            return refill(cells, products: products, problems: [:], problem: .init(context.wording.sheetExpired), status: .forbidden, query: query, formToken: formToken, context)
        }
        let key = "sheet" + ImageStash.key(owner: owner, token: formToken)
        switch await ledger.claim(key, values: submission.fingerprint) {
        case .finished(let outcome):
            return respond(outcome)
        case .finishedWithOtherValues(let outcome):
            // Sent again with other cells (Back, a cell changed): the preview made is the first
            // post's, so this one comes back as typed, with the way to that preview.
            let status = await catalog.countForWrite()
            let products = await status.snapshot?.products(cells.map(\.id), readingMissingFrom: gateway, maxReads: BatchLimits.maxReads) ?? [:]
            var problem = ProductFormPage.Problem(context.wording.sheetAlreadySent)
            if case .redirect(let location, _) = outcome { problem.link = (location, context.wording.openPreview) }
            return refill(cells, products: products, problems: [:], problem: problem, status: .conflict, query: query, formToken: formToken, context)
        case .proceed:
            let (response, outcome) = await plan(cells, own: own, query: query, formToken: formToken, context)
            await ledger.finish(key, reply: outcome)
            return response
        }
    }

    private func plan(
        _ cells: [(id: Int, cells: SheetPlanner.Cells)], own: Int, query: ProductListQuery, formToken: String, _ context: RequestContext
    ) async -> (HTTPResponse, SubmissionLedger.Reply?) {
        let status = await catalog.countForWrite()
        guard let snapshot = status.snapshot else {
            return (renderer.catalogNotReady(status, retryHref: query.sheetPath, context), nil)
        }
        let ids = cells.map(\.id)
        let products = await snapshot.products(ids, readingMissingFrom: gateway, maxReads: BatchLimits.maxReads)
        switch SheetPlanner.plan(cells, products: products, ownVendorID: own) {
        case .refused(let notOwn, let notFound, let problems):
            var leftOut = Dictionary(uniqueKeysWithValues: notFound.map { ($0, SheetPage.LeftOut.deleted) })
            for id in notOwn { leftOut[id] = .notOwn }
            let response = refill(
                cells, products: products, problems: problems, leftOut: leftOut, problem: nil,
                status: notOwn.isEmpty ? .unprocessableContent : .forbidden, query: query, formToken: formToken, context)
            return (response, nil)
        case .invalid(let problems):
            let response = refill(
                cells, products: products, problems: problems, problem: nil, status: .unprocessableContent, query: query,
                formToken: formToken, context)
            return (response, nil)
        case .rows(let rows) where rows.isEmpty:
            // Nothing was made, so the token is released: the same sheet with changes makes a preview.
            return (respond(.redirect(location: query.sheetPath, flash: context.wording.sheetUnchanged)), nil)
        case .rows(let rows):
            do {
                let batchID = try store.create(kind: .sheet, action: nil, source: "", notes: [], rows: rows, by: context.by)
                let outcome = SubmissionLedger.Reply.redirect(location: "/batches/\(batchID)", flash: "")
                return (respond(outcome), outcome)
            } catch {
                renderer.logger.log(.error, "sheet: \(error)")
                return (renderer.error(.internalServerError, context.wording.batchStorageFailed, retryHref: nil, for: context), nil)
            }
        }
    }

    /// The posted cells by product, in the sheet's order: `{field}.{id}` and `was.{field}.{id}`
    /// for the sheet's four fields, and `was.currency.{id}`, the currency the row's amounts are
    /// of (anything else is ignored), and how many typed cells came (a cell sent twice counts
    /// twice). All of them, past the limits too (the route's body cap
    /// bounds them): a refused post comes back with what was typed.
    static func cells(_ fields: [URLEncodedForm.Field]) -> (cells: [(id: Int, cells: SheetPlanner.Cells)], typedCount: Int) {
        var order: [Int] = []
        var byID: [Int: SheetPlanner.Cells] = [:]
        var count = 0
        for item in fields {
            var name = Substring(item.name)
            let shown = name.hasPrefix("was.")
            if shown { name = name.dropFirst(4) }
            guard let dot = name.lastIndex(of: "."), let id = Int(name[name.index(after: dot)...]), id > 0,
                let field = ProductField(rawValue: String(name[..<dot])), SheetPlanner.fields.contains(field) || shown && field == .currency
            else { continue }
            if byID[id] == nil {
                order.append(id)
                byID[id] = SheetPlanner.Cells()
            }
            if shown {
                byID[id]?.shown[field] = item.value
            } else {
                byID[id]?.typed[field] = item.value
                count += 1
            }
        }
        return (order.map { ($0, byID[$0] ?? SheetPlanner.Cells()) }, count)
    }

    // MARK: Answers

    /// The sheet of a post again: a row per posted product, every typed value, what the sheet
    /// showed (the currency too: the typed amounts are of it), the problems beside their cells,
    /// the rows left out marked (and `problem` above them). A product the catalog does not have
    /// is shown as the post carried it.
    private func refill(
        _ cells: [(id: Int, cells: SheetPlanner.Cells)], products: [Int: CatalogProduct], problems: [SheetPlanner.Cell: [FieldProblem]],
        leftOut: [Int: SheetPage.LeftOut] = [:], problem: ProductFormPage.Problem?, status: HTTPStatus, query: ProductListQuery,
        formToken: String, _ context: RequestContext
    ) -> HTTPResponse {
        let rows = cells.map { id, posted -> SheetPage.Row in
            var row = products[id].map { SheetPage.row($0.summary, query: query) }
                ?? SheetPage.Row(id: id, name: "", currency: Currency(rawValue: ""), href: query.productPath(id), typed: [:], shown: [:])
            row.typed.merge(posted.typed) { _, typed in typed }
            row.shown.merge(posted.shown) { _, shown in shown }
            if let name = posted.shown[.name] { row.name = name }
            if let currency = posted.shown[.currency] { row.currency = Currency(rawValue: currency) }
            for field in SheetPlanner.fields { row.problems[field] = problems[SheetPlanner.Cell(id, field)] }
            row.leftOut = leftOut[id]
            return row
        }
        var page = SheetPage(rows: rows, query: query, csrfToken: context.formToken.value, formToken: formToken, language: context.language)
        page.problem = problem
        return sheetResponse(page, status: status, context)
    }

    private func sheetResponse(_ page: SheetPage, status: HTTPStatus, _ context: RequestContext) -> HTTPResponse {
        renderer.formsPage("products/sheet", page.context, flash: flash, status: status, for: context)
    }

    private func respond(_ outcome: SubmissionLedger.Reply) -> HTTPResponse {
        switch outcome {
        case .redirect(let location, let message):
            return redirect(location, flash: message.isEmpty ? nil : message)
        case .unknown:
            return .redirect(to: "/batches", status: .seeOther)
        }
    }

    private func redirect(_ location: String, flash message: String?) -> HTTPResponse {
        var response = HTTPResponse.redirect(to: location, status: .seeOther)
        if let message { flash.attach(message, to: &response) }
        return response
    }
}
