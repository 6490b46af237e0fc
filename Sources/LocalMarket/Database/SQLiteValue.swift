/// A value bound to a `?` parameter. Statements take every value from outside (names,
/// searches, ids) this way, never spliced into SQL text.
enum SQLiteValue: Sendable, Equatable {
    case integer(Int)
    case text(String)
    case null
}

extension SQLiteValue: ExpressibleByIntegerLiteral, ExpressibleByStringLiteral {
    init(integerLiteral value: Int) {
        self = .integer(value)
    }

    init(stringLiteral value: String) {
        self = .text(value)
    }
}
