import Testing

@testable import DashboardEngine

@Suite struct PasswordPolicyTests {
    @Test func tenCharactersOrMore_underAKilobyte_noControlCharacters() {
        #expect(PasswordPolicy.problem("0123456789") == nil)
        #expect(PasswordPolicy.problem("012345678") == PasswordProblem(.tooShort))
        #expect(PasswordPolicy.problem("") == PasswordProblem(.tooShort))
        #expect(PasswordPolicy.problem(String(repeating: "a", count: 1023)) == nil)
        #expect(PasswordPolicy.problem(String(repeating: "a", count: 1024)) == PasswordProblem(.tooLong))
        #expect(PasswordPolicy.problem(String(repeating: "a", count: 1_000_000)) == PasswordProblem(.tooLong))
        #expect(PasswordPolicy.problem("0123456789\t") == PasswordProblem(.controlCharacter))
        #expect(PasswordPolicy.problem("01234\n56789") == PasswordProblem(.controlCharacter))
        #expect(PasswordPolicy.problem("01234\u{7F}56789") == PasswordProblem(.controlCharacter))
        #expect(PasswordPolicy.problem("spaces are fine") == nil)
    }

    /// Characters are counted after NFC: ten Korean syllables typed as jamo are ten, and an
    /// emoji with its modifiers is one.
    @Test func charactersAreCountedAfterNFC() {
        let syllables = "가나다라마바사아자차"
        #expect(PasswordPolicy.problem(syllables.decomposedStringWithCanonicalMapping) == nil)
        #expect(PasswordPolicy.problem(String(syllables.dropLast()).decomposedStringWithCanonicalMapping) == PasswordProblem(.tooShort))
        #expect(PasswordPolicy.problem(String(repeating: "👍🏽", count: 9)) == PasswordProblem(.tooShort))
    }

    /// The byte limit is on the UTF-8 of the NFC form: 341 three-byte syllables fit, 342 do not.
    @Test func theByteLimit_isOnTheNFCForm() {
        #expect(PasswordPolicy.problem(String(repeating: "한", count: 341)) == nil)
        #expect(PasswordPolicy.problem(String(repeating: "한", count: 342)) == PasswordProblem(.tooLong))
        #expect(PasswordPolicy.problem(String(repeating: "한", count: 341).decomposedStringWithCanonicalMapping) == nil)
    }
}
