import Foundation
import SQLite

extension AccountStore {
    /// Signs in with a name and a password from `address` (the client's, as the server
    /// believes it): a new session on success. Throws `SignInRefusal` or `DatabaseError`.
    ///
    /// An unknown name, a wrong password and a disabled account get the same refusal after the
    /// same work: an unknown name's password is checked against a hash no password matches,
    /// of today's iterations. Failures are counted by name and by address (`SignInThrottle`);
    /// a try that must wait is refused with the instant it may be made. A hash made with fewer
    /// iterations than today's is made again once the password is known to be right.
    ///
    /// Tries that arrive together all pass the wait before any of them fails; the count then
    /// holds all their failures, so such a burst is as many tries as were sent at once, each
    /// costing a full hash, and the next try waits accordingly.
    ///
    /// Each outcome is an event of the account (`AccountEvent`): signed in, failed (for a name
    /// no account has, no account and nothing of the name typed: a person sometimes types their
    /// password there), and the first try refused during each wait.
    package func signIn(name: String, password: String, address: String) async throws -> SignedIn {
        let key = AccountName.key(name)
        if let next = throttle.waitUntil(name: key, address: address, now: clock.now()) {
            if throttle.noteRefusal(name: key, address: address) {
                let id = try database.use { db throws(SQLiteError) in
                    try db.first("SELECT id FROM accounts WHERE name_key = ?", [.text(key)]) { $0.integer(0) }
                }
                try record(.throttled, account: id, by: nil, address: address)
            }
            throw SignInRefusal(.tooManyTries, nextTryAt: next)
        }
        let found = try database.use { db throws(SQLiteError) in
            try db.first("SELECT id, password_hash, disabled FROM accounts WHERE name_key = ?", [.text(key)]) {
                (id: $0.integer(0), hash: $0.text(1), disabled: $0.integer(2) != 0)
            }
        }
        let hash = found.flatMap { PasswordHash(stored: $0.hash) } ?? .unmatchable(hashing)
        let matches = await Self.offThePool { hash.verify(password) }
        guard let found, matches, !found.disabled else {
            let next = throttle.failed(name: key, address: address, now: clock.now())
            try record(.signInFailed, account: found?.id, by: nil, address: address)
            throw SignInRefusal(.wrongNameOrPassword, nextTryAt: next)
        }
        throttle.succeeded(name: key)
        if hash.needsRehash(hashing) {
            try storeRehash(found.id, await self.hash(password))
        }
        let sessionID = try start(found.id, signingIn: address)
        guard let account = try account(id: found.id) else { throw SignInRefusal(.wrongNameOrPassword, nextTryAt: nil) }
        return SignedIn(sessionID: sessionID, account: account)
    }
}
