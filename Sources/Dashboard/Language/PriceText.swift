import Foundation

/// Prices as the mobile apps showed them: the currency code, a space, the amount with
/// thousands separators: `KRW 1,000`, `USD 12.50`. USD always shows cents; KRW shows none
/// unless the amount really has a fraction (rare, but hiding it would misstate the price).
///
/// In Korean, as Korean shops write them: `1,000원`, and foreign prices with their symbol as
/// shopping and direct-purchase sites show them, `$12.50` (other currencies keep their code).
enum PriceText {
    static func format(_ amount: Decimal, currency: String, language: Language = .en) -> String {
        let minimumFraction = currency == "KRW" ? 0 : 2
        let (prefix, suffix) = affixes(currency: currency, language: language)
        // Every list page formats 20 to 40 prices; Decimal's rounding and description cost
        // microseconds each. Whole cents (all real prices) take the integer path.
        if let cents = wholeCents(amount, minimumFractionDigits: minimumFraction) {
            return grouped(cents: cents, fractionDigits: minimumFraction, prefix: prefix, suffix: suffix)
        }
        return prefix + groupedDecimal(amount, minimumFractionDigits: minimumFraction) + suffix
    }

    /// What goes before and after the amount.
    static func affixes(currency: String, language: Language) -> (prefix: String, suffix: String) {
        switch (language, currency) {
        case (.en, _): (currency + " ", "")
        case (.ko, "KRW"): ("", "원")
        case (.ko, "USD"): ("$", "")
        case (.ko, _): (currency + " ", "")
        }
    }

    /// `1234567.5` → `1,234,567.50` with two minimum fraction digits. At most two are kept
    /// (rounded half-up): no price has more, and a long tail would only confuse.
    static func grouped(_ amount: Decimal, minimumFractionDigits: Int) -> String {
        if let cents = wholeCents(amount, minimumFractionDigits: minimumFractionDigits) {
            return grouped(cents: cents, fractionDigits: minimumFractionDigits, prefix: "", suffix: "")
        }
        return groupedDecimal(amount, minimumFractionDigits: minimumFractionDigits)
    }

    /// The cents when the integer path writes what the Decimal path would: two fraction digits
    /// always, or none for a whole amount.
    private static func wholeCents(_ amount: Decimal, minimumFractionDigits: Int) -> Int64? {
        guard let cents = exactCents(amount), minimumFractionDigits == 2 || cents % 100 == 0 else { return nil }
        return cents
    }

    /// The general path: any Decimal, rounded to two places.
    static func groupedDecimal(_ amount: Decimal, minimumFractionDigits: Int) -> String {
        var rounded = Decimal()
        var source = amount
        NSDecimalRound(&rounded, &source, 2, .plain)
        let negative = rounded < 0
        let plain = (negative ? -rounded : rounded).description  // "1234567.5", no exponent
        let parts = plain.split(separator: ".", maxSplits: 1)
        let integer = Array(parts.first.map(String.init) ?? "0")
        var fraction = parts.count > 1 ? String(parts[1]) : ""
        while fraction.count < minimumFractionDigits { fraction += "0" }

        var groupedInteger = ""
        for (index, digit) in integer.enumerated() {
            if index > 0 && (integer.count - index) % 3 == 0 { groupedInteger.append(",") }
            groupedInteger.append(digit)
        }
        return (negative ? "-" : "") + groupedInteger + (fraction.isEmpty ? "" : "." + fraction)
    }

    /// The amount in hundredths when that is exact (no rounding needed) and fits in an Int64,
    /// from the Decimal's significand and exponent: a few hundred instructions, where rounding
    /// and `description` take thousands.
    static func exactCents(_ amount: Decimal) -> Int64? {
        guard !amount.isNaN else { return nil }
        let significand = amount.significand
        let integer = NSDecimalNumber(decimal: significand).int64Value
        guard integer >= 0, Decimal(integer) == significand else { return nil }
        var value = integer
        var exponent = amount.exponent + 2
        while exponent > 0 {
            let (product, overflow) = value.multipliedReportingOverflow(by: 10)
            guard !overflow else { return nil }
            value = product
            exponent -= 1
        }
        while exponent < 0 {
            guard value % 10 == 0 else { return nil }
            value /= 10
            exponent += 1
        }
        return amount.sign == .minus ? -value : value
    }

    /// `123456789` cents → `1,234,567.89` (two digits) or `1,234,567` (none; whole amounts
    /// only), between `prefix` and `suffix`; written into one buffer, one String at the end
    /// (usually a small one, without an allocation).
    private static func grouped(cents: Int64, fractionDigits: Int, prefix: String, suffix: String) -> String {
        var prefix = prefix
        var suffix = suffix
        return prefix.withUTF8 { prefix in suffix.withUTF8 { suffix in
            // Prefix, sign, 19 digits with 6 commas, point and two digits, suffix.
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: prefix.count + 30 + suffix.count) { buffer in
                var end = buffer.count
                func put(_ byte: UInt8) {
                    end -= 1
                    buffer[end] = byte
                }
                for byte in suffix.reversed() { put(byte) }
                let magnitude = cents.magnitude
                if fractionDigits == 2 {
                    put(UInt8(ascii: "0") + UInt8(magnitude % 10))
                    put(UInt8(ascii: "0") + UInt8(magnitude / 10 % 10))
                    put(UInt8(ascii: "."))
                }
                var integer = magnitude / 100
                var written = 0
                repeat {
                    if written > 0 && written % 3 == 0 { put(UInt8(ascii: ",")) }
                    put(UInt8(ascii: "0") + UInt8(integer % 10))
                    integer /= 10
                    written += 1
                } while integer > 0
                if cents < 0 { put(UInt8(ascii: "-")) }
                for byte in prefix.reversed() { put(byte) }
                return String(decoding: UnsafeBufferPointer(rebasing: buffer[end...]), as: UTF8.self)
            }
        } }
    }
}
