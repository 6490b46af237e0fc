import Foundation

/// An amount of money, exact in decimal: never a `Double` in our own model.
///
/// The API writes prices as JSON numbers in many spellings (`1000`, `20000.0`, `6.0E7`, `12.5`,
/// `1234.56`). Decoding reads the number as `Decimal`. On this toolchain (Swift 6.x,
/// swift-foundation's `JSONDecoder`) a `Decimal` is parsed from the number's literal text, not
/// through `Double`: `1234.5678901234567891` survives whole (pinned by a test). Should a
/// decoder ever go through `Double`, prices are still safe: they are at most about 1e10 with
/// two decimals, i.e. at most 13 significant digits, and any decimal with 15 or fewer significant
/// digits is recovered exactly from a `Double`'s shortest round-trip description. That is the
/// fallback `init(_ double:)` uses. A price sent as a JSON string (`"1000"`) is accepted too.
///
/// The currency lives beside the amount on the product, not in here.
public struct Money: Sendable, Hashable, Comparable, Codable, CustomStringConvertible,
    ExpressibleByIntegerLiteral
{
    public var amount: Decimal

    public init(_ amount: Decimal) {
        self.amount = amount
    }

    public init(integerLiteral value: Int) {
        self.amount = Decimal(value)
    }

    /// Exact for any value with at most 15 significant digits: goes through the shortest
    /// round-trip description of the `Double` (`12.5`, `6e+07`), never its binary expansion.
    /// Nil for NaN and infinities.
    public init?(_ double: Double) {
        guard double.isFinite else { return nil }
        self.init(string: "\(double)")
    }

    /// Parses a plain decimal number: optional sign, digits, optional fraction, optional
    /// exponent (`1000`, `-3`, `12.50`, `6.0E7`, `1e+16`). Anything else (including `1,000`,
    /// spaces, `nan`) is nil. Leading and trailing whitespace is ignored.
    public init?(string: String) {
        let text = string.trimmingCharacters(in: .whitespacesAndNewlines)
        guard Self.isDecimalLiteral(text.utf8),
            let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")),
            !value.isNaN
        else { return nil }
        self.amount = value
    }

    public static let zero = Money(Decimal(0))

    public static func < (lhs: Money, rhs: Money) -> Bool { lhs.amount < rhs.amount }
    public static func - (lhs: Money, rhs: Money) -> Money { Money(lhs.amount - rhs.amount) }
    public static func + (lhs: Money, rhs: Money) -> Money { Money(lhs.amount + rhs.amount) }

    /// The plain decimal text, no grouping, no trailing zeros: `1000`, `12.5`, `60000000`.
    public var description: String { amount.description }

    /// The amount in minor units of `currency` (cents for USD, won for KRW), or nil when the
    /// amount has more fractional digits than the currency has or does not fit an `Int`.
    public func minorUnits(in currency: Currency) -> Int? {
        var scaled = amount
        for _ in 0..<currency.fractionDigits { scaled *= 10 }
        var rounded = Decimal()
        var source = scaled
        NSDecimalRound(&rounded, &source, 0, .plain)
        guard rounded == scaled, let units = Int(exactly: NSDecimalNumber(decimal: rounded).int64Value),
            Decimal(units) == rounded
        else { return nil }
        return units
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let decimal = try? container.decode(Decimal.self) {
            self.init(decimal)
        } else if let text = try? container.decode(String.self), let money = Money(string: text) {
            self = money
        } else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "Expected a price as a JSON number.")
        }
    }

    /// Encodes as a JSON number (`1000`, `12.5`), as the API expects.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(amount)
    }

    /// JSON number grammar (RFC 8259 §6), relaxed to allow leading zeros and a leading `+`.
    static func isDecimalLiteral(_ bytes: String.UTF8View) -> Bool {
        var index = bytes.startIndex
        func digits() -> Int {
            var count = 0
            while index != bytes.endIndex, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                count += 1
                index = bytes.index(after: index)
            }
            return count
        }
        func skip(_ set: [UInt8]) -> Bool {
            guard index != bytes.endIndex, set.contains(bytes[index]) else { return false }
            index = bytes.index(after: index)
            return true
        }
        _ = skip([UInt8(ascii: "-"), UInt8(ascii: "+")])
        var mantissaDigits = digits()
        if skip([UInt8(ascii: ".")]) { mantissaDigits += digits() }
        guard mantissaDigits > 0 else { return false }
        if skip([UInt8(ascii: "e"), UInt8(ascii: "E")]) {
            _ = skip([UInt8(ascii: "-"), UInt8(ascii: "+")])
            guard digits() > 0 else { return false }
        }
        return index == bytes.endIndex
    }
}
