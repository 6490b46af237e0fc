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
struct CSRFGuard: Sendable {
    static let cookieName = "om_csrf"
    static let fieldName = "csrf_token"

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

    /// `http://127.0.0.1:8080` → `127.0.0.1:8080`; nil for `null` or anything without a scheme.
    static func authority(ofOrigin origin: String) -> String? {
        guard let range = origin.range(of: "://") else { return nil }
        let rest = origin[range.upperBound...]
        guard !rest.isEmpty, !rest.contains("/") else { return nil }
        return String(rest)
    }
}
