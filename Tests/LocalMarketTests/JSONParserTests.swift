import Testing
@testable import LocalMarket

@Suite("Request JSON is parsed strictly over bytes")
struct JSONParserTests {
    private func parse(_ text: String) throws -> JSONValue {
        try JSONValue.parse(Array(text.utf8))
    }

    @Test func numbersKeepTheirLiteralText() throws {
        let value = try parse(#"{"price": 6.0E7, "stock": 3, "d": -0.5}"#)
        #expect(value["price"] == .number("6.0E7"))
        #expect(value["stock"] == .number("3"))
        #expect(value["d"] == .number("-0.5"))
    }

    @Test func escapesAndSurrogatePairsDecode() throws {
        let value = try parse(#"["a\"b\\c\/d\n", "\uD83C\uDF4A", "\u00e9"]"#)
        #expect(value == .array([.string("a\"b\\c/d\n"), .string("🍊"), .string("é")]))
    }

    @Test("malformed JSON is refused", arguments: [
        "", "{", #"{"a":}"#, #"{"a":1,}"#, "[1 2]", "01", "1.", "-", #""\x""#, "{} {}", "tru",
        #""\uD800""#, "[\"a\u{01}\"]", "nul", #"{"a" 1}"#,
    ])
    func malformedIsRefused(text: String) {
        #expect(throws: JSONParseError.self) { try JSONValue.parse(Array(text.utf8)) }
    }

    @Test func deepNestingIsRefusedNotACrash() {
        let text = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(throws: JSONParseError.self) { try JSONValue.parse(Array(text.utf8)) }
    }

    @Test func invalidUTF8InAStringIsRefused() {
        #expect(throws: JSONParseError.self) { try JSONValue.parse([0x22, 0xC3, 0x28, 0x22]) }
    }
}
