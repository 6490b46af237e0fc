import Foundation

/// One thing that happened to an account, as the accounts' history lists it: a sign-in, a
/// failed one, a change an owner or the account itself made. It never holds a password or a
/// session id, nor the name typed at a sign-in that matched no account.
package struct AccountEvent: Sendable, Equatable, Identifiable {
    package enum Kind: String, Sendable, CaseIterable {
        case signedIn = "signed-in"
        /// A wrong password for an account's name, or (no account) a name no account has.
        case signInFailed = "sign-in-failed"
        /// A try refused by the throttle without checking the password: the first one of each
        /// wait is kept.
        case throttled
        case signedOut = "signed-out"
        case signedOutEverywhere = "signed-out-everywhere"
        /// The account's own change, with its current password.
        case passwordChanged = "password-changed"
        /// An owner's reset, or the command line's.
        case passwordReset = "password-reset"
        case roleChanged = "role-changed"
        case disabled
        case enabled
        case added = "account-added"
        /// The first owner, made with the one-time setup token.
        case ownerSetUp = "owner-set-up"
    }

    package let id: Int
    package let at: Date
    package let kind: Kind
    /// The account it happened to: nil for a sign-in with a name no account has.
    package let account: Named?
    /// Who did it: the account itself, an owner, or nil (the command line, the setup token,
    /// someone at the sign-in form).
    package let actor: Named?
    /// The client's address, where the change came through the web.
    package let address: String?
    /// The role before a change of role.
    package let roleBefore: Role?
    /// The role after a change of role; an added account's role.
    package let roleAfter: Role?

    /// An account as an event names it: its id and its name as it is now.
    package struct Named: Sendable, Equatable {
        package let id: Int
        package let name: String
    }

    /// One page of events, newest first, and how many there are in all.
    package struct Page: Sendable, Equatable {
        package let events: [AccountEvent]
        package let total: Int
    }
}

/// Who asks for a change to the accounts, for its event: the signed-in account (nil for the
/// command line and the setup token) and the client's address (nil off the web).
package struct ChangedBy: Sendable, Equatable {
    package let accountID: Int?
    package let address: String?

    package init(accountID: Int?, address: String?) {
        self.accountID = accountID
        self.address = address
    }

    /// `dashboard accounts add` on the machine itself.
    package static let commandLine = ChangedBy(accountID: nil, address: nil)
}
