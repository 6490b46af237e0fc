import Foundation
import Testing

@testable import DashboardEngine

@Suite struct SetupTests: ~Copyable {
    let fixture: AccountsFixture

    init() throws { fixture = try AccountsFixture() }
    deinit { fixture.remove() }

    var store: AccountStore { fixture.store }

    @Test func theToken_createsTheFirstOwnerOnce() async throws {
        let token = try #require(try store.startSetup())
        #expect(SecretBytes.isBase64URL(token, byteCount: 32))
        let owner = try await store.completeSetup(token: token, name: "Mina", password: AccountsFixture.password)
        #expect(owner.role == .owner && owner.name == "Mina")
        await #expect(throws: SetupRefusal(.used)) {
            try await store.completeSetup(token: token, name: "Jun", password: AccountsFixture.password)
        }
        #expect(try store.startSetup() == nil, "an owner exists: no more setup")
        #expect(try store.accounts().map(\.name) == ["Mina"])
        #expect(try await store.signIn(name: "mina", password: AccountsFixture.password, address: "a").account == owner)
    }

    @Test func theToken_expiresAfterAnHour() async throws {
        let token = try #require(try store.startSetup())
        fixture.clock.advance(by: 3600)
        await #expect(throws: SetupRefusal(.expired)) {
            try await store.completeSetup(token: token, name: "Mina", password: AccountsFixture.password)
        }
        let next = try #require(try store.startSetup())
        fixture.clock.advance(by: 3599)
        try await store.completeSetup(token: next, name: "Mina", password: AccountsFixture.password)
    }

    @Test func anotherToken_isRefused_andANewTokenReplacesTheOld() async throws {
        await #expect(throws: SetupRefusal(.unknownToken)) {
            try await store.completeSetup(token: "anything", name: "Mina", password: AccountsFixture.password)
        }
        let first = try #require(try store.startSetup())
        let second = try #require(try store.startSetup())
        await #expect(throws: SetupRefusal(.unknownToken)) {
            try await store.completeSetup(token: String(second.reversed()), name: "Mina", password: AccountsFixture.password)
        }
        await #expect(throws: SetupRefusal(.unknownToken)) {
            try await store.completeSetup(token: first, name: "Mina", password: AccountsFixture.password)
        }
        try await store.completeSetup(token: second, name: "Mina", password: AccountsFixture.password)
    }

    /// A bad name or password is told, and the token stays usable.
    @Test func aBadNameOrPassword_leavesTheTokenUsable() async throws {
        let token = try #require(try store.startSetup())
        await #expect(throws: PasswordProblem(.tooShort)) { try await store.completeSetup(token: token, name: "Mina", password: "short") }
        await #expect(throws: AccountNameProblem(.controlCharacter)) {
            try await store.completeSetup(token: token, name: "Mi\nna", password: AccountsFixture.password)
        }
        try await store.completeSetup(token: token, name: "Mina", password: AccountsFixture.password)
    }

    /// Two posts of the token at once make one owner.
    @Test func twoUsesAtOnce_makeOneOwner() async throws {
        let token = try #require(try store.startSetup())
        let store = self.store
        let outcomes = await withTaskGroup(of: Bool.self) { group in
            for name in ["Mina", "Jun"] {
                group.addTask { (try? await store.completeSetup(token: token, name: name, password: AccountsFixture.password)) != nil }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(outcomes.filter { $0 }.count == 1)
        #expect(try store.accounts().count == 1)
    }

    @Test func noSetup_onceAnOwnerExists() async throws {
        try await fixture.add("mina", .owner)
        #expect(try store.startSetup() == nil)
    }
}
