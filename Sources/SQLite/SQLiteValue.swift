/// A value bound to a `?` parameter. Statements take every value from outside (names,
/// searches, ids) this way, never spliced into SQL text.
package enum SQLiteValue: Sendable, Equatable {
    case integer(Int)
    case text(String)
    /// Bytes kept as they are (images a batch will upload).
    case blob([UInt8])
    case null
}

extension SQLiteValue: ExpressibleByIntegerLiteral, ExpressibleByStringLiteral {
    package init(integerLiteral value: Int) {
        self = .integer(value)
    }

    package init(stringLiteral value: String) {
        self = .text(value)
    }
}
