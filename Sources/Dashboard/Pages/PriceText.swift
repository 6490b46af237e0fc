import Foundation

/// Prices as the mobile apps showed them: the currency code, a space, the amount with
/// thousands separators: `KRW 1,000`, `USD 12.50`. USD always shows cents; KRW shows none
/// unless the amount really has a fraction (rare, but hiding it would misstate the price).
enum PriceText {
    static func format(_ amount: Decimal, currency: String) -> String {
        let minimumFraction = currency == "KRW" ? 0 : 2
        return "\(currency) \(grouped(amount, minimumFractionDigits: minimumFraction))"
    }

    /// `1234567.5` → `1,234,567.50` with two minimum fraction digits. At most two are kept
    /// (rounded half-up): no price has more, and a long tail would only confuse.
    static func grouped(_ amount: Decimal, minimumFractionDigits: Int) -> String {
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
}
