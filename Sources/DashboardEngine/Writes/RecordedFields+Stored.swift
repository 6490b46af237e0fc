import Foundation

/// The journal stores fields as a JSON object of strings (`{"price":"12.5","stock":"3"}`):
/// amounts as their exact decimal text, never through `Double`, and a field the write did not
/// know left out.
extension RecordedFields {
    /// The JSON text of these fields.
    var storedText: String {
        var object: [String: String] = [:]
        if let name { object["name"] = name }
        if let description { object["description"] = description }
        if let price { object["price"] = price.description }
        if let currency { object["currency"] = currency }
        if let discountedPrice { object["discounted_price"] = discountedPrice.description }
        if let stock { object["stock"] = String(stock) }
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    /// Fields from their stored text; nil for text that is not such an object.
    init?(storedText: String) {
        guard let object = try? JSONSerialization.jsonObject(with: Data(storedText.utf8)) as? [String: String] else { return nil }
        self.init(
            name: object["name"], description: object["description"], price: object["price"].flatMap(Self.decimal),
            currency: object["currency"], discountedPrice: object["discounted_price"].flatMap(Self.decimal),
            stock: object["stock"].flatMap { Int($0) })
    }

    private static func decimal(_ text: String) -> Decimal? {
        Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
    }

    /// The fields a journal entry shows and an undo compares, in the order pages list them.
    package enum Field: String, CaseIterable, Sendable {
        case name, description, price, discountedPrice = "discounted_price", stock, currency

        /// The form's field of the same name.
        package var productField: ProductField {
            switch self {
            case .name: .name
            case .description: .description
            case .price: .price
            case .discountedPrice: .discountedPrice
            case .stock: .stock
            case .currency: .currency
            }
        }
    }

    /// The fields whose values differ between `self` and `other`, among those both know.
    package func differences(from other: RecordedFields) -> [Field] {
        Field.allCases.filter { field in
            switch field {
            case .name: name != nil && other.name != nil && name != other.name
            case .description: description != nil && other.description != nil && description != other.description
            case .price: price != nil && other.price != nil && price != other.price
            case .discountedPrice:
                discountedPrice != nil && other.discountedPrice != nil && discountedPrice != other.discountedPrice
            case .stock: stock != nil && other.stock != nil && stock != other.stock
            case .currency: currency != nil && other.currency != nil && currency != other.currency
            }
        }
    }

    /// Only `fields` of these fields; the others left out.
    package func keeping(_ fields: [Field]) -> RecordedFields {
        var kept = RecordedFields()
        for field in fields {
            switch field {
            case .name: kept.name = name
            case .description: kept.description = description
            case .price: kept.price = price
            case .discountedPrice: kept.discountedPrice = discountedPrice
            case .stock: kept.stock = stock
            case .currency: kept.currency = currency
            }
        }
        return kept
    }
}
