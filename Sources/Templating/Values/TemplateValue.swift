/// The data a template renders: a small value tree built by the view models (no reflection).
///
/// Literal conformances keep view models and tests short:
/// `["title": "Products", "items": [["name": "Mug", "price": "KRW 1,000"]], "onSale": true]`.
public enum TemplateValue: Sendable, Equatable {
    case string(String)
    /// Integral numbers render without a decimal point (`85`), others the shortest way that
    /// reads back the same (`1.21`). View models mostly pass preformatted strings instead.
    case number(Double)
    case bool(Bool)
    case list([TemplateValue])
    case object(TemplateObject)
    case null

    public init(_ value: Int) {
        self = .number(Double(value))
    }

    /// Whether a section `{{#name}}` renders (and `{{^name}}` does not).
    ///
    /// The Mustache spec coerces with the host language's truthiness ("`!!data == true`") and
    /// only pins down `false`, null and the empty list. We follow the Python implementations
    /// (chevron, pystache), the independent ones at hand: `""`, `0` and the empty object are
    /// falsey too (mustache.js agrees except for the empty object). View models should pass
    /// a `bool` for a condition rather than lean on these edges.
    public var isTruthy: Bool {
        switch self {
        case .null: false
        case .bool(let flag): flag
        case .string(let text): !text.isEmpty
        case .number(let number): number != 0 && !number.isNaN
        case .list(let items): !items.isEmpty
        case .object(let members): !members.isEmpty
        }
    }

    /// The value as interpolated by `{{name}}`, before escaping. Null, lists and objects
    /// interpolate as the empty string (implementations disagree on lists; pages never need it).
    public var interpolated: String {
        switch self {
        case .string(let text): text
        case .number(let number): TemplateValue.format(number)
        case .bool(let flag): flag ? "true" : "false"
        case .null, .list, .object: ""
        }
    }

    /// Integral values in the exactly representable range print as integers, the rest use
    /// Swift's shortest round-tripping form (`1.210` → `1.21`).
    static func format(_ number: Double) -> String {
        if let integer = integer(number) { return String(integer) }
        return number.description
    }

    /// The number as an integer when it is integral and within 2^53 (exactly representable).
    @inline(__always)
    static func integer(_ number: Double) -> Int64? {
        let exactIntegerLimit = 9_007_199_254_740_992.0  // 2^53
        guard number.rounded(.towardZero) == number, abs(number) < exactIntegerLimit else { return nil }
        return Int64(number)
    }

    /// The member `key` of an object, or nil for a miss or a non-object.
    public subscript(key: String) -> TemplateValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }
}

extension TemplateValue: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) {
        self = .string(value)
    }
}

extension TemplateValue: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int) {
        self = .number(Double(value))
    }
}

extension TemplateValue: ExpressibleByFloatLiteral {
    public init(floatLiteral value: Double) {
        self = .number(value)
    }
}

extension TemplateValue: ExpressibleByBooleanLiteral {
    public init(booleanLiteral value: Bool) {
        self = .bool(value)
    }
}

extension TemplateValue: ExpressibleByNilLiteral {
    public init(nilLiteral: ()) {
        self = .null
    }
}

extension TemplateValue: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: TemplateValue...) {
        self = .list(elements)
    }
}

extension TemplateValue: ExpressibleByDictionaryLiteral {
    /// A later duplicate key wins, as in a JSON object.
    public init(dictionaryLiteral elements: (String, TemplateValue)...) {
        self = .object(TemplateObject(uniqueKeysWithValues: elements))
    }
}
