import Foundation

/// The seller's past price records as a CSV file (`id,at,price,discount`) read into lines of
/// cells, by the header's names in English or Korean and in any order. The cells stay text: the
/// page reads `at` in the vendor's zone and the amounts in the product's currency, and says
/// what is wrong with each line.
package struct ImportedPriceCSV: Sendable {
    package enum Column: String, CaseIterable, Sendable {
        case id
        /// When the price was in effect from: a date, or a date and time, in the vendor's zone.
        case at
        case price
        /// The amount off; an empty cell or no column is 0.
        case discount

        /// The column's name in a Korean header row; the id, price and discount as the product
        /// CSV names them (`ProductCSV.Column`), so one spreadsheet's headers serve both.
        package var korean: String {
            switch self {
            case .id: ProductCSV.Column.id.korean
            case .at: "시각"
            case .price: ProductCSV.Column.price.korean
            case .discount: ProductCSV.Column.discountedPrice.korean
            }
        }

        /// Every name a header may give the column: English, Korean, then the others.
        package var names: [String] {
            [rawValue, korean] + Self.aliases.filter { $0.1 == self && $0.0 != korean }.map(\.0)
        }

        /// A column a file must have: every one but the discount.
        package var isRequired: Bool { self != .discount }

        /// The column a header cell names (English in any case, Korean, or another name a
        /// spreadsheet may give it); spaces around it, and a formula guard, do not count.
        static func named(_ text: String) -> Column? {
            byName[ProductCSV.Column.headerKey(text)]
        }

        private static let byName: [String: Column] = Dictionary(
            uniqueKeysWithValues: allCases.map { ($0.rawValue, $0) } + allCases.map { ($0.korean, $0) } + aliases)

        /// Other names a header may give a column.
        static let aliases: [(String, Column)] = [
            ("상품번호", .id), ("번호", .id), ("일시", .at), ("날짜", .at), ("date", .at), ("time", .at), ("가격", .price),
            ("할인", .discount), ("할인액", .discount), ("할인금액", .discount), ("discounted_price", .discount),
        ]
    }

    /// One data line: its row as a spreadsheet shows it (the header is row 1) and its cells,
    /// empty where the file has no such column.
    package struct Line: Sendable, Equatable {
        package var line: Int
        package var id: String
        package var at: String
        package var price: String
        package var discount: String
    }

    /// The header's names as the file has them.
    package let header: [String]
    package let lines: [Line]
    /// The required columns the header does not name.
    package let missing: [Column]
    /// Whether the header names any column at all.
    package let hasKnownColumn: Bool

    /// The lines of `table`, the first column of each name read (a repeated one is ignored).
    package init(_ table: CSVTable) {
        var index: [Column: Int] = [:]
        for (position, name) in table.header.enumerated() {
            if let column = Column.named(name), index[column] == nil { index[column] = position }
        }
        header = table.header
        hasKnownColumn = !index.isEmpty
        missing = Column.allCases.filter { $0.isRequired && index[$0] == nil }
        lines = table.rows.map { row in
            func cell(_ column: Column) -> String {
                guard let position = index[column], row.cells.indices.contains(position) else { return "" }
                return row.cells[position].trimmingCharacters(in: .whitespaces)
            }
            return Line(line: row.line, id: cell(.id), at: cell(.at), price: cell(.price), discount: cell(.discount))
        }
    }
}
