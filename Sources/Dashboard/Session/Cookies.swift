import HTTPServer

/// The few cookies the dashboard sets: all `HttpOnly; SameSite=Lax; Path=/`, values made by
/// `SecureToken`, so no value ever needs quoting. Reading one is `HTTPRequest.cookie(_:)`.
enum Cookies {
    /// A `Set-Cookie` value. `maxAge` nil: a session cookie (gone when the browser closes).
    static func setCookie(_ name: String, _ value: String, maxAge: Int?) -> String {
        var text = "\(name)=\(value); Path=/; HttpOnly; SameSite=Lax"
        if let maxAge { text += "; Max-Age=\(maxAge)" }
        return text
    }

    /// A `Set-Cookie` value that removes the cookie.
    static func expire(_ name: String) -> String {
        setCookie(name, "", maxAge: 0)
    }
}
