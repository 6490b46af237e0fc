import Foundation
import MarketClient

/// The API's rules for product fields on create (`docs/market-api.md`), checked on the
/// server before anything is sent. A value that breaks a rule gives a `FieldProblem`: a code,
/// worded in the reader's language when a page shows it.
///
/// Choices: text is trimmed at both ends and line breaks become `\n`; lengths count
/// `Character`s (what a person sees, and what the embedded market counts). Amounts accept
/// digits with an optional decimal point and thousands commas (`1,000`); KRW amounts are whole
/// numbers, USD amounts have at most two decimals (cents); prices are capped at 10 billion so
/// they stay exact everywhere. An empty discount means 0. An empty stock means 0 (the API's
/// default); otherwise a whole number from 0 to 2,147,483,647 (a Java `int` upstream). A name
/// or description holding a control character is refused (`isRefusedControl`).
package enum ProductFieldRules {
    package struct Valid: Sendable, Equatable {
        var name: String
        var description: String
        var price: Money
        var currency: Currency
        var discountedPrice: Money
        var stock: Int

        package var newProduct: NewProduct {
            NewProduct(
                name: name, description: description, price: price, currency: currency,
                discountedPrice: discountedPrice, stock: stock)
        }
    }

    static let nameLength = 3...100
    static let descriptionLength = 10...1000
    package static let maxPrice = Decimal(10_000_000_000)
    package static let maxStock = 2_147_483_647
    package static let maxImageBytes = 300 * 1024

    /// The checked product, or the problems of every field that is wrong.
    package static func validate(_ values: ProductFormValues) -> (valid: Valid?, errors: FieldErrors) {
        var errors = FieldErrors()
        let name = errors.take(.name, checkName(values.name))
        let description = errors.take(.description, checkDescription(values.description))
        let currency = errors.take(.currency, checkCurrency(values.currency))
        let rulesCurrency = currency ?? .usd
        let price = errors.take(.price, checkPrice(values.price, currency: rulesCurrency))
        var discount = errors.take(.discountedPrice, checkDiscount(values.discountedPrice, currency: rulesCurrency))
        if let price, let amountOff = discount, case let (field, problem)? = discountProblem(price: price.amount, discount: amountOff.amount) {
            errors.add(field, problem)
            discount = nil
        }
        let stock = errors.take(.stock, checkStock(values.stock))
        guard errors.isEmpty, let name, let description, let currency, let price, let discount, let stock else { return (nil, errors) }
        return (Valid(name: name, description: description, price: price, currency: currency,
                      discountedPrice: discount, stock: stock), errors)
    }

    /// The problem of a discount over its price, on the field that was changed: the discount
    /// (`discountChanged`, always for a new product), or else the price, lowered under it.
    /// Every form that takes both amounts judges them this way, whatever its other fields hold,
    /// so one answer names every problem.
    static func discountProblem(
        price: Decimal, discount: Decimal, discountChanged: Bool = true
    ) -> (field: ProductField, problem: FieldProblem)? {
        guard discount > price else { return nil }
        return discountChanged ? (.discountedPrice, .discountOverPrice) : (.price, .priceUnderDiscount(discount))
    }

    static func checkName(_ text: String) -> Result<String, FieldProblem> {
        let name = normalized(text)
        if name.isEmpty { return .failure(.nameMissing) }
        if let refused = controlCharacter(in: name, .name) { return .failure(refused) }
        guard nameLength.contains(name.count) else { return .failure(.nameLength(name.count)) }
        return .success(name)
    }

    static func checkDescription(_ text: String) -> Result<String, FieldProblem> {
        let description = normalized(text)
        if description.isEmpty { return .failure(.descriptionMissing) }
        if let refused = controlCharacter(in: description, .description) { return .failure(refused) }
        guard descriptionLength.contains(description.count) else {
            return .failure(.descriptionLength(description.count))
        }
        return .success(description)
    }

    static func checkCurrency(_ text: String) -> Result<Currency, FieldProblem> {
        let currency = Currency(rawValue: text)
        return currency.isKnown ? .success(currency) : .failure(.currency)
    }

    static func checkPrice(_ text: String, currency: Currency) -> Result<Money, FieldProblem> {
        switch amount(text, currency: currency) {
        case .empty: .failure(.priceMissing)
        case .invalid(let problem): .failure(problem)
        case .value(let money) where money.amount <= 0: .failure(.priceNotPositive)
        case .value(let money) where money.amount > maxPrice: .failure(.priceTooHigh)
        case .value(let money): .success(money)
        }
    }

    /// An empty discount means 0.
    static func checkDiscount(_ text: String, currency: Currency) -> Result<Money, FieldProblem> {
        switch amount(text, currency: currency) {
        case .empty: .success(.zero)
        case .invalid(let problem): .failure(problem)
        case .value(let money) where money.amount < 0: .failure(.discountNegative)
        case .value(let money): .success(money)
        }
    }

    /// An empty stock means 0: the API's `stock` is optional and defaults to 0.
    static func checkStock(_ text: String) -> Result<Int, FieldProblem> {
        // Plain digits, the usual case, without Foundation's trimming and replacing.
        if !text.isEmpty, text.utf8.count <= 18, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let count = Int(text) {
            return count > maxStock ? .failure(.stockTooHigh) : .success(count)
        }
        let stockText = text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: "")
        if stockText.isEmpty { return .success(0) }
        if let count = Int(stockText), stockText.utf8.allSatisfy({ (0x30...0x39).contains($0) }) {
            return count > maxStock ? .failure(.stockTooHigh) : .success(count)
        }
        if stockText.hasPrefix("-"), Int(stockText) != nil { return .failure(.stockNegative) }
        return .failure(.stockNotWhole)
    }

    package enum Amount: Equatable {
        case empty
        case invalid(FieldProblem)
        case value(Money)
    }

    /// Reads an amount as typed: `1000`, `1,000`, `12.50`, `-3` (negative is reported by the caller).
    /// The forms, the sheet and the list's price filters read amounts with it alike.
    package static func amount(_ text: String, currency: Currency) -> Amount {
        // The usual spellings read byte by byte (DecimalText); the same answers as below.
        if let parsed = DecimalText.formAmount(text) {
            let money = Money(parsed.decimal)
            guard parsed.scale <= currency.fractionDigits || money.amount.magnitude > maxPrice else {
                return .invalid(currency == .krw ? .krwWhole : .usdCents)
            }
            return .value(money)
        }
        let trimmed = text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: "")
        if trimmed.isEmpty { return .empty }
        let digits = trimmed.hasPrefix("-") ? trimmed.dropFirst() : Substring(trimmed)
        let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), !parts[0].isEmpty,
            parts.allSatisfy({ $0.utf8.allSatisfy { (0x30...0x39).contains($0) } }),
            parts.count == 1 || !parts[1].isEmpty,
            let money = Money(string: trimmed)
        else { return .invalid(.notANumber) }
        guard money.minorUnits(in: currency) != nil || money.amount.magnitude > maxPrice else {
            return .invalid(currency == .krw ? .krwWhole : .usdCents)
        }
        return .value(money)
    }

    /// A character no name or description may hold: the C0 control characters (U+0000 to
    /// U+001F) other than tab and line feed, DEL (U+007F), and the C1 control characters
    /// (U+0080 to U+009F). None is typed on purpose or shows on a page; they come with text
    /// pasted from terminals and other programs (ESC, NUL) or decoded in the wrong encoding
    /// (C1), and the market stores them as they are. Tab and line breaks stay allowed, in a
    /// name as in a description (a text field cannot send them, a CSV file can); a CR is a
    /// line break and `normalized` has made it `\n` before this check.
    static func isRefusedControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A: false
        case 0x00...0x1F, 0x7F...0x9F: true
        default: false
        }
    }

    /// The problem of a text holding refused control characters (`isRefusedControl`): the
    /// first one and its position in characters, from 1, and how many; nil for none.
    static func controlCharacter(in text: String, _ field: ProductField) -> FieldProblem? {
        guard text.unicodeScalars.contains(where: isRefusedControl) else { return nil }
        var first: (codePoint: Int, position: Int)?
        var count = 0
        for (offset, character) in text.enumerated() {
            for scalar in character.unicodeScalars where isRefusedControl(scalar) {
                count += 1
                if first == nil { first = (Int(scalar.value), offset + 1) }
            }
        }
        guard let first else { return nil }
        return .controlCharacter(field, codePoint: first.codePoint, position: first.position, count: count)
    }

    /// Characters trimmed from a text's ends: white space, and the format characters that have
    /// no width (zero-width space, word joiner, byte order mark), so a name made only of them is
    /// empty and a name with one added at an end is the same name. Inside a text they stay.
    private static let trimmed = CharacterSet.whitespacesAndNewlines.union(CharacterSet(charactersIn: "\u{200B}\u{2060}\u{FEFF}"))

    /// Trimmed (`trimmed`), with `\r\n` and `\r` as `\n` (browsers send a textarea's line breaks
    /// as CRLF).
    static func normalized(_ text: String) -> String {
        // Most texts have no CR and nothing to trim: as they are.
        if let first = text.unicodeScalars.first, let last = text.unicodeScalars.last,
            !trimmed.contains(first), !trimmed.contains(last), !text.utf8.contains(0x0D)
        {
            return text
        }
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
        return String(out).trimmingCharacters(in: trimmed)
    }
}
