import Foundation

/// The product fields of a create `params` part or an edit body, read from JSON with their
/// types checked (a price must be a JSON number, a stock an integral number). Which fields are
/// required and what values they may take is `ProductRules`' job. Unknown keys are ignored, as
/// Jackson does by default in Spring Boot; `null` counts as absent.
struct ProductFields: Sendable, Equatable {
    var name: String?
    var description: String?
    var price: Decimal?
    var currency: String?
    var discountedPrice: Decimal?
    var stock: Int?
    var secret: String?
    var thumbnailId: Int?

    /// Parses a JSON body; `what` names it in messages (`params`, `request body`).
    init(json bytes: [UInt8], what: String) throws(MarketRefusal) {
        let value: JSONValue
        do {
            value = try JSONValue.parse(bytes)
        } catch {
            throw .badRequest("\(what) is not valid JSON: \(error)")
        }
        guard case .object = value else { throw .badRequest("\(what) must be a JSON object") }
        name = try Self.string(value, "name")
        description = try Self.string(value, "description")
        price = try Self.decimal(value, "price")
        currency = try Self.string(value, "currency")
        discountedPrice = try Self.decimal(value, "discounted_price")
        stock = try Self.integer(value, "stock")
        secret = try Self.string(value, "secret")
        thumbnailId = try Self.integer(value, "thumbnail_id")
    }

    private static func string(_ object: JSONValue, _ key: String) throws(MarketRefusal) -> String? {
        switch object[key] {
        case nil, .null?: return nil
        case .string(let text)?: return text
        default: throw .badRequest("\(key) must be a string")
        }
    }

    private static func decimal(_ object: JSONValue, _ key: String) throws(MarketRefusal) -> Decimal? {
        switch object[key] {
        case nil, .null?: return nil
        case .number(let literal)?:
            guard let value = Decimal(string: literal, locale: Locale(identifier: "en_US_POSIX")),
                value.isFinite
            else { throw .badRequest("\(key) must be a number") }
            return value
        default: throw .badRequest("\(key) must be a number")
        }
    }

    /// An integral JSON number (`3`, `3.0`, `3e0`) that fits an `Int`.
    private static func integer(_ object: JSONValue, _ key: String) throws(MarketRefusal) -> Int? {
        guard let value = try decimal(object, key) else { return nil }
        var rounded = Decimal()
        var source = value
        NSDecimalRound(&rounded, &source, 0, .plain)
        guard rounded == value, let integer = Int(rounded.description) else {
            throw .badRequest("\(key) must be an integer")
        }
        return integer
    }
}
