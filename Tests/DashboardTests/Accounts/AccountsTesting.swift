import DashboardEngine
import Foundation
import Testing

@testable import Dashboard

/// A dashboard with accounts on (`--accounts required`) whose password hashes take few
/// iterations (a debug build's PBKDF2 at 600,000 takes seconds), its times in Seoul, on
/// `clock` when given.
func withAccountsDashboard<T: Sendable>(
    clock: ManualWallClock? = nil, _ body: (DashboardHarness) async throws -> T
) async throws -> T {
    try await withDashboard(clock: clock, adjust: {
        $0.accounts = .required
        $0.passwordHashing = .testsOnly(iterations: 2)
        $0.timeZone = TimeZone(identifier: "Asia/Seoul") ?? .gmt
    }, body)
}

extension DashboardHarness {
    var accounts: AccountStore { app.engine.accounts }

    /// Adds an account through the store, as the command line would.
    @discardableResult
    func addAccount(_ name: String, role: Role, password: String = AccountBrowser.password) async throws -> Account {
        try await accounts.add(name: name, password: password, role: role)
    }
}

/// A browser on the account pages: the form token's cookie, and the session's once signed in.
/// Its requests ask for `language`.
struct AccountBrowser {
    static let password = "correct horse battery"
    var form: FormSession
    var language: String
    /// `om_session=…` once signed in.
    var session: String?

    init(_ dashboard: DashboardHarness, language: String = "en") {
        form = dashboard.session()
        self.language = language
    }

    var cookie: String { [form.cookie, session ?? ""].filter { !$0.isEmpty }.joined(separator: "; ") }

    /// The session id the cookie holds.
    var sessionID: String? { session.map { String($0.dropFirst("om_session=".count)) } }

    /// Opens a page and takes its form token, as a browser would.
    mutating func open(_ path: String) async throws -> TestResponse {
        var headers = ["Accept-Language": language]
        if !cookie.isEmpty { headers["Cookie"] = cookie }
        let response = try await form.client.get(path, headers: headers)
        form.take(response)
        return response
    }

    /// Posts an urlencoded form with the form token, from this site's own page.
    func post(_ path: String, _ fields: [(String, String)], token: Bool = true) async throws -> TestResponse {
        let all = (token ? [("csrf_token", form.csrfToken)] : []) + fields
        let body = all.map { "\(FormSession.encode($0.0))=\(FormSession.encode($0.1))" }.joined(separator: "&")
        let headers = [
            "Cookie": cookie, "Origin": form.origin, "Sec-Fetch-Site": "same-origin", "Accept-Language": language,
            "Content-Type": "application/x-www-form-urlencoded",
        ]
        return try await form.client.request("POST", path, headers: headers, body: Array(body.utf8))
    }

    /// Opens the sign-in form and signs in; keeps the session cookie it gets.
    @discardableResult
    mutating func signIn(_ name: String, password: String = AccountBrowser.password, next: String? = nil) async throws -> TestResponse {
        _ = try await open("/sign-in")
        var fields = [("name", name), ("password", password)]
        if let next { fields.append(("next", next)) }
        let response = try await post("/sign-in", fields)
        if let cookie = response.setCookie(SessionCookie.name), cookie != SessionCookie.name + "=" { session = cookie }
        return response
    }
}

extension TestResponse {
    /// The problem the form shows (`data-problem`), as read.
    var problem: String? {
        guard text.contains("data-problem>") else { return nil }
        return HTMLScan.text(HTMLScan.block(in: text, from: "data-problem>", to: "</p>").dropFirst("data-problem>".count))
    }

    /// The whole `Set-Cookie` line for `name`.
    func setCookieLine(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == "set-cookie" && $0.value.hasPrefix(name + "=") }?.value
    }
}
