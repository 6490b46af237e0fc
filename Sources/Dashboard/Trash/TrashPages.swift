import DashboardEngine
import Foundation
import HTTPServer
import MarketClient
import Templating

/// `GET /trash`, `POST /trash/{entry}/restore` and `POST /trash/{entry}/forget`.
///
/// Removing an item for good cannot be undone, so a forget asks first: a post without the
/// `confirm` field answers the question page (`trash/forget`), whose button posts it again
/// with `confirm=1`. An item already restored goes without a question: removing it from the
/// bin touches nothing of the product it became.
///
/// A restore registers the product again with the kept fields and image bytes through
/// `MarketWriter.create` (journaled as `restore`), then answers 303 to the new product with a
/// flash saying it has a new number. It happens once: a second restore of the item, while the
/// first runs or after it, leads to the product the first made; while the first's answer is
/// lost and not yet checked (after a restart too), to the "outcome unknown" page. When the
/// pictures are no longer kept (the byte budget took them), or when the market refuses the
/// fields (each problem beside its field where its create rules explain the refusal), the
/// answer is the form titled "Restore “…”", filled in with the kept fields
/// (and the kept pictures, when there are some), which restores the item when sent.
struct TrashPages: Sendable {
    let bin: RecycleBin
    let writer: MarketWriter
    /// The register form (and its image stash) a restore falls back to.
    let forms: ProductForms
    let ownVendor: OwnVendor
    let renderer: PageRenderer
    let flash: FlashMessages
    let csrf = CSRFGuard()
    /// A restore runs once per item; repeats wait for it and get its answer.
    let restores: SubmissionLedger

    /// `GET /trash`: `trash/list`.
    func trashPage(_ context: RequestContext) async -> HTTPResponse {
        let language = context.language
        let query = HistoryQuery(context.request)
        let page: RecycleBin.Page
        do {
            page = try await bin.page(offset: query.offset, limit: query.perPage)
        } catch {
            renderer.logger.log(.error, "recycle bin: it could not be read: \(error)")
            return renderer.error(
                .internalServerError, Wording(language).trashUnreadable, retryHref: PageRenderer.retryHref(for: context.request), for: context)
        }
        let view = TrashPage(query: query, page: page, settings: bin.settings, csrfToken: context.formToken.value, language: language,
            zone: context.settings.timeZone)
        return renderer.formsPage("trash/list", view.context, flash: flash, for: context)
    }

    /// `POST /trash/{entry}/forget`: the question first (without `confirm`), then 303 to
    /// `/trash` with a flash.
    func forget(_ context: RequestContext) async -> HTTPResponse {
        let wording = context.wording
        let (entry, submission): (Int, FormSubmission)
        switch checkedPost(context) {
        case .failure(let refusal): return refusal.response
        case .success(let found): (entry, submission) = found
        }
        let notInTrash = { renderer.error(.notFound, wording.notInTrash(days: bin.settings.retentionDays), retryHref: nil, back: trashLink(wording), for: context) }
        let item: TrashItem?
        do {
            item = try await bin.item(entry)
        } catch {
            renderer.logger.log(.error, "recycle bin: it could not be read: \(error)")
            return renderer.error(.internalServerError, wording.trashUnreadable, retryHref: nil, back: trashLink(wording), for: context)
        }
        guard let item else { return notInTrash() }
        if item.restoredID == nil, submission.value(Self.confirmField) != "1" { return forgetQuestion(item, context) }
        guard let name = await bin.forget(entry) else { return notInTrash() }
        var response = HTTPResponse.redirect(to: "/trash", status: .seeOther)
        flash.attach(item.restoredID.map { wording.removedFromTrash(name, restoredAs: $0) } ?? wording.forgotten(name), to: &response)
        return response
    }

    /// The field the question's button sends: the person saw the question and confirmed it.
    static let confirmField = "confirm"

    /// `trash/forget`: "Remove “Test mug” for good?", what it means, and the button that does it.
    private func forgetQuestion(_ item: TrashItem, _ context: RequestContext) -> HTTPResponse {
        let wording = context.wording
        let question = wording.forgetQuestion(item.name)
        let values: TemplateObject = [
            "title": .string(question), "heading": .string(question), "warning": .string(wording.forgetWarning),
            "action": .string("/trash/\(item.entry)/forget"), "csrfToken": .string(context.formToken.value),
        ]
        var response = renderer.page("trash/forget", values, for: context)
        response.headers["Cache-Control"] = "no-store"
        return response
    }

    /// `POST /trash/{entry}/restore`: 303 to the product registered again, or the register
    /// form filled in, or a page that says why not.
    func restore(_ context: RequestContext) async -> HTTPResponse {
        let entry: Int
        switch checkedPost(context) {
        case .failure(let refusal): return refusal.response
        case .success(let found): entry = found.entry
        }
        let key = "restore/\(entry)"
        if case .finished(let outcome) = await restores.claim(key) { return await repeated(outcome, entry, context) }
        let (response, outcome) = await restore(entry, context)
        await restores.finish(key, reply: outcome)
        return response
    }

