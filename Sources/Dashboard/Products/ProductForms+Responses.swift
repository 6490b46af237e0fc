import DashboardEngine
import Foundation
import HTTPServer
import MarketClient
import Templating

/// The answers the form routes share: form pages (always `no-store`), redirects with a flash,
/// the "outcome unknown" page, and how market errors are explained.
extension ProductForms {
    func formResponse(
        _ page: ProductFormPage, context: RequestContext, status: HTTPStatus
    ) -> HTTPResponse {
        var page = page
        page.imagePath = imagePath
        page.language = context.language
        return noStore(renderer.page("products/form", page.context, status: status, for: context))
    }

    func noStore(_ response: HTTPResponse) -> HTTPResponse {
        var response = response
        response.headers["Cache-Control"] = "no-store"
        return response
    }

    /// The answer for a finished submission, the first time and for every repeat of its token.
    func respond(to outcome: SubmissionLedger.Reply, _ context: RequestContext) -> HTTPResponse {
        switch outcome {
        case .redirect(let location, let message):
            var response = HTTPResponse.redirect(to: location, status: .seeOther)
            flash.attach(message, to: &response)
            return response
        case .unknown:
            return renderer.outcomeUnknown(context.wording.outcomeUnknown(.register), checkHref: "/products", for: context)
        }
    }

    /// 403 for a same-site POST whose CSRF token is missing or stale (an old tab, cleared
    /// cookies): nothing is sent, but the typed values come back in a fresh form.
    func expiredForm(_ mode: ProductFormPage.Mode, values: ProductFormValues, context: RequestContext) -> HTTPResponse {
        let problem = ProductFormPage.Problem(context.wording.formExpired(mode.action))
        let page = ProductFormPage(mode: mode, values: values, problem: problem, csrfToken: context.formToken.value, formToken: SecureToken.make())
        return formResponse(page, context: context, status: .forbidden)
    }

    /// The status and words for a market error on a write (see `MarketErrorExplanation` for every
    /// case); the form's own words where the form knows better: credentials refused (what was
    /// typed is kept), a delete not answered (nothing was typed).
    static func explain(_ error: MarketError, action: Wording.WriteAction, _ wording: Wording) -> (HTTPStatus, ProductFormPage.Problem) {
        switch (error, action) {
        case (.unauthorized, _): return (.forbidden, .init(wording.credentialsRefused(action)))
        case (.unreachable, .delete), (.malformedResponse, .delete): return (.badGateway, .init(wording.deleteNotDone))
        default: break
        }
        let failure = MarketErrorExplanation(error, .form(action: action), wording)
        return (failure.status, .init(heading: failure.heading, message: failure.message))
    }

    /// The status and words for a write the dashboard refused to send (see `WriteRefusal`):
    /// 502 when the market's image server failed the recycle bin, 503 when the journal failed.
    static func explain(_ refusal: WriteRefusal, _ wording: Wording) -> (HTTPStatus, ProductFormPage.Problem) {
        let status: HTTPStatus = refusal.code == .imagesNotKept ? .badGateway : .serviceUnavailable
        return (status, .init(wording.writeNotSent(refusal.code)))
    }

    var imagePath: (URL) -> String {
        let images = self.images
        return { url in "/images/" + images.register(url) }
    }
}
