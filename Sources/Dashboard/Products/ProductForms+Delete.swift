import DashboardEngine
import HTTPServer
import MarketClient
import Templating

/// `GET/POST /products/{id}/delete`. The confirmation asks for nothing but a click: the
/// dashboard holds the vendor secret (from its configuration) and sends it for the archived
/// lookup itself; the mobile apps asked for it because they had none. A person who can reach
/// the dashboard can already register and edit as its vendor, so asking again would protect
/// nothing and put the secret in a browser form.
extension ProductForms {
    /// `GET /products/{id}/delete`: `products/delete`, one button to confirm.
    func deleteConfirmation(_ context: RequestContext) async -> HTTPResponse {
        switch await ownProduct(context, fresh: false, action: .delete) {
        case .failure(let failure):
            return failure.response
        case .success(let product):
            return deletePage(product, status: .ok, context: context)
        }
    }

    /// `POST /products/{id}/delete`: 303 to the list, or the confirmation again.
    func deleteProduct(_ context: RequestContext) async -> HTTPResponse {
        let wording = context.wording
        let submission: FormSubmission
        do {
            submission = try renderer.readPost(context)
        } catch {
            return error.response
        }
        guard let raw = context.request.parameter("id"), let id = Int(raw), id > 0 else {
            return renderer.error(.notFound, wording.productNotFound(id: nil), retryHref: nil, for: context)
        }
        guard csrf.tokenMatches(context.request, submitted: submission.value(CSRFGuard.fieldName)) else {
            return await staleDeleteForm(context)
        }
        // Another vendor's product is refused before anything is sent; a product that is gone
        // already was deleted (a second click, another tab): the person's wish is done.
        let product: ProductDetail
        switch await ownProduct(context, fresh: false, action: .delete) {
        case .failure(let failure) where failure.response.status == .notFound:
            writer.recordGone(productID: id)
            return respond(to: .redirect(location: "/products", flash: wording.flash(.alreadyDeleted)), context)
        case .failure(let failure):
            return failure.response
        case .success(let found):
            product = found
        }
        do {
            // Any 2xx is success; the answer may hold the product, or nothing.
            let deleted = try await writer.delete(product, cause: .form, by: context.by)
            return respond(to: .redirect(location: "/products", flash: wording.flash(.deleted((deleted ?? product).name, keptDays: recycleBin?.settings.retentionDays))), context)
        } catch MarketError.notFound {
            // Deleted already (a second click, another tab): the person's wish is done.
            return respond(to: .redirect(location: "/products", flash: wording.flash(.alreadyDeleted)), context)
        } catch let refusal as WriteRefusal {
            // Nothing was sent: the product is still there, and the confirmation says why.
            let (status, problem) = Self.explain(refusal, wording)
            return deletePage(product, status: status, problem: problem, context: context)
        } catch MarketError.timeout {
            return renderer.outcomeUnknown(wording.outcomeUnknown(.delete), checkHref: "/products/\(id)", for: context)
        } catch {
            let (status, problem) = explain(error as? MarketError ?? .unreachable, action: .delete, product: product, wording)
            return deletePage(product, status: status, problem: problem, context: context)
        }
    }

    func staleDeleteForm(_ context: RequestContext) async -> HTTPResponse {
        switch await ownProduct(context, fresh: false, action: .delete) {
        case .failure(let failure):
            return failure.response
        case .success(let product):
            let problem = ProductFormPage.Problem(context.wording.formExpired(.delete))
            return deletePage(product, status: .forbidden, problem: problem, context: context)
        }
    }

    func deletePage(
        _ product: ProductDetail, status: HTTPStatus, problem: ProductFormPage.Problem? = nil, context: RequestContext
    ) -> HTTPResponse {
        let wording = context.wording
        var values = ProductListPage.priceContext(product.summary, wording)
        values["title"] = .string(wording.deleteTitle(product.name))
        values["heading"] = .string(wording.deleteQuestion(product.name))
        values["id"] = TemplateValue(product.id)
        values["name"] = .string(product.name)
        values["backHref"] = .string("/products/\(product.id)")
        values["deleteWarning"] = .string(wording.deleteKeeps(days: recycleBin?.settings.retentionDays))
        values["imageSrc"] = .string(product.thumbnail.map(imagePath) ?? ProductListPage.placeholderPath)
        values["csrfToken"] = .string(context.formToken.value)
        if let problem { values["problem"] = problem.context }
        return noStore(renderer.page("products/delete", values, status: status, for: context))
    }
}
