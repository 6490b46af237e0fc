import DashboardEngine
import Foundation
import Synchronization
import Testing

@testable import Dashboard

/// No password and no session id leaves the browser's own cookie: not into the data
/// directory's files, not into the log, not into a page.
@Suite struct SecretLeakTests {
    /// The log's lines, as the dashboard writes them.
    final class LogLines: Sendable {
        let lines = Mutex<[String]>([])
        var sink: DashboardConfiguration.LogSink {
            DashboardConfiguration.LogSink(name: "test \(ObjectIdentifier(self))") { [self] line in lines.withLock { $0.append(line) } }
        }
        var text: String { lines.withLock { $0.joined(separator: "\n") } }
    }

    static let ownerPassword = "correct horse battery 7"
    static let wrongPassword = "correct horse battery 8"
    static let newPassword = "a brand new staple battery 9"

    @Test func noPasswordNorSessionID_isInTheFilesTheLogOrAnyPage() async throws {
        let log = LogLines()
        try await withDashboard(adjust: {
            $0.accounts = .required
            $0.passwordHashing = .testsOnly(iterations: 2)
            $0.logLevel = .debug
            $0.logSink = log.sink
        }) { dashboard in
            var pages: [TestResponse] = []
            var sessions: [String] = []
            var browser = AccountBrowser(dashboard)
            func open(_ path: String) async throws {
                pages.append(try await browser.open(path))
            }
            func post(_ path: String, _ fields: [(String, String)]) async throws -> TestResponse {
                let response = try await browser.post(path, fields)
                pages.append(response)
                if let cookie = response.setCookie(SessionCookie.name), cookie != SessionCookie.name + "=" {
                    browser.session = cookie
                    sessions.append(String(cookie.dropFirst("om_session=".count)))
                }
                return response
            }
            // The first owner, with the setup address start-up prints.
            let setup = try #require(try dashboard.app.setupAddress())
            let token = try #require(setup.components(separatedBy: "setup=").last)
            try await open("/sign-in?setup=\(token)")
            let made = try await post(
                "/sign-in/setup", [("setup", token), ("name", "Owner"), ("password", Self.ownerPassword), ("password_again", Self.ownerPassword)])
            #expect(made.status == 303)
            try await open("/accounts")
            #expect(try await post("/sign-out", []).status == 303)
            browser.session = nil
            try await open("/sign-in")
            #expect(try await post("/sign-in", [("name", "Owner"), ("password", Self.wrongPassword)]).status == 401)
            // A password typed into the name field: the form shows it again to the one browser
            // that typed it (the name is refilled), and it is kept nowhere.
            #expect(try await browser.post("/sign-in", [("name", Self.wrongPassword), ("password", Self.wrongPassword)]).status == 401)
            #expect(try await post("/sign-in", [("name", "Owner"), ("password", Self.ownerPassword)]).status == 303)
            try await open("/account")
            let changed = try await post(
                "/account/password",
                [("current_password", Self.ownerPassword), ("new_password", Self.newPassword), ("new_password_again", Self.newPassword)])
            #expect(changed.status == 303)
            let wrongCurrent = try await post(
                "/account/password",
                [("current_password", Self.wrongPassword), ("new_password", Self.newPassword), ("new_password_again", Self.newPassword)])
            #expect(wrongCurrent.status == 422)
            for path in ["/account", "/accounts", "/history/accounts", "/history", "/products"] { try await open(path) }
            #expect(sessions.count == 2)
            #expect(pages.allSatisfy { $0.status < 500 })

            let secrets = [Self.ownerPassword, Self.wrongPassword, Self.newPassword] + sessions
            // Every file of the data directory, the database's -wal among them, as it is now.
            let data = dashboard.root.appendingPathComponent("data")
            var files: [URL] = []
            let walk = FileManager.default.enumerator(at: data, includingPropertiesForKeys: [.isRegularFileKey])
            while let url = walk?.nextObject() as? URL {
                if (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true { files.append(url) }
            }
            #expect(files.contains { $0.lastPathComponent == "dashboard.sqlite-wal" }, "\(files.map(\.lastPathComponent))")
            let bytes = files.flatMap { (try? Data(contentsOf: $0)).map(Array.init) ?? [] }
            #expect(Self.contains(bytes, Array("pbkdf2-sha256$".utf8)), "the files were read")
            #expect(log.text.contains("POST /sign-in"), "the log was read: \(log.text.prefix(200))")
            for secret in secrets {
                let label = "\(secret.prefix(4))…"
                #expect(!Self.contains(bytes, Array(secret.utf8)), "\(label) is in no file")
                #expect(!log.text.contains(secret), "\(label) is not in the log")
                for page in pages {
                    #expect(!page.text.contains(secret), "\(label) is not on a page")
                    // The session's own cookie carries its id, to the browser that owns it.
                    let headers = page.headers.filter { !($0.name.lowercased() == "set-cookie" && $0.value.hasPrefix(SessionCookie.name + "=")) }
                    #expect(!headers.contains { $0.value.contains(secret) }, "\(label) is in no other header")
                }
            }
        }
    }

    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, haystack.count >= needle.count else { return false }
        return haystack.indices.dropLast(needle.count - 1).contains { start in haystack[start..<start + needle.count].elementsEqual(needle) }
    }
}
