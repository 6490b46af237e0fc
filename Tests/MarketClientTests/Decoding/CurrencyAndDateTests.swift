import Foundation
import Testing

@testable import MarketClient

struct CurrencyTests {
    struct Box: Codable { var currency: Currency }

    @Test func knownCurrencies() throws {
        #expect(try decodeJSON(Box.self, #"{"currency":"KRW"}"#).currency == .krw)
        #expect(try decodeJSON(Box.self, #"{"currency":"USD"}"#).currency == .usd)
        #expect(Currency.krw.fractionDigits == 0)
        #expect(Currency.usd.fractionDigits == 2)
    }

    @Test func unknownCurrencyDecodesAsItselfWithoutFailing() throws {
        let eur = try decodeJSON(Box.self, #"{"currency":"eur "}"#).currency
        #expect(eur.rawValue == "EUR")
        #expect(!eur.isKnown)
        #expect(eur.fractionDigits == 2)
        let weird = try decodeJSON(Box.self, #"{"currency":7}"#).currency
        #expect(weird.rawValue == "")
        #expect(!weird.isKnown)
    }

    @Test func encodesItsCode() throws {
        #expect(String(decoding: try JSONEncoder().encode(Box(currency: .usd)), as: UTF8.self) == #"{"currency":"USD"}"#)
    }
}

struct MarketDateTests {
    /// 2022-11-15T00:00:00Z
    static let nov15 = Date(timeIntervalSince1970: 1_668_470_400)

    @Test func currentFormatIsReadAsUTC() {
        #expect(MarketDate.parse("2022-11-15T00:00:00") == Self.nov15)
    }

    @Test func olderFormatWithHundredths() {
        #expect(MarketDate.parse("2022-05-14T00:00:00.00") == Date(timeIntervalSince1970: 1_652_486_400))
        #expect(MarketDate.parse("2022-05-13T09:30:15.5") == Date(timeIntervalSince1970: 1_652_434_215.5))
    }

    @Test func zonesAreHonoured() {
        #expect(MarketDate.parse("2022-11-15T09:00:00+09:00") == Self.nov15)
        #expect(MarketDate.parse("2022-11-15T09:00:00+0900") == Self.nov15)
        #expect(MarketDate.parse("2022-11-15T00:00:00Z") == Self.nov15)
        #expect(MarketDate.parse("2022-11-14T23:00:00-01:00") == Self.nov15)
    }

    @Test func lenientForms() {
        #expect(MarketDate.parse("2022-11-15") == Self.nov15)
        #expect(MarketDate.parse("2022-11-15 00:00:00") == Self.nov15)
        #expect(MarketDate.parse("2022-11-15T00:00") == Self.nov15)
        #expect(MarketDate.parse("2024-02-29T00:00:00") != nil)
    }

    @Test(arguments: ["", "yesterday", "2022-13-01T00:00:00", "2023-02-29", "2022-11-15T25:00:00",
                      "2022-11-15T00:00:00.", "2022-11-15T00:00:00+9", "2022-11-15T00:00:00 junk", "15/11/2022"])
    func rejectsOtherText(text: String) {
        #expect(MarketDate.parse(text) == nil)
    }

    @Test func formatRoundTrips() throws {
        #expect(MarketDate.format(Self.nov15) == "2022-11-15T00:00:00")
        let withMillis = try #require(MarketDate.parse("1999-12-31T23:59:58.25"))
        #expect(MarketDate.format(withMillis) == "1999-12-31T23:59:58.250")
        #expect(MarketDate.format(Date(timeIntervalSince1970: -86_400)) == "1969-12-31T00:00:00")
    }
}
