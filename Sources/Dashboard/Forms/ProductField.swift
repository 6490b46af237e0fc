/// The form's fields, named exactly as the API names them (tests and scripts post these
/// names), in the order they appear on the page (and in the error summary).
enum ProductField: String, CaseIterable, Sendable {
    case name
    case description
    case price
    case discountedPrice = "discounted_price"
    case stock
    case currency
    case images
    case thumbnailID = "thumbnail_id"
}

/// Messages for fields, in page order, at most one a field (later ones are appended to it).
struct FieldErrors: Sendable, Equatable {
    private(set) var messages: [ProductField: String] = [:]

    subscript(field: ProductField) -> String? { messages[field] }

    mutating func add(_ field: ProductField, _ message: String) {
        if let existing = messages[field] {
            messages[field] = existing + " " + message
        } else {
            messages[field] = message
        }
    }

    var isEmpty: Bool { messages.isEmpty }

    /// The value of a check, or nil with its message added to `field`.
    mutating func take<Value>(_ field: ProductField, _ check: Result<Value, ProductFormRules.Refusal>) -> Value? {
        switch check {
        case .success(let value): return value
        case .failure(let refusal):
            add(field, refusal.message)
            return nil
        }
    }

    /// `(field, message)` in page order, for the error summary.
    var ordered: [(field: ProductField, message: String)] {
        ProductField.allCases.compactMap { field in messages[field].map { (field, $0) } }
    }
}