    private func restore(_ entry: Int, _ context: RequestContext) async -> (HTTPResponse, SubmissionLedger.Reply?) {
        let wording = context.wording
        let found: TrashItem?
        do {
            found = try await bin.item(entry)
        } catch {
            renderer.logger.log(.error, "recycle bin: it could not be read: \(error)")
            return (renderer.error(.internalServerError, wording.trashUnreadable, retryHref: nil, back: trashLink(wording), for: context), nil)
        }
        guard let item = found, let detail = item.detail else {
            let text = wording.notInTrash(days: bin.settings.retentionDays)
            return (renderer.error(.notFound, text, retryHref: nil, back: trashLink(wording), for: context), nil)
        }
        if let restored = item.restoredID {
            let outcome = SubmissionLedger.Reply.redirect(location: "/products/\(restored)", flash: wording.alreadyRestored(item.name, as: restored))
            return (forms.respond(to: outcome, context), outcome)
        }
        if await forms.restoreInDoubt(entry) { return (forms.respond(to: .unknown, context), nil) }
        guard let images = bin.images(of: item), !images.isEmpty else {
            return (prefilledForm(item, detail, images: [], problem: .init(wording.restoreWithoutPictures), status: .conflict, context), nil)
        }
        let uploads = images.map { image in
            ImageUpload(filename: RecycleBin.fileName(image), contentType: image.format.contentType, bytes: image.bytes)
        }
        do {
            let product = try await writer.create(Self.newProduct(detail), images: uploads, cause: .restore(entry: entry), by: context.by)
            if let problem = ownVendor.learn(fromCreated: product.vendorID) { renderer.logger.log(.warning, problem) }
            let outcome = SubmissionLedger.Reply.redirect(
                location: "/products/\(product.id)", flash: wording.restored(item.name, as: product.id, was: item.productID))
            return (forms.respond(to: outcome, context), outcome)
        } catch let refusal as WriteRefusal {
            let (status, problem) = ProductForms.explain(refusal, wording)
            return (renderer.error(status, heading: problem.heading, message: problem.message, retryHref: nil, back: trashLink(wording), for: context), nil)
        } catch MarketError.timeout {
            return (forms.respond(to: .unknown, context), .unknown)
        } catch MarketError.malformedResponse {
            return (forms.respond(to: .unknown, context), .unknown)
        } catch {
            // Refused: the fields (checked by the market now, perhaps by newer rules) come back
            // in the form, the kept pictures attached. Where the market's create rules explain
            // the refusal (a seed product's 3-character description), the cause is said in
            // words and each problem beside its field; otherwise the market's own words.
            let marketError = error as? MarketError ?? .unreachable
            if case .rejected(let code, _) = marketError, (400..<500).contains(code) {
                let (_, fieldErrors) = ProductFieldRules.validate(ProductFormValues(product: detail))
                if !fieldErrors.isEmpty {
                    let problem = ProductFormPage.Problem(wording.restoreRefused(fieldErrors))
                    return (prefilledForm(item, detail, images: images, problem: problem, errors: fieldErrors, status: .unprocessableContent, context), nil)
                }
            }
            let (status, problem) = ProductForms.explain(marketError, action: .register, wording)
            return (prefilledForm(item, detail, images: images, problem: problem, status: status, context), nil)
        }
    }

    /// A restore asked for again after the first one finished (a second click, an old tab):
    /// where the first led, saying it was restored already, so nobody looks for a second copy.
    private func repeated(_ outcome: SubmissionLedger.Reply, _ entry: Int, _ context: RequestContext) async -> HTTPResponse {
        if case .redirect = outcome, let item = try? await bin.item(entry), let restored = item.restoredID {
            let again = SubmissionLedger.Reply.redirect(location: "/products/\(restored)", flash: context.wording.alreadyRestored(item.name, as: restored))
            return forms.respond(to: again, context)
        }
        return forms.respond(to: outcome, context)
    }

    /// The fields a restore registers: the product's as the market last showed them.
    static func newProduct(_ detail: ProductDetail) -> NewProduct {
        NewProduct(
            name: detail.name, description: detail.description, price: detail.price, currency: detail.currency,
            discountedPrice: detail.discountedPrice, stock: detail.stock)
    }

    /// The register form filled in from `detail`, with `images` attached, restoring `item`
    /// when sent.
    private func prefilledForm(
        _ item: TrashItem, _ detail: ProductDetail, images: [KeptImage], problem: ProductFormPage.Problem, errors: FieldErrors = FieldErrors(),
        status: HTTPStatus, _ context: RequestContext
    ) -> HTTPResponse {
        let owner = context.formToken.value
        let formToken = SecureToken.make()
        for image in images {
            _ = forms.stash.add(owner: owner, token: formToken, filename: RecycleBin.fileName(image), format: image.format, bytes: image.bytes)
        }
        var page = ProductFormPage(
            mode: .create, values: ProductFormValues(product: detail), errors: errors, problem: problem, csrfToken: owner, formToken: formToken,
            stashedImages: forms.stash.images(owner: owner, token: formToken))
        page.values.thumbnailID = ""
        page.restoreEntry = item.entry
        page.restoreName = item.name
        return forms.formResponse(page, context: context, status: status)
    }

    /// The entry and the form of a POST that passed the origin and token checks, or the page
    /// refusing it.
    private func checkedPost(_ context: RequestContext) -> Result<(entry: Int, submission: FormSubmission), ResponseError> {
        let wording = context.wording
        let submission: FormSubmission
        do {
            submission = try renderer.readPost(context)
        } catch {
            return .failure(error)
        }
        guard let entry = context.request.parameter("entry").flatMap({ Int($0) }), entry > 0 else {
            let text = wording.notInTrash(days: bin.settings.retentionDays)
            return .failure(ResponseError(renderer.error(.notFound, text, retryHref: nil, back: trashLink(wording), for: context)))
        }
        guard csrf.tokenMatches(context.request, submitted: submission.value(CSRFGuard.fieldName)) else {
            return .failure(ResponseError(renderer.error(.forbidden, wording.trashFormExpired, retryHref: nil, back: trashLink(wording), for: context)))
        }
        return .success((entry, submission))
    }

    private func trashLink(_ wording: Wording) -> (href: String, label: String) {
        ("/trash", wording[.navTrash])
    }
}
