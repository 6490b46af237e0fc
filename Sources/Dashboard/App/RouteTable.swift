import Foundation
import HTTPServer

extension DashboardApp {
    /// The route table as `routes(_:)` writes it: each route with the permission it needs
    /// (`Permission`), kept in `rules` and registered in `router`. A page's handler takes the
    /// request's `RequestContext`, made once here. With accounts on, a route that is not open
    /// first asks who is there (the gate): a GET from nobody signed in goes to the sign-in
    /// page (303, `next` the address asked for), anything else the person may not do is a 403
    /// page saying who can, and the handler is not called. With accounts off the gate lets
    /// everything through and an open route's handler is registered as it is.
    struct RouteTable {
        /// One route's method, pattern and permission, as the table gives them.
        struct Rule: Sendable, Equatable {
            let method: HTTPMethod
            let pattern: String
            let needs: Permission
        }

        private(set) var router = Router()
        private(set) var rules: [Rule] = []
        let contexts: RequestContext.Maker
        let renderer: PageRenderer

        init(contexts: RequestContext.Maker, renderer: PageRenderer) {
            self.contexts = contexts
            self.renderer = renderer
        }

        /// Whether any route asks who is there.
        var accountsOn: Bool { contexts.who.accounts != nil }

        /// A route answered by a handler of its own (a file, an image, a cached page).
        mutating func add(
            _ method: HTTPMethod, _ pattern: String, _ needs: Permission, maxBodySize: Int? = nil, _ handler: any HTTPHandler
        ) {
            rules.append(Rule(method: method, pattern: pattern, needs: needs))
            guard accountsOn, needs != .open else {
                router.add(method, pattern, maxBodySize: maxBodySize, handler)
                return
            }
            router.add(method, pattern, maxBodySize: maxBodySize) { [contexts, renderer] request in
                if let refusal = Self.refusal(needs, contexts(request), renderer) { return refusal }
                return try await handler.handle(request)
            }
        }

        /// A route whose handler takes the request's context.
        mutating func add(
            _ method: HTTPMethod, _ pattern: String, _ needs: Permission, maxBodySize: Int? = nil, spoolsBody: Bool = false,
            _ body: @escaping @Sendable (RequestContext) async -> HTTPResponse
        ) {
            rules.append(Rule(method: method, pattern: pattern, needs: needs))
            router.add(method, pattern, maxBodySize: maxBodySize, spoolsBody: spoolsBody) { [contexts, renderer] request in
                let context = contexts(request)
                if let refusal = Self.refusal(needs, context, renderer) { return refusal }
                return await body(context)
            }
        }

        mutating func get(_ pattern: String, _ needs: Permission, _ body: @escaping @Sendable (RequestContext) async -> HTTPResponse) {
            add(.get, pattern, needs, body)
        }

        mutating func post(
            _ pattern: String, _ needs: Permission, maxBodySize: Int? = nil, spoolsBody: Bool = false,
            _ body: @escaping @Sendable (RequestContext) async -> HTTPResponse
        ) {
            add(.post, pattern, needs, maxBodySize: maxBodySize, spoolsBody: spoolsBody, body)
        }

        /// The answer when the person asking may not (nil: they may). A GET or HEAD from
        /// nobody signed in goes to the sign-in page and comes back after it; the rest is 403
        /// in the reader's language, with nothing done.
        static func refusal(_ needs: Permission, _ context: RequestContext, _ renderer: PageRenderer) -> HTTPResponse? {
            guard !context.may(needs) else { return nil }
            let request = context.request
            if context.account == nil, request.method == .get || request.method == .head {
                // A link that chose its language (`?lang=ko`) gets the sign-in form in it too:
                // no cookie remembers the choice yet, and `next` keeps it for after.
                var address = signInAddress(next: request.target)
                if request.queryItems.contains(where: { $0.name == "lang" }) { address += "&lang=" + context.language.rawValue }
                var response = HTTPResponse.redirect(to: address)
                response.headers["Cache-Control"] = "no-store"
                return response
            }
            // A form sent by nobody signed in (a session that ended) offers the sign-in form.
            let changing = request.method != .get && request.method != .head
            let signIn = context.account == nil ? (href: "/sign-in", label: context.wording[AccountsText.signInHeading]) : nil
            return renderer.error(
                .forbidden, context.wording.refused(needs, signedIn: context.account != nil, changing: changing), retryHref: nil,
                next: signIn, for: context)
        }

        /// The sign-in page that leads back to `target` (a path and its query on this site).
        static func signInAddress(next target: String) -> String {
            var allowed = CharacterSet.urlQueryAllowed
            allowed.remove(charactersIn: "&+=?#")
            return "/sign-in?next=" + (target.addingPercentEncoding(withAllowedCharacters: allowed) ?? "/products")
        }
    }
}
