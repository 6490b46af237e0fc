import Foundation

/// `search_value`: the products whose name contains the text, ignoring case, exactly as
/// the market has always matched (Foundation's `range(of:options: .caseInsensitive)`, which
/// also treats canonically equivalent text as equal, "ß" as "ss", "ﬁ" as "fi"...).
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

    /// Today's rule, verbatim; printable ASCII on both sides takes a byte loop with the same
    /// answer (no ASCII text folds to anything but ASCII letters' other case).
    /// Beyond ASCII, a name that holds the query as it is (the standard library's
    /// `contains`, character by character, canonical equivalence included) matches whatever
    /// the case, and costs a fraction of Foundation's folding search, which only the rest need.
    static func matches(name: String, query: String) -> Bool {
        if let answer = asciiMatch(name: name, query: query) { return answer }
        if name.contains(query) { return true }
        return name.range(of: query, options: .caseInsensitive) != nil
    }

    /// Ids of every matching product, newest first.
    static func matchingIds(query: String, on db: SQLiteConnection) throws(SQLiteError) -> [Int] {
        let key = key(query)
        let read = { (row: SQLiteRow) -> (id: Int, name: String) in (row.integer(0), row.text(1)) }
        let candidates: [(id: Int, name: String)]
        if key.unicodeScalars.count >= 3 {
            // A quoted FTS5 phrase: inside the quotes only `"` is special (doubled).
            let phrase = "\"" + key.replacingOccurrences(of: "\"", with: "\"\"") + "\""
            candidates = try db.rows(
                """
                SELECT products.id, products.name
                FROM product_names JOIN products INDEXED BY products_search ON products.id = product_names.rowid
                WHERE product_names.search_key MATCH ? ORDER BY product_names.rowid DESC
                """,
                [.text(phrase)], read)
        } else if !key.isEmpty {
            candidates = try db.rows(
                "SELECT id, name FROM products INDEXED BY products_search WHERE instr(search_key, ?) > 0 ORDER BY id DESC", [.text(key)], read)
        } else {
            candidates = try db.rows("SELECT id, name FROM products ORDER BY id DESC", [], read)
        }
        return candidates.filter { matches(name: $0.name, query: query) }.map(\.id)
    }

    private static func asciiMatch(name: String, query: String) -> Bool? {
        let isPrintableASCII = { (byte: UInt8) in byte >= 0x20 && byte < 0x7F }
        let haystack = Array(name.utf8)
        let needle = Array(query.utf8)
        guard haystack.allSatisfy(isPrintableASCII), needle.allSatisfy(isPrintableASCII) else { return nil }
        guard !needle.isEmpty else { return false }
        guard needle.count <= haystack.count else { return false }
        let lower = { (byte: UInt8) -> UInt8 in byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }
        outer: for start in 0...(haystack.count - needle.count) {
            for offset in 0..<needle.count where lower(haystack[start + offset]) != lower(needle[offset]) {
                continue outer
            }
            return true
        }
        return false
    }
}
