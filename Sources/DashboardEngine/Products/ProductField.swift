/// The form's fields, named exactly as the API names them (tests and scripts post these
/// names), in the order they appear on the page (and in the error summary).
package enum ProductField: String, CaseIterable, Sendable {
    case name
    case description
    case currency
    case price
    case discountedPrice = "discounted_price"
    case stock
    case images
    case thumbnailID = "thumbnail_id"

    /// Whether the field is an amount of money (of the product's currency).
    var isAmount: Bool { self == .price || self == .discountedPrice }
}

/// The problems of a form's fields, in page order; a field may have more than one.
package struct FieldErrors: Sendable, Equatable {
    package init() {}

    private(set) var problems: [ProductField: [FieldProblem]] = [:]

    package subscript(field: ProductField) -> [FieldProblem]? { problems[field] }

    package mutating func add(_ field: ProductField, _ problem: FieldProblem) {
        problems[field, default: []].append(problem)
    }

    package var isEmpty: Bool { problems.isEmpty }

    /// The value of a check, or nil with its problem added to `field`.
    mutating func take<Value>(_ field: ProductField, _ check: Result<Value, FieldProblem>) -> Value? {
        switch check {
        case .success(let value): return value
        case .failure(let problem):
            add(field, problem)
            return nil
        }
    }

    /// `(field, problems)` in page order, for the error summary.
    package var ordered: [(field: ProductField, problems: [FieldProblem])] {
        ProductField.allCases.compactMap { field in problems[field].map { (field, $0) } }
    }
}
