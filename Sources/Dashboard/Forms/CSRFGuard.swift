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
    /// It does not tell readers apart, which the dashboard has no use for: there are no
    /// accounts, and whoever can load its pages can send its forms too. And that form only
    /// makes a preview; applying a batch takes the batch page's form, with the reader's token.
    /// A page from before a restart carries an old token: the form is refused as stale.
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

    /// The bulk form's check: the submitted token is the list's (`listFormToken`), or matches
    /// the cookie as every other form's does.
    func listTokenMatches(_ request: HTTPRequest, submitted: String?) -> Bool {
        guard let submitted else { return false }
        return SecureToken.equal(Self.listFormToken, submitted) || tokenMatches(request, submitted: submitted)
    }

    /// `http://127.0.0.1:8080` → `127.0.0.1:8080`; nil for `null` or anything without a scheme.
    static func authority(ofOrigin origin: String) -> String? {
        guard let range = origin.range(of: "://") else { return nil }
        let rest = origin[range.upperBound...]
        guard !rest.isEmpty, !rest.contains("/") else { return nil }
        return String(rest)
    }
}
