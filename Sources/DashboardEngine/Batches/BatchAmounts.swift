import Foundation
import MarketClient

/// Amounts as batches compute and read them: rounded as the currency counts money, and read
/// from cells the way spreadsheets write numbers.
enum BatchAmounts {
    /// `amount` rounded to what `currency` counts (whole won for KRW, cents otherwise), a half
    /// rounding up (away from zero).
    static func rounded(_ amount: Decimal, for currency: Currency) -> Decimal {
        amount.rounded(currency.fractionDigits)
    }

    /// The number in a spreadsheet cell: `20000`, `20000.0`, `20,000`, `12.50`, `1.5E+4`, a
    /// leading `₩`, `$` or currency code, spaces around. Nil for anything else (empty included).
    static func read(_ text: String) -> Decimal? {
        if let parsed = DecimalText.spreadsheet(text) { return parsed.decimal }
        var plain = text.trimmingCharacters(in: .whitespaces)
        for prefix in ["KRW", "USD", "₩", "$", "￦"] where plain.uppercased().hasPrefix(prefix) {
            plain = String(plain.dropFirst(prefix.count)).trimmingCharacters(in: .whitespaces)
        }
        plain = plain.replacingOccurrences(of: ",", with: "")
        guard !plain.isEmpty, let money = Money(string: plain) else { return nil }
        return money.amount
    }

    /// A whole number of items in a cell: `7`, `7.0`, `1,000`; nil otherwise.
    static func count(_ text: String) -> Int? {
        if let parsed = DecimalText.spreadsheet(text) {
            guard parsed.scale == 0, parsed.digits <= UInt64(Int.max) else { return nil }
            return parsed.negative ? -Int(parsed.digits) : Int(parsed.digits)
        }
        guard let value = read(text), value == value.rounded(0), let count = Int(exactly: NSDecimalNumber(decimal: value).int64Value),
            Decimal(count) == value
        else { return nil }
        return count
    }
}

extension Decimal {
    /// Rounded to `places` decimals, a half away from zero.
    func rounded(_ places: Int) -> Decimal {
        var source = self
        var result = Decimal()
        NSDecimalRound(&result, &source, places, .plain)
        return result
    }
}
