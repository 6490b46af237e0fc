import Foundation

/// A coding key made from any string, so one decoder can try several spellings of a field
/// (`pageNo` or `page_no`).
struct AnyCodingKey: CodingKey, Hashable {
    let stringValue: String
    let intValue: Int?

    init(_ string: String) {
        self.stringValue = string
        self.intValue = nil
    }

    init?(stringValue: String) { self.init(stringValue) }

    init?(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }
}

extension KeyedDecodingContainer where Key == AnyCodingKey {
    /// The value of the first of `names` that is present and not null, or nil when none is.
    /// A present value of the wrong type is an error, not a silent nil.
    func value<T: Decodable>(_ type: T.Type, _ names: String...) throws -> T? {
        for name in names {
            let key = AnyCodingKey(name)
            if contains(key), try !decodeNil(forKey: key) {
                return try decode(type, forKey: key)
            }
        }
        return nil
    }

    /// Like `value`, but a missing field is a `keyNotFound` error naming the first spelling.
    func required<T: Decodable>(_ type: T.Type, _ names: String...) throws -> T {
        for name in names {
            let key = AnyCodingKey(name)
            if contains(key), try !decodeNil(forKey: key) {
                return try decode(type, forKey: key)
            }
        }
        let key = AnyCodingKey(names.first ?? "")
        throw DecodingError.keyNotFound(
            key, .init(codingPath: codingPath, debugDescription: "Missing \(names.joined(separator: " or ")).")
        )
    }

    /// A timestamp in any of the forms `MarketDate` accepts; nil when missing or unreadable, so a
    /// strange date never hides a product.
    func date(_ names: String...) -> Date? {
        for name in names {
            if let text = try? decodeIfPresent(String.self, forKey: AnyCodingKey(name)) {
                return MarketDate.parse(text)
            }
        }
        return nil
    }

    /// A URL, nil when missing, empty or unparsable.
    func url(_ names: String...) -> URL? {
        for name in names {
            if let text = try? decodeIfPresent(String.self, forKey: AnyCodingKey(name)) {
                let trimmed = text.trimmingASCIIWhitespaceAndNewlines()
                return trimmed.isEmpty ? nil : URL(string: trimmed)
            }
        }
        return nil
    }
}

/// Decodes an element of an array, or records nil when that element is malformed, so one bad
/// product does not blank a whole page.
struct Lossy<Element: Decodable>: Decodable {
    let value: Element?

    init(from decoder: any Decoder) throws {
        value = try? Element(from: decoder)
    }
}

extension Array {
    /// The elements in order, keeping only the first one for each id.
    func uniqued<ID: Hashable>(by id: (Element) -> ID) -> [Element] {
        var seen = Set<ID>()
        return filter { seen.insert(id($0)).inserted }
    }
}
