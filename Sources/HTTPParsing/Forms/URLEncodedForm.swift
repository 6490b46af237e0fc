/// `application/x-www-form-urlencoded` (WHATWG URL §5): `&`-separated `name=value` pairs,
/// `+` is a space, `%XX` bytes decode as UTF-8. Malformed escapes are kept literally,
/// as browsers do, and invalid UTF-8 becomes U+FFFD rather than failing the whole form.
///
/// The work happens on contiguous bytes in non-generic functions: a query string is parsed on
/// every page request, and generic code called across modules runs unspecialised, looking up
/// type metadata as it goes.
public enum URLEncodedForm {
    /// One `name=value` pair, decoded. A struct, not a tuple: arrays of it need no tuple type
    /// metadata, which generic code would otherwise look up at run time.
    public struct Field: Sendable, Equatable {
        public var name: String
        public var value: String

        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The pairs in order, repeated names kept. Linear in the bytes' length.
    public static func parse(_ bytes: some Collection<UInt8>) -> [Field] {
        if let fields = bytes.withContiguousStorageIfAvailable({ parse(buffer: $0) }) { return fields }
        return Array(bytes).withUnsafeBufferPointer { parse(buffer: $0) }
    }

    /// `parse` over a string's UTF-8 (a query string), without copying it.
    public static func parse(_ text: String) -> [Field] {
        var text = text
        return text.withUTF8 { parse(buffer: $0) }
    }

    static func parse(buffer bytes: UnsafeBufferPointer<UInt8>) -> [Field] {
        spans(buffer: bytes).map { span in
            Field(
                decode(buffer: UnsafeBufferPointer(rebasing: bytes[span.name])),
                decode(buffer: UnsafeBufferPointer(rebasing: bytes[span.value])))
        }
    }

    /// Where one `name=value` pair lies in the encoded text, as byte offsets, nothing decoded:
    /// a reader that wants two parameters of twelve decodes two (see `HTTPRequest.queryPairs`).
    /// A pair without `=` has an empty value at its end.
    public struct Span: Sendable, Equatable {
        public var name: Range<Int>
        public var value: Range<Int>
        /// Whether the name holds `%` or `+`: found while splitting, so that a reader comparing
        /// names does not scan them again.
        public var nameIsEncoded: Bool

        public init(name: Range<Int>, value: Range<Int>, nameIsEncoded: Bool) {
            self.name = name
            self.value = value
            self.nameIsEncoded = nameIsEncoded
        }
    }

    /// The places of the pairs in order, repeated names kept, empty pieces (`a=1&&b=2`)
    /// skipped. Linear in the bytes' length (a count of the `&`s to size the array, then the
    /// split). `parse` decodes exactly these.
    public static func spans(_ text: String) -> [Span] {
        var text = text
        return text.withUTF8 { spans(buffer: $0) }
    }

    public static func spans(buffer bytes: UnsafeBufferPointer<UInt8>) -> [Span] {
        guard let base = bytes.baseAddress else { return [] }
        let count = bytes.count
        // One allocation for all the pairs, rather than one per doubling as they are appended.
        var separators = 0
        for index in 0..<count where base[index] == ampersand { separators += 1 }
        var result: [Span] = []
        result.reserveCapacity(separators + 1)
        var start = 0
        while start <= count {
            var end = start
            var equals = -1
            var encoded = false
            while end < count {
                let byte = base[end]
                // Letters, `_` and `~` (most of a query) are above every byte that means
                // something here (`%` `&` `+` `=`): one comparison passes them.
                if byte > UInt8(ascii: "=") {
                    end += 1
                    continue
                }
                if byte == ampersand { break }
                if equals < 0 {
                    if byte == UInt8(ascii: "=") {
                        equals = end
                    } else if byte == UInt8(ascii: "%") || byte == UInt8(ascii: "+") {
                        encoded = true
                    }
                }
                end += 1
            }
            if end > start {
                result.append(equals >= 0
                    ? Span(name: start..<equals, value: (equals + 1)..<end, nameIsEncoded: encoded)
                    : Span(name: start..<end, value: end..<end, nameIsEncoded: encoded))
            }
            start = end + 1
        }
        return result
    }

    /// Whether a component holds anything to decode (`%` or `+`).
    public static func isEncoded(_ component: UnsafeBufferPointer<UInt8>) -> Bool {
        component.contains { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") }
    }

    private static let ampersand = UInt8(ascii: "&")

    /// Decodes one component: `+` → space, `%XX` → byte.
    public static func decode(_ component: some Collection<UInt8>) -> String {
        if let text = component.withContiguousStorageIfAvailable({ decode(buffer: $0) }) { return text }
        return Array(component).withUnsafeBufferPointer { decode(buffer: $0) }
    }

    /// A component with nothing to decode (the usual case) becomes a string directly.
    public static func decode(buffer component: UnsafeBufferPointer<UInt8>) -> String {
        if component.isEmpty { return "" }
        if !isEncoded(component) {
            return string(component)
        }
        return percentDecode(buffer: component, plusAsSpace: true).withUnsafeBufferPointer { string($0) }
    }

    /// The bytes as a String, invalid UTF-8 repaired. Up to 15 bytes (names and values of a
    /// query, nearly always) it is built in place as a small string, the ASCII check inlined;
    /// `String(decoding:)` calls into the standard library's general validation for every
    /// one, most of the cost of a parameter.
    @inline(__always)
    private static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard bytes.count <= 15 else { return String(decoding: bytes, as: UTF8.self) }
        return String(unsafeUninitializedCapacity: bytes.count) { buffer in
            _ = buffer.initialize(fromContentsOf: bytes)
            return bytes.count
        }
    }

    /// Percent-decodes bytes. Returns the raw bytes so callers can reject `/` or NUL.
    public static func percentDecode(_ component: some Collection<UInt8>, plusAsSpace: Bool) -> [UInt8] {
        if let bytes = component.withContiguousStorageIfAvailable({ percentDecode(buffer: $0, plusAsSpace: plusAsSpace) }) {
            return bytes
        }
        return Array(component).withUnsafeBufferPointer { percentDecode(buffer: $0, plusAsSpace: plusAsSpace) }
    }

    /// `percentDecode` over contiguous bytes.
    public static func percentDecode(buffer component: UnsafeBufferPointer<UInt8>, plusAsSpace: Bool) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(component.count)
        var i = 0
        while i < component.count {
            let b = component[i]
            if b == UInt8(ascii: "%"), i + 2 < component.count,
                let hi = hexValue(component[i + 1]), let lo = hexValue(component[i + 2])
            {
                out.append(hi << 4 | lo)
                i += 3
                continue
            }
            out.append(b == UInt8(ascii: "+") && plusAsSpace ? 0x20 : b)
            i += 1
        }
        return out
    }

    /// Encodes a component so `parse` gives it back (unreserved bytes kept, space as `+`).
    public static func encode(_ string: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(string.utf8.count)
        for b in string.utf8 {
            switch b {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.append(b)
            case 0x20:
                out.append(UInt8(ascii: "+"))
            default:
                out.append(UInt8(ascii: "%"))
                out.append(hexDigits[Int(b >> 4)])
                out.append(hexDigits[Int(b & 0xF)])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)

    static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): b - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): b - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): b - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
