import Foundation
import Testing

/// One file part of a test form.
struct TestFile: Sendable {
    var field = "images"
    var filename: String
    var contentType: String
    var bytes: [UInt8]

    static func jpeg(_ name: String, size: Int = 2000, fill: UInt8 = 1) -> TestFile {
        TestFile(filename: name, contentType: "image/jpeg", bytes: ImageFixtures.jpeg(size, fill: fill))
    }

    static func png(_ name: String, size: Int = 2000, fill: UInt8 = 2) -> TestFile {
        TestFile(filename: name, contentType: "image/png", bytes: ImageFixtures.png(size, fill: fill))
    }
}

/// Builds `multipart/form-data` bodies the way a browser does (CRLF, one part per field or file).
enum BrowserFormBody {
    static let boundary = "----TestFormBoundary7MA4YWxkTrZu0gW"
    static let contentType = "multipart/form-data; boundary=\(boundary)"

    static func make(fields: [(String, String)], files: [TestFile] = []) -> [UInt8] {
        var body: [UInt8] = []
        func line(_ text: String) { body += Array(text.utf8) + [13, 10] }
        for (name, value) in fields {
            line("--\(boundary)")
            line("Content-Disposition: form-data; name=\"\(name)\"")
            line("")
            line(value)
        }
        for file in files {
            line("--\(boundary)")
            line("Content-Disposition: form-data; name=\"\(file.field)\"; filename=\"\(file.filename)\"")
            line("Content-Type: \(file.contentType)")
            line("")
            body += file.bytes + [13, 10]
        }
        line("--\(boundary)--")
        return body
    }
}

/// A browser's view of the dashboard's forms: keeps the CSRF cookie, reads the hidden tokens
/// from a form page, and posts forms back as same-origin requests.
struct FormSession: Sendable {
    let client: HTTPTestClient
    var cookie = ""
    var csrfToken = ""
    var formToken = ""
    /// The signed-in account's session (`om_session`), sent with every request when set.
    var accountSession: String?

    init(port: Int) {
        client = HTTPTestClient(port: port)
    }

    init(client: HTTPTestClient) {
        self.client = client
    }

    var port: Int { client.port }

    /// Opens a form page and takes its cookie and tokens (as a browser would).
    mutating func open(_ path: String) async throws -> TestResponse {
        let response = try await client.get(path, headers: cookies.isEmpty ? [:] : ["Cookie": cookies])
        take(response)
        return response
    }

    /// Takes the cookie and hidden tokens a form page carries (after a failed submit too).
    mutating func take(_ response: TestResponse) {
        for (name, value) in response.headers where name.lowercased() == "set-cookie" {
            if value.hasPrefix("om_csrf=") { cookie = String(value.split(separator: ";")[0]) }
        }
        if let token = Self.hidden("csrf_token", in: response.text) { csrfToken = token }
        if let token = Self.hidden("form_token", in: response.text) { formToken = token }
    }

    var origin: String { "http://127.0.0.1:\(port)" }

    var browserHeaders: [String: String] {
        ["Cookie": cookies, "Origin": origin, "Sec-Fetch-Site": "same-origin"]
    }

    /// The `Cookie` header: the form's cookie and the account's session.
    var cookies: String {
        [cookie, accountSession.map { "om_session=\($0)" } ?? ""].filter { !$0.isEmpty }.joined(separator: "; ")
    }

    /// Posts a multipart form with the session's tokens first (unless `fields` sets them).
    func post(
        _ path: String, _ fields: [(String, String)], files: [TestFile] = [], headers: [String: String]? = nil,
        tokens: Bool = true
    ) async throws -> TestResponse {
        var all: [(String, String)] = tokens ? [("csrf_token", csrfToken), ("form_token", formToken)] : []
        all += fields
        var head = headers ?? browserHeaders
        head["Content-Type"] = BrowserFormBody.contentType
        return try await client.request("POST", path, headers: head, body: BrowserFormBody.make(fields: all, files: files))
    }

    /// Posts an urlencoded form (edit and delete forms).
    func postURLEncoded(_ path: String, _ fields: [(String, String)], headers: [String: String]? = nil) async throws -> TestResponse {
        let (head, body) = urlEncoded(fields, headers: headers)
        return try await client.request("POST", path, headers: head, body: body)
    }

    /// The headers and body of an urlencoded form: the session's tokens, then `fields`.
    func urlEncoded(_ fields: [(String, String)], headers: [String: String]? = nil) -> (headers: [String: String], body: [UInt8]) {
        let all = [("csrf_token", csrfToken), ("form_token", formToken)] + fields
        let body = all.map { "\(Self.encode($0.0))=\(Self.encode($0.1))" }.joined(separator: "&")
        var head = headers ?? browserHeaders
        head["Content-Type"] = "application/x-www-form-urlencoded"
        return (head, Array(body.utf8))
    }

    /// GET with the session's cookies (for pages after a redirect), plus any extra cookie.
    func get(_ path: String, extraCookie: String? = nil) async throws -> TestResponse {
        let all = [cookies, extraCookie].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: "; ")
        return try await client.get(path, headers: all.isEmpty ? [:] : ["Cookie": all])
    }

    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
    }

    /// The `value` of `<input type="hidden" name="NAME" value="...">`.
    static func hidden(_ name: String, in html: String) -> String? {
        guard let start = html.range(of: "name=\"\(name)\" value=\"") else { return nil }
        let rest = html[start.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { return nil }
        return String(rest[..<end])
    }
}

extension TestResponse {
    /// The `name=value` part of a `Set-Cookie` for `name`.
    func setCookie(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == "set-cookie" && $0.value.hasPrefix(name + "=") }
            .map { String($0.value.split(separator: ";")[0]) }
    }
}

/// Fields of a product that passes every rule.
let validProductFields: [(String, String)] = [
    ("name", "Test Kettle"),
    ("description", "A small kettle for tests, boils water."),
    ("price", "12000"),
    ("discounted_price", "2000"),
    ("stock", "7"),
    ("currency", "KRW"),
]

func replacing(_ fields: [(String, String)], _ name: String, with value: String) -> [(String, String)] {
    fields.map { $0.0 == name ? ($0.0, value) : $0 }
}
