import Foundation
import SQLite
import Testing

@testable import DashboardEngine

@Suite struct SessionTests: ~Copyable {
    let fixture: AccountsFixture

    init() throws { fixture = try AccountsFixture() }
    deinit { fixture.remove() }

    var store: AccountStore { fixture.store }

    @Test func aSession_isA256BitIdInBase64URL_storedAsItsSHA256() async throws {
        let mina = try await fixture.add("mina", .editor)
        let id = try store.start(mina.id)
        #expect(id.utf8.count == 43)
        #expect(SecretBytes.isBase64URL(id, byteCount: 32))
        #expect(try store.start(mina.id) != id, "a new id each time")
        let stored = try fixture.database.use { db throws(SQLiteError) in try db.rows("SELECT id_hash FROM sessions") { $0.blob(0) } }
        #expect(stored.contains(SHA256.hash(id.utf8)))
        #expect(try store.session(for: id) == SessionAccount(accountID: mina.id, name: "mina", role: .editor, startedAt: AccountsFixture.start))
    }

    @Test(arguments: ["", "x", String(repeating: "A", count: 43), String(repeating: "A", count: 42) + "=", String(repeating: "A", count: 1000)])
    func aForgedOrMalformedId_isNoSession(id: String) async throws {
        let mina = try await fixture.add("mina", .owner)
        _ = try store.start(mina.id)
        #expect(try store.session(for: id) == nil)
        try store.end(id)
    }

    @Test func aSession_endsAfter12HoursIdle() async throws {
        let mina = try await fixture.add("mina", .owner)
        let id = try store.start(mina.id)
        fixture.clock.advance(by: 11 * 3600)
        #expect(try store.session(for: id) != nil, "used after 11 hours: the idle time starts again")
        fixture.clock.advance(by: 12 * 3600 - 1)
        #expect(try store.session(for: id) != nil)
        fixture.clock.advance(by: 12 * 3600)
        #expect(try store.session(for: id) == nil)
        fixture.clock.advance(by: -12 * 3600)
        #expect(try store.session(for: id) == nil, "an ended session is removed, whatever the clock says later")
    }

    @Test func aSession_endsAfter30DaysHoweverOftenItIsUsed() async throws {
        let mina = try await fixture.add("mina", .owner)
        let id = try store.start(mina.id)
        for _ in 0..<65 {
            fixture.clock.advance(by: 11 * 3600)
            #expect(try store.session(for: id) != nil)
        }
        fixture.clock.set(AccountsFixture.start.addingTimeInterval(30 * 24 * 3600 - 1))
        #expect(try store.session(for: id) != nil)
        fixture.clock.advance(by: 1)
        #expect(try store.session(for: id) == nil)
    }

    /// Reading pages does not write on every request: the last use is written when a minute
    /// has passed since the one written.
    @Test func theLastUse_isWrittenAtMostOnceAMinute() async throws {
        let mina = try await fixture.add("mina", .owner)
        let id = try store.start(mina.id)
        func lastUse() throws -> Int? {
            try fixture.database.use { db throws(SQLiteError) in
                try db.first("SELECT last_used_at FROM sessions WHERE id_hash = ?", [.blob(SHA256.hash(id.utf8))]) { $0.integer(0) }
            }
        }
        let started = StoredTime.milliseconds(AccountsFixture.start)
        fixture.clock.advance(by: 59)
        _ = try store.session(for: id)
        #expect(try lastUse() == started)
        fixture.clock.advance(by: 1)
        _ = try store.session(for: id)
        #expect(try lastUse() == started + 60_000)
        fixture.clock.advance(by: 30)
        _ = try store.session(for: id)
        #expect(try lastUse() == started + 60_000)
    }

    @Test func signOut_endsOne_andSignOutEverywhere_endsAllOfTheAccounts() async throws {
        let mina = try await fixture.add("mina", .owner)
        let jun = try await fixture.add("jun", .viewer)
        let (phone, laptop, tablet) = (try store.start(mina.id), try store.start(mina.id), try store.start(mina.id))
        let juns = try store.start(jun.id)
        try store.end(phone)
        #expect(try store.session(for: phone) == nil)
        #expect(try store.session(for: laptop) != nil)
        try store.endAll(mina.id)
        #expect(try store.session(for: laptop) == nil)
        #expect(try store.session(for: tablet) == nil)
        #expect(try store.session(for: juns)?.name == "jun", "another account's sessions stay")
    }

    @Test func aRoleChange_isSeenByTheSessionAtOnce() async throws {
        try await fixture.add("mina", .owner)
        let jun = try await fixture.add("jun", .editor)
        let id = try store.start(jun.id)
        try store.changeRole(jun.id, to: .viewer)
        #expect(try store.session(for: id)?.role == .viewer)
    }

    @Test func startingASession_removesThoseThatEnded() async throws {
        let mina = try await fixture.add("mina", .owner)
        _ = try store.start(mina.id)
        _ = try store.start(mina.id)
        fixture.clock.advance(by: 12 * 3600)
        _ = try store.start(mina.id)
        let count = try fixture.database.use { db throws(SQLiteError) in try db.first("SELECT count(*) FROM sessions") { $0.integer(0) } }
        #expect(count == 1)
    }
}
