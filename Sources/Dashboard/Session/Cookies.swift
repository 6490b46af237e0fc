import HTTPServer

/// The few cookies the dashboard sets: all `HttpOnly; SameSite=Lax; Path=/`, values made by
/// `SecureToken`, so no value ever needs quoting.
enum Cookies {
    /// The value of cookie `name` in the request's `Cookie` header(s), or nil.
    static func value(_ name: String, in request: HTTPRequest) -> String? {
        for header in request.headers.values(for: "Cookie") {
            for pair in header.utf8.split(separator: UInt8(ascii: ";")) {
                guard let eq = pair.firstIndex(of: UInt8(ascii: "=")) else { continue }
                let key = String(decoding: pair[..<eq], as: UTF8.self).trimmingCharacters(in: .whitespaces)
                guard key == name else { continue }
                return String(decoding: pair[pair.index(after: eq)...], as: UTF8.self).trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }

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
