import Foundation

/// What a new password must be: at least 10 characters (user-perceived characters, counted
/// after Unicode NFC, so a Korean syllable is one whichever way it was typed), under 1,024
/// bytes of UTF-8 (a bound for the form, far above any password a person types), and no
/// control characters (a tab or a line break pasted by mistake could never be typed again at
/// the sign-in form). Nothing else: no classes of characters to mix.
package enum PasswordPolicy {
    package static let minimumCharacters = 10
    /// The UTF-8 bytes a password must stay under.
    package static let byteLimit = 1024

    /// The problem with `password` as a new password, or nil when it may be used.
    package static func problem(_ password: String) -> PasswordProblem? {
        // The raw length first: a megabyte pasted in is refused before it is normalised.
        guard password.utf8.count < byteLimit * 4 else { return PasswordProblem(.tooLong) }
        let normalised = password.precomposedStringWithCanonicalMapping
        if normalised.utf8.count >= byteLimit { return PasswordProblem(.tooLong) }
        if normalised.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return PasswordProblem(.controlCharacter)
        }
        if normalised.count < minimumCharacters { return PasswordProblem(.tooShort) }
        return nil
    }
}

/// What is wrong with a new password a person gave: a code the pages word with how to fix it
/// (the limits are `PasswordPolicy`'s).
package struct PasswordProblem: Error, Sendable, Equatable {
    package enum Code: String, Sendable, CaseIterable {
        /// Fewer than `PasswordPolicy.minimumCharacters` characters.
        case tooShort = "password-too-short"
        /// `PasswordPolicy.byteLimit` bytes of UTF-8 or more.
        case tooLong = "password-too-long"
        /// A control character (a tab, a line break, …).
        case controlCharacter = "password-control-character"
    }

    package let code: Code

    package init(_ code: Code) {
        self.code = code
    }
}
