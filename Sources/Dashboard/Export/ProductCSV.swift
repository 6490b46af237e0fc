import Foundation
import MarketClient

/// Products as CSV for spreadsheet apps: UTF-8 with a byte order mark, CRLF line ends, fields
/// quoted as RFC 4180 says, and cells that a spreadsheet would run as a formula made inert.
enum ProductCSV {
    /// The UTF-8 byte order mark: Excel reads the file as UTF-8 only with it.
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
    /// `id,name,vendor,currency,price,discounted_price,bargain_price,stock,created_at`.
    static let header = Column.exported.map(\.rawValue).joined(separator: ",")
    static let lineEnd = "\r\n"

    /// The first bytes of every export: the mark and the header row.
    static var preamble: [UInt8] { byteOrderMark + Array((header + lineEnd).utf8) }

    /// One record, ending in CRLF.
    static func row(_ product: CatalogProduct) -> String {
        let fields = [
            String(product.id),
            product.name,
            product.vendorName,
            product.currency.rawValue,
            amount(product.price),
            amount(product.discountedPrice),
            amount(product.bargainPrice),
            String(product.stock),
            product.createdAt.map(MarketDate.format) ?? "",
        ]
        return fields.map(cell).joined(separator: ",") + lineEnd
    }

    /// A plain decimal (`20000`, `89.99`): spreadsheets read it as a number in any locale's
    /// import dialog, unlike a formatted `KRW 20,000`.
    static func amount(_ value: Decimal) -> String {
        value.isNaN ? "" : "\(value)"
    }

    /// OWASP "CSV injection": a cell starting with `=`, `+`, `-`, `@`, tab or CR is a formula
    /// to a spreadsheet; a leading `'` makes it text. Then RFC 4180 §2: a field holding a comma,
    /// a quote, CR or LF is enclosed in quotes, its quotes doubled.
    static func cell(_ value: String) -> String {
        var text = value
        if let first = text.unicodeScalars.first, formulaStarts.contains(first) { text = "'" + text }
        guard text.unicodeScalars.contains(where: { needsQuotes.contains($0) }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// The first characters a spreadsheet reads as a formula (the import removes the `'` again).
    static let formulaStarts: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r"]
    private static let needsQuotes: Set<Unicode.Scalar> = [",", "\"", "\r", "\n"]
}
