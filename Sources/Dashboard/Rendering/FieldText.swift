import DashboardEngine

/// A product field's recorded value as a page shows it: amounts in the currency's format,
/// texts cut short. A batch's rows and a product's history of changes show fields alike.
enum FieldText {
    static func value(_ field: ProductField, _ fields: RecordedFields, currency: String, _ wording: Wording) -> String? {
        switch field {
        case .name: return fields.name
        case .description: return fields.description.map { $0.count > 120 ? String($0.prefix(120)) + "…" : $0 }
        case .currency: return fields.currency
        case .price: return fields.price.map { wording.price($0, currency: currency) }
        case .discountedPrice: return fields.discountedPrice.map { wording.price($0, currency: currency) }
        case .stock: return fields.stock.map { wording.stockAmount($0) }
        case .images, .thumbnailID: return nil
        }
    }
}
