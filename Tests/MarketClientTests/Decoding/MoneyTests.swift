import Foundation
import Testing

@testable import MarketClient

struct MoneyTests {
    struct Box: Codable { var price: Money }

    @Test(arguments: [
        ("20000.0", "20000"), ("6.0E7", "60000000"), ("12.5", "12.5"), ("1234.56", "1234.56"),
        ("1000", "1000"), ("0", "0"), ("5.99E7", "59900000"), ("1.0E5", "100000"), ("0.1", "0.1"),
        ("12345678901.23", "12345678901.23"),
    ])
    func decodesEveryNumberSpelling(json: String, expected: String) throws {
        let box = try decodeJSON(Box.self, #"{"price":\#(json)}"#)
        #expect(box.price.description == expected)
        #expect(box.price == Money(string: expected))
    }

    /// Pins the toolchain fact the model relies on: JSONDecoder reads `Decimal` from the
    /// number's text. Through `Double` this would come out as 1234.567890123456...
    @Test func decimalDecodingDoesNotGoThroughDouble() throws {
        let box = try decodeJSON(Box.self, #"{"price":1234.5678901234567891}"#)
        #expect(box.price.description == "1234.5678901234567891")
    }

    @Test func priceSentAsStringIsAccepted() throws {
        #expect(try decodeJSON(Box.self, #"{"price":"1500"}"#).price == 1500)
    }

    @Test func nonNumericPriceIsAnError() {
        #expect(throws: DecodingError.self) { try decodeJSON(Box.self, #"{"price":"1,500"}"#) }
        #expect(throws: DecodingError.self) { try decodeJSON(Box.self, #"{"price":true}"#) }
    }

    @Test func encodesAsPlainJSONNumber() throws {
        let encoder = JSONEncoder()
        #expect(String(decoding: try encoder.encode(Box(price: 1000)), as: UTF8.self) == #"{"price":1000}"#)
        let cents = try #require(Money(string: "12.50"))
        #expect(String(decoding: try encoder.encode(Box(price: cents)), as: UTF8.self) == #"{"price":12.5}"#)
    }

    @Test func doubleConversionUsesShortestDescription() {
        #expect(Money(0.1)?.description == "0.1")
        #expect(Money(12345678901.23)?.description == "12345678901.23")
        #expect(Money(6.0e7)?.description == "60000000")
        #expect(Money(Double.nan) == nil)
    }

    @Test(arguments: ["", "abc", "1,000", ".", "1e", "--1", "12abc", "nan"])
    func rejectsWhatIsNotADecimal(text: String) {
        #expect(Money(string: text) == nil)
    }

    @Test func minorUnits() throws {
        #expect(try #require(Money(string: "12.5")).minorUnits(in: .usd) == 1250)
        #expect(Money(1000).minorUnits(in: .krw) == 1000)
        #expect(try #require(Money(string: "12.5")).minorUnits(in: .krw) == nil)
        #expect(try #require(Money(string: "0.001")).minorUnits(in: .usd) == nil)
    }

    @Test func arithmeticAndOrder() {
        let price: Money = 3500
        let off: Money = 100
        #expect(price - off == 3400)
        #expect(off < price)
        #expect(Money.zero < off)
    }
}
