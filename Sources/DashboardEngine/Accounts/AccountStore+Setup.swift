import Foundation
import SQLite

/// A one-time token that lets whoever holds it create the first owner. It is kept in memory
/// (as its SHA-256), never in the database: it lives as long as the process that printed it
/// to its log, and a restart before it is used prints a new one.
struct SetupToken: Sendable {
    let hash: [UInt8]
    let expiresAt: Date
    var isUsed = false
}

extension AccountStore {
    /// How long a setup token is valid.
    package static let setupTokenLifetime: TimeInterval = 3600
    static let setupTokenBytes = 32

    /// A new one-time setup token (43 characters of base64url), valid `setupTokenLifetime`
    /// from now, when no owner exists; nil once one does. A new token replaces the one before.
    package func startSetup() throws(DatabaseError) -> String? {
        guard try !hasOwner() else { return nil }
        let token = SecretBytes.base64URL(SecretBytes.random(Self.setupTokenBytes))
        let expiresAt = clock.now().addingTimeInterval(Self.setupTokenLifetime)
        setup.withLock { $0 = SetupToken(hash: SHA256.hash(token.utf8), expiresAt: expiresAt) }
        return token
    }

    /// Creates the first owner with the setup token, once, from `address` (its event has no
    /// one who did it: the token stands for the machine's owner). Throws `SetupRefusal` (a token that
    /// is not the one given, used, or past its hour; an owner exists), `AccountNameProblem`,
    /// `PasswordProblem` (the token stays valid for another try) or `DatabaseError`.
    @discardableResult
    package func completeSetup(token: String, name: String, password: String, address: String? = nil) async throws -> Account {
        let now = clock.now()
        let given = SecretBytes.isBase64URL(token, byteCount: Self.setupTokenBytes) ? SHA256.hash(token.utf8) : []
        let state = setup.withLock { $0 }
        guard let state, SecretBytes.equal(given, state.hash) else { throw SetupRefusal(.unknownToken) }
        if state.isUsed { throw SetupRefusal(.used) }
        if now >= state.expiresAt { throw SetupRefusal(.expired) }
        let name = try AccountName(name)
        if let problem = PasswordPolicy.problem(password) { throw problem }
        // Claimed before the slow hash, so that two posts of the token make one owner.
        let claimed = setup.withLock { current -> Bool in
            guard var token = current, SecretBytes.equal(token.hash, state.hash), !token.isUsed else { return false }
            token.isUsed = true
            current = token
            return true
        }
        guard claimed else { throw SetupRefusal(.used) }
        let hash = await hash(password)
        let stamp = StoredTime.milliseconds(clock.now())
        do {
            let added = try database.use { db throws(SQLiteError) -> Account? in
                try db.transaction(.immediate, mapError: { $0 }) { () throws(SQLiteError) -> Account? in
                    if try Self.hasOwner(db) { return nil }
                    // No owner exists, so no account can hold the name as one; another role can.
                    if try Self.isTaken(name, db) { return nil }
                    try Self.insert(name, role: .owner, hash: hash, at: stamp, db)
                    let id = db.lastInsertRowID
                    try Self.record(.ownerSetUp, account: id, by: nil, address: address, after: .owner, at: stamp, db)
                    return try Self.account(id, db)
                }
            }
            guard let added else {
                if try hasOwner() { throw SetupRefusal(.ownerExists) }
                release()
                throw AccountNameProblem(.taken)
            }
            return added
        } catch let error as DatabaseError {
            release()
            throw error
        }
    }

    /// Makes the claimed token usable again after a failure that created nothing.
    private func release() {
        setup.withLock { current in current?.isUsed = false }
    }
}
