import DashboardEngine
import Foundation
import HTTPServer
import Synchronization

/// What a handler knows about the request it answers, worked out once per request by the
/// route table (`RequestContext.Maker`): the reader's language and its words, the own vendor
/// as known now, the settings pages need, and on first use the list state the query carries
/// and the browser's form token. Handlers take it instead of deriving each from the request.
///
/// A class, not a struct, so that the list state and the form token are worked out at most
/// once however many helpers ask: a token is random when the browser has none, and every
/// form on the page must carry the same one.
final class RequestContext: Sendable {
    let request: HTTPRequest
    let language: Language
    let settings: PageSettings
    /// The own vendor's id as known when the request came (nil: not known yet).
    let ownVendorID: Int?
    /// The fixed texts a page gets as `t`: every page's, as the app hands them.
    let texts: TemplateTexts
    private let worked = Mutex<Worked>(Worked())

    private struct Worked {
        var listQuery: ProductListQuery?
        var formToken: FormToken?
    }

    init(_ request: HTTPRequest, settings: PageSettings, ownVendorID: Int?, texts: TemplateTexts = .shared) {
        self.request = request
        language = Language(request)
        self.settings = settings
        self.ownVendorID = ownVendorID
        self.texts = texts
    }

    /// The texts of the reader's language.
    var wording: Wording { Wording(language) }

    /// The state of the product list the query carries (`view`, `page`, `q`, `sort`, …): the
    /// list's own, and what a product page's links keep.
    var listQuery: ProductListQuery {
        worked.withLock { worked in
            if let query = worked.listQuery { return query }
            let query = ProductListQuery(request)
            worked.listQuery = query
            return query
        }
    }

    /// The token this response's forms carry, and the cookie that gives it to a browser that
    /// had none (see `CSRFGuard`).
    var formToken: FormToken {
        worked.withLock { worked in
            if let token = worked.formToken { return token }
            let (value, setCookie) = CSRFGuard().token(for: request)
            let token = FormToken(value: value, setCookie: setCookie)
            worked.formToken = token
            return token
        }
    }

    /// The `Set-Cookie` that gives the browser the form token this response used, when it had
    /// none; nil when no form token was asked for or the browser has one.
    var formTokenCookie: String? {
        worked.withLock { $0.formToken?.setCookie }
    }

    /// Makes each request's context from what the whole dashboard shares.
    struct Maker: Sendable {
        let settings: PageSettings
        let ownVendor: OwnVendor
        /// The fixed texts of every page (the app sets them; the shared ones otherwise).
        var texts = TemplateTexts.shared

        func callAsFunction(_ request: HTTPRequest) -> RequestContext {
            RequestContext(request, settings: settings, ownVendorID: ownVendor.id, texts: texts)
        }
    }
}

/// A form's CSRF token for one response, and the `Set-Cookie` that hands it to the browser
/// when it had none yet.
struct FormToken: Sendable, Equatable {
    var value: String
    var setCookie: String?
}

/// The settings the pages read, from the configuration.
struct PageSettings: Sendable {
    /// A product with 1 to this many left is low on stock (`--low-stock`).
    var lowStockThreshold = DashboardConfiguration.defaultLowStock
    /// The zone every time is shown in (`--time-zone`): given, never defaulted, so that only
    /// the configuration decides it.
    var timeZone: TimeZone
}
