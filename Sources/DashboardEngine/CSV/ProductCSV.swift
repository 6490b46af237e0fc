import Foundation
import MarketClient

/// Products as CSV for spreadsheet apps: UTF-8 with a byte order mark, CRLF line ends, fields
/// quoted as RFC 4180 says, and cells that a spreadsheet would run as a formula made inert.
package enum ProductCSV {
    /// The UTF-8 byte order mark: Excel reads the file as UTF-8 only with it.
    package static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
    package static let lineEnd = "\r\n"

    /// The header row with `names`: `id,name,...` / `상품 번호,상품명,...`.
    static func header(_ names: Column.Names = .english) -> String {
        Column.exported.map { $0.name(names) }.joined(separator: ",")
    }

    /// The first bytes of every export: the mark and the header row.
    package static func preamble(_ names: Column.Names = .english) -> [UInt8] {
        byteOrderMark + Array((header(names) + lineEnd).utf8)
    }

    /// One record, ending in CRLF: a cell per column, in the header's order.
    package static func row(_ product: CatalogProduct) -> String {
        Column.exported.map { cell(value($0, of: product)) }.joined(separator: ",") + lineEnd
    }

    static func value(_ column: Column, of product: CatalogProduct) -> String {
        switch column {
        case .id: String(product.id)
        case .name: product.name
        case .vendor: product.vendorName
        case .currency: product.currency.rawValue
        case .price: amount(product.price)
        case .discountedPrice: amount(product.discountedPrice)
        case .bargainPrice: amount(product.bargainPrice)
        case .stock: String(product.stock)
        case .createdAt: product.createdAt.map(day) ?? ""
        // Import-only columns: the snapshot holds no descriptions or image files.
        case .description, .images: ""
        }
    }

    /// The day of registration as the market dates it and the pages show it: `2023-11-18`,
    /// which every spreadsheet reads as a date (a `T` between day and time it reads as text).
    /// An import ignores the column, so files with the longer form still import.
    static func day(_ date: Date) -> String {
        String(MarketDate.format(date).prefix(10))
    }

    /// A plain decimal (`20000`, `89.99`): spreadsheets read it as a number in any locale's
    /// import dialog, unlike a formatted `KRW 20,000`.
    static func amount(_ value: Decimal) -> String {
        value.isNaN ? "" : "\(value)"
    }

    /// OWASP "CSV injection": a cell starting with `=`, `+`, `-`, `@`, tab or CR is a formula
    /// to a spreadsheet; a leading `'` makes it text. Then RFC 4180 §2: a field holding a comma,
    /// a quote, CR or LF is enclosed in quotes, its quotes doubled.
    ///
    /// A text that already starts with `'`s before a formula start (a name `'=SUM(1,1)`) gets
    /// one more, so that the import, which removes one, gives it back as it was: every text
    /// makes the round trip (`isGuarded`).
    package static func cell(_ value: String) -> String {
        var text = value
        if startsLikeAFormula(text.unicodeScalars) { text = "'" + text }
        guard text.unicodeScalars.contains(where: { needsQuotes.contains($0) }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// The first characters a spreadsheet reads as a formula (the import removes the `'` again).
    static let formulaStarts: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r"]

    /// Whether `text`'s first character after any `'`s is a formula start: `=x`, `'=x`,
    /// `''+1`. The export puts a `'` before such a text.
    static func startsLikeAFormula(_ text: some Collection<Unicode.Scalar>) -> Bool {
        text.first { $0 != "'" }.map(formulaStarts.contains) ?? false
    }

    /// Whether a cell read from a file carries the export's guard: a `'` before a text that
    /// starts like a formula (`'=x`, `''=x`). The import removes that one `'`; a `'` before
    /// anything else (`'plain`) is the text's own.
    static func isGuarded(_ cell: String) -> Bool {
        cell.unicodeScalars.first == "'" && startsLikeAFormula(cell.unicodeScalars.dropFirst())
    }
    private static let needsQuotes: Set<Unicode.Scalar> = [",", "\"", "\r", "\n"]
}
