import Foundation

/// A password's hash as the accounts table keeps it, in one self-describing string:
/// `pbkdf2-sha256$<iterations>$<salt base64>$<hash base64>` (standard base64 with padding), a
/// 16-byte random salt and a 32-byte key. The string names its scheme and its iterations, so a
/// hash made with fewer iterations than today's still verifies and is made again at the next
/// sign-in (`needsRehash`).
///
/// The password is hashed as the UTF-8 of its NFC form: the same password typed on two
/// keyboards (Korean composed on one, decomposed on another) is the same password.
package struct PasswordHash: Sendable, Equatable {
    static let scheme = "pbkdf2-sha256"
    static let saltLength = 16
    static let keyLength = 32

    let iterations: Int
    let salt: [UInt8]
    let key: [UInt8]

    init(iterations: Int, salt: [UInt8], key: [UInt8]) {
        self.iterations = iterations
        self.salt = salt
        self.key = key
    }

    /// A new hash of `password` with a new random salt, at `hashing`'s iterations.
    init(password: String, hashing: PasswordHashing) {
        let salt = SecretBytes.random(Self.saltLength)
        self.init(iterations: hashing.iterations, salt: salt, key: Self.derive(password, salt: salt, iterations: hashing.iterations))
    }

    /// A hash no password matches but that costs a verification as much as a real one: what
    /// a sign-in with an unknown name is checked against, so that it takes the same time.
    static func unmatchable(_ hashing: PasswordHashing) -> PasswordHash {
        PasswordHash(iterations: hashing.iterations, salt: SecretBytes.random(saltLength), key: SecretBytes.random(keyLength))
    }

    /// Reads the stored form; nil for anything else (another scheme, a broken string).
    init?(stored: String) {
        let parts = stored.split(separator: "$", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == Self.scheme, let iterations = Int(parts[1]), iterations >= 1,
            let salt = Data(base64Encoded: String(parts[2])), !salt.isEmpty,
            let key = Data(base64Encoded: String(parts[3])), key.count == Self.keyLength
        else { return nil }
        self.init(iterations: iterations, salt: Array(salt), key: Array(key))
    }

    /// The stored form.
    var stored: String {
        "\(Self.scheme)$\(iterations)$\(Data(salt).base64EncodedString())$\(Data(key).base64EncodedString())"
    }

    /// Whether `password` is the one hashed: the key is derived again and compared in
    /// constant time.
    func verify(_ password: String) -> Bool {
        SecretBytes.equal(Self.derive(password, salt: salt, iterations: iterations), key)
    }

    /// Whether the hash was made with fewer iterations than `hashing` asks for today.
    func needsRehash(_ hashing: PasswordHashing) -> Bool {
        iterations < hashing.iterations
    }

    private static func derive(_ password: String, salt: [UInt8], iterations: Int) -> [UInt8] {
        PBKDF2.sha256(
            password: Array(password.precomposedStringWithCanonicalMapping.utf8), salt: salt, iterations: iterations, length: keyLength)
    }
}

/// How many PBKDF2 iterations new password hashes take: 600,000 (OWASP's figure for
/// PBKDF2-HMAC-SHA256), or more. Fewer are for tests only, and only under the name that
/// says so (`testsOnly`).
package struct PasswordHashing: Sendable, Equatable {
    package static let minimumIterations = 600_000
    package static let standard = PasswordHashing(checked: minimumIterations)

    package let iterations: Int

    private init(checked iterations: Int) {
        self.iterations = iterations
    }

    /// `iterations` for new hashes; fewer than `minimumIterations` are refused.
    package init(iterations: Int) throws(PasswordHashingError) {
        guard iterations >= Self.minimumIterations else { throw PasswordHashingError(iterations: iterations) }
        self.iterations = iterations
    }

    /// Few iterations, so that tests hash in microseconds. Never for a real dashboard.
    package static func testsOnly(iterations: Int) -> PasswordHashing {
        PasswordHashing(checked: max(1, iterations))
    }
}

/// A password hashing setting below the minimum: the configuration is refused.
package struct PasswordHashingError: Error, CustomStringConvertible {
    let iterations: Int

    package var description: String {
        "password hashes need at least \(PasswordHashing.minimumIterations) PBKDF2 iterations, not \(iterations)"
    }
}
