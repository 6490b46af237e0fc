import DashboardEngine
import Foundation
import HTTPServer
import MarketClient
import Templating

/// The write routes: register (`/products/new`, `POST /products`), edit and delete, plus the
/// stashed images' thumbnails.
///
/// Writes go straight to the market (never retried automatically) and then drop the cached
/// reads they change. Every POST passes `CSRFGuard`; every form page is `no-store`.
struct ProductForms: Sendable {
    /// Reads the market directly where a form must see what it holds now.
    let api: any MarketAPI
    let gateway: MarketGateway
    /// Sends every write (and logs it).
    let writer: MarketWriter
    let renderer: PageRenderer
    let images: ImageURLRegistry
    let stash: ImageStash
    let ledger: SubmissionLedger
    let flash: FlashMessages
    let csrf = CSRFGuard()
    /// The vendor whose products may be edited and deleted (unknown: the market decides).
    let ownVendor: OwnVendor
    /// Where a registration that restores a deleted product (`restore_entry`) is recorded.
    let recycleBin: RecycleBin?
    /// Where an earlier restore of the same item, whose answer was lost, is waiting for its
    /// check (`restoreInDoubt`).
    let journal: HistoryJournal?

    /// The create route's body cap (`FormSubmission.maxCreateBodyBytes`).
    static let maxCreateBodyBytes = FormSubmission.maxCreateBodyBytes

    // MARK: Register

    /// `GET /products/new`: `products/form`, empty.
    func newProductForm(_ context: RequestContext) -> HTTPResponse {
        let page = ProductFormPage(mode: .create, values: ProductFormValues(), csrfToken: context.formToken.value, formToken: SecureToken.make())
        return formResponse(page, context: context, status: .ok)
    }

    /// `POST /products`: 303 to the new product, or `products/form` again with what was wrong.
    func createProduct(_ context: RequestContext) async -> HTTPResponse {
        let submission: FormSubmission
        do {
            submission = try renderer.readPost(context)
        } catch {
            return error.response
        }
        let values = ProductFormValues(submission)
        guard csrf.tokenMatches(context.request, submitted: submission.value(CSRFGuard.fieldName)), let owner = csrf.cookieToken(context.request) else {
            return expiredForm(.create, values: values, context: context)
        }
        let alreadySent = { (formToken: String) in
            var page = ProductFormPage(
                mode: .create, values: values, problem: .init(context.wording.formAlreadySent(.register), link: ("/products/new", context.wording[.registerProduct])),
                csrfToken: owner, formToken: formToken)
            page.restoreEntry = submission.value("restore_entry").flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
            return formResponse(page, context: context, status: .conflict)
        }
        return await once(scope: "", submission: submission, owner: owner, context, alreadySent: alreadySent) { formToken in
            await register(submission, values: values, owner: owner, formToken: formToken, context)
        }
    }

    /// Runs `work` at most once per form token (a double click, or Back and resubmit): a
    /// repeated POST waits for the first or gets its result. A repeat with other values than
    /// the first (Back, a field changed, sent again) is not what was done: it gets
    /// `alreadySent`'s page (409, the form as typed) instead of the first one's success,
    /// unless the first one's outcome is unknown. `scope` keeps create and edit apart.
    func once(
        scope: String, submission: FormSubmission, owner: String, _ context: RequestContext,
        alreadySent: (_ formToken: String) -> HTTPResponse,
        _ work: (_ formToken: String) async -> (HTTPResponse, SubmissionLedger.Reply?)
    ) async -> HTTPResponse {
        let formToken = submission.value("form_token").flatMap { SecureToken.isWellFormed($0) ? $0 : nil } ?? SecureToken.make()
        let key = scope + ImageStash.key(owner: owner, token: formToken)
        switch await ledger.claim(key, values: submission.fingerprint) {
        case .finished(let outcome):
            return respond(to: outcome, context)
        case .finishedWithOtherValues(let outcome):
            return outcome == .unknown ? respond(to: outcome, context) : alreadySent(formToken)
        case .proceed:
            let (response, outcome) = await work(formToken)
            await ledger.finish(key, reply: outcome)
            return response
        }
    }

