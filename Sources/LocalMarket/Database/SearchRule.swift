import Foundation

/// The rule `search_value` follows: the name contains the text, ignoring case, as
/// Foundation's `range(of:options: .caseInsensitive)` decides (canonically equivalent text is
/// equal, "ß" matches "ss", "ﬁ" matches "fi"...). Two shortcuts give the same answer cheaper.
enum SearchRule {
    /// The rule; printable ASCII on both sides takes a byte loop with the same
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

    /// Printable ASCII, Hangul syllables, kana and CJK ideographs: scalars that never join a
    /// neighbour into one character and have no case but ASCII's.
    static func isPlain(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { isPlain($0.value) }
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

    static func isPlain(_ value: UInt32) -> Bool {
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
