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
