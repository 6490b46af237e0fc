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
    /// Who is signed in: nil when nobody is, or accounts are off.
    let account: SessionAccount?
    /// Whether accounts are on for this dashboard.
    let accountsOn: Bool
    /// The client's address, without its port: the socket's peer. Sign-in failures are
    /// counted by it.
    let clientAddress: String
    /// Whether the request came over HTTPS (the session cookie is then `Secure`).
    let cameOverHTTPS = false
    private let worked = Mutex<Worked>(Worked())

    private struct Worked {
        var listQuery: ProductListQuery?
        var formToken: FormToken?
    }

    init(
        _ request: HTTPRequest, settings: PageSettings, ownVendorID: Int?, texts: TemplateTexts = .shared, account: SessionAccount? = nil,
        accountsOn: Bool = false
    ) {
        self.request = request
        language = Language(request)
        self.settings = settings
        self.ownVendorID = ownVendorID
        self.texts = texts
        self.account = account
        self.accountsOn = accountsOn || account != nil
        clientAddress = Self.host(ofPeer: request.remoteAddress)
    }

    /// `127.0.0.1:53122` → `127.0.0.1`, `[::1]:53122` → `::1`: the address without the port,
    /// which changes with every connection.
    static func host(ofPeer address: String) -> String {
        if address.hasPrefix("["), let end = address.firstIndex(of: "]") {
            return String(address[address.index(after: address.startIndex)..<end])
        }
        let colons = address.count { $0 == ":" }
        guard colons == 1, let colon = address.firstIndex(of: ":") else { return address }
        return String(address[..<colon])
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
        /// The accounts, to read the session a request's cookie names (nil: no accounts).
        var accounts: AccountStore? = nil

        func callAsFunction(_ request: HTTPRequest) -> RequestContext {
            RequestContext(request, settings: settings, ownVendorID: ownVendor.id, texts: texts, account: account(request))
        }

        /// The account of the session the request's cookie names, if it is one.
        private func account(_ request: HTTPRequest) -> SessionAccount? {
            guard let accounts, let id = SessionCookie.id(request) else { return nil }
            return try? accounts.session(for: id)
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
