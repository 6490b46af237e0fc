import Foundation

/// Search over the catalog snapshot, by the market's rule for `search_value`: the name contains
/// the text, ignoring case. Names are folded once when the snapshot is made
/// (`CatalogProduct.searchName`), the query once per request, and matching is a byte search of
/// one folded UTF-8 string in the other: a search walks every product of the snapshot, and
/// Foundation's case-insensitive `range(of:)` costs microseconds a name.
///
/// UTF-8 is self-synchronising, so a folded query found in a folded name starts and ends on
/// whole scalars.
enum CatalogSearch {
    /// `text` case folded: printable ASCII lowercased byte by byte; text of scalars that have
    /// no case beyond ASCII's (Hangul, kana, CJK ideographs) the same way; anything else by
    /// Foundation's case folding (`Straße` → `strasse`, `ﬁ` → `fi`).
    static func fold(_ text: String) -> String {
        if text.unicodeScalars.allSatisfy({ isCaseless($0.value) }) {
            guard text.utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) else { return text }
            return String(decoding: text.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
        }
        return text.folding(options: [.caseInsensitive], locale: nil)
    }

    /// Scalars whose only case mapping is ASCII's: ASCII, Hangul syllables and compatibility
    /// jamo, kana, CJK ideographs.
    static func isCaseless(_ value: UInt32) -> Bool {
        value < 0x80 || (0xAC00...0xD7A3).contains(value) || (0x3131...0x318E).contains(value)
            || (0x3041...0x30FF).contains(value) || (0x4E00...0x9FFF).contains(value)
    }

    /// A query folded once, to test many folded names.
    struct Query: Sendable, Equatable {
        let bytes: [UInt8]

        init(_ text: String) {
            bytes = Array(CatalogSearch.fold(text).utf8)
        }

        var isEmpty: Bool { bytes.isEmpty }

        /// Whether `searchName` (a folded name) contains the query; an empty query matches all.
        func matches(_ searchName: String) -> Bool {
            guard !bytes.isEmpty else { return true }
            var name = searchName
            return name.withUTF8 { haystack in
                bytes.withUnsafeBufferPointer { needle in CatalogSearch.contains(haystack, needle) }
            }
        }
    }

    /// Whether `needle` occurs in `haystack` (byte for byte).
    static func contains(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = needle.first, needle.count <= haystack.count, let base = haystack.baseAddress,
            let needleBase = needle.baseAddress
        else { return needle.isEmpty }
        var start = 0
        let lastStart = haystack.count - needle.count
        while start <= lastStart {
            guard let found = memchr(base + start, Int32(first), lastStart - start + 1) else { return false }
            let offset = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if memcmp(base + offset, needleBase, needle.count) == 0 { return true }
            start = offset + 1
        }
        return false
    }
}
