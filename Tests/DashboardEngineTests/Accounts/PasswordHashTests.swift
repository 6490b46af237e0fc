import Foundation
import Testing

@testable import DashboardEngine

@Suite struct PasswordHashTests {
    static let hashing = PasswordHashing.testsOnly(iterations: 3)

    @Test func theStoredForm_namesSchemeIterationsSaltAndHash_andReadsBack() throws {
        let hash = PasswordHash(password: "correct horse battery", hashing: Self.hashing)
        let parts = hash.stored.split(separator: "$", omittingEmptySubsequences: false)
        #expect(parts.count == 4)
        #expect(parts[0] == "pbkdf2-sha256")
        #expect(parts[1] == "3")
        #expect(Data(base64Encoded: String(parts[2]))?.count == 16)
        #expect(Data(base64Encoded: String(parts[3]))?.count == 32)
        #expect(PasswordHash(stored: hash.stored) == hash)
    }

    /// The hash is PBKDF2-HMAC-SHA256 of the password's UTF-8 with the salt, 32 bytes: the
    /// stored string can be checked with any implementation.
    @Test func theHash_isPBKDF2OfThePassword() throws {
        let stored = "pbkdf2-sha256$4096$c2FsdA==$xeR41ZKIyEGqUw22hFxMjZYok6ABzk4RpJY4c6qYE0o="
        let hash = try #require(PasswordHash(stored: stored))
        #expect(hash.verify("password"))
        #expect(!hash.verify("Password"))
    }

    @Test func verify_acceptsThePasswordOnly() {
        let hash = PasswordHash(password: "correct horse battery", hashing: Self.hashing)
        #expect(hash.verify("correct horse battery"))
        #expect(!hash.verify("correct horse batter"))
        #expect(!hash.verify(""))
        #expect(!hash.verify(String(repeating: "x", count: 1_000_000)))
    }

    @Test func eachHash_hasItsOwnSalt() {
        let first = PasswordHash(password: "correct horse battery", hashing: Self.hashing)
        let second = PasswordHash(password: "correct horse battery", hashing: Self.hashing)
        #expect(first.salt != second.salt)
        #expect(first.key != second.key)
    }

    /// "한글" typed composed (NFC) and decomposed into jamo (NFD, as some keyboards send it) is
    /// one password.
    @Test func aPassword_isHashedInNFC() {
        let composed = "비밀번호는한글입니다"
        let decomposed = composed.decomposedStringWithCanonicalMapping
        #expect(Array(composed.utf8) != Array(decomposed.utf8))
        let hash = PasswordHash(password: decomposed, hashing: Self.hashing)
        #expect(hash.verify(composed))
    }

    @Test func needsRehash_whenStoredWithFewerIterations() {
        let hash = PasswordHash(password: "correct horse battery", hashing: .testsOnly(iterations: 2))
        #expect(hash.needsRehash(.testsOnly(iterations: 3)))
        #expect(!hash.needsRehash(.testsOnly(iterations: 2)))
        #expect(!hash.needsRehash(.testsOnly(iterations: 1)))
    }

    @Test(arguments: [
        "", "pbkdf2-sha256", "pbkdf2-sha1$3$c2FsdA==$xeR41ZKIyEGqUw22hFxMjZYok6ABzk4RpJY4c6qYE0o=",
        "pbkdf2-sha256$0$c2FsdA==$xeR41ZKIyEGqUw22hFxMjZYok6ABzk4RpJY4c6qYE0o=",
        "pbkdf2-sha256$x$c2FsdA==$xeR41ZKIyEGqUw22hFxMjZYok6ABzk4RpJY4c6qYE0o=",
        "pbkdf2-sha256$3$$xeR41ZKIyEGqUw22hFxMjZYok6ABzk4RpJY4c6qYE0o=",
        "pbkdf2-sha256$3$c2FsdA==$c2FsdA==", "pbkdf2-sha256$3$c2FsdA==$!!!",
        "pbkdf2-sha256$3$c2FsdA==$xeR41ZKIyEGqUw22hFxMjZYok6ABzk4RpJY4c6qYE0o=$more",
    ])
    func aBrokenStoredForm_readsAsNothing(stored: String) {
        #expect(PasswordHash(stored: stored) == nil)
    }

    @Test func theStandardSetting_is600000Iterations_andFewerAreRefusedUnlessForTests() throws {
        #expect(PasswordHashing.standard.iterations == 600_000)
        #expect(try PasswordHashing(iterations: 1_000_000).iterations == 1_000_000)
        #expect(throws: PasswordHashingError.self) { try PasswordHashing(iterations: 599_999) }
        #expect(PasswordHashing.testsOnly(iterations: 5).iterations == 5)
    }
}
