import Foundation
import SQLite
import Testing

@testable import DashboardEngine

@Suite struct AccountStoreTests: ~Copyable {
    let fixture: AccountsFixture

    init() throws { fixture = try AccountsFixture() }
    deinit { fixture.remove() }

    @Test func add_keepsNameRoleAndTimes_andListsByName() async throws {
        let mina = try await fixture.add(" Mina ", .owner)
        fixture.clock.advance(by: 60)
        let jun = try await fixture.add("jun", .viewer)
        #expect(mina.name == "Mina" && mina.role == .owner && !mina.isDisabled)
        #expect(mina.createdAt == AccountsFixture.start && mina.changedAt == AccountsFixture.start)
        #expect(jun.createdAt == AccountsFixture.start.addingTimeInterval(60))
        #expect(try fixture.store.accounts().map(\.name) == ["jun", "Mina"])
        #expect(try fixture.store.account(id: jun.id) == jun)
        #expect(try fixture.store.hasOwner())
    }

    @Test func theEngine_hashesAt600000IterationsUnlessToldOtherwise() {
        #expect(Engine.Settings().passwordHashing == .standard)
        #expect(PasswordHashing.standard.iterations == 600_000)
    }

    @Test func aName_isUniqueWithoutCase() async throws {
        try await fixture.add("Mina", .owner)
        await #expect(throws: AccountNameProblem(.taken)) { try await fixture.add("MINA", .viewer) }
        await #expect(throws: AccountNameProblem(.taken)) { try await fixture.add("  mina", .viewer) }
        #expect(try fixture.store.accounts().count == 1)
    }

