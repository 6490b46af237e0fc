import DashboardEngine
import Foundation
import HTTPServer
import MarketClient

/// `/products/prices/import`: the seller's past price records (`id,at,price,discount`) added to
/// the price timeline as `imported` states, before the first price the dashboard saw of each
/// product ([prices.md](../../../docs/prices.md#past-records)). The upload is read as the
/// product import reads its own (`ImportUpload`: the spooled body, 5 MB of CSV, 10,000 lines;
/// 413 and 422 with the reason), then every line is previewed with what refuses it. The
/// preview's records wait in `PastPriceStash` under a random token; **Add** posts that token,
/// the timeline checks the records again (another import or a count may have come first), and
/// the ones still good are added. Nothing is sent to the market.
struct PastPriceImportPages: Sendable {
    let catalog: CatalogSnapshotStore
    let gateway: MarketGateway
    let prices: PriceTimeline
    let renderer: PageRenderer
    /// The instant the zone's name is given for.
    let clock: any WallClock
    let stash: PastPriceStash
    /// Makes an Add posted twice add once: the second gets the first one's redirect.
    let ledger: SubmissionLedger
    let csrf = CSRFGuard()

    init(catalog: CatalogSnapshotStore, gateway: MarketGateway, prices: PriceTimeline, renderer: PageRenderer, clock: any WallClock) {
        (self.catalog, self.gateway, self.prices, self.renderer, self.clock) = (catalog, gateway, prices, renderer, clock)
        stash = PastPriceStash(clock: clock)
        ledger = SubmissionLedger(clock: clock)
    }

    static let maxRows = BatchLimits.maxRows
    static let maxBodyBytes = ImportUpload.maxRequestBytes
    /// The form field the Add button carries the preview's token in.
    static let tokenField = "import_token"

    /// `GET /products/prices/import`: the form; `?added=TOKEN`, what that Add did.
    func importForm(_ context: RequestContext) -> HTTPResponse {
        var page = self.page(context)
        if let token = context.request.queryValue("added") { page.added = stash.added(token) }
        return respond(page, status: .ok, context)
    }

    /// `POST /products/prices/import`: the preview of every line (200; 422 when a line is
    /// refused, with the others still offered), or the file's problem (403, 413, 415, 422).
    func preview(_ context: RequestContext) async -> HTTPResponse {
        let wording = context.wording
        if csrf.originProblem(context.request) != nil { return renderer.error(.forbidden, wording.otherSite, retryHref: nil, for: context) }
        let upload: ImportUpload
        do {
            upload = try ImportUpload.read(context.request)
        } catch {
            return refused(error, context)
        }
        guard csrf.tokenMatches(context.request, submitted: upload.value(CSRFGuard.fieldName)) else {
            return problem(.forbidden, .stale, context)
        }
        guard let bytes = upload.csv else { return problem(.unprocessableContent, .noFile, context) }
        let csv: ImportedPriceCSV
        do {
            csv = ImportedPriceCSV(try CSVTable.read(bytes, limits: CSVTable.Limits(rows: Self.maxRows)))
        } catch .tooManyRows(let limit) {
            return problem(.contentTooLarge, .tooManyRows(limit: limit), context)
        } catch {
            return respond(self.page(context, problem: wording.csvProblem(error)), status: .unprocessableContent, context)
        }
        guard csv.hasKnownColumn else {
            let names = csv.header.prefix(8).map { "“\(String($0.prefix(40)))”" }.joined(separator: ", ")
            return problem(.unprocessableContent, .noKnownColumn(names), context)
        }
        guard csv.missing.isEmpty else {
            let names = csv.missing.map { column in
                switch context.language {
                case .en: "“\(column.rawValue)”"
                case .ko: "“\(column.korean)”"
                }
            }.joined(separator: ", ")
            return problem(.unprocessableContent, .missingColumns(names), context)
        }
        guard !csv.lines.isEmpty else { return problem(.unprocessableContent, .noLines, context) }
        guard let own = context.ownVendorID else { return renderer.unknownOwnVendor(context) }
        let status = await catalog.countForWrite()
        guard let snapshot = status.snapshot else {
            return renderer.catalogNotReady(status, retryHref: "/products/prices/import", context)
        }
        let ids = Array(Set(csv.lines.compactMap { Int($0.id) }.filter { $0 > 0 })).sorted()
        let products = await snapshot.products(ids, readingMissingFrom: gateway, maxReads: BatchLimits.maxReads)
        let lines: [PastPriceLine]
        do {
            lines = try await PastPriceLine.read(csv, products: products, own: own, zone: context.settings.timeZone, timeline: prices)
        } catch {
            return unreadable(error, context)
        }
        var page = self.page(context)
        page.lines = lines
        let pending = lines.filter(\.willBeAdded)
        if !pending.isEmpty { page.addToken = stash.keep(PastPriceStash.Pending(lines: pending)) }
        return respond(page, status: pending.count == lines.count ? .ok : .unprocessableContent, context)
    }

