import Foundation
import SQLite
import Testing

@testable import DashboardEngine

/// The accounts' events: what each sign-in and change keeps, who did it, from where; the
/// throttle on a change of password; their days; a database from before the table.
@Suite struct AccountEventsTests: ~Copyable {
    let fixture: AccountsFixture

    init() throws { fixture = try AccountsFixture() }
    deinit { fixture.remove() }

    var store: AccountStore { fixture.store }

    /// The events, oldest first, as (kind, account's name, who did it, address).
    func events() throws -> [(AccountEvent.Kind, String?, String?, String?)] {
        try store.events(offset: 0, limit: 1000).events.reversed().map { ($0.kind, $0.account?.name, $0.actor?.name, $0.address) }
    }

    func lastEvent() throws -> AccountEvent? { try store.events(offset: 0, limit: 1).events.first }

    @Test func everyChange_keepsItsEvent_withWhoDidItAndFromWhere() async throws {
        let owner = try await fixture.add("Owner", .owner)
        let byOwner = ChangedBy(accountID: owner.id, address: "192.0.2.7")
        let mina = try await store.add(name: "Mina", password: AccountsFixture.password, role: .viewer, by: byOwner)
        try store.changeRole(mina.id, to: .editor, by: byOwner)
        try store.changeRole(mina.id, to: .editor, by: byOwner)  // no change: no event
        try await store.resetPassword(mina.id, to: "a brand new password", by: byOwner)
        try store.setDisabled(mina.id, true, by: byOwner)
        try store.setDisabled(mina.id, false, by: byOwner)
        try await store.resetPassword(mina.id, to: AccountsFixture.password)  // the command line
        let expected: [(AccountEvent.Kind, String?, String?, String?)] = [
            (.added, "Owner", nil, nil), (.added, "Mina", "Owner", "192.0.2.7"), (.roleChanged, "Mina", "Owner", "192.0.2.7"),
            (.passwordReset, "Mina", "Owner", "192.0.2.7"), (.disabled, "Mina", "Owner", "192.0.2.7"), (.enabled, "Mina", "Owner", "192.0.2.7"),
            (.passwordReset, "Mina", nil, nil),
        ]
        let found = try events()
        #expect(found.count == expected.count)
        for (event, wanted) in zip(found, expected) {
            #expect(event.0 == wanted.0 && event.1 == wanted.1 && event.2 == wanted.2 && event.3 == wanted.3, "\(event) is \(wanted)")
        }
        let page = try store.events(offset: 0, limit: 100).events
        let roleChange = try #require(page.first { $0.kind == .roleChanged })
        #expect(roleChange.roleBefore == .viewer && roleChange.roleAfter == .editor)
        #expect(page.first { $0.kind == .added && $0.account?.name == "Mina" }?.roleAfter == .viewer)
        #expect(page.map(\.at) == page.map { _ in AccountsFixture.start }, "the engine's clock")
    }

    @Test func signingInAndOut_keepsEvents_andAnUnknownNameKeepsNothingOfWhatWasTyped() async throws {
        let mina = try await fixture.add("Mina", .editor)
        let signedIn = try await store.signIn(name: "mina", password: AccountsFixture.password, address: "192.0.2.1")
        await #expect(throws: SignInRefusal.self) { try await store.signIn(name: "Mina", password: "not the password", address: "192.0.2.2") }
        let typedName = "my secret passphrase typed as a name"
        await #expect(throws: SignInRefusal.self) { try await store.signIn(name: typedName, password: "whatever it is", address: "192.0.2.3") }
        try store.end(signedIn.sessionID, address: "192.0.2.1")
        try store.end(signedIn.sessionID, address: "192.0.2.1")  // no session any more: no event
        _ = try await store.signIn(name: "mina", password: AccountsFixture.password, address: "192.0.2.4")
        try store.endAll(mina.id, address: "192.0.2.4")
        let found = try events()
        let wanted: [(AccountEvent.Kind, String?, String?, String?)] = [
            (.added, "Mina", nil, nil), (.signedIn, "Mina", "Mina", "192.0.2.1"), (.signInFailed, "Mina", nil, "192.0.2.2"),
            (.signInFailed, nil, nil, "192.0.2.3"), (.signedOut, "Mina", "Mina", "192.0.2.1"), (.signedIn, "Mina", "Mina", "192.0.2.4"),
            (.signedOutEverywhere, "Mina", "Mina", "192.0.2.4"),
        ]
        #expect(found.count == wanted.count)
        for (event, wanted) in zip(found, wanted) {
            #expect(event.0 == wanted.0 && event.1 == wanted.1 && event.2 == wanted.2 && event.3 == wanted.3, "\(event) is \(wanted)")
        }
        try store.database.checkpoint()
        let bytes = try FileManager.default.contentsOfDirectory(at: fixture.folder.url, includingPropertiesForKeys: nil)
            .flatMap { (try? Data(contentsOf: $0)).map(Array.init) ?? [] }
        #expect(!AccountStoreTests.contains(bytes, Array(typedName.utf8)), "the name typed is nowhere")
        #expect(!AccountStoreTests.contains(bytes, Array(AccountName.key(typedName).utf8)), "nor its key")
    }

