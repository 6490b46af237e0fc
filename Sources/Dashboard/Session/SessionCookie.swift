import HTTPServer

/// The session cookie, `om_session`: the id `AccountStore.start` gave at a sign-in, which only
/// the browser keeps (the store has its SHA-256). `HttpOnly; SameSite=Lax; Path=/`, and
/// `Secure` when the request came over HTTPS: a browser refuses a `Secure` cookie over plain
/// HTTP everywhere but on localhost, so it is set only where it will be kept.
enum SessionCookie {
    static let name = "om_session"

    /// The `Set-Cookie` that gives the browser the session `id`: a session cookie (no
    /// `Max-Age`), the store ends the session after its idle limit or its lifetime.
    static func set(_ id: String, secure: Bool) -> String {
        Cookies.setCookie(name, id, maxAge: nil) + (secure ? "; Secure" : "")
    }

    /// The `Set-Cookie` that removes it (sign-out).
    static func clear(secure: Bool) -> String {
        Cookies.expire(name) + (secure ? "; Secure" : "")
    }

    /// The session id the request carries, if any (checked by the store, not here).
    static func id(_ request: HTTPRequest) -> String? {
        request.cookie(name).flatMap { $0.isEmpty ? nil : $0 }
    }
}
