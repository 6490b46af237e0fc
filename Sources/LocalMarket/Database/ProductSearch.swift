import Foundation
import SQLite

/// `search_value`: the products whose name contains the text, ignoring case, by `SearchRule`
/// (Foundation's `range(of:options: .caseInsensitive)`, which also treats canonically
/// equivalent text as equal, "ß" as "ss", "ﬁ" as "fi"...).
///
/// Fast at 100,000 names in two steps. The index holds a folded `key` of each name (case,
/// diacritics and width folded away, then decomposed): any name the exact rule accepts has
/// the query's key inside its own key, so the index finds a superset of the matches: an
/// FTS5 trigram index for keys of 3 or more characters, a scan of the keys in SQLite (still
/// C-speed) for shorter ones. Each candidate is then checked with the exact rule, so the
/// folding only has to be generous, never right.
enum ProductSearch {
    /// The folded, decomposed form stored in `products.search_key`, without combining marks:
    /// removing the same kind of scalar from both sides keeps a substring a substring, and a
    /// lone mark in a query (which the rule matches against marks in names) then means "scan".
    static func key(_ text: String) -> String {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .decomposedStringWithCanonicalMapping
        var key = String.UnicodeScalarView()
        for scalar in folded.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark: continue
            default: key.append(scalar)
            }
        }
        return String(key)
    }

    /// The name for the `exact_key` column: for a plain name (`SearchRule.isPlain`) its text
    /// with ASCII letters lowercased, on which a trigram match IS the rule; else empty.
    static func exactKey(_ name: String) -> String {
        SearchRule.isPlain(name) ? String(decoding: name.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self) : ""
    }

    /// Ids of every matching product, newest first. A plain query of 3 or more characters
    /// takes the plain names' matches from the index alone (no row read), and checks only the
    /// other names' candidates: a query matching 25,000 of 100,000 plain names reads no name.
    static func matchingIds(query: String, on db: SQLiteConnection) throws(SQLiteError) -> [Int] {
        let key = key(query)
        let read = { (row: SQLiteRow) -> (id: Int, name: String) in (row.integer(0), row.text(1)) }
        if SearchRule.isPlain(query), query.unicodeScalars.count >= 3, key.unicodeScalars.count >= 3 {
            let exact = try db.rows(
                "SELECT rowid FROM product_names WHERE product_names MATCH ?",
                [.text("exact_key : " + phrase(exactKey(query)))]) { $0.integer(0) }
            let others = try db.rows(
                """
                SELECT products.id, products.name
                FROM product_names JOIN products INDEXED BY products_search ON products.id = product_names.rowid
                WHERE product_names MATCH ?
                """,
                [.text("search_key : " + phrase(key) + " NOT exact_key : " + phrase(exactKey(query)))], read)
            let checked = others.filter { SearchRule.matches(name: $0.name, query: query) }.map(\.id)
            return (exact + checked).sorted(by: >)
        }
        let candidates: [(id: Int, name: String)]
        if key.unicodeScalars.count >= 3 {
            candidates = try db.rows(
                """
                SELECT products.id, products.name
                FROM product_names JOIN products INDEXED BY products_search ON products.id = product_names.rowid
                WHERE product_names MATCH ? ORDER BY product_names.rowid DESC
                """,
                [.text("search_key : " + phrase(key))], read)
        } else if !key.isEmpty {
            candidates = try db.rows(
                "SELECT id, name FROM products INDEXED BY products_search WHERE instr(search_key, ?) > 0 ORDER BY id DESC",
                [.text(key)], read)
        } else {
            candidates = try db.rows("SELECT id, name FROM products ORDER BY id DESC", [], read)
        }
        return candidates.filter { SearchRule.matches(name: $0.name, query: query) }.map(\.id)
    }

    /// A quoted FTS5 phrase: inside the quotes only `"` is special (doubled). It is bound as
    /// a parameter like any value; this only keeps FTS5's query syntax out of the text.
    private static func phrase(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
