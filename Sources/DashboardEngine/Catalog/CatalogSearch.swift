import Foundation

/// Search over the catalog snapshot, by the market's rule for `search_value`: the name contains
/// the text, ignoring case. Names are folded once when the snapshot is made (`Names`, one
/// buffer for them all), the query once per request, and matching is a byte search of one
/// folded UTF-8 string in the other: a search walks every product of the snapshot, and
/// Foundation's case-insensitive `range(of:)` costs microseconds a name.
///
/// UTF-8 is self-synchronising, so a folded query found in a folded name starts and ends on
/// whole scalars.
package enum CatalogSearch {
    /// `text` case folded: printable ASCII lowercased byte by byte; text of scalars that have
    /// no case beyond ASCII's (Hangul, kana, CJK ideographs) the same way; anything else by
    /// Foundation's case folding (`Straße` → `strasse`, `ﬁ` → `fi`).
    package static func fold(_ text: String) -> String {
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
    package struct Query: Sendable, Equatable {
        package let bytes: [UInt8]

        package init(_ text: String) {
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

    /// Every product's folded name, by its position in the snapshot, in one buffer: a search
    /// reads bytes, with no string (and no reference to count) per product. A name changed by a
    /// write is added at the end; the old bytes stay until the next count. Each name also has a
    /// 64-bit mask of the pairs of bytes in it (`pairMask`): a name whose mask lacks one of the
    /// query's cannot contain it, and most names are turned down on that alone.
    package struct Names: Sendable {
        private var bytes: [UInt8] = []
        private var starts: [Int] = []
        private var lengths: [Int32] = []
        private var masks: [UInt64] = []

        init(_ products: [CatalogProduct]) {
            // Folding keeps a name's length but for a few letters (`ß`, ligatures).
            bytes.reserveCapacity(products.reduce(0) { $0 + $1.name.utf8.count } + 64)
            starts.reserveCapacity(products.count)
            lengths.reserveCapacity(products.count)
            masks.reserveCapacity(products.count)
            for product in products { append(product.name) }
        }

        /// The name of a new last position.
        mutating func append(_ name: String) {
            starts.append(0)
            lengths.append(0)
            masks.append(0)
            replace(starts.count - 1, with: name)
        }

        mutating func replace(_ position: Int, with name: String) {
            let folded = Array(CatalogSearch.fold(name).utf8)
            starts[position] = bytes.count
            lengths[position] = Int32(clamping: folded.count)
            masks[position] = folded.withUnsafeBufferPointer(CatalogSearch.pairMask)
            bytes.append(contentsOf: folded)
        }

        /// The last position's name moves to `position` (a removal filling its gap).
        mutating func moveLast(to position: Int) {
            starts[position] = starts[starts.count - 1]
            lengths[position] = lengths[lengths.count - 1]
            masks[position] = masks[masks.count - 1]
        }

        mutating func removeLast() {
            starts.removeLast()
            lengths.removeLast()
            masks.removeLast()
        }

        /// The positions whose names contain `query`, as bits (position `p` is bit `p % 64` of
        /// word `p / 64`): one pass over the names in position order, which is the order their
        /// bytes lie in, so an order's walk then tests a bit instead of reaching into the names.
        func matching(_ query: Query) -> [UInt64] {
            var bits = [UInt64](repeating: 0, count: (starts.count + 63) / 64)
            bytes.withUnsafeBufferPointer { names in
                // No bytes at all: no name holds a query (an empty query is not searched for).
                guard let base = names.baseAddress else { return }
                query.bytes.withUnsafeBufferPointer { needle in
                    let needleMask = CatalogSearch.pairMask(needle)
                    starts.withUnsafeBufferPointer { starts in
                        lengths.withUnsafeBufferPointer { lengths in
                            masks.withUnsafeBufferPointer { masks in
                                for position in 0..<starts.count where masks[position] & needleMask == needleMask {
                                    let name = UnsafeBufferPointer(start: base + starts[position], count: Int(lengths[position]))
                                    if CatalogSearch.contains(name, needle) { bits[position >> 6] |= 1 << UInt64(position & 63) }
                                }
                            }
                        }
                    }
                }
            }
            return bits
        }

        /// Bytes the names take (for the catalog benchmark).
        package var byteCount: Int { bytes.capacity + starts.capacity * 8 + lengths.capacity * 4 + masks.capacity * 8 }
    }

    /// The bit of each pair of neighbouring bytes of `text` (6 bits of a hash of the pair): a
    /// text holding another holds all its pairs, so its mask holds the other's.
    static func pairMask(_ text: UnsafeBufferPointer<UInt8>) -> UInt64 {
        guard text.count > 1 else { return 0 }
        var mask: UInt64 = 0
        var previous = UInt32(text[0])
        for byte in text.dropFirst() {
            let pair = previous << 8 | UInt32(byte)
            mask |= 1 << UInt64((pair &* 0x9E37_79B1) >> 26)
            previous = UInt32(byte)
        }
        return mask
    }
}
