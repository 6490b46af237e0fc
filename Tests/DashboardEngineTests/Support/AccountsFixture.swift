import Foundation

@testable import DashboardEngine

/// The account store over a database in a temp folder, with a hand-moved clock and few
/// password iterations (`PasswordHashing.testsOnly`), so that a test hashes in microseconds.
final class AccountsFixture: Sendable {
    static let start = Date(timeIntervalSince1970: 1_795_000_000)
    static let iterations = 8
    /// A password `PasswordPolicy` accepts.
    static let password = "correct horse battery"

    let folder: TemporaryDirectory
    let clock: ManualWallClock
    let database: DashboardDatabase
    let store: AccountStore

    init(iterations: Int = iterations) throws {
        folder = TemporaryDirectory()
        clock = ManualWallClock(Self.start)
        database = try DashboardDatabase(directory: folder.url, migrations: Engine.migrations, durable: false, clock: clock)
        store = AccountStore(database: database, clock: clock, hashing: .testsOnly(iterations: iterations), eventDays: 90)
    }

    /// The same database and clock with another store: another iteration count, or a restart
    /// (the sign-in counts and the setup token are the process's).
    init(sharing other: AccountsFixture, iterations: Int = iterations) {
        folder = other.folder
        clock = other.clock
        database = other.database
        store = AccountStore(database: other.database, clock: other.clock, hashing: .testsOnly(iterations: iterations), eventDays: 90)
    }

    @discardableResult
    func add(_ name: String, _ role: Role, password: String = password) async throws -> Account {
        try await store.add(name: name, password: password, role: role)
    }

    func remove() {
        folder.remove()
    }
}
