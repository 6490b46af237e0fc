import DashboardEngine
import Foundation
import HTTPServer

/// `/history.csv`: journal entries as CSV, one line per changed field, written as
/// `/products.csv` writes (`ProductCSV`: UTF-8 with a byte order mark, CRLF, RFC 4180 quoting,
/// and a `'` before a cell a spreadsheet would run as a formula, so a product named
/// `=HYPERLINK(…)` stays text).
///
/// The columns are for a spreadsheet, not a person's language: the header is English in both
/// languages, `at` is ISO 8601 with the seller's zone offset (`--time-zone`), `kind`, `field`
/// and `outcome` are the journal's own words, and values are plain (`12.5`, not `USD 12.50`).
/// `by` is the account's name, empty for a write made with accounts off and for a change seen
/// on the market. An entry with no changed field (a create, a delete, a product that appeared
/// or went elsewhere) is one line with empty `field`, `old` and `new`.
enum HistoryCSV {
    static let columns = ["id", "at", "by", "kind", "product_id", "product_name", "field", "old", "new", "outcome"]
    /// Entries per piece of the body.
    static let entriesPerPiece = 200

    /// The answer's body: the mark and the header, then `entries`' lines, a piece at a time.
    static func body(_ entries: [JournalEntry], zone: TimeZone) -> BodyStream {
        CSVPieces(columns: columns, count: entries.count, perPiece: entriesPerPiece) { lines(entries[$0], zone: zone) }.body
    }

    /// The entry's lines, each ending in CRLF.
    static func lines(_ entry: JournalEntry, zone: TimeZone) -> String {
        let head = [
            String(entry.id), LocalTime.machineReadable(entry.at, zone: zone), entry.by?.text ?? "", entry.kind.rawValue,
            entry.productID.map(String.init) ?? "", entry.productName,
        ]
        let changes = self.changes(entry)
        let rows: [[String]] = changes.isEmpty
            ? [head + ["", "", "", entry.outcome.rawValue]]
            : changes.map { head + [$0.field.rawValue, $0.old, $0.new, entry.outcome.rawValue] }
        return rows.map { $0.map(ProductCSV.cell).joined(separator: ",") + ProductCSV.lineEnd }.joined()
    }

    /// The fields the entry changed, old and new, as the history page lists them.
    static func changes(_ entry: JournalEntry) -> [(field: RecordedFields.Field, old: String, new: String)] {
        guard let before = entry.before, let after = entry.fieldsAfter else { return [] }
        var fields = after.differences(from: before)
        if fields.isEmpty { fields = entry.changedFields }
        return fields.map { ($0, value($0, of: before), value($0, of: after)) }
    }

    /// A field's value as the journal keeps it: amounts as exact decimals, no currency.
    static func value(_ field: RecordedFields.Field, of fields: RecordedFields) -> String {
        switch field {
        case .name: fields.name ?? ""
        case .description: fields.description ?? ""
        case .price: fields.price.map { "\($0)" } ?? ""
        case .discountedPrice: fields.discountedPrice.map { "\($0)" } ?? ""
        case .stock: fields.stock.map(String.init) ?? ""
        case .currency: fields.currency ?? ""
        }
    }
}
