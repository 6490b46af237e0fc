import Foundation
import SQLite
import Testing

@testable import DashboardEngine

@Suite struct SignInTests: ~Copyable {
    let fixture: AccountsFixture

    init() throws { fixture = try AccountsFixture() }
    deinit { fixture.remove() }

    var store: AccountStore { fixture.store }
    var now: Date { fixture.clock.now() }

    func signIn(_ name: String, _ password: String, from address: String = "192.0.2.1") async throws -> SignedIn {
        try await store.signIn(name: name, password: password, address: address)
    }

    func refusal(_ name: String, _ password: String, from address: String = "192.0.2.1") async -> SignInRefusal? {
        do {
            _ = try await signIn(name, password, from: address)
            return nil
        } catch let refusal as SignInRefusal {
            return refusal
        } catch {
            Issue.record("unexpected \(error)")
            return nil
        }
    }

    @Test func theRightPassword_startsASession_withoutCaseInTheName() async throws {
        let mina = try await fixture.add("Mina", .editor)
        let signedIn = try await signIn("  mINA ", AccountsFixture.password)
        #expect(signedIn.account == mina)
        #expect(try store.session(for: signedIn.sessionID)?.accountID == mina.id)
        #expect(try await signIn("mina", AccountsFixture.password).sessionID != signedIn.sessionID, "a new session each sign-in")
    }

    /// An unknown name, a wrong password and a disabled account: one answer.
    @Test func anUnknownName_aWrongPassword_andADisabledAccount_getTheSameAnswer() async throws {
        try await fixture.add("mina", .owner)
        let jun = try await fixture.add("jun", .viewer)
        try store.setDisabled(jun.id, true)
        let unknown = await refusal("nobody", AccountsFixture.password, from: "1")
        let wrong = await refusal("mina", "not the password", from: "2")
        let disabled = await refusal("jun", AccountsFixture.password, from: "3")
        #expect(unknown == SignInRefusal(.wrongNameOrPassword, nextTryAt: nil))
        #expect(wrong == unknown)
        #expect(disabled == unknown)
    }

    /// After five failures each try waits: 1 s, then 2, 4, … up to 15 minutes. A try made
    /// during the wait is refused without checking the password, even the right one.
    @Test func afterFiveFailures_eachTryWaitsTwiceAsLong_upTo15Minutes() async throws {
        try await fixture.add("mina", .owner)
        for _ in 1...4 {
            #expect(await refusal("mina", "wrong password", from: "192.0.2.\(Int.random(in: 1...200))")?.nextTryAt == nil)
        }
        var expectedWait: TimeInterval = 1
        for _ in 5...20 {
            let answer = await refusal("mina", "wrong password", from: "192.0.2.\(Int.random(in: 1...200))")
            #expect(answer == SignInRefusal(.wrongNameOrPassword, nextTryAt: now.addingTimeInterval(expectedWait)))
            let early = await refusal("mina", AccountsFixture.password)
            #expect(early == SignInRefusal(.tooManyTries, nextTryAt: now.addingTimeInterval(expectedWait)))
            fixture.clock.advance(by: expectedWait)
            expectedWait = min(expectedWait * 2, 15 * 60)
        }
        #expect(expectedWait == 15 * 60)
        // The right password after the wait: the name's count is cleared.
        _ = try await signIn("mina", AccountsFixture.password)
        #expect(await refusal("mina", "wrong password", from: "198.51.100.9")?.nextTryAt == nil)
    }

    /// An unknown name is throttled as a known one is, so the wait tells no name apart.
    @Test func anUnknownName_isThrottledAsAKnownOne() async throws {
        try await fixture.add("mina", .owner)
        var answers: [String: [SignInRefusal?]] = [:]
        for name in ["mina", "nobody"] {
            for attempt in 1...6 { answers[name, default: []].append(await refusal(name, "wrong password", from: "10.0.\(name.count).\(attempt)")) }
        }
        #expect(answers["mina"] == answers["nobody"])
        #expect(answers["mina"]?[4] == SignInRefusal(.wrongNameOrPassword, nextTryAt: now.addingTimeInterval(1)))
        #expect(answers["mina"]?[5] == SignInRefusal(.tooManyTries, nextTryAt: now.addingTimeInterval(1)))
    }

    /// Five failures from one address, on five names, hold back a sixth name from it; another
    /// address is not held back.
    @Test func failuresFromOneAddress_areCountedAcrossNames() async throws {
        try await fixture.add("mina", .owner)
        for number in 1...5 { _ = await refusal("name\(number)", "wrong password", from: "203.0.113.7") }
        #expect(await refusal("mina", AccountsFixture.password, from: "203.0.113.7") == SignInRefusal(.tooManyTries, nextTryAt: now.addingTimeInterval(1)))
        #expect(try await signIn("mina", AccountsFixture.password, from: "203.0.113.8").account.name == "mina")
    }

    /// The counts forget an hour after the last failure.
    @Test func theCounts_forgetAfterAnHourWithoutFailures() async throws {
        try await fixture.add("mina", .owner)
        for _ in 1...5 { _ = await refusal("mina", "wrong password") }
        fixture.clock.advance(by: 3600)
        #expect(await refusal("mina", "wrong password")?.nextTryAt == nil)
    }

    /// An unknown name's password is checked against a hash of today's iterations: the same
    /// work as a known name's. Shown here by the store's hash for nobody: it verifies nothing
    /// and has the iterations of new hashes.
    @Test func anUnknownName_isCheckedAgainstAHashOfTodaysIterations() {
        let hash = PasswordHash.unmatchable(store.hashing)
        #expect(hash.iterations == store.hashing.iterations)
        #expect(hash.salt.count == 16 && hash.key.count == 32)
        #expect(!hash.verify(""))
    }

    /// A hash made with fewer iterations than today's is made again at the next sign-in.
    @Test func anOlderHash_isMadeAgainAtSignIn() async throws {
        let weaker = AccountsFixture(sharing: fixture, iterations: 2)
        let mina = try await weaker.add("mina", .owner)
        func stored() throws -> String? {
            try fixture.database.use { db throws(SQLiteError) in
                try db.first("SELECT password_hash FROM accounts WHERE id = ?", [.integer(mina.id)]) { $0.text(0) }
            }
        }
        #expect(try stored()?.hasPrefix("pbkdf2-sha256$2$") == true)
        let earlier = try fixture.store.start(mina.id)
        _ = try await signIn("mina", AccountsFixture.password)
        #expect(try fixture.store.session(for: earlier) != nil, "the password did not change: no session ends")
        #expect(try stored()?.hasPrefix("pbkdf2-sha256$\(AccountsFixture.iterations)$") == true)
        #expect(try await signIn("mina", AccountsFixture.password).account.id == mina.id)
    }
}
