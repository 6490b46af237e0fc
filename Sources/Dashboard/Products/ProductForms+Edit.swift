import DashboardEngine
import HTTPServer
import MarketClient
import Templating

/// `GET/POST /products/{id}/edit`: the same form, prefilled; images read-only with a thumbnail
/// choice; only the fields that changed are sent (PATCH).
extension ProductForms {
    /// `GET /products/{id}/edit`: `products/form`, prefilled.
    func editForm(_ context: RequestContext) async -> HTTPResponse {
        let product: ProductDetail
        switch await ownProduct(context, fresh: false, action: .save) {
        case .failure(let failure): return failure.response
        case .success(let found): product = found
        }
        let values = ProductFormValues(product: product)
        let page = ProductFormPage(
            mode: .edit(product), values: values, csrfToken: context.formToken.value, formToken: SecureToken.make(), originals: values)
        return formResponse(page, context: context, status: .ok)
    }

    /// `POST /products/{id}/edit`: 303 to the product, or the form again.
    func saveEdit(_ context: RequestContext) async -> HTTPResponse {
        let submission: FormSubmission
        do {
            submission = try renderer.readPost(context)
        } catch {
            return error.response
        }
        let values = ProductFormValues(submission)
        // Loaded fresh: the owner check, the thumbnail choices and discount ≤ price go by what
        // the market holds now; what the person changed goes by what the form showed them.
        let product: ProductDetail
        let unsaved = { (error: MarketError, status: HTTPStatus) in unsavedEdit(submission, values: values, error, status: status, context) }
        switch await ownProduct(context, fresh: true, action: .save, whenMarketFails: unsaved) {
        case .failure(let failure): return failure.response
        case .success(let found): product = found
        }
        guard csrf.tokenMatches(context.request, submitted: submission.value(CSRFGuard.fieldName)), let owner = csrf.cookieToken(context.request) else {
            return expiredForm(.edit(product), values: values, context: context)
        }
        let originals = ProductFormValues(originalsIn: submission, fallback: ProductFormValues(product: product))
        // The product id is part of the key: one form token reused on another product is a new edit.
        let alreadySent = { (formToken: String) in
            let problem = ProductFormPage.Problem(context.wording.formAlreadySent(.save), link: ("/products/\(product.id)/edit", context.wording[.edit]))
            let page = ProductFormPage(
                mode: .edit(product), values: values, problem: problem, csrfToken: owner, formToken: formToken, originals: originals)
            return formResponse(page, context: context, status: .conflict)
        }
        return await once(scope: "edit/\(product.id)/", submission: submission, owner: owner, context, alreadySent: alreadySent) { formToken in
            await save(product, values: values, originals: originals, owner: owner, formToken: formToken, context)
        }
    }

    func save(
        _ product: ProductDetail, values: ProductFormValues, originals: ProductFormValues, owner: String, formToken: String,
        _ context: RequestContext
    ) async -> (HTTPResponse, SubmissionLedger.Reply?) {
        let wording = context.wording
        let (proposed, fieldErrors) = ProductFieldRules.changes(values, from: originals, product: product)
        var errors = fieldErrors
        var thumbnailID: Int?
        if !values.thumbnailID.isEmpty {
            if let id = Int(values.thumbnailID), product.images.contains(where: { $0.id == id }) {
                thumbnailID = id
            } else {
                errors.add(.thumbnailID, .thumbnailChoice)
            }
        }
        var page = ProductFormPage(
            mode: .edit(product), values: values, errors: errors, csrfToken: owner, formToken: formToken, originals: originals)
        guard errors.isEmpty, var changes = proposed else { return (formResponse(page, context: context, status: .unprocessableContent), nil) }
        if let thumbnailID, values.thumbnailID != originals.thumbnailID,
            product.images.first(where: { $0.id == thumbnailID })?.thumbnailURL != product.thumbnail {
            changes.thumbnailID = thumbnailID
        }
        let location = "/products/\(product.id)"
        if changes.isEmpty {
            // Nothing was sent, so the token is released: the same form with changes saves them.
            return (respond(to: .redirect(location: location, flash: wording.flash(.nothingChanged)), context), nil)
        }
        do {
            _ = try await writer.edit(product, changes, cause: .form, by: context.by)
            let outcome = SubmissionLedger.Reply.redirect(location: location, flash: wording.flash(.updated))
            return (respond(to: outcome, context), outcome)
        } catch let refusal as WriteRefusal {
            let (status, problem) = Self.explain(refusal, wording)
            page.problem = problem
            return (formResponse(page, context: context, status: status), nil)
        } catch MarketError.timeout {
            // Sending the same change again is harmless, so the form stays, with a warning.
            page.problem = .init(wording.changeUnknown)
            return (formResponse(page, context: context, status: .gatewayTimeout), nil)
        } catch {
            let (status, problem) = explain(error as? MarketError ?? .unreachable, action: .save, product: product, wording)
            page.problem = problem
            return (formResponse(page, context: context, status: status), nil)
        }
    }

