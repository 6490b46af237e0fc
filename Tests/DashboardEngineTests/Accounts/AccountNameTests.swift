import Testing

@testable import DashboardEngine

@Suite struct AccountNameTests {
    @Test func aName_isTrimmed_keptAsGiven_andComparedWithoutCase() throws {
        let name = try AccountName("  Mina Kim \n")
        #expect(name.text == "Mina Kim")
        #expect(name.key == "mina kim")
        #expect(try AccountName("ÉLODIE").key == AccountName("élodie").key)
        #expect(try AccountName("김민아").text == "김민아")
    }

    @Test func aName_isOneTo64Characters_withoutControlCharacters() throws {
        #expect(throws: AccountNameProblem(.empty)) { try AccountName("   ") }
        #expect(throws: AccountNameProblem(.empty)) { try AccountName("") }
        #expect(try AccountName(String(repeating: "가", count: 64)).text.count == 64)
        #expect(throws: AccountNameProblem(.tooLong)) { try AccountName(String(repeating: "a", count: 65)) }
        #expect(throws: AccountNameProblem(.tooLong)) { try AccountName(String(repeating: "a", count: 1_000_000)) }
        #expect(throws: AccountNameProblem(.controlCharacter)) { try AccountName("mi\tna") }
        #expect(throws: AccountNameProblem(.controlCharacter)) { try AccountName("mi\u{0}na") }
        #expect(throws: AccountNameProblem(.controlCharacter)) { try AccountName("mi\u{1B}[31mna") }
    }

    /// A name typed decomposed is the same name.
    @Test func aName_isKeptInNFC() throws {
        let name = try AccountName("민아".decomposedStringWithCanonicalMapping)
        #expect(Array(name.text.utf8) == Array("민아".utf8))
    }
}