    /// A try the throttle refuses keeps one event a wait, not one a try.
    @Test func triesDuringAWait_keepOneEventEachWait() async throws {
        try await fixture.add("Mina", .editor)
        for _ in 1...5 {
            await #expect(throws: SignInRefusal.self) { try await store.signIn(name: "mina", password: "not the password", address: "192.0.2.9") }
        }
        for _ in 1...3 {
            await #expect(throws: SignInRefusal.self) { try await store.signIn(name: "mina", password: "not the password", address: "192.0.2.9") }
        }
        let throttled = try events().filter { $0.0 == .throttled }
        #expect(throttled.count == 1)
        #expect(throttled.first?.1 == "Mina" && throttled.first?.3 == "192.0.2.9")
        fixture.clock.advance(by: 2)
        await #expect(throws: SignInRefusal.self) { try await store.signIn(name: "mina", password: "not the password", address: "192.0.2.9") }
        await #expect(throws: SignInRefusal.self) { try await store.signIn(name: "mina", password: "not the password", address: "192.0.2.9") }
        #expect(try events().filter { $0.0 == .throttled }.count == 2, "a new wait, a new event")
        #expect(try events().filter { $0.0 == .signInFailed }.count == 6)
    }

    @Test func theFirstOwner_setUpWithTheToken_isAnEvent_byNobody() async throws {
        let token = try #require(try store.startSetup())
        let owner = try await store.completeSetup(token: token, name: "Owner", password: AccountsFixture.password, address: "127.0.0.1")
        let event = try #require(try lastEvent())
        #expect(event.kind == .ownerSetUp && event.account?.id == owner.id && event.actor == nil && event.address == "127.0.0.1")
        #expect(event.roleAfter == .owner)
    }

    /// A wrong current password counts as a failed sign-in of the account: after five, each
    /// try waits, and a try during the wait is refused without checking the password.
    @Test func changingAPassword_isThrottledWithTheSignIn() async throws {
        let mina = try await fixture.add("Mina", .editor)
        let session = try store.start(mina.id)
        func change(_ current: String, from address: String = "192.0.2.5") async -> AccountRefusal? {
            do {
                try await store.changePassword(mina.id, current: current, new: "a new password here", keepingSession: session, address: address)
                return nil
            } catch let refusal as AccountRefusal {
                return refusal
            } catch {
                Issue.record("unexpected \(error)")
                return nil
            }
        }
        for _ in 1...4 { #expect(await change("wrong password") == AccountRefusal(.wrongPassword, nextTryAt: nil)) }
        let now = fixture.clock.now()
        #expect(await change("wrong password") == AccountRefusal(.wrongPassword, nextTryAt: now.addingTimeInterval(1)))
        #expect(await change(AccountsFixture.password) == AccountRefusal(.tooManyTries, nextTryAt: now.addingTimeInterval(1)), "refused unchecked")
        // The sign-in form waits for the same account too.
        await #expect(throws: SignInRefusal(.tooManyTries, nextTryAt: now.addingTimeInterval(1))) {
            try await store.signIn(name: "Mina", password: AccountsFixture.password, address: "198.51.100.1")
        }
        #expect(try events().filter { $0.0 == .throttled }.count == 1)
        fixture.clock.advance(by: 1)
        #expect(await change(AccountsFixture.password) == nil)
        let changed = try #require(try lastEvent())
        #expect(changed.kind == .passwordChanged && changed.actor?.id == mina.id && changed.address == "192.0.2.5")
        #expect(try store.session(for: session) != nil, "the session that changed it stays")
    }

    @Test func events_areKeptTheJournalsDays_onTheEnginesClock() async throws {
        #expect(store.eventDays == HistoryJournal.defaultRetentionDays)
        try await fixture.add("Old", .owner)
        fixture.clock.advance(by: 10 * 86_400)
        try await fixture.add("New", .viewer)
        fixture.clock.advance(by: Double(store.eventDays - 5) * 86_400)
        #expect(try store.pruneEvents() == 1)
        #expect(try events().map(\.1) == ["New"])
        let fewDays = AccountStore(database: fixture.database, clock: fixture.clock, hashing: .testsOnly(iterations: 8), eventDays: 3)
        #expect(try fewDays.pruneEvents() == 1)
        #expect(try events().isEmpty)
    }

    /// A database from before the events: the table is added, the accounts stay.
    @Test func aDatabaseFromBeforeTheEvents_getsTheTable_andKeepsItsAccounts() async throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let clock = ManualWallClock(AccountsFixture.start)
        do {
            let old = try DashboardDatabase(
                directory: folder.url, migrations: Engine.migrations.filter { $0.name != "accounts-2" }, durable: false, clock: clock)
            let store = AccountStore(database: old, clock: clock, hashing: .testsOnly(iterations: 8), eventDays: 90)
            try store.database.use { db throws(SQLiteError) in
                try db.run("INSERT INTO accounts (name, name_key, role, password_hash, created_at, changed_at) VALUES ('Old', 'old', 'owner', 'x', 0, 0)")
            }
            #expect(throws: DatabaseError.self) { try store.events(offset: 0, limit: 10) }
        }
        let database = try DashboardDatabase(directory: folder.url, migrations: Engine.migrations, durable: false, clock: clock)
        let store = AccountStore(database: database, clock: clock, hashing: .testsOnly(iterations: 8), eventDays: 90)
        #expect(try store.accounts().map(\.name) == ["Old"])
        #expect(try store.events(offset: 0, limit: 10).total == 0)
        let old = try #require(try store.accounts().first)
        try store.setDisabled(old.id, false)
        _ = try await store.add(name: "New", password: AccountsFixture.password, role: .viewer)
        #expect(try store.events(offset: 0, limit: 10).events.map(\.kind) == [.added])
    }
}