    @Test func add_refusesABadNameOrPassword_andAddsNothing() async throws {
        await #expect(throws: AccountNameProblem(.controlCharacter)) { try await fixture.add("a\u{7}b", .viewer) }
        await #expect(throws: PasswordProblem(.tooShort)) { try await fixture.add("jun", .viewer, password: "short") }
        await #expect(throws: PasswordProblem(.tooLong)) {
            try await fixture.add("jun", .viewer, password: String(repeating: "p", count: 1 << 20))
        }
        #expect(try fixture.store.accounts().isEmpty)
        #expect(try !fixture.store.hasOwner())
    }

    @Test func theLastEnabledOwner_cannotBeDisabledOrDemoted() async throws {
        let mina = try await fixture.add("mina", .owner)
        let jun = try await fixture.add("jun", .editor)
        #expect(throws: AccountRefusal(.lastOwner)) { try fixture.store.setDisabled(mina.id, true) }
        for role in [Role.editor, .viewer] {
            #expect(throws: AccountRefusal(.lastOwner)) { try fixture.store.changeRole(mina.id, to: role) }
        }
        #expect(try fixture.store.account(id: mina.id)?.role == .owner)

        // With a second owner, the first may go; then the second is the last.
        try fixture.store.changeRole(jun.id, to: .owner)
        try fixture.store.setDisabled(mina.id, true)
        #expect(throws: AccountRefusal(.lastOwner)) { try fixture.store.changeRole(jun.id, to: .viewer) }
        #expect(throws: AccountRefusal(.lastOwner)) { try fixture.store.setDisabled(jun.id, true) }
        // A disabled owner is no owner to keep: it may be demoted.
        try fixture.store.changeRole(mina.id, to: .viewer)
        try fixture.store.setDisabled(mina.id, false)
        #expect(try fixture.store.accounts().map { "\($0.name) \($0.role) \($0.isDisabled)" } == ["jun owner false", "mina viewer false"])
    }

    @Test func aChange_stampsTheClock_andAnUnknownAccountIsRefused() async throws {
        let jun = try await fixture.add("jun", .viewer)
        fixture.clock.advance(by: 3600)
        try fixture.store.changeRole(jun.id, to: .editor)
        #expect(try fixture.store.account(id: jun.id)?.changedAt == AccountsFixture.start.addingTimeInterval(3600))
        #expect(throws: AccountRefusal(.notFound)) { try fixture.store.changeRole(999, to: .editor) }
        #expect(throws: AccountRefusal(.notFound)) { try fixture.store.setDisabled(999, true) }
        await #expect(throws: AccountRefusal(.notFound)) { try await fixture.store.resetPassword(999, to: AccountsFixture.password) }
    }

    @Test func disabling_endsTheSessions_andBarsSignIn() async throws {
        try await fixture.add("mina", .owner)
        let jun = try await fixture.add("jun", .editor)
        let signedIn = try await fixture.store.signIn(name: "jun", password: AccountsFixture.password, address: "10.0.0.2")
        try fixture.store.setDisabled(jun.id, true)
        #expect(try fixture.store.session(for: signedIn.sessionID) == nil)
        await #expect(throws: SignInRefusal(.wrongNameOrPassword, nextTryAt: nil)) {
            try await fixture.store.signIn(name: "jun", password: AccountsFixture.password, address: "10.0.0.2")
        }
        try fixture.store.setDisabled(jun.id, false)
        #expect(try await fixture.store.signIn(name: "jun", password: AccountsFixture.password, address: "10.0.0.2").account.id == jun.id)
    }

    @Test func aReset_endsEverySessionButTheOneKept_andTheNewPasswordSignsIn() async throws {
        let mina = try await fixture.add("mina", .owner)
        let first = try fixture.store.start(mina.id)
        let second = try fixture.store.start(mina.id)
        try await fixture.store.resetPassword(mina.id, to: "a new password here", keepingSession: first)
        #expect(try fixture.store.session(for: first)?.accountID == mina.id)
        #expect(try fixture.store.session(for: second) == nil)
        await #expect(throws: SignInRefusal.self) { try await fixture.store.signIn(name: "mina", password: AccountsFixture.password, address: "a") }
        #expect(try await fixture.store.signIn(name: "mina", password: "a new password here", address: "a").account.id == mina.id)

        // An owner's reset of someone else's password ends all of theirs.
        let jun = try await fixture.add("jun", .viewer)
        let juns = try fixture.store.start(jun.id)
        try await fixture.store.resetPassword(jun.id, to: "another password")
        #expect(try fixture.store.session(for: juns) == nil)
    }

    @Test func changePassword_needsTheCurrentOne_andEndsTheOtherSessions() async throws {
        let mina = try await fixture.add("mina", .owner)
        let this = try fixture.store.start(mina.id)
        let other = try fixture.store.start(mina.id)
        await #expect(throws: AccountRefusal(.wrongPassword)) {
            try await fixture.store.changePassword(mina.id, current: "not the password", new: "a new password here", keepingSession: this, address: "192.0.2.1")
        }
        await #expect(throws: PasswordProblem(.tooShort)) {
            try await fixture.store.changePassword(mina.id, current: AccountsFixture.password, new: "short", keepingSession: this, address: "192.0.2.1")
        }
        #expect(try fixture.store.session(for: other) != nil, "nothing changed yet")
        try await fixture.store.changePassword(mina.id, current: AccountsFixture.password, new: "a new password here", keepingSession: this, address: "192.0.2.1")
        #expect(try fixture.store.session(for: this) != nil)
        #expect(try fixture.store.session(for: other) == nil)
    }

    /// No password, session id or setup token is in the database's files in clear, nor the
    /// session id's bytes in any encoding the store could have used.
    @Test func theDatabaseFiles_holdNoPasswordNorSessionIdInClear() async throws {
        let token = try #require(try fixture.store.startSetup())
        let password = "Unmistakable-Secret-Password-7031"
        try await fixture.store.completeSetup(token: token, name: "mina", password: password)
        let signedIn = try await fixture.store.signIn(name: "mina", password: password, address: "127.0.0.1")
        _ = try fixture.store.session(for: signedIn.sessionID)
        await #expect(throws: SignInRefusal.self) {
            try await fixture.store.signIn(name: "mina", password: "Another-Wrong-Password-5520", address: "127.0.0.1")
        }
        var bytes = [UInt8]()
        let base = fixture.folder.url.appendingPathComponent(DashboardDatabase.fileName).path
        for path in [base, base + "-wal", base + "-shm"] {
            if let data = FileManager.default.contents(atPath: path) { bytes += Array(data) }
        }
        #expect(bytes.count > 4096)
        for secret in [password, "Another-Wrong-Password-5520", signedIn.sessionID, token] {
            #expect(!Self.contains(bytes, Array(secret.utf8)), "\(secret.prefix(4))… is not in the files")
            #expect(!Self.contains(bytes, Array(secret.utf16.flatMap { [UInt8(truncatingIfNeeded: $0), UInt8(truncatingIfNeeded: $0 >> 8)] })))
        }
        #expect(Self.contains(bytes, Array("pbkdf2-sha256$".utf8)), "the files were read")
    }

    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, haystack.count >= needle.count else { return false }
        let first = needle[0]
        var index = 0
        while let start = haystack[index...].firstIndex(of: first) {
            if start + needle.count > haystack.count { return false }
            if Array(haystack[start..<(start + needle.count)]) == needle { return true }
            index = start + 1
        }
        return false
    }
}
