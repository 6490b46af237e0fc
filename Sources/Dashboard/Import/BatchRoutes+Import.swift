import DashboardEngine
import Foundation
import HTTPServer
import MarketClient
import Templating

/// `GET /products/import` (the form) and `POST /products/import` (303 to the batch's preview).
/// The body is spooled to disk by the server (64 MB at most) and read where it lies; a CSV over
/// 5 MB or 10,000 rows is 413, a file that is not a CSV of ours 422, with the reason, in the
/// reader's language. Nothing is sent to the market.
extension BatchRoutes {
    static let maxImportBodyBytes = ImportUpload.maxRequestBytes

    /// `GET /products/import`: `batches/import`.
    func importForm(_ context: RequestContext) -> HTTPResponse {
        importPage(context, status: .ok)
    }

    /// `POST /products/import`.
    func importPreview(_ context: RequestContext) async -> HTTPResponse {
        let language = context.language
        let wording = Wording(language)
        if csrf.originProblem(context.request) != nil { return renderer.error(.forbidden, wording.otherSite, retryHref: nil, for: context) }
        let upload: ImportUpload
        do {
            upload = try ImportUpload.read(context.request)
        } catch {
            return importRefused(error, context)
        }
        guard csrf.tokenMatches(context.request, submitted: upload.value(CSRFGuard.fieldName)) else {
            return importPage(context, status: .forbidden, problem: wording.importProblem(.stale))
        }
        guard let csv = upload.csv else {
            return importPage(context, status: .unprocessableContent, problem: wording.importProblem(.noFile))
        }
        let table: CSVTable
        do {
            table = try CSVTable.read(csv, limits: CSVTable.Limits(rows: Self.maxRows))
        } catch .tooManyRows(let limit) {
            return importPage(context, status: .contentTooLarge, problem: wording.importProblem(.tooManyRows(limit: limit)))
        } catch {
            return importPage(context, status: .unprocessableContent, problem: wording.csvProblem(error))
        }
        let columns = ImportPlanner.Columns(header: table.header)
        guard columns.hasUsableColumn else {
            let names = table.header.prefix(8).map { "“\(String($0.prefix(40)))”" }.joined(separator: ", ")
            return importPage(context, status: .unprocessableContent, problem: wording.importProblem(.noKnownColumn(names)))
        }
        guard let own = context.ownVendorID else { return renderer.unknownOwnVendor(context) }
        let status = await catalog.countForWrite()
        guard let snapshot = status.snapshot else { return renderer.catalogNotReady(status, retryHref: "/products/import", context) }
        let products = await snapshot.products(
            ImportPlanner.ids(in: table, columns: columns), readingMissingFrom: gateway, maxReads: Self.maxReads)
        let descriptions = await self.descriptions(
            ImportPlanner.idsChangingDescription(in: table, columns: columns).filter { products[$0]?.vendorID == own })
        var made: Int?
        do throws(any Error) {
            let batchID = try store.begin(kind: .import, source: String(upload.csvName.prefix(200)), by: context.by)
            made = batchID
            var uploads: [String: ImportPlanner.Upload] = [:]
            var failure: (any Error)?
            try ImportUpload.images(in: context.request, named: Set(ImportPlanner.imageNames(in: table, columns: columns))) { name, checked in
                switch checked {
                case .failure(let refusal): uploads[name] = .refused(refusal)
                case .success(let image):
                    do {
                        uploads[name] = .usable(try store.addImage(batchID, image))
                    } catch {
                        failure = error
                    }
                }
            }
            if let failure { throw failure }
            let planner = ImportPlanner(columns: columns, ownVendorID: own, products: products, descriptions: descriptions, uploads: uploads)
            try store.addRows(batchID, planner.rows(table), notes: planner.notes)
            return .redirect(to: "/batches/\(batchID)", status: .seeOther)
        } catch {
            // Nothing half made stays behind.
            if let made { _ = try? store.discard(made) }
            if let problem = error as? ImportUpload.Problem { return importRefused(problem, context) }
            return storageFailure(error, context)
        }
    }

    /// The current descriptions of these products (the snapshot keeps none), read through the
    /// cache, eight at a time.
    private func descriptions(_ ids: [Int]) async -> [Int: String] {
        let gateway = self.gateway
        var found: [Int: String] = [:]
        var next = ids.makeIterator()
        await withTaskGroup(of: (Int, String?).self) { group in
            for _ in 0..<8 {
                guard let id = next.next() else { break }
                group.addTask { (id, try? await gateway.product(id: id).value.description) }
            }
            while let (id, description) = await group.next() {
                if let description { found[id] = description }
                if let id = next.next() { group.addTask { (id, try? await gateway.product(id: id).value.description) } }
            }
        }
        return found
    }

    /// An upload that cannot be read: 415, 413 (with the limit in words) or 400.
    private func importRefused(_ problem: ImportUpload.Problem, _ context: RequestContext) -> HTTPResponse {
        let wording = context.wording
        switch problem {
        case .notMultipart:
            return importPage(context, status: .unsupportedMediaType, problem: wording.importProblem(.notMultipart))
        case .csvTooLarge:
            return importPage(
                context, status: .contentTooLarge, problem: wording.importProblem(.csvTooLarge(limit: wording.bytes(ImportUpload.maxCSVBytes))))
        case .unreadable(let error) where error.status == .contentTooLarge:
            return importPage(context, status: .contentTooLarge, problem: wording.importProblem(.requestTooLarge(limit: wording.bytes(ImportUpload.maxRequestBytes))))
        case .unreadable(let error):
            return importPage(context, status: .badRequest, problem: wording.formUnreadable(.multipart(error)).message)
        case .storage(let detail):
            renderer.logger.log(.error, "import: \(detail)")
            return renderer.error(.internalServerError, wording.batchStorageFailed, retryHref: nil, for: context)
        }
    }

    /// The import form, with what was wrong when there is something.
    func importPage(
        _ context: RequestContext, status: HTTPStatus, problem: String? = nil
    ) -> HTTPResponse {
        let language = context.language
        let wording = Wording(language)
        var values: TemplateObject = [
            "title": .string(problem == nil ? wording[.importTitle] : wording.errorTitle(wording[.importTitle])),
            "csrfToken": .string(context.formToken.value),
            "columns": .list(ProductCSV.Column.allCases.filter { !$0.isComputed }.map { column in
                ["name": .string(column.name(language.csvHeaders)), "text": .string(wording.columnMeaning(column))]
            }),
            "limits": .string(wording.importLimits),
        ]
        if let problem { values["problem"] = .string(problem) }
        var response = renderer.page("batches/import", values, status: status, for: context)
        response.headers["Cache-Control"] = "no-store"
        return response
    }
}
