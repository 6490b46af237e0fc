/// Writes JSON bytes by hand so that key order and number spelling match the real server
/// (a Spring/Jackson application) byte for byte: keys in the order they are written, UTF-8
/// left as it is (Jackson escapes only `"`, `\` and control characters), prices as Java
/// `Double.toString` spells them (`20000.0`, `6.0E7`).
struct JSONWriter {
    private(set) var bytes: [UInt8] = []
    private var needsComma: [Bool] = []
    private var valueFollowsKey = false

    init() {}

    mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma.append(false)
    }

    mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        needsComma.removeLast()
    }

    mutating func beginArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
        needsComma.append(false)
    }

    mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        needsComma.removeLast()
    }

    /// Writes `"name":`; the next value written belongs to it.
    mutating func key(_ name: String) {
        separate()
        Self.appendString(name, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        valueFollowsKey = true
    }

    mutating func string(_ value: String) {
        separate()
        Self.appendString(value, to: &bytes)
    }

    mutating func int(_ value: Int) {
        separate()
        bytes.append(contentsOf: Array(String(value).utf8))
    }

    mutating func bool(_ value: Bool) {
        separate()
        bytes.append(contentsOf: Array((value ? "true" : "false").utf8))
    }

    /// A price as Jackson writes a Java `double`.
    mutating func double(_ value: Double) {
        separate()
        bytes.append(contentsOf: Array(JavaDouble.string(value).utf8))
    }

    mutating func field(_ name: String, _ value: String) {
        key(name)
        string(value)
    }

    mutating func field(_ name: String, _ value: Int) {
        key(name)
        int(value)
    }

    mutating func field(_ name: String, _ value: Bool) {
        key(name)
        bool(value)
    }

    mutating func field(_ name: String, _ value: Double) {
        key(name)
        double(value)
    }

    /// Puts a comma before every member of a container but the first; a value right after its
    /// key is part of the same member and gets none.
    private mutating func separate() {
        if valueFollowsKey {
            valueFollowsKey = false
            return
        }
        guard !needsComma.isEmpty else { return }
        if needsComma[needsComma.count - 1] { bytes.append(UInt8(ascii: ",")) }
        needsComma[needsComma.count - 1] = true
    }

    /// JSON string escaping over UTF-8 bytes (every byte of a multi-byte sequence is ≥ 0x80, so
    /// none is mistaken for a quote): `"`, `\` and C0 controls, the others as Jackson writes
    /// them (`\u001F`, upper-case hex); everything else stays UTF-8.
    static func appendString(_ value: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: [0x5C, 0x22])
            case UInt8(ascii: "\\"): out.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: out.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: out.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x09: out.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0x08: out.append(contentsOf: [0x5C, UInt8(ascii: "b")])
            case 0x0C: out.append(contentsOf: [0x5C, UInt8(ascii: "f")])
            case 0x00..<0x20:
                let hex = Array("0123456789ABCDEF".utf8)
                out.append(contentsOf: Array("\\u00".utf8))
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0x0F)])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
