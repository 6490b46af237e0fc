import Foundation
import Testing

@testable import DashboardEngine

/// The rule on control characters in a name or a description: which are refused, where the
/// first one is counted, and how the problem is kept in the database.
@Suite struct ProductFieldRulesTests {
    @Test(arguments: [
        ("Mug\u{1B}[31m", FieldProblem.controlCharacter(.name, codePoint: 0x1B, position: 4, count: 1)),
        ("\u{0}Kettle", .controlCharacter(.name, codePoint: 0, position: 1, count: 1)),
        ("Kettle\u{7F}", .controlCharacter(.name, codePoint: 0x7F, position: 7, count: 1)),
        ("Caf\u{9B}e\u{1}\u{1F}", .controlCharacter(.name, codePoint: 0x9B, position: 4, count: 3)),
        // Counted as a person counts characters: an emoji, a letter with its accent, a Korean
        // syllable are one each.
        ("👩‍👩‍👧e\u{301}가\u{8}", .controlCharacter(.name, codePoint: 0x08, position: 4, count: 1)),
    ])
    func aNameWithAControlCharacter_isRefused_withWhichAndWhere(_ name: String, _ problem: FieldProblem) {
        #expect(ProductFieldRules.checkName(name) == .failure(problem))
    }

    @Test func tabsAndLineBreaks_stayAllowed_andTheRestOfTheTextToo() {
        #expect(ProductFieldRules.checkName("Mug\twith tab") == .success("Mug\twith tab"))
        #expect(ProductFieldRules.checkName("Two\r\nlines") == .success("Two\nlines"))
        #expect(ProductFieldRules.checkDescription("Line one\r\nLine two\tand a tab") == .success("Line one\nLine two\tand a tab"))
        // Format characters that are not controls (bidi marks, zero-width joiners) are text.
        #expect(ProductFieldRules.checkName("\u{202E}evil\u{202C} name") == .success("\u{202E}evil\u{202C} name"))
        #expect(ProductFieldRules.checkDescription("A description\u{0}here.") == .failure(.controlCharacter(.description, codePoint: 0, position: 14, count: 1)))
        for value in UInt32(0)...0xFF {
            let scalar = Unicode.Scalar(value) ?? " "
            let refused = ProductFieldRules.isRefusedControl(scalar)
            #expect(refused == ((value < 0x20 && value != 0x09 && value != 0x0A) || (0x7F...0x9F).contains(value)), "U+\(String(value, radix: 16))")
        }
    }

    /// The problem is stored as a code with its numbers and read back the same.
    @Test func theProblem_isKeptAsACode() throws {
        let problem = FieldProblem.controlCharacter(.description, codePoint: 0x1B, position: 12, count: 2)
        #expect(problem.stored == CodeAndArguments("control-character", "description", 27, 12, 2))
        #expect(FieldProblem(stored: problem.stored) == problem)
        #expect(FieldProblem(stored: CodeAndArguments("control-character", "colour", 27, 12, 2)) == nil)
    }
}
