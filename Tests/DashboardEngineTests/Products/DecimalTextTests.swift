import Foundation
import MarketClient
import Testing

@testable import DashboardEngine

/// The byte-by-byte number reader gives what Foundation's readers give, for every spelling it
/// takes, and leaves every other spelling to them.
@Suite struct DecimalTextTests {
    static func slow(_ text: String) -> Decimal? {
        let plain = text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: "")
        return Money(string: plain)?.amount
    }

    @Test(arguments: [
        ("20000", "20000"), ("20000.0", "20000"), ("1,000", "1000"), ("12.50", "12.5"), ("-3", "-3"), (" 0.05 ", "0.05"),
        ("0", "0"), ("0.000", "0"), ("007", "7"), ("123456789012345678", "123456789012345678"), ("10.10", "10.1"),
    ])
    func readsTheFormsSpellings(text: String, expected: String) throws {
        let parsed = try #require(DecimalText.formAmount(text))
        #expect(parsed.text == expected)
        #expect(parsed.decimal == Self.slow(text))
        #expect("\(parsed.decimal)" == expected)
    }

    @Test(arguments: ["", "-", "12.", ".5", "+5", "1e3", "abc", "1.2.3", "１２", "1234567890123456789", "12 34"])
    func leavesTheRestToFoundation(text: String) {
        #expect(DecimalText.formAmount(text) == nil)
    }

    @Test func spreadsheetSpellings() {
        #expect(DecimalText.spreadsheet("₩20,000")?.text == "20000")
        #expect(DecimalText.spreadsheet("KRW 1,000")?.text == "1000")
        #expect(DecimalText.spreadsheet("$12.50")?.text == "12.5")
        #expect(DecimalText.spreadsheet("1.5E+4")?.text == "15000")
        #expect(DecimalText.spreadsheet("2.5e-2")?.text == "0.025")
        #expect(DecimalText.spreadsheet("+7")?.text == "7")
        #expect(DecimalText.spreadsheet("=1+1") == nil)
    }

    /// Random spellings of digits, commas, points, signs and spaces: whenever the fast reader
    /// takes one, Foundation reads the same value, and the text is what `Decimal` would print.
    @Test func agreesWithFoundation_onRandomSpellings() {
        var random = SplitMix64(seed: 0x5EED_D1C1)
        let alphabet = Array("0123456789012345678901234567890,.-  ")
        var taken = 0
        for _ in 0..<20_000 {
            let length = Int(random.next() % 14) + 1
            let text = String((0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
            guard let parsed = DecimalText.formAmount(text) else { continue }
            taken += 1
            #expect(parsed.decimal == Self.slow(text), "\(text)")
            #expect(parsed.text == "\(parsed.decimal)", "\(text)")
        }
        #expect(taken > 1000)
    }
}