    /// The edit form again when the product could not be loaded to save it (the market down,
    /// slow or refusing the read): every typed value and what the form was loaded with, the
    /// product's images when a copy is still kept, and why nothing was saved. Nothing is sent.
    func unsavedEdit(
        _ submission: FormSubmission, values: ProductFormValues, _ error: MarketError, status: HTTPStatus, _ context: RequestContext
    ) -> HTTPResponse {
        let id = context.request.parameter("id").flatMap { Int($0) } ?? 0
        let originals = ProductFormValues(originalsIn: submission, fallback: values)
        let product = gateway.details.keptValue(for: id) ?? ProductDetail(id: id, shownAs: originals)
        let formToken = submission.value("form_token").flatMap { SecureToken.isWellFormed($0) ? $0 : nil } ?? SecureToken.make()
        var page = ProductFormPage(
            mode: .edit(product), values: values, csrfToken: context.formToken.value, formToken: formToken, originals: originals)
        page.problem = .init(context.wording.editNotSaved(error))
        return formResponse(page, context: context, status: status)
    }

    /// The product named by `{id}`, if this dashboard's vendor may change it; otherwise the page
    /// that explains why not (404, 403, or the market's failure, which `whenMarketFails`
    /// answers when given, with the error and its status).
    func ownProduct(
        _ context: RequestContext, fresh: Bool, action: Wording.WriteAction,
        whenMarketFails: ((MarketError, HTTPStatus) -> HTTPResponse)? = nil
    ) async -> Result<ProductDetail, ResponseError> {
        let wording = context.wording
        guard let raw = context.request.parameter("id"), let id = Int(raw), id > 0 else {
            return .failure(ResponseError(renderer.error(.notFound, wording.productNotFound(id: nil), retryHref: nil, for: context)))
        }
        let product: ProductDetail
        do {
            product = fresh ? try await api.product(id: id) : try await gateway.product(id: id).value
        } catch {
            // The status and a missing product's page as on the product's own page (the recycle
            // bin's word on it, with the step for this form); the words say that nothing was
            // changed.
            let failure = MarketErrorExplanation(error, .page(productID: id), wording)
            if failure.status == .notFound {
                return .failure(ResponseError(
                    await DeletedProductPage.response(id, recycleBin: recycleBin, action: action, renderer: renderer, context)))
            }
            if let whenMarketFails { return .failure(ResponseError(whenMarketFails(error as? MarketError ?? .unreachable, failure.status))) }
            return .failure(ResponseError(renderer.error(
                failure.status, wording.productNotLoaded(action, opening: context.request.method != .post),
                retryHref: fresh ? nil : PageRenderer.retryHref(for: context.request), for: context)))
        }
        if ownVendor.owns(product.vendorID) == false {
            return .failure(ResponseError(notYourProduct(product, action: action, context)))
        }
        return .success(product)
    }
}
