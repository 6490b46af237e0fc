import Foundation

/// One person's account, as the accounts page lists it. Its password hash stays in the store.
package struct Account: Sendable, Equatable, Identifiable {
    package let id: Int
    package let name: String
    package let role: Role
    package let isDisabled: Bool
    /// When it was added, and when its role, password or disabled flag last changed (the
    /// engine's clock).
    package let createdAt: Date
    package let changedAt: Date
}

/// The account behind a session, as a page asks "who is this?".
package struct SessionAccount: Sendable, Equatable {
    package let accountID: Int
    package let name: String
    package let role: Role
    /// When the session began (at the sign-in).
    package let startedAt: Date
}

/// A sign-in that succeeded: the new session's id, for the cookie (the store keeps only its
/// SHA-256), and the account.
package struct SignedIn: Sendable {
    package let sessionID: String
    package let account: Account
}

/// The store declines a change to the accounts by rule.
package struct AccountRefusal: Error, Sendable, Equatable {
    package enum Code: String, Sendable, CaseIterable {
        /// The change would leave no enabled owner (disabling or demoting the last one).
        case lastOwner = "last-owner"
        /// No account has this id.
        case notFound = "account-not-found"
        /// The current password given with a change of password is not the account's.
        case wrongPassword = "wrong-password"
        /// Too many failures for this account or this address (`SignInThrottle`): the current
        /// password was not checked.
        case tooManyTries = "too-many-tries"
    }

    package let code: Code
    /// When the next try of the current password is allowed, if it must wait.
    package let nextTryAt: Date?

    package init(_ code: Code, nextTryAt: Date? = nil) {
        self.code = code
        self.nextTryAt = nextTryAt
    }
}

/// A sign-in declined. It never says whether the name exists: an unknown name, a wrong
/// password and a disabled account get the same answer, after the same work.
package struct SignInRefusal: Error, Sendable, Equatable {
    package enum Code: String, Sendable, CaseIterable {
        /// The name and the password do not match an enabled account.
        case wrongNameOrPassword = "wrong-name-or-password"
        /// Too many failures for this name or this address: the password was not checked.
        case tooManyTries = "too-many-tries"
    }

    package let code: Code
    /// When the next try is allowed, if it must wait (after `SignInThrottle.freeFailures`
    /// failures); a page says it.
    package let nextTryAt: Date?

    package init(_ code: Code, nextTryAt: Date?) {
        self.code = code
        self.nextTryAt = nextTryAt
    }
}

/// The one-time setup of the first owner declined.
package struct SetupRefusal: Error, Sendable, Equatable {
    package enum Code: String, Sendable, CaseIterable {
        /// Not the token start-up gave (or no setup was started).
        case unknownToken = "setup-token-unknown"
        /// The token was used already.
        case used = "setup-token-used"
        /// The token's hour passed.
        case expired = "setup-token-expired"
        /// An owner exists: setup is over.
        case ownerExists = "owner-exists"
    }

    package let code: Code

    package init(_ code: Code) {
        self.code = code
    }
}
