import Foundation

/// Prices as the mobile apps showed them: the currency code, a space, the amount with
/// thousands separators: `KRW 1,000`, `USD 12.50`. USD always shows cents; KRW shows none
/// unless the amount really has a fraction (rare, but hiding it would misstate the price).
enum PriceText {
    static func format(_ amount: Decimal, currency: String) -> String {
        let minimumFraction = currency == "KRW" ? 0 : 2
        return currency + " " + grouped(amount, minimumFractionDigits: minimumFraction)
    }

    /// `1234567.5` → `1,234,567.50` with two minimum fraction digits. At most two are kept
    /// (rounded half-up): no price has more, and a long tail would only confuse.
    static func grouped(_ amount: Decimal, minimumFractionDigits: Int) -> String {
        // Every list page formats 20 to 40 prices; Decimal's rounding and description cost
        // microseconds each. Whole cents (all real prices) take the integer path.
        if let cents = exactCents(amount), minimumFractionDigits == 2 || cents % 100 == 0 {
            return grouped(cents: cents, fractionDigits: minimumFractionDigits == 2 ? 2 : 0)
        }
        return groupedDecimal(amount, minimumFractionDigits: minimumFractionDigits)
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

    /// `123456789` cents → `1,234,567.89` (two digits) or `1,234,567` (none; whole amounts only).
    private static func grouped(cents: Int64, fractionDigits: Int) -> String {
        let magnitude = cents.magnitude
        let digits = Array(String(magnitude / 100).utf8)
        var text: [UInt8] = cents < 0 ? [UInt8(ascii: "-")] : []
        text.reserveCapacity(digits.count + digits.count / 3 + 4)
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { text.append(UInt8(ascii: ",")) }
            text.append(digit)
        }
        if fractionDigits == 2 {
            let fraction = magnitude % 100
            text += [UInt8(ascii: "."), UInt8(ascii: "0") + UInt8(fraction / 10), UInt8(ascii: "0") + UInt8(fraction % 10)]
        }
        return String(decoding: text, as: UTF8.self)
    }
}
