import DashboardEngine
import Foundation
import HTTPServer
import MarketClient
import Synchronization
import Templating

/// `GET /history` (`?product=ID`, `by=NAME`, `page`, `per_page`) and `POST /history/{entry}/undo`.
///
/// An undo puts back the old values of the fields an edit changed, through `MarketWriter.edit`
/// (journaled as an `undo`, which can be undone in turn). It is sent only when the product, read
/// fresh from the market, still has every one of those fields as the edit left it; otherwise a
/// newer change would be overwritten, and the page names the field. Every refusal (an unknown
/// entry, not an edit, not done, undone already, another vendor's product, a stale form) is a
/// 4xx page that says why, and nothing is written.
struct HistoryPages: Sendable {
    let journal: HistoryJournal
    /// Reads the product fresh before an undo.
    let api: any MarketAPI
    let writer: MarketWriter
    let ownVendor: OwnVendor
    let renderer: PageRenderer
    let flash: FlashMessages
    /// Where the product of an edit may be once the market no longer has it.
    var recycleBin: RecycleBin?
    /// The batches entries were written by: whether the whole-batch Undo can work.
    var batches: BatchStore?
    let csrf = CSRFGuard()
    /// Entries being undone right now: a second context meanwhile is refused (the page's
    /// script already sends a double click once).
    let undoing = EntryClaims()

    /// `GET /history`: `history/list`.
    func historyPage(_ context: RequestContext) async -> HTTPResponse {
        let language = context.language
        let wording = Wording(language)
        let query = HistoryQuery(context.request)
        let page: HistoryJournal.Page
        let undone: [Int: Int]
        var names: [AccountName] = []
        do {
            page = try await journal.page(product: query.product, by: query.by, offset: query.offset, limit: query.perPage)
            undone = try await journal.undone(among: page.entries.map(\.id))
            if context.accountsOn { names = try await journal.accountNames() }
        } catch {
            renderer.logger.log(.error, "history: the journal could not be read: \(error)")
            return renderer.error(.internalServerError, wording.historyUnreadable, retryHref: PageRenderer.retryHref(for: context.request), for: context)
        }
        var view = HistoryPage(
            query: query, page: page, undone: undone, csrfToken: context.formToken.value, retentionDays: journal.retentionDays, language: language,
            zone: context.settings.timeZone)
        view.accountsOn = context.accountsOn
        view.accountNames = names
        for id in Set(page.entries.compactMap { $0.batch?.id }) {
            do {
                if let state = try batches?.undoState(id) { view.batches[id] = state }
            } catch {
                renderer.logger.log(.error, "history: batch \(id) could not be read: \(error)")
            }
        }
        if let product = query.product { view.binItem = try? await recycleBin?.item(productID: product) }
        var values = view.context
        // An owner's way to the sign-ins and account changes, which only an owner may open.
        if context.accountsOn, context.account?.role.mayManageAccounts == true { values["accountEventsHref"] = "/history/accounts" }
        return renderer.formsPage("history/list", values, flash: flash, for: context)
    }

    /// `GET /history.csv` (`?product=ID`, `by=NAME`): every entry the filters keep, newest
    /// first, as `HistoryCSV` writes them. The entries are read from the journal a share at a
    /// time before the answer starts (the body's pieces are made on the event loop, which must
    /// not wait for the database), then written a piece at a time as the client reads.
    func csvExport(_ context: RequestContext) async -> HTTPResponse {
        let query = HistoryQuery(context.request)
        var entries: [JournalEntry] = []
        do {
            while true {
                let share = try await journal.entries(product: query.product, by: query.by, before: entries.last?.id, limit: 1_000)
                entries += share
                if share.count < 1_000 { break }
            }
        } catch {
            renderer.logger.log(.error, "history: the journal could not be read: \(error)")
            return renderer.error(
                .internalServerError, context.wording.historyUnreadable, retryHref: PageRenderer.retryHref(for: context.request), for: context)
        }
        return HTTPResponse(
            status: .ok,
            headers: [
                "Content-Type": "text/csv; charset=utf-8",
                "Content-Disposition": "attachment; filename=\"history.csv\"",
                "Cache-Control": "no-store",
            ],
            body: .stream(HistoryCSV.body(entries, zone: context.settings.timeZone)))
    }

    /// `POST /history/{entry}/undo`: 303 to the product's history with a flash, or a page that
    /// says why not.
    func undo(_ context: RequestContext) async -> HTTPResponse {
        let wording = context.wording
        let submission: FormSubmission
        do {
            submission = try renderer.readPost(context, back: historyLink(wording))
        } catch {
            return error.response
        }
        guard let id = context.request.parameter("entry").flatMap({ Int($0) }), id > 0 else {
            return refuse(.notFound, .noSuchEntry(0), context)
        }
        guard csrf.tokenMatches(context.request, submitted: submission.value(CSRFGuard.fieldName)) else {
            return refuse(.forbidden, .formExpired, context)
        }
        guard undoing.claim(id) else { return refuse(.conflict, .inProgress(entry: id), context) }
        defer { undoing.release(id) }
        return await undo(entry: id, context)
    }

