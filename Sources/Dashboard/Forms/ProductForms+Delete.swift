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
    func deleteConfirmation(_ request: HTTPRequest) async -> HTTPResponse {
        switch await ownProduct(request, fresh: false, action: .delete) {
        case .failure(let failure):
            return failure.response
        case .success(let product):
            let (token, setCookie) = csrf.token(for: request)
            return deletePage(product, csrfToken: token, status: .ok, setCookie: setCookie, request: request)
        }
    }

    /// `POST /products/{id}/delete`: 303 to the list, or the confirmation again.
    func deleteProduct(_ request: HTTPRequest) async -> HTTPResponse {
        let wording = Wording(Language(request))
        let submission: FormSubmission
        do {
            submission = try renderer.readPost(request)
        } catch {
            return error.response
        }
        guard let raw = request.parameter("id"), let id = Int(raw), id > 0 else {
            return renderer.error(.notFound, wording.productNotFound(id: nil), retryHref: nil, for: request)
        }
        guard csrf.tokenMatches(request, submitted: submission.value(CSRFGuard.fieldName)) else {
            return await staleDeleteForm(request)
        }
        // Another vendor's product is refused before anything is sent; a product that is gone
        // already was deleted (a second click, another tab): the person's wish is done.
        let product: ProductDetail
        switch await ownProduct(request, fresh: false, action: .delete) {
        case .failure(let failure) where failure.response.status == .notFound:
            writer.recordGone(productID: id)
            return respond(to: .redirect(location: "/products", flash: wording.flash(.alreadyDeleted)), request)
        case .failure(let failure):
            return failure.response
        case .success(let found):
            product = found
        }
        do {
            // Any 2xx is success; the answer may hold the product, or nothing.
            let deleted = try await writer.delete(product, cause: .form)
            return respond(to: .redirect(location: "/products", flash: wording.flash(.deleted((deleted ?? product).name))), request)
        } catch MarketError.notFound {
            // Deleted already (a second click, another tab): the person's wish is done.
            return respond(to: .redirect(location: "/products", flash: wording.flash(.alreadyDeleted)), request)
        } catch let refusal as WriteRefusal {
            // Nothing was sent: the product is still there, and the confirmation says why.
            let (status, problem) = Self.explain(refusal, wording)
            return deletePage(product, csrfToken: csrf.token(for: request).token, status: status, problem: problem, request: request)
        } catch MarketError.timeout {
            return renderer.outcomeUnknown(wording.outcomeUnknown(.delete), checkHref: "/products/\(id)", for: request)
        } catch {
            let (status, problem) = explain(error as? MarketError ?? .unreachable, action: .delete, product: product, wording)
            return deletePage(product, csrfToken: csrf.token(for: request).token, status: status, problem: problem, request: request)
        }
    }

    func staleDeleteForm(_ request: HTTPRequest) async -> HTTPResponse {
        switch await ownProduct(request, fresh: false, action: .delete) {
        case .failure(let failure):
            return failure.response
        case .success(let product):
            let (token, setCookie) = csrf.token(for: request)
            let problem = ProductFormPage.Problem(Wording(Language(request)).formExpired(delete: true))
            return deletePage(product, csrfToken: token, status: .forbidden, problem: problem, setCookie: setCookie, request: request)
        }
    }

    func deletePage(
        _ product: ProductDetail, csrfToken: String, status: HTTPStatus,
        problem: ProductFormPage.Problem? = nil, setCookie: String? = nil, request: HTTPRequest
    ) -> HTTPResponse {
        let wording = Wording(Language(request))
        var context = ProductListPage.priceContext(product.summary, wording)
        context["title"] = .string(wording.deleteTitle(product.name))
        context["heading"] = .string(wording.deleteQuestion(product.name))
        context["id"] = TemplateValue(product.id)
        context["name"] = .string(product.name)
        context["backHref"] = .string("/products/\(product.id)")
        context["imageSrc"] = .string(product.thumbnail.map(imagePath) ?? ProductListPage.placeholderPath)
        context["csrfToken"] = .string(csrfToken)
        if let problem { context["problem"] = ["heading": .string(problem.heading), "message": .string(problem.message)] }
        return noStore(renderer.page("products/delete", context, status: status, for: request), setCookie: setCookie)
    }
}
