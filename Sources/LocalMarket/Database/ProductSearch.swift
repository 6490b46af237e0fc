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
    /// Beyond ASCII, a query of "plain" scalars (printable ASCII, Hangul syllables, kana, CJK
    /// ideographs) found byte for byte in the name, between plain scalars (so the match is
    /// whole characters: no mark, jamo or emoji modifier joins it), matches whatever the case,
    /// at a fifth of the cost of Foundation's folding search, which only the rest need.
    static func matches(name: String, query: String) -> Bool {
        if let answer = asciiMatch(name: name, query: query) { return answer }
        if plainMatch(name: name, query: query) { return true }
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

    private static func isPlain(_ value: UInt32) -> Bool {
        (0x20...0x7E).contains(value) || (0xAC00...0xD7A3).contains(value) || (0x3041...0x30FF).contains(value)
            || (0x4E00...0x9FFF).contains(value)
    }

    private static func plainMatch(name: String, query: String) -> Bool {
        guard !query.isEmpty, query.unicodeScalars.allSatisfy({ isPlain($0.value) }) else { return false }
        let haystack = Array(name.utf8)
        let needle = Array(query.utf8)
        guard needle.count <= haystack.count else { return false }
        outer: for start in 0...(haystack.count - needle.count) {
            for offset in 0..<needle.count where haystack[start + offset] != needle[offset] { continue outer }
            let end = start + needle.count
            if end < haystack.count, !isPlain(scalar(in: haystack, at: end)) { continue }
            if start > 0 {
                var before = start - 1
                while before > 0 && haystack[before] & 0xC0 == 0x80 { before -= 1 }
                if !isPlain(scalar(in: haystack, at: before)) { continue }
            }
            return true
        }
        return false
    }

    /// The scalar whose UTF-8 starts at `index` (valid UTF-8: it came from a `String`).
    private static func scalar(in bytes: [UInt8], at index: Int) -> UInt32 {
        let lead = UInt32(bytes[index])
        let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        guard index + length <= bytes.count else { return 0 }
        var value = length == 1 ? lead : lead & (0xFF >> (length + 1))
        for offset in 1..<max(1, length) { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
        return value
    }
}