    /// `POST /products/prices/import/add`: adds the records of the preview the form names, those
    /// the timeline still takes, and 303 to what it did (`?added=`). Posted again, the same 303;
    /// for a preview no longer kept, 410 and the way to upload the file again.
    func add(_ context: RequestContext) async -> HTTPResponse {
        let wording = context.wording
        let submission: FormSubmission
        do {
            submission = try renderer.readPost(context)
        } catch {
            return error.response
        }
        guard csrf.tokenMatches(context.request, submitted: submission.value(CSRFGuard.fieldName)) else {
            return problem(.forbidden, .stale, context)
        }
        let token = submission.value(Self.tokenField) ?? ""
        let key = "past-prices:" + token
        switch await ledger.claim(key) {
        case .finished(let reply), .finishedWithOtherValues(let reply):
            return respond(reply)
        case .proceed:
            guard let pending = stash.pending(token) else {
                await ledger.finish(key, reply: nil)
                return renderer.error(
                    .gone, wording.pastPricesGone, retryHref: nil, back: ("/products/prices/import", wording[.pastPricesAnotherFile]),
                    for: context)
            }
            do {
                let (good, refused) = try await addStillGood(pending.lines)
                stash.record(PastPriceStash.Added(added: good, refused: refused), for: token)
                let reply = SubmissionLedger.Reply.redirect(location: "/products/prices/import?added=\(token)", flash: "")
                await ledger.finish(key, reply: reply)
                return respond(reply)
            } catch {
                await ledger.finish(key, reply: nil)
                return unreadable(error, context)
            }
        }
    }

    /// Adds the lines the timeline still takes, and says which it took and which it refused. An
    /// Add of another preview may land between the check and the write (`addImported` then
    /// refuses them all): the check is made again, a few times at most.
    private func addStillGood(_ pending: [PastPriceLine]) async throws -> (added: [PastPriceLine], refused: [PastPriceLine]) {
        var attempt = 0
        while true {
            var lines = pending
            try await PastPriceLine.recheck(&lines, timeline: prices)
            let good = lines.filter(\.willBeAdded)
            do {
                _ = try await prices.addImported(good.compactMap(\.record))
                return (good, lines.filter { !$0.willBeAdded })
            } catch is ImportedPriceRefusal where attempt < 3 {
                attempt += 1
            }
        }
    }

    // MARK: Answers

    private func page(_ context: RequestContext, problem: String? = nil) -> PastPriceImportPage {
        PastPriceImportPage(
            language: context.language, zone: context.settings.timeZone, now: clock.now(), csrfToken: context.formToken.value,
            problem: problem)
    }

    private func respond(_ page: PastPriceImportPage, status: HTTPStatus, _ context: RequestContext) -> HTTPResponse {
        var response = renderer.page("prices/import", page.context, status: status, for: context)
        response.headers["Cache-Control"] = "no-store"
        return response
    }

    private func respond(_ reply: SubmissionLedger.Reply) -> HTTPResponse {
        switch reply {
        case .redirect(let location, _): .redirect(to: location, status: .seeOther)
        case .unknown: .redirect(to: "/products/prices/import", status: .seeOther)
        }
    }

    private func problem(_ status: HTTPStatus, _ problem: Wording.PastPriceFileProblem, _ context: RequestContext) -> HTTPResponse {
        respond(page(context, problem: context.wording.pastPriceFileProblem(problem)), status: status, context)
    }

    /// An upload that cannot be read: 415, 413 (with the limit in words) or 400.
    private func refused(_ problem: ImportUpload.Problem, _ context: RequestContext) -> HTTPResponse {
        let wording = context.wording
        switch problem {
        case .notMultipart:
            return self.problem(.unsupportedMediaType, .notMultipart, context)
        case .csvTooLarge:
            return self.problem(.contentTooLarge, .csvTooLarge(limit: wording.bytes(ImportUpload.maxCSVBytes)), context)
        case .unreadable(let error) where error.status == .contentTooLarge:
            return self.problem(.contentTooLarge, .requestTooLarge(limit: wording.bytes(ImportUpload.maxRequestBytes)), context)
        case .unreadable(let error):
            return respond(page(context, problem: wording.formUnreadable(.multipart(error)).message), status: .badRequest, context)
        case .storage(let detail):
            renderer.logger.log(.error, "past prices: \(detail)")
            return renderer.error(.internalServerError, wording.pricesUnreadable, retryHref: nil, for: context)
        }
    }

    /// The timeline could not be read or written: 500, logged.
    private func unreadable(_ error: any Error, _ context: RequestContext) -> HTTPResponse {
        renderer.logger.log(.error, "past prices: the timeline could not be read or written: \(error)")
        return renderer.error(.internalServerError, context.wording.pricesUnreadable, retryHref: nil, for: context)
    }
}
