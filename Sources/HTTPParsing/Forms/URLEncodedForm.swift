/// `application/x-www-form-urlencoded` (WHATWG URL §5): `&`-separated `name=value` pairs,
/// `+` is a space, `%XX` bytes decode as UTF-8. Malformed escapes are kept literally,
/// as browsers do, and invalid UTF-8 becomes U+FFFD rather than failing the whole form.
public enum URLEncodedForm {
    public static func parse(_ bytes: some Collection<UInt8>) -> [(name: String, value: String)] {
        var result: [(name: String, value: String)] = []
        for pair in bytes.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            if let eq = pair.firstIndex(of: UInt8(ascii: "=")) {
                result.append((decode(pair[..<eq]), decode(pair[pair.index(after: eq)...])))
            } else {
                result.append((decode(pair), ""))
            }
        }
        return result
    }

    /// Decodes one component: `+` → space, `%XX` → byte.
    public static func decode(_ component: some Collection<UInt8>) -> String {
        String(decoding: percentDecode(component, plusAsSpace: true), as: UTF8.self)
    }

    /// Percent-decodes bytes. Returns the raw bytes so callers can reject `/` or NUL.
    public static func percentDecode(_ component: some Collection<UInt8>, plusAsSpace: Bool) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(component.count)
        var i = component.startIndex
        while i != component.endIndex {
            let b = component[i]
            if b == UInt8(ascii: "%") {
                let h1 = component.index(after: i)
                if h1 != component.endIndex {
                    let h2 = component.index(after: h1)
                    if h2 != component.endIndex, let hi = hexValue(component[h1]), let lo = hexValue(component[h2]) {
                        out.append(hi << 4 | lo)
                        i = component.index(after: h2)
                        continue
                    }
                }
                out.append(b)
            } else if b == UInt8(ascii: "+") && plusAsSpace {
                out.append(0x20)
            } else {
                out.append(b)
            }
            i = component.index(after: i)
        }
        return out
    }

    /// Encodes a component so `parse` gives it back (unreserved bytes kept, space as `+`).
    public static func encode(_ string: String) -> String {
        var out: [UInt8] = []
        let hex = Array("0123456789ABCDEF".utf8)
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
                out.append(hex[Int(b >> 4)])
                out.append(hex[Int(b & 0xF)])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): b - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): b - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): b - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
