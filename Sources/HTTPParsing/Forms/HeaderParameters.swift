/// A header value shaped `type; name=value; name="quoted \" value"` (RFC 9110 §5.6.6), as
/// `Content-Type` and `Content-Disposition` are. Parsed over bytes so raw UTF-8 inside
/// quotes (browsers send file names that way) survives untouched.
struct HeaderParameters {
    /// The value before the first `;`, lowercased and trimmed (`multipart/form-data`).
    var type: String
    /// Parameters in order; names lowercased, values unquoted but otherwise raw.
    var parameters: [(name: String, value: [UInt8])]

    /// Nil when a quoted string is not closed.
    init?(_ value: String) {
        let bytes = Array(value.utf8)
        var i = 0
        while i < bytes.count, bytes[i] != Self.semicolon { i += 1 }
        type = Self.lowercased(Self.trimmed(bytes[0..<i]))
        parameters = []
        while i < bytes.count {
            // At a `;` or at the end of the previous value.
            while i < bytes.count, bytes[i] == Self.semicolon || Self.isSpace(bytes[i]) { i += 1 }
            let nameStart = i
            while i < bytes.count, bytes[i] != Self.equals, bytes[i] != Self.semicolon { i += 1 }
            let name = Self.lowercased(Self.trimmed(bytes[nameStart..<i]))
            guard i < bytes.count, bytes[i] == Self.equals else {
                if !name.isEmpty { parameters.append((name, [])) }
                continue
            }
            i += 1
            while i < bytes.count, Self.isSpace(bytes[i]) { i += 1 }
            var parsed: [UInt8] = []
            if i < bytes.count, bytes[i] == Self.quote {
                i += 1
                var closed = false
                while i < bytes.count {
                    let b = bytes[i]
                    if b == Self.quote {
                        closed = true
                        i += 1
                        break
                    }
                    // quoted-pair: `\x` stands for `x`.
                    if b == Self.backslash, i + 1 < bytes.count {
                        parsed.append(bytes[i + 1])
                        i += 2
                        continue
                    }
                    parsed.append(b)
                    i += 1
                }
                guard closed else { return nil }
                while i < bytes.count, bytes[i] != Self.semicolon { i += 1 }
            } else {
                let valueStart = i
                while i < bytes.count, bytes[i] != Self.semicolon { i += 1 }
                parsed = Array(Self.trimmed(bytes[valueStart..<i]))
            }
            if !name.isEmpty { parameters.append((name, parsed)) }
        }
    }

    /// The first parameter with this (lowercase) name.
    subscript(name: String) -> [UInt8]? {
        parameters.first { $0.name == name }?.value
    }

    private static let semicolon = UInt8(ascii: ";")
    private static let equals = UInt8(ascii: "=")
    private static let quote = UInt8(ascii: "\"")
    private static let backslash = UInt8(ascii: "\\")

    private static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 }

    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var slice = bytes
        while let first = slice.first, isSpace(first) { slice.removeFirst() }
        while let last = slice.last, isSpace(last) { slice.removeLast() }
        return slice
    }

    /// Lowercases A–Z only, as header tokens need.
    private static func lowercased(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
    }
}
