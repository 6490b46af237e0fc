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
        var copied = 0
        for index in bytes.indices {
            let entity: StaticString
            switch bytes[index] {
            case UInt8(ascii: "&"): entity = "&amp;"
            case UInt8(ascii: "<"): entity = "&lt;"
            case UInt8(ascii: ">"): entity = "&gt;"
            case UInt8(ascii: "\""): entity = "&quot;"
            case UInt8(ascii: "'"): entity = "&#39;"
            default: continue
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<index]))
            output.append(contentsOf: UnsafeBufferPointer(start: entity.utf8Start, count: entity.utf8CodeUnitCount))
            copied = index + 1
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied...]))
    }

    /// `text` escaped, as a String.
    public static func escape(_ text: String) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count)
        append(text, to: &output)
        return String(decoding: output, as: UTF8.self)
    }
}
