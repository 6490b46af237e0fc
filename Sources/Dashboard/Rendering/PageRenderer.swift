import HTTPServer
import Templating

/// Renders page templates into HTML responses. A template that fails to render (a bug, or a
/// broken edit in development mode) is logged and answered with a plain error page.
struct PageRenderer: Sendable {
    let templates: TemplateRenderer
    let logger: ServerLogger

    init(templates: TemplateRenderer, logger: ServerLogger) {
        self.templates = templates
        self.logger = logger
    }

    /// Loads the templates of `directory` once (no development-mode reloading).
    init(templatesDirectory: String, logger: ServerLogger) throws {
        self.init(templates: try TemplateRenderer(directory: templatesDirectory), logger: logger)
    }

    /// Renders `name` in the reader's language: the values gain `t` (the fixed texts in that
    /// language, `RequestContext.texts`), `lang`, the footer's `footerNav` and `languageLinks`, and `may` (what
    /// the reader's role may do: `write`, `addOrRemove`, `manageAccounts`); the response says its language and
    /// that it varies with the reader's, and gives the browser the form token the page used
    /// when it had none (`RequestContext.formToken`); for a signed-in reader, the header names
    /// the account and carries the sign-out button (`signedIn`). `isPrivate` is `localizedPage`'s.
    func page(
        _ name: String, _ values: TemplateObject, status: HTTPStatus = .ok, isPrivate: Bool = false, for context: RequestContext
    ) -> HTTPResponse {
        var values = values
        Self.addLanguage(context.language, texts: context.texts, path: Self.languagePath(values, context.request), to: &values)
        // The header's "My account" link and sign-out button, for whoever is signed in.
        if let account = context.account {
            values["signedIn"] = ["name": .string(account.name), "csrfToken": .string(context.formToken.value)]
        }
        // The buttons the reader's role may use (all of them with accounts off).
        values["may"] = [
            "write": .bool(context.may(.write)), "addOrRemove": .bool(context.may(.addOrRemove)),
            "manageAccounts": .bool(context.may(.manageAccounts)),
        ]
        do {
            var response = Self.localizedPage(try templates.render(name, .object(values)), status: status, isPrivate: isPrivate, for: context)
            if let cookie = context.formTokenCookie { response.headers.add("Set-Cookie", cookie) }
            return response
        } catch {
            logger.log(.error, "rendering \(name) failed: \(error)")
            return ErrorPage.plain(.internalServerError, context.request)
        }
    }

    /// The language's texts and the switch to the others, whose links keep the page and its
    /// parameters: those of `context["languagePath"]` when the page names its canonical
    /// address (a list page, whose rendered HTML is kept for every address of the same list).
    static func addLanguage(_ language: Language, texts: TemplateTexts, path: String, to context: inout TemplateObject) {
        context["t"] = texts[language]
        context["lang"] = .string(language.rawValue)
        if let footerNav = texts.footerNav(language) { context["footerNav"] = footerNav }
        let separator = path.contains("?") ? "&" : "?"
        context["languageLinks"] = .list(Language.allCases.map { other in
            [
                "label": .string(other.ownName), "code": .string(other.rawValue),
                "href": .string(path + separator + "lang=" + other.rawValue), "current": .bool(other == language),
            ]
        })
    }

    /// The page's own path and query without `lang` (and without `fragment`); like
    /// `retryHref`, never starting with `//`. A page answering a POST (a refusal, a form sent
    /// back) has no address of its own that a link can open: its switch leads to the page the
    /// button is on (`pageForPost`).
    static func languagePath(_ context: TemplateObject, _ request: HTTPRequest) -> String {
        if case .string(let path)? = context["languagePath"] { return path }
        if request.method != .get && request.method != .head { return pageForPost(request.path) }
        var path = Substring(request.path)
        while let first = path.first, first == "/" || first == "\\" { path = path.dropFirst() }
        let kept = request.queryItems.filter { $0.name != "lang" && $0.name != "fragment" }
        guard !kept.isEmpty else { return "/" + path }
        return "/" + path + "?" + kept.map { URLEncodedForm.encode($0.name) + "=" + URLEncodedForm.encode($0.value) }.joined(separator: "&")
    }

    /// The page a GET opens for an address that takes a POST: the form or list whose button
    /// posts there (`/products/7/edit` for itself, `/history` for an undo, `/trash` for a
    /// restore, the batch for its buttons), the product list for anything else.
    static func pageForPost(_ path: String) -> String {
        let segments = path.split(separator: "/", omittingEmptySubsequences: true)
        let isNumber = { (segment: Substring) in !segment.isEmpty && segment.utf8.allSatisfy { (0x30...0x39).contains($0) } }
        switch segments.count {
        case 1 where segments[0] == "products": return "/products/new"
        case 1 where segments[0] == "history" || segments[0] == "trash" || segments[0] == "batches": return "/" + segments[0]
        case 2 where segments[0] == "products" && (segments[1] == "import" || segments[1] == "sheet"): return "/products/" + segments[1]
        case 3 where segments[0] == "products" && isNumber(segments[1]) && (segments[2] == "edit" || segments[2] == "delete"):
            return "/products/\(segments[1])/\(segments[2])"
        case 2...3 where segments[0] == "history" || segments[0] == "trash": return "/" + segments[0]
        case 3 where segments[0] == "batches" && isNumber(segments[1]): return "/batches/\(segments[1])"
        default: return "/products"
        }
    }

