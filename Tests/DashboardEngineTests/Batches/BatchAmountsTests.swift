import Foundation
import MarketClient
import Testing

@testable import DashboardEngine

/// Money rounded as each currency counts it, and numbers read as spreadsheets write them.
@Suite struct BatchAmountsTests {
    static func decimal(_ text: String) -> Decimal { Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) ?? .nan }

    @Test(arguments: [
        ("8999.5", "KRW", "9000"), ("8999.49", "KRW", "8999"), ("12.345", "USD", "12.35"), ("12.344", "USD", "12.34"),
        ("0.005", "USD", "0.01"), ("11.25", "USD", "11.25"), ("10000", "KRW", "10000"),
    ])
    func roundsHalfUpToTheCurrencysUnit(amount: String, currency: String, expected: String) {
        #expect(BatchAmounts.rounded(Self.decimal(amount), for: Currency(rawValue: currency)) == Self.decimal(expected))
    }

    @Test(arguments: [
        ("20000", "20000"), ("20000.0", "20000"), ("20,000", "20000"), (" 12.50 ", "12.5"), ("₩20,000", "20000"),
        ("$12.50", "12.5"), ("KRW 1,000", "1000"), ("1.5E+4", "15000"), ("-10", "-10"),
    ])
    func readsWhatSpreadsheetsWrite(text: String, expected: String) {
        #expect(BatchAmounts.read(text) == Self.decimal(expected))
    }

    @Test(arguments: ["", "abc", "12 000", "1.2.3", "=1+1"])
    func readsNothingElse(text: String) {
        #expect(BatchAmounts.read(text) == nil)
    }

    @Test func countsAreWholeNumbers() {
        #expect(BatchAmounts.count("7") == 7)
        #expect(BatchAmounts.count("7.0") == 7)
        #expect(BatchAmounts.count("1,000") == 1000)
        #expect(BatchAmounts.count("7.5") == nil)
        #expect(BatchAmounts.count("") == nil)
    }
}
