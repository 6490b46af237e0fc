import Foundation

/// A whole number as every page writes it, digits grouped by thousands ("12,345"), the same
/// in both languages: counts of products, rows, pages and percentages.
enum NumberText {
    static func grouped(_ number: Int) -> String {
        PriceText.grouped(Decimal(number), minimumFractionDigits: 0)
    }
}
