import Foundation

/// An account's name as a person gave it, checked: trimmed of spaces and line breaks at both
/// ends, in NFC, 1 to 64 characters, no control characters. Names are unique compared without
/// case (`key`): "Mina" and "mina" are one person.
package struct AccountName: Sendable, Equatable {
    package static let maximumCharacters = 64

    /// The name as shown.
    package let text: String
    /// The name as compared: lower-cased (Unicode's rules, not only ASCII).
    package let key: String

    /// Checks `given`; throws what is wrong with it.
    package init(_ given: String) throws(AccountNameProblem) {
        // The raw length first, so that a huge field is refused before it is normalised.
        guard given.utf8.count <= Self.maximumCharacters * 16 else { throw AccountNameProblem(.tooLong) }
        let text = given.precomposedStringWithCanonicalMapping.trimmingCharacters(in: .whitespacesAndNewlines)
        if text.isEmpty { throw AccountNameProblem(.empty) }
        if text.count > Self.maximumCharacters { throw AccountNameProblem(.tooLong) }
        if text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw AccountNameProblem(.controlCharacter)
        }
        self.text = text
        key = Self.key(text)
    }

    /// A name read back from where the dashboard stored it (the journal, a batch), checked
    /// when it was stored: kept as it is, its key worked out again.
    package init(stored text: String) {
        self.text = text
        key = Self.key(text)
    }

    /// The comparison key of a name as typed at the sign-in form, checked or not: an unknown
    /// name's failures are counted under it as a known one's are.
    static func key(_ given: String) -> String {
        given.precomposedStringWithCanonicalMapping.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }
}

/// What is wrong with an account's name a person gave.
package struct AccountNameProblem: Error, Sendable, Equatable {
    package enum Code: String, Sendable, CaseIterable {
        /// Nothing but spaces.
        case empty = "name-empty"
        /// More than `AccountName.maximumCharacters` characters.
        case tooLong = "name-too-long"
        /// A control character (a tab, a line break inside, …).
        case controlCharacter = "name-control-character"
        /// Another account has this name (compared without case).
        case taken = "name-taken"
    }

    package let code: Code

    package init(_ code: Code) {
        self.code = code
    }
}
