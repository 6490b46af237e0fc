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
    /// Whether the dashboard asks who is there (`--accounts`, or an account exists).
    let accountsOn: Bool
    /// Who is signed in (the `om_session` cookie's session); nil when nobody is, or accounts
    /// are off.
    let account: SessionAccount?
    /// The name the writes this request asks for carry (the journal's and the batches' "by"):
    /// the signed-in account's; nil with accounts off, where a write is "this dashboard"'s.
    var by: AccountName? { account.map { AccountName(stored: $0.name) } }
    /// The proxies believed, for the client's address and scheme: worked out only by the few
    /// handlers that ask (signing in and out), not on every request.
    private let who: Who
    /// The price timeline, whose sales answer `sale=above-reference` (nil: none is kept).
    let prices: PriceTimeline?
    private let worked = Mutex<Worked>(Worked())

    private struct Worked {
        var listQuery: ProductListQuery?
        var formToken: FormToken?
    }

    init(
        _ request: HTTPRequest, settings: PageSettings, ownVendorID: Int?, texts: TemplateTexts = .shared,
        who: Who = Who(accounts: nil, trustedProxies: []), answer: Who.Answer? = nil, prices: PriceTimeline? = nil
    ) {
        self.request = request
        language = Language(request)
        self.settings = settings
        self.ownVendorID = ownVendorID
        self.texts = texts
        self.who = who
        self.prices = prices
        accountsOn = answer?.accountsOn ?? false
        account = answer?.account
    }

    /// The client's address: the socket's peer, or what a trusted proxy says in
    /// `X-Forwarded-For` (`--trusted-proxy`).
    var clientAddress: String { who.client(request).address }

    /// Whether the browser spoke HTTPS: only through a trusted proxy's `X-Forwarded-Proto`
    /// (the server itself speaks plain HTTP). The session cookie is `Secure` then.
    var cameOverHTTPS: Bool { who.client(request).overHTTPS }

    /// The texts of the reader's language.
    var wording: Wording { Wording(language) }

    /// The on-sale products whose struck-through price is above their reference price, as the
    /// price timeline knows them now: what `sale=above-reference` keeps.
    var salesAboveReference: Set<Int> { prices?.currentSales().aboveReference ?? [] }

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
        /// Who is asking: the accounts (when on) and the proxies believed.
        var who = Who(accounts: nil, trustedProxies: [])
        /// The fixed texts of every page (the app sets them; the shared ones otherwise).
        var texts = TemplateTexts.shared
        /// The price timeline (`RequestContext.prices`).
        var prices: PriceTimeline?

        func callAsFunction(_ request: HTTPRequest) -> RequestContext {
            RequestContext(
                request, settings: settings, ownVendorID: ownVendor.id, texts: texts, who: who, answer: who(request), prices: prices)
        }
    }

    /// Works out who sent a request: the client's address and scheme (believing
    /// `X-Forwarded-For` and `X-Forwarded-Proto` from a trusted proxy only) and, with accounts
    /// on, the account of its session cookie.
    struct Who: Sendable {
        /// The accounts, when they are on; nil: nobody is asked who they are.
        let accounts: AccountStore?
        /// Canonical addresses of the proxies believed (`--trusted-proxy`).
        let trustedProxies: [String]

        struct Answer: Sendable {
            var accountsOn: Bool
            var account: SessionAccount?
        }

        /// Whether accounts are on, and the account of the request's session cookie.
        func callAsFunction(_ request: HTTPRequest) -> Answer {
            var answer = Answer(accountsOn: accounts != nil, account: nil)
            if let accounts, let id = SessionCookie.id(request) {
                // A database that cannot be read signs nobody in: the page asks for a sign-in.
                answer.account = (try? accounts.session(for: id)) ?? nil
            }
            return answer
        }

        /// The client's address and whether it spoke HTTPS: the socket's peer and plain HTTP,
        /// unless the peer is a trusted proxy, whose forwarded headers are then believed.
        func client(_ request: HTTPRequest) -> (address: String, overHTTPS: Bool) {
            let peer = NetworkAddress.peer(request.remoteAddress)
            guard !trustedProxies.isEmpty, let proxy = NetworkAddress(peer), trustedProxies.contains(proxy.description) else {
                return (peer, false)
            }
            return (forwardedClient(request, peer: proxy.description), forwardedProto(request) == "https")
        }

        /// The client a chain of proxies names: `X-Forwarded-For` read from its end, the
        /// first address that is not a trusted proxy (each proxy appends the peer it saw, so
        /// only the entries the trusted ones added are believed). The proxy itself when the
        /// header is missing or holds no address.
        private func forwardedClient(_ request: HTTPRequest, peer: String) -> String {
            var client = peer
            let items = request.headers.values(for: "X-Forwarded-For").flatMap { $0.split(separator: ",") }
            for item in items.reversed() {
                guard let address = NetworkAddress(item.trimmingCharacters(in: .whitespaces)) else { break }
                client = address.description
                if !trustedProxies.contains(address.description) { break }
            }
            return client
        }

        /// The scheme the nearest proxy saw: the last value of `X-Forwarded-Proto`, lower-cased.
        private func forwardedProto(_ request: HTTPRequest) -> String? {
            let items = request.headers.values(for: "X-Forwarded-Proto").flatMap { $0.split(separator: ",") }
            return items.last?.trimmingCharacters(in: .whitespaces).lowercased()
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
    /// The days before a sale its reference price is the lowest of (`--reference-days`).
    var referenceDays = ReferencePrice.defaultDays
}
