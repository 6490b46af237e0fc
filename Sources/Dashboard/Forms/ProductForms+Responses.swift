import Foundation
import HTTPServer
import MarketClient
import Templating

/// The answers the form routes share: form pages (always `no-store`), redirects with a flash,
/// the "outcome unknown" page, and how market errors are explained.
extension ProductForms {
    func formResponse(
        _ page: ProductFormPage, request: HTTPRequest? = nil, status: HTTPStatus, setCookie: String? = nil
    ) -> HTTPResponse {
        var page = page
        page.imagePath = imagePath
        return noStore(renderer.page("products/form", page.context, status: status), setCookie: setCookie)
    }

    func noStore(_ response: HTTPResponse, setCookie: String? = nil) -> HTTPResponse {
        var response = response
        response.headers["Cache-Control"] = "no-store"
        if let setCookie { response.headers.add("Set-Cookie", setCookie) }
        return response
    }

    /// The answer for a finished submission, the first time and for every repeat of its token.
    func respond(to outcome: SubmissionLedger.Outcome) -> HTTPResponse {
        switch outcome {
        case .redirect(let location, let message):
            var response = HTTPResponse.redirect(to: location, status: .seeOther)
            flash.attach(message, to: &response)
            return response
        case .unknown:
            return outcomeUnknown(
                heading: "We don't know whether the product was registered",
                message: "The Open Market did not answer in time. It may have registered the product, or not.",
                advice: "Look for it in the product list before registering it again, so it is not registered twice.",
                checkHref: "/products", checkLabel: "Check the product list")
        }
    }

    func outcomeUnknown(heading: String, message: String, advice: String, checkHref: String, checkLabel: String) -> HTTPResponse {
        let context: TemplateObject = [
            "title": .string(heading), "heading": .string(heading), "message": .string(message),
            "advice": .string(advice), "checkHref": .string(checkHref), "checkLabel": .string(checkLabel),
        ]
        return noStore(renderer.page("products/outcome-unknown", context, status: .gatewayTimeout))
    }

    /// 403 for a POST from another site.
    /// A POST this dashboard will not act on, with the page that says why.
    struct RefusedPost: Error {
        let response: HTTPResponse
    }

    /// The first steps of every form POST: refuse other sites, then read the body.
    func readPost(_ request: HTTPRequest) throws(RefusedPost) -> FormSubmission {
        if let problem = csrf.originProblem(request) { throw RefusedPost(response: forbidden(problem)) }
        do {
            return try FormSubmission(request)
        } catch {
            throw RefusedPost(response: renderer.error(
                error.status, heading: "The form could not be read", message: error.message, retryHref: nil))
        }
    }

    func forbidden(_ message: String) -> HTTPResponse {
        renderer.error(.forbidden, heading: "Not accepted from another site", message: message, retryHref: nil)
    }

    /// 403 for a same-site POST whose CSRF token is missing or stale (an old tab, cleared
    /// cookies): nothing is sent, but the typed values come back in a fresh form.
    func expiredForm(_ mode: ProductFormPage.Mode, values: ProductFormValues, request: HTTPRequest) -> HTTPResponse {
        let (token, setCookie) = csrf.token(for: request)
        let problem = ProductFormPage.Problem(
            heading: "The form had expired",
            message: "For your safety nothing was sent: the form's security token did not match this browser. "
                + "Your entries are below; check them, add any images again, and submit.")
        let page = ProductFormPage(mode: mode, values: values, problem: problem, csrfToken: token, formToken: SecureToken.make())
        return formResponse(page, status: .forbidden, setCookie: setCookie)
    }

    /// The status and words for a market error on a write (see `UpstreamFailure` for every case).
    static func explain(_ error: MarketError, action: String) -> (HTTPStatus, ProductFormPage.Problem) {
        let failure = UpstreamFailure(error, .form(action: action))
        return (failure.status, .init(heading: failure.heading, message: failure.message))
    }

    var imagePath: (URL) -> String {
        let images = self.images
        return { url in "/images/" + images.register(url) }
    }
}
