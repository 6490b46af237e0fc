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
    /// entities.
    @inline(__always)
    static func escape(_ bytes: UnsafeBufferPointer<UInt8>, _ write: (UnsafeBufferPointer<UInt8>) -> Void) {
        var copied = 0
        for index in bytes.indices {
            let byte = bytes[index]
            guard byte < 64, specialBits >> byte & 1 != 0 else { continue }
            let entity: StaticString
            switch byte {
            case UInt8(ascii: "&"): entity = "&amp;"
            case UInt8(ascii: "<"): entity = "&lt;"
            case UInt8(ascii: ">"): entity = "&gt;"
            case UInt8(ascii: "\""): entity = "&quot;"
            default: entity = "&#39;"
            }
            write(UnsafeBufferPointer(rebasing: bytes[copied..<index]))
            write(UnsafeBufferPointer(start: entity.utf8Start, count: entity.utf8CodeUnitCount))
            copied = index + 1
        }
        write(UnsafeBufferPointer(rebasing: bytes[copied...]))
    }
}
