import Foundation
import Testing

@testable import Dashboard

@Suite struct PriceTextTests {
    @Test(arguments: [
        ("1000", "KRW", "KRW 1,000"),
        ("0", "KRW", "KRW 0"),
        ("999", "KRW", "KRW 999"),
        ("60000000", "KRW", "KRW 60,000,000"),
        ("6.0E7", "KRW", "KRW 60,000,000"),
        ("1234567.5", "KRW", "KRW 1,234,567.5"),
        ("12.5", "USD", "USD 12.50"),
        ("12", "USD", "USD 12.00"),
        ("1234.56", "USD", "USD 1,234.56"),
        ("0.999", "USD", "USD 1.00"),
        ("1000000.01", "USD", "USD 1,000,000.01"),
    ])
    func formatsAsTheMobileAppsDid(_ amount: String, _ currency: String, _ expected: String) throws {
        let value = try #require(Decimal(string: amount, locale: Locale(identifier: "en_US_POSIX")))
        #expect(PriceText.format(value, currency: currency) == expected)
    }
}

@Suite struct PriceTextFastPathTests {
    /// Whole cents take an integer path; it must write exactly what the Decimal path writes.
    @Test func integerPath_matchesTheDecimalPath() throws {
        let samples = [
            "0", "1", "5", "9.99", "10", "12.5", "12.05", "99.9", "100", "999", "1000", "1000.5", "12345.67",
            "100000", "999999.99", "1000000", "60000000", "6.0E7", "1e3", "0.10", "1234567890123.45",
            "-5", "-1234.5", "25000.00",
        ]
        for sample in samples {
            let amount = try #require(Decimal(string: sample, locale: Locale(identifier: "en_US_POSIX")))
            #expect(PriceText.exactCents(amount) != nil, "\(sample) has whole cents")
            for digits in [0, 2] {
                #expect(
                    PriceText.grouped(amount, minimumFractionDigits: digits)
                        == PriceText.groupedDecimal(amount, minimumFractionDigits: digits), "\(sample), \(digits) digits")
            }
        }
    }

    @Test func amountsNeedingRounding_takeTheDecimalPath() throws {
        let amount = try #require(Decimal(string: "0.999", locale: Locale(identifier: "en_US_POSIX")))
        #expect(PriceText.exactCents(amount) == nil)
        #expect(PriceText.grouped(amount, minimumFractionDigits: 2) == "1.00")
    }
}
