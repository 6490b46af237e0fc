import DashboardEngine
import Foundation

@testable import Dashboard

extension DashboardHarness {
    /// A browser's form session signed in as a new account of `role`: the account is added to
    /// the engine's store and its session started there, as a sign-in would (not through
    /// `/sign-in`), and every request carries its `om_session` cookie.
    func signedIn(_ role: Role, name: String? = nil) async throws -> FormSession {
        let accounts = app.engine.accounts
        let account = try await accounts.add(name: name ?? "\(role.rawValue) \(UUID().uuidString.prefix(6))", password: "correct horse battery", role: role)
        var session = session()
        session.accountSession = try accounts.start(account.id)
        return session
    }
}