    /// The claimed part of a registration: stash the new images, validate, send once.
    func register(
        _ submission: FormSubmission, values: ProductFormValues, owner: String, formToken: String, _ context: RequestContext
    ) async -> (HTTPResponse, SubmissionLedger.Reply?) {
        let wording = context.wording
        var errors = FieldErrors()
        let removals = Set(submission.values("remove_image").compactMap { Int($0) })
        stash.remove(owner: owner, token: formToken, numbers: removals)
        for problem in stashUploads(submission.files.filter { $0.field == "images" }, owner: owner, token: formToken) {
            errors.add(.images, problem)
        }
        let stashed = stash.images(owner: owner, token: formToken)
        let (valid, fieldErrors) = ProductFieldRules.validate(values)
        for (field, problems) in fieldErrors.ordered { problems.forEach { errors.add(field, $0) } }
        if stashed.isEmpty, errors[.images] == nil { errors.add(.images, .imagesMissing) }

        // A registration from the recycle bin's prefilled form restores that item (once).
        let restoreEntry = submission.value("restore_entry").flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
        let restoring: TrashItem? = if let restoreEntry { try? await recycleBin?.item(restoreEntry) } else { nil }
        var page = ProductFormPage(mode: .create, values: values, errors: errors, csrfToken: owner, formToken: formToken, stashedImages: stashed)
        page.restoreEntry = restoreEntry
        page.restoreName = restoring?.name
        guard errors.isEmpty, let valid else {
            return (formResponse(page, context: context, status: .unprocessableContent), nil)
        }
        if let item = restoring, let restored = item.restoredID {
            let outcome = SubmissionLedger.Reply.redirect(location: "/products/\(restored)", flash: wording.alreadyRestored(item.name, as: restored))
            return (respond(to: outcome, context), outcome)
        }
        if let restoreEntry, await restoreInDoubt(restoreEntry) { return (respond(to: .unknown, context), nil) }
        var uploads: [ImageUpload] = []
        for image in stashed {
            guard let found = stash.image(owner: owner, token: formToken, number: image.number) else {
                page.errors.add(.images, .imageExpired)
                page.stashedImages = stash.images(owner: owner, token: formToken)
                return (formResponse(page, context: context, status: .unprocessableContent), nil)
            }
            uploads.append(ImageUpload(filename: found.image.uploadName, contentType: found.image.format.contentType, bytes: found.bytes))
        }
        do {
            let cause: WriteCause = restoreEntry.map { .restore(entry: $0) } ?? .form
            let product = try await writer.create(valid.newProduct, images: uploads, cause: cause, by: context.by)
            if let problem = ownVendor.learn(fromCreated: product.vendorID) { renderer.logger.log(.warning, problem) }
            stash.discard(owner: owner, token: formToken)
            // A restore says, as the bin's own Restore does, that the product has a new number.
            let flash = restoring.map { wording.restored($0.name, as: product.id, was: $0.productID) } ?? wording.flash(.registered)
            let outcome = SubmissionLedger.Reply.redirect(location: "/products/\(product.id)", flash: flash)
            return (respond(to: outcome, context), outcome)
        } catch let refusal as WriteRefusal {
            let (status, problem) = Self.explain(refusal, wording)
            page.problem = problem
            return (formResponse(page, context: context, status: status), nil)
        } catch let error as MarketError {
            switch error {
            case .timeout, .malformedResponse:
                // The market may have stored it: never invite a second product.
                return (respond(to: .unknown, context), .unknown)
            default:
                let (status, problem) = Self.explain(error, action: .register, wording)
                page.problem = problem
                return (formResponse(page, context: context, status: status), nil)
            }
        } catch {
            return (respond(to: .unknown, context), .unknown)
        }
    }

    /// Whether recycle-bin item `entry` has a restore whose outcome is not known yet: its answer
    /// was lost (a restart forgets the submission ledger) and the market is checked after its
    /// deadline. Another restore now could register the product twice, so the person gets the
    /// "outcome unknown" page again instead; a journal that cannot be read says so too.
    func restoreInDoubt(_ entry: Int) async -> Bool {
        guard let journal else { return false }
        do {
            return try await journal.restoreInDoubt(of: entry) != nil
        } catch {
            renderer.logger.log(.error, "history: the restores of item \(entry) could not be read: \(error)")
            return true
        }
    }

    /// Checks each uploaded file and stashes the good ones; returns a problem per refused file.
    func stashUploads(_ files: [FormSubmission.File], owner: String, token: String) -> [FieldProblem] {
        var messages: [FieldProblem] = []
        for file in files {
            let name: String? = file.filename.isEmpty ? nil : StashedImage.keptName(file.filename)
            guard let format = ImageFormat(sniffing: file.bytes), format == .jpeg || format == .png else {
                messages.append(.imageRefused(name: name, .notJPEGOrPNG))
                continue
            }
            guard file.bytes.count <= ProductFieldRules.maxImageBytes else {
                messages.append(.imageRefused(name: name, .tooLarge(bytes: file.bytes.count)))
                continue
            }
            guard UploadedImageHeader(file.bytes) != nil else {
                messages.append(.imageRefused(name: name, .damaged(format: format == .png ? "PNG" : "JPEG")))
                continue
            }
            switch stash.add(owner: owner, token: token, filename: file.filename, format: format, bytes: file.bytes) {
            case .added, .duplicate: continue
            case .full: messages.append(.imageRefused(name: name, .tooMany))
            case .busy: messages.append(.imageRefused(name: name, .busy))
            case .unavailable: messages.append(.imageRefused(name: name, .unavailable))
            }
        }
        return messages
    }

    /// `GET /products/new/images/{token}/{number}`: a stashed image, only for the browser whose
    /// CSRF cookie stashed it.
    func stashedImage(_ context: RequestContext) -> HTTPResponse {
        guard let owner = csrf.cookieToken(context.request), let token = context.request.parameter("token"), SecureToken.isWellFormed(token),
            let number = context.request.parameter("number").flatMap({ Int($0) }),
            let found = stash.image(owner: owner, token: token, number: number)
        else {
            return renderer.error(.notFound, context.wording.imageNotFound, retryHref: nil, for: context)
        }
        return HTTPResponse(
            status: .ok,
            headers: ["Content-Type": found.image.format.contentType, "Cache-Control": "private, no-store"],
            bytes: found.bytes)
    }
}