    /// An HTML page in `language`: `Content-Type`, `Content-Language`, `Vary`, with
    /// `isPrivate` `Cache-Control: private, no-cache` (a page holding a form's token), and the
    /// cookie that remembers a `?lang=` choice. The fixed fields are made once per language: a
    /// kept page is answered this way many thousand times a second, and an answer then shares
    /// them (a retain) instead of building an array of fields.
    static func localizedPage(
        _ html: [UInt8], status: HTTPStatus = .ok, isPrivate: Bool = false, for context: RequestContext
    ) -> HTTPResponse {
        var response = HTTPResponse(status: status, headers: pageHeaders(context.language, isPrivate: isPrivate), bytes: html)
        if let cookie = Language.cookie(for: context.request) { response.headers.add("Set-Cookie", cookie) }
        return response
    }

    /// For a page that holds a form's token: no shared cache keeps it, and a browser asks again.
    static let privateCaching = "private, no-cache"

    private static func pageHeaders(_ language: Language, isPrivate: Bool) -> HTTPHeaders {
        switch (language, isPrivate) {
        case (.en, false): englishPageHeaders
        case (.ko, false): koreanPageHeaders
        case (.en, true): englishPrivatePageHeaders
        case (.ko, true): koreanPrivatePageHeaders
        }
    }

    private static let englishPageHeaders = makePageHeaders(.en, isPrivate: false)
    private static let koreanPageHeaders = makePageHeaders(.ko, isPrivate: false)
    private static let englishPrivatePageHeaders = makePageHeaders(.en, isPrivate: true)
    private static let koreanPrivatePageHeaders = makePageHeaders(.ko, isPrivate: true)

    private static func makePageHeaders(_ language: Language, isPrivate: Bool) -> HTTPHeaders {
        var headers = HTTPResponse.htmlHeaders
        headers["Content-Language"] = language.rawValue
        headers["Vary"] = "Accept-Language, Cookie"
        if isPrivate { headers["Cache-Control"] = privateCaching }
        return headers.prepared()
    }

    /// The request's own path and query, as a link to try it again. Never starting with `//`
    /// (nor `/\`, which browsers read the same way): a request for `//products?x` must not
    /// render `href="//products?x"`, a link to a host named `products`.
    static func retryHref(for request: HTTPRequest) -> String {
        var target = Substring(request.target)
        while let first = target.first, first == "/" || first == "\\" { target = target.dropFirst() }
        return "/" + target
    }

    /// A page holding POST forms (history, recycle bin, batches): rendered with the request's
    /// flash and `no-store` (it carries the browser's CSRF token and changes with every write).
    func formsPage(
        _ name: String, _ values: TemplateObject, flash: FlashMessages, status: HTTPStatus = .ok, for context: RequestContext
    ) -> HTTPResponse {
        var response = flash.page(for: context.request, values) { page(name, $0, status: status, for: context) }
        response.headers["Cache-Control"] = "no-store"
        return response
    }

    /// The first steps of every form POST: refuse a POST from another site (403, with `back`
    /// beside the link to the products), then read the body, or say why it could not be read.
    func readPost(_ context: RequestContext, back: (href: String, label: String)? = nil) throws(ResponseError) -> FormSubmission {
        let wording = context.wording
        if CSRFGuard().originProblem(context.request) != nil {
            throw ResponseError(error(.forbidden, wording.otherSite, retryHref: nil, back: back, for: context))
        }
        do {
            return try FormSubmission(context.request)
        } catch {
            throw ResponseError(self.error(error.status, wording.formUnreadable(error), retryHref: nil, for: context))
        }
    }

    /// 504 for a write whose outcome is unknown (the market did not answer in time): what may
    /// have happened, and a link to check (`checkHref`). Never kept by a cache.
    func outcomeUnknown(_ outcome: Wording.OutcomeText, checkHref: String, for context: RequestContext) -> HTTPResponse {
        let values: TemplateObject = [
            "title": .string(outcome.heading), "heading": .string(outcome.heading), "message": .string(outcome.message),
            "advice": .string(outcome.advice), "checkHref": .string(checkHref), "checkLabel": .string(outcome.checkLabel),
        ]
        var response = page("products/outcome-unknown", values, status: .gatewayTimeout, for: context)
        response.headers["Cache-Control"] = "no-store"
        return response
    }

    /// `error` with words from `Wording`.
    func error(
        _ status: HTTPStatus, _ text: Wording.ErrorText, retryHref: String?, back: (href: String, label: String)? = nil,
        next: (href: String, label: String)? = nil, for context: RequestContext
    ) -> HTTPResponse {
        error(status, heading: text.heading, message: text.message, retryHref: retryHref, back: back, next: next, for: context)
    }

    /// A full error page in the site layout, with a retry link where trying again can help,
    /// the way on the message names (`next`, such as the recycle bin), and a link back to where
    /// the person came from (`back`) beside the one to the products.
    func error(
        _ status: HTTPStatus, heading: String, message: String, retryHref: String?, back: (href: String, label: String)? = nil,
        next: (href: String, label: String)? = nil, for context: RequestContext
    ) -> HTTPResponse {
        var values: TemplateObject = [
            "title": .string(heading),
            "heading": .string(heading),
            "message": .string(message),
        ]
        if let retryHref { values["retryHref"] = .string(retryHref) }
        if let back { values["back"] = ["href": .string(back.href), "label": .string(back.label)] }
        if let next { values["next"] = ["href": .string(next.href), "label": .string(next.label)] }
        // The product list's own error page: a link to the list would lead back here, so the
        // way on is the history, which opens without the market.
        if context.request.path == "/products" { values["onProductList"] = true }
        var response = page("error", values, status: status, for: context)
        response.headers["Cache-Control"] = "no-store"
        return response
    }
}

/// A finished error page carried through a `Result` or a `throws`: a POST this dashboard will
/// not act on, with the page that says why.
struct ResponseError: Error {
    let response: HTTPResponse
    init(_ response: HTTPResponse) { self.response = response }
}
