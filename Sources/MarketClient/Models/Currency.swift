/// A currency code as the API writes it (`"KRW"`, `"USD"`).
///
/// Open, not an enum: the API documents only KRW and USD, but a product carrying another code
/// (or none) must not make a whole page fail to decode. Unknown codes decode as themselves
/// (upper-cased, trimmed), report `isKnown == false` and are formatted with two fraction
/// digits; a missing or non-string currency decodes as `Currency(rawValue: "")`. The dashboard
/// decides how to show them; the client never refuses them.
public struct Currency: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue.trimmingASCIIWhitespaceAndNewlines().uppercased()
    }

    public static let krw = Currency(rawValue: "KRW")
    public static let usd = Currency(rawValue: "USD")

    /// The currencies the API accepts on create and edit.
    public static let supported: [Currency] = [.krw, .usd]

    public var isKnown: Bool { Self.supported.contains(self) }

    /// Digits after the decimal point when showing an amount: 0 for KRW, 2 otherwise.
    public var fractionDigits: Int { self == .krw ? 0 : 2 }

    public var description: String { rawValue }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self.init(rawValue: (try? container.decode(String.self)) ?? "")
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

extension String {
    /// The string without leading and trailing ASCII spaces, tabs, CR and LF.
    func trimmingASCIIWhitespaceAndNewlines() -> String {
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        let bytes = Array(utf8)
        guard let first = bytes.firstIndex(where: { !isSpace($0) }),
            let last = bytes.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(decoding: bytes[first...last], as: UTF8.self)
    }
}