    private func undo(entry id: Int, _ context: RequestContext) async -> HTTPResponse {
        let wording = context.wording
        let entry: JournalEntry
        let earlierUndo: JournalEntry?
        do {
            guard let found = try await journal.entry(id) else { return refuse(.notFound, .noSuchEntry(id), context) }
            entry = found
            earlierUndo = try await journal.undo(of: id)
        } catch {
            renderer.logger.log(.error, "history: the journal could not be read: \(error)")
            return renderer.error(.internalServerError, wording.historyUnreadable, retryHref: nil, back: historyLink(wording), for: context)
        }
        guard entry.kind == .edit || entry.kind == .undo else {
            return refuse(.conflict, .notAnEdit(entry: id, kind: entry.kind), context)
        }
        guard entry.outcome == .done else { return refuse(.conflict, .notDone(entry: id, outcome: entry.outcome), context) }
        if let earlierUndo { return refuse(.conflict, .alreadyUndone(entry: id, by: earlierUndo.id), context) }
        let fields = entry.changedFields
        guard !fields.isEmpty, let productID = entry.productID, let old = entry.before, let left = entry.fieldsAfter else {
            return refuse(.conflict, .nothingToUndo(entry: id), context)
        }
        let product: ProductDetail
        do {
            product = try await api.product(id: productID)
        } catch MarketError.notFound {
            return await productGone(entry, productID, context)
        } catch {
            let failure = MarketErrorExplanation(error, .page(productID: productID), wording)
            return renderer.error(
                failure.status, Wording.ErrorText(heading: failure.heading, message: failure.message),
                retryHref: nil, back: historyLink(wording), for: context)
        }
        if ownVendor.owns(product.vendorID) == false { return refuse(.forbidden, .notYours(name: product.name), context) }
        let current = RecordedFields(product.summary)
        if let field = fields.first(where: { current.keeping([$0]) != left.keeping([$0]) }) {
            return refuse(
                .conflict,
                .changedSince(name: product.name, field: field, now: wording.fieldValue(field, of: current), left: wording.fieldValue(field, of: left)),
                context)
        }
        do {
            _ = try await writer.edit(product, old.keeping(fields).changes, cause: .undo(entry: id), by: context.by)
        } catch let refusal as WriteRefusal {
            return renderer.error(.serviceUnavailable, wording.writeNotSent(refusal.code), retryHref: nil, back: historyLink(wording), for: context)
        } catch MarketError.timeout {
            return outcomeUnknown(productID, context)
        } catch MarketError.malformedResponse {
            return outcomeUnknown(productID, context)
        } catch {
            let failure = MarketErrorExplanation(error, .form(action: .save), wording)
            return renderer.error(
                failure.status, Wording.ErrorText(heading: failure.heading, message: failure.message),
                retryHref: nil, back: historyLink(wording), for: context)
        }
        var response = HTTPResponse.redirect(to: HistoryQuery(product: productID).path, status: .seeOther)
        flash.attach(wording.undone(product.name), to: &response)
        return response
    }

    private func refuse(
        _ status: HTTPStatus, _ refusal: Wording.UndoRefusal, _ context: RequestContext, next: (href: String, label: String)? = nil
    ) -> HTTPResponse {
        let wording = context.wording
        return renderer.error(status, wording.undoRefused(refusal), retryHref: nil, back: historyLink(wording), next: next, for: context)
    }

    /// The edit's product is gone from the market: named, with the way to the recycle bin when
    /// it holds the product (a restore gives it a new number, so the undo cannot follow).
    private func productGone(_ entry: JournalEntry, _ productID: Int, _ context: RequestContext) async -> HTTPResponse {
        let wording = context.wording
        let item = try? await recycleBin?.item(productID: productID)
        let inBin = item.map { $0.restoredID == nil } ?? false
        let name = entry.productName.isEmpty ? (item?.name ?? wording.productNumber(productID)) : entry.productName
        return refuse(
            .conflict, .productGone(name: name, id: productID, inBin: inBin), context,
            next: inBin ? ("/trash", wording.openRecycleBin) : nil)
    }

    private func historyLink(_ wording: Wording) -> (href: String, label: String) {
        ("/history", wording[.backToHistory])
    }

    private func outcomeUnknown(_ productID: Int, _ context: RequestContext) -> HTTPResponse {
        renderer.outcomeUnknown(context.wording.undoOutcomeUnknown, checkHref: "/products/\(productID)", for: context)
    }
}

/// Journal entries someone is acting on right now (an undo, a restore), so a second context
/// for the same entry is refused instead of racing the first.
final class EntryClaims: Sendable {
    private let claimed = Mutex<Set<Int>>([])

    /// True when `entry` was free and is now this caller's; false when someone holds it.
    func claim(_ entry: Int) -> Bool {
        claimed.withLock { $0.insert(entry).inserted }
    }

    func release(_ entry: Int) {
        _ = claimed.withLock { $0.remove(entry) }
    }
}
