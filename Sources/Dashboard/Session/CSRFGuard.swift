import HTTPServer

/// Defences against cross-site request forgery on every POST.
///
/// 1. Origin: a browser says where a POST comes from. `Sec-Fetch-Site` other than `same-origin`
///    or `none` (a person's own action) is refused, as is an `Origin` whose host and port differ
///    from the `Host` the request was sent to (or `Origin: null`). A request with neither header
///    (curl, scripts, very old browsers) passes this step: there is no browser to trick, and
///    the token below still has to match. A missing `Origin` with `Sec-Fetch-Site: same-origin`
///    passes too (some browsers leave `Origin` out of same-origin requests).
/// 2. Token: every form carries `csrf_token`, equal to the `om_csrf` cookie
///    (`HttpOnly; SameSite=Lax`, a session cookie), compared in constant time. Another site
///    can make a browser send the cookie but cannot read it to put it in the form.
///    The list's bulk form is the one exception: it carries `listFormToken` (see there).
struct CSRFGuard: Sendable {
    static let cookieName = "om_csrf"
    static let fieldName = "csrf_token"

    /// The bulk form's token on the product list: random per process and the same for every
    /// reader, so that a kept list page is one set of bytes for all (no copy with a reader's
    /// token in it, no `Set-Cookie`; the list is the most requested page).
    ///
    /// Another site cannot read it any more than a reader's cookie: no other origin can read
    /// this server's pages (it sends no CORS headers, and the `Host` check stops DNS rebinding).
    /// What is given up: the token is not bound to one browser, so a copy of a list page (saved
    /// HTML, a bug report) holds a token that works for any browser until the next restart.
    /// That is why it is taken only from a request that says it comes from this server's own
    /// pages (`Sec-Fetch-Site: same-origin`, or an `Origin` naming this server), which another
    /// site cannot make a browser send; a request saying neither (a script) needs the cookie's
    /// token, as for every other form. And the form only makes a preview: applying a batch
    /// takes the batch page's form, with the reader's own token. A page from before a restart
    /// carries an old token: the form is refused as stale and the list is shown again.
    static let listFormToken = SecureToken.make()

    /// The token for a form on this response, and the `Set-Cookie` to send when the browser
    /// has none yet (or a malformed one).
    func token(for request: HTTPRequest) -> (token: String, setCookie: String?) {
        if let existing = request.cookie(Self.cookieName), SecureToken.isWellFormed(existing) {
            return (existing, nil)
        }
        let token = SecureToken.make()
        return (token, Cookies.setCookie(Self.cookieName, token, maxAge: nil))
    }

    /// The cookie's token if the request has a well-formed one.
    func cookieToken(_ request: HTTPRequest) -> String? {
        request.cookie(Self.cookieName).flatMap { SecureToken.isWellFormed($0) ? $0 : nil }
    }

    /// Nil when the request may come from our own pages; otherwise why it is refused.
    func originProblem(_ request: HTTPRequest) -> String? {
        let refusal = "This form was sent from another site. For your safety it was not accepted; "
            + "open the form on this dashboard and submit it there."
        if let site = request.headers["Sec-Fetch-Site"]?.trimmingCharacters(in: .whitespaces).lowercased(),
            site != "same-origin", site != "none"
        {
            return refusal
        }
        if let origin = request.headers["Origin"]?.trimmingCharacters(in: .whitespaces) {
            guard let authority = Self.authority(ofOrigin: origin), let host = request.headers["Host"],
                authority.asciiCaseInsensitiveEquals(host.trimmingCharacters(in: .whitespaces))
            else { return refusal }
        }
        return nil
    }

    /// True when the submitted token matches the cookie.
    func tokenMatches(_ request: HTTPRequest, submitted: String?) -> Bool {
        guard let cookie = cookieToken(request), let submitted else { return false }
        return SecureToken.equal(cookie, submitted)
    }

    /// Why the bulk form's token was not taken, so the page can name the cause.
    enum ListTokenRefusal: Equatable, Sendable {
        /// Neither the list's token nor the cookie's: a list page from before a restart.
        case fromBeforeRestart
        /// The list's token, from a request that does not say it comes from this server's own
        /// pages (neither `Sec-Fetch-Site: same-origin` nor an `Origin`), and no cookie token.
        case unproven
    }

    /// The bulk form's check: nil when the submitted token is the list's (`listFormToken`) on
    /// a request from this server's own pages, or matches the cookie as every other form's
    /// does; otherwise why it is not taken.
    func listTokenRefusal(_ request: HTTPRequest, submitted: String?) -> ListTokenRefusal? {
        guard let submitted else { return .fromBeforeRestart }
        let isListToken = SecureToken.equal(Self.listFormToken, submitted)
        if isListToken, isFromOwnPage(request) { return nil }
        if tokenMatches(request, submitted: submitted) { return nil }
        return isListToken ? .unproven : .fromBeforeRestart
    }

    /// The browser says the request comes from this server's own pages: `Sec-Fetch-Site:
    /// same-origin`, or an `Origin` naming the host the request was sent to.
    func isFromOwnPage(_ request: HTTPRequest) -> Bool {
        guard originProblem(request) == nil else { return false }
        if request.headers["Sec-Fetch-Site"]?.trimmingCharacters(in: .whitespaces).lowercased() == "same-origin" { return true }
        return request.headers["Origin"] != nil
    }

    /// `http://127.0.0.1:8080` → `127.0.0.1:8080`; nil for `null` or anything without a scheme.
    static func authority(ofOrigin origin: String) -> String? {
        guard let range = origin.range(of: "://") else { return nil }
        let rest = origin[range.upperBound...]
        guard !rest.isEmpty, !rest.contains("/") else { return nil }
        return String(rest)
    }
}
