/// HTML escaping of `& < > " '` over UTF-8 bytes.
///
/// Working on bytes, not `Character`s, matters: `"` followed by U+0301 is one `Character`
/// (`"́`) that a per-Character comparison with `"` misses. The five characters are ASCII and
/// never occur inside a multi-byte UTF-8 sequence, so every other byte is copied as is.
public enum HTMLEscaping {
    /// Appends `text` to `output`, escaped.
    public static func append(_ text: String, to output: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            append(bytes, to: &output)
        }
    }

    /// Appends `bytes` (UTF-8) to `output`, escaped.
    public static func append(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        escape(bytes) { output.append(contentsOf: $0) }
    }

    /// `text` escaped, as a String.
    public static func escape(_ text: String) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count)
        append(text, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Bits 0x22 `"`, 0x26 `&`, 0x27 `'`, 0x3C `<` and 0x3E `>`: one shift and test per byte.
    private static let specialBits: UInt64 = 1 << 0x22 | 1 << 0x26 | 1 << 0x27 | 1 << 0x3C | 1 << 0x3E

    /// Hands `write` the escaped text piece by piece: runs of bytes copied as they are, and
    /// entities. Eight bytes at a time are skipped while none of them can be special.
    @inline(__always)
    static func escape(_ bytes: UnsafeBufferPointer<UInt8>, _ write: (UnsafeBufferPointer<UInt8>) -> Void) {
        guard let start = bytes.baseAddress else { return }
        let raw = UnsafeRawPointer(start)
        var copied = 0
        var index = 0
        while index < bytes.count {
            if index + 8 <= bytes.count, !mayHaveSpecial(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) {
                index += 8
                continue
            }
            let byte = bytes[index]
            index += 1
            guard byte < 64, specialBits >> byte & 1 != 0 else { continue }
            let entity: StaticString
            switch byte {
            case UInt8(ascii: "&"): entity = "&amp;"
            case UInt8(ascii: "<"): entity = "&lt;"
            case UInt8(ascii: ">"): entity = "&gt;"
            case UInt8(ascii: "\""): entity = "&quot;"
            default: entity = "&#39;"
            }
            write(UnsafeBufferPointer(rebasing: bytes[copied..<(index - 1)]))
            write(UnsafeBufferPointer(start: entity.utf8Start, count: entity.utf8CodeUnitCount))
            copied = index
        }
        write(UnsafeBufferPointer(rebasing: bytes[copied...]))
    }

    /// Whether any of eight bytes may be one of the five (no false negatives; a rare false
    /// positive only sends those bytes through the exact test). `&` and `'` differ in bit 0,
    /// `<` and `>` in bit 1, so three zero-byte tests cover the five.
    @inline(__always)
    static func mayHaveSpecial(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        @inline(__always) func zeroByte(_ x: UInt64) -> UInt64 { (x &- ones) & ~x & (ones &* 0x80) }
        let quote = zeroByte(word ^ (ones &* 0x22))
        let ampersandOrApostrophe = zeroByte((word | ones) ^ (ones &* 0x27))
        let angleBracket = zeroByte((word | (ones &* 0x02)) ^ (ones &* 0x3E))
        return quote | ampersandOrApostrophe | angleBracket != 0
    }
}
