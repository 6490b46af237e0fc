/// Spells a `Double` the way Java's `Double.toString` does, which is what Jackson writes for a
/// `double` field: the shortest digits that round-trip, plain notation with at least one
/// fractional digit for 10^-3 ≤ |x| < 10^7 (`20000.0`, `12.5`), otherwise computerized
/// scientific notation (`6.0E7`, `1.0E-4`).
enum JavaDouble {
    static func string(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
        if value == 0 { return value.sign == .minus ? "-0.0" : "0.0" }
        let sign = value < 0 ? "-" : ""
        let (digits, exponent) = shortestDigits(abs(value))
        // value = 0.d1d2d3... × 10^exponent; the decimal point sits after `exponent` digits.
        let magnitude = abs(value)
        if magnitude >= 1e-3 && magnitude < 1e7 {
            return sign + plain(digits, pointAfter: exponent)
        }
        var mantissa = String(digits.first ?? "0") + "."
        let rest = digits.dropFirst()
        mantissa += rest.isEmpty ? "0" : String(rest)
        return sign + mantissa + "E" + String(exponent - 1)
    }

    private static func plain(_ digits: [Character], pointAfter position: Int) -> String {
        if position <= 0 {
            return "0." + String(repeating: "0", count: -position) + String(digits)
        }
        if position >= digits.count {
            return String(digits) + String(repeating: "0", count: position - digits.count) + ".0"
        }
        return String(digits[..<position]) + "." + String(digits[position...])
    }

    /// The shortest round-trip significant digits of a positive finite value (Swift's own
    /// `description` already computes them) and the position of the decimal point.
    static func shortestDigits(_ value: Double) -> (digits: [Character], exponent: Int) {
        let text = value.description  // "20000.0", "1e+16", "1.5e-05", "0.001"
        var mantissa = Substring(text)
        var exponent = 0
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            mantissa = text[..<e]
            exponent = Int(text[text.index(after: e)...]) ?? 0
        }
        var digits: [Character] = []
        var pointIndex: Int?
        for character in mantissa {
            if character == "." {
                pointIndex = digits.count
            } else {
                digits.append(character)
            }
        }
        var point = (pointIndex ?? digits.count) + exponent
        while digits.first == "0" && digits.count > 1 {
            digits.removeFirst()
            point -= 1
        }
        while digits.last == "0" && digits.count > 1 {
            digits.removeLast()
        }
        return (digits, point)
    }
}
