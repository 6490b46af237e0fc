import Foundation

/// Decimal numbers read from text byte by byte. Foundation's `Decimal(string:locale:)`, with
/// the trimming and replacing around it, costs tens of microseconds a call on Linux, and an
/// import of 10,000 rows reads 40,000 amounts. The common spellings are read here; anything
/// else (more than 18 significant digits, other characters) is nil, and callers fall back to
/// the general readers, so the results are the same, only sooner.
enum DecimalText {
    /// A number as `digits` × 10^-`scale`, trailing zeros of the fraction removed (`12.50` is
    /// 125 and 1).
    struct Parsed: Equatable {
        var negative = false
        var digits: UInt64 = 0
        var scale = 0

        var decimal: Decimal {
            Decimal(sign: negative && digits != 0 ? .minus : .plus, exponent: -scale, significand: Decimal(digits))
        }

        /// The plain text of the number (`20000`, `12.5`, `-3`), as `Decimal` describes it.
        var text: String {
            var body = String(digits)
            if scale > 0 {
                if body.count <= scale { body = String(repeating: "0", count: scale - body.count + 1) + body }
                body.insert(".", at: body.index(body.endIndex, offsetBy: -scale))
            }
            return (negative && digits != 0 ? "-" : "") + body
        }

        var isZero: Bool { digits == 0 }
    }

    /// What the product form takes (`ProductFieldRules.amount`): an optional `-`, digits, an
    /// optional point followed by digits, commas anywhere (ignored), ASCII spaces and tabs
    /// around. Nil for anything else.
    static func formAmount(_ text: String) -> Parsed? {
        var bytes = text.utf8[...]
        trimSpaces(&bytes, newlines: false)
        var parsed = Parsed()
        if bytes.first == UInt8(ascii: "-") {
            parsed.negative = true
            bytes = bytes.dropFirst()
        }
        return number(bytes, into: &parsed, exponent: false)
    }

    /// What spreadsheets write: ASCII spaces around, an optional `KRW`, `USD`, `₩` or `$` in
    /// front, an optional sign, digits with commas, a fraction, an exponent (`1.5E+4`).
    static func spreadsheet(_ text: String) -> Parsed? {
        var bytes = text.utf8[...]
        trimSpaces(&bytes, newlines: true)
        for prefix in prefixes where bytes.starts(with: prefix) {
            bytes = bytes.dropFirst(prefix.count)
            trimSpaces(&bytes, newlines: true)
            break
        }
        var parsed = Parsed()
        if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
            parsed.negative = sign == UInt8(ascii: "-")
            bytes = bytes.dropFirst()
        }
        return number(bytes, into: &parsed, exponent: true)
    }

    private static let prefixes: [[UInt8]] = ["KRW", "USD", "krw", "usd", "₩", "￦", "$"].map { Array($0.utf8) }

    private static func trimSpaces(_ bytes: inout Substring.UTF8View.SubSequence, newlines: Bool) {
        func isSpace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || (newlines && (byte == 0x0A || byte == 0x0D))
        }
        while let first = bytes.first, isSpace(first) { bytes = bytes.dropFirst() }
        while let last = bytes.last, isSpace(last) { bytes = bytes.dropLast() }
    }

    /// Digits (commas ignored), an optional fraction, and (when allowed) an exponent.
    private static func number(_ bytes: Substring.UTF8View.SubSequence, into parsed: inout Parsed, exponent allowsExponent: Bool) -> Parsed? {
        var significant = 0
        var wholeDigits = 0
        var fractionDigits = 0
        var inFraction = false
        var exponent = 0
        var index = bytes.startIndex
        while index != bytes.endIndex {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if inFraction { fractionDigits += 1 } else { wholeDigits += 1 }
                if parsed.digits == 0 && byte == UInt8(ascii: "0") {
                    if inFraction { parsed.scale += 1 }
                } else {
                    significant += 1
                    guard significant <= 18 else { return nil }
                    parsed.digits = parsed.digits * 10 + UInt64(byte - UInt8(ascii: "0"))
                    if inFraction { parsed.scale += 1 }
                }
            case UInt8(ascii: ","):
                break
            case UInt8(ascii: "."):
                guard !inFraction else { return nil }
                inFraction = true
            case UInt8(ascii: "e"), UInt8(ascii: "E"):
                guard allowsExponent, let value = Int(Substring(bytes[bytes.index(after: index)...])), (-30...30).contains(value) else {
                    return nil
                }
                exponent = value
                index = bytes.endIndex
                continue
            default:
                return nil
            }
            index = bytes.index(after: index)
        }
        guard wholeDigits > 0, !inFraction || fractionDigits > 0 else { return nil }
        // Zeros counted into the scale before the first significant digit are not digits of it.
        if parsed.digits == 0 { parsed.scale = 0 }
        parsed.scale -= exponent
        while parsed.scale > 0, parsed.digits % 10 == 0, parsed.digits != 0 {
            parsed.digits /= 10
            parsed.scale -= 1
        }
        while parsed.scale < 0 {
            guard parsed.digits <= UInt64.max / 100 else { return nil }
            parsed.digits *= 10
            parsed.scale += 1
        }
        return parsed
    }
}
