import Foundation
import MarketClient

/// The API's rules for product fields (openmarket-api.md, "Create"), checked on the server
/// before anything is sent, with messages that say how to fix the value.
///
/// Choices: text is trimmed at both ends and line breaks become `\n`; lengths count
/// `Character`s (what a person sees, and what the embedded market counts). Amounts accept
/// digits with an optional decimal point and thousands commas (`1,000`); KRW amounts are whole
/// numbers, USD amounts have at most two decimals (cents); prices are capped at 10 billion so
/// they stay exact everywhere. An empty discount means 0. Stock is required, a whole number from
/// 0 to 2,147,483,647 (a Java `int` upstream).
enum ProductFormRules {
    struct Valid: Sendable, Equatable {
        var name: String
        var description: String
        var price: Money
        var currency: Currency
        var discountedPrice: Money
        var stock: Int

        var newProduct: NewProduct {
            NewProduct(
                name: name, description: description, price: price, currency: currency,
                discountedPrice: discountedPrice, stock: stock)
        }
    }

    static let nameLength = 3...100
    static let descriptionLength = 10...1000
    static let maxPrice = Decimal(10_000_000_000)
    static let maxStock = 2_147_483_647
    static let maxImageBytes = 300 * 1024

    /// The checked product, or the messages for every field that is wrong.
    static func validate(_ values: ProductFormValues) -> (valid: Valid?, errors: FieldErrors) {
        var errors = FieldErrors()
        let name = normalized(values.name)
        if name.isEmpty {
            errors.add(.name, "Enter the product name (3 to 100 characters).")
        } else if !nameLength.contains(name.count) {
            errors.add(.name, "The name must be 3 to 100 characters; it has \(name.count).")
        }
        let description = normalized(values.description)
        if description.isEmpty {
            errors.add(.description, "Enter a description (10 to 1000 characters).")
        } else if !descriptionLength.contains(description.count) {
            errors.add(.description, "The description must be 10 to 1000 characters; it has \(description.count).")
        }
        let currency = Currency(rawValue: values.currency)
        if !currency.isKnown { errors.add(.currency, "Choose KRW or USD.") }
        let rulesCurrency = currency.isKnown ? currency : .usd

        var price: Money?
        switch amount(values.price, currency: rulesCurrency) {
        case .empty: errors.add(.price, "Enter the price.")
        case .invalid(let message): errors.add(.price, message)
        case .value(let money) where money.amount <= 0: errors.add(.price, "The price must be more than 0.")
        case .value(let money) where money.amount > maxPrice: errors.add(.price, "The price must be at most 10,000,000,000.")
        case .value(let money): price = money
        }
        var discount: Money?
        switch amount(values.discountedPrice, currency: rulesCurrency) {
        case .empty: discount = .zero
        case .invalid(let message): errors.add(.discountedPrice, message)
        case .value(let money) where money.amount < 0: errors.add(.discountedPrice, "The discount cannot be negative.")
        case .value(let money): discount = money
        }
        if let price, let amountOff = discount, amountOff > price {
            errors.add(.discountedPrice, "The discount cannot be more than the price.")
            discount = nil
        }
        var stock: Int?
        let stockText = values.stock.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: "")
        if stockText.isEmpty {
            errors.add(.stock, "Enter the stock: a whole number, 0 or more.")
        } else if let count = Int(stockText), stockText.utf8.allSatisfy({ (0x30...0x39).contains($0) }) {
            if count > maxStock { errors.add(.stock, "The stock must be at most 2,147,483,647.") } else { stock = count }
        } else if stockText.hasPrefix("-"), Int(stockText) != nil {
            errors.add(.stock, "The stock cannot be negative.")
        } else {
            errors.add(.stock, "The stock must be a whole number, 0 or more.")
        }
        guard errors.isEmpty, let price, let discount, let stock else { return (nil, errors) }
        return (Valid(name: name, description: description, price: price, currency: currency,
                      discountedPrice: discount, stock: stock), errors)
    }

    enum Amount: Equatable {
        case empty
        case invalid(String)
        case value(Money)
    }

    /// Reads an amount as typed: `1000`, `1,000`, `12.50`, `-3` (negative is reported by the caller).
    static func amount(_ text: String, currency: Currency) -> Amount {
        let trimmed = text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: "")
        if trimmed.isEmpty { return .empty }
        let digits = trimmed.hasPrefix("-") ? trimmed.dropFirst() : Substring(trimmed)
        let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), !parts[0].isEmpty,
            parts.allSatisfy({ $0.utf8.allSatisfy { (0x30...0x39).contains($0) } }),
            parts.count == 1 || !parts[1].isEmpty,
            let money = Money(string: trimmed)
        else { return .invalid("Enter a number, like 1000 or 12.50.") }
        guard money.minorUnits(in: currency) != nil || money.amount.magnitude > maxPrice else {
            return .invalid(currency == .krw ? "KRW amounts are whole numbers (no decimals)." : "USD amounts have at most 2 decimals (cents).")
        }
        return .value(money)
    }

    /// Trimmed, with `\r\n` and `\r` as `\n` (browsers send a textarea's line breaks as CRLF).
    static func normalized(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var previousCR = false
        for scalar in text.unicodeScalars {
            if scalar == "\r" {
                out.append("\n")
                previousCR = true
                continue
            }
            if scalar == "\n" && previousCR {
                previousCR = false
                continue
            }
            previousCR = false
            out.append(scalar)
        }
        return String(out).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
