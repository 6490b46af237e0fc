import Foundation

/// Why a product field's value breaks the API's rules (`ProductFieldRules`): a code and its
/// numbers, worded in the reader's language only when a page shows it, so a problem kept in
/// the database reads in any language the dashboard speaks, now or later.
package enum FieldProblem: Error, Sendable, Equatable {
    case nameMissing
    /// The name's length in characters, outside `ProductFieldRules.nameLength`.
    case nameLength(Int)
    case descriptionMissing
    case descriptionLength(Int)
    /// A character a product's text may not hold (`ProductFieldRules.isRefusedControl`), in
    /// the name or the description: the first one's code point (worded "U+001B") and its
    /// position, counted in characters as a person counts them, from 1; and how many there are.
    case controlCharacter(ProductField, codePoint: Int, position: Int, count: Int)
    /// Neither KRW nor USD.
    case currency
    case priceMissing
    case priceNotPositive
    case priceTooHigh
    case discountNegative
    case discountOverPrice
    /// The new price is under the product's discount (its amount).
    case priceUnderDiscount(Decimal)
    case stockTooHigh
    case stockNegative
    case stockNotWhole
    case notANumber
    case krwWhole
    case usdCents
    case imagesMissing
    /// An image kept for the form is gone (kept too long).
    case imageExpired
    /// The thumbnail chosen is not one of the product's images.
    case thumbnailChoice
    /// An image that cannot be used, by its file's name (nil for a file without one).
    case imageRefused(name: String?, ImageProblem)
}

extension FieldProblem: StoredCode {
    var stored: CodeAndArguments {
        switch self {
        case .nameMissing: CodeAndArguments("name-missing")
        case .nameLength(let count): CodeAndArguments("name-length", count)
        case .descriptionMissing: CodeAndArguments("description-missing")
        case .descriptionLength(let count): CodeAndArguments("description-length", count)
        case .controlCharacter(let field, let codePoint, let position, let count):
            CodeAndArguments("control-character", field.rawValue, codePoint, position, count)
        case .currency: CodeAndArguments("currency")
        case .priceMissing: CodeAndArguments("price-missing")
        case .priceNotPositive: CodeAndArguments("price-not-positive")
        case .priceTooHigh: CodeAndArguments("price-too-high")
        case .discountNegative: CodeAndArguments("discount-negative")
        case .discountOverPrice: CodeAndArguments("discount-over-price")
        case .priceUnderDiscount(let discount): CodeAndArguments("price-under-discount", discount)
        case .stockTooHigh: CodeAndArguments("stock-too-high")
        case .stockNegative: CodeAndArguments("stock-negative")
        case .stockNotWhole: CodeAndArguments("stock-not-whole")
        case .notANumber: CodeAndArguments("not-a-number")
        case .krwWhole: CodeAndArguments("krw-whole")
        case .usdCents: CodeAndArguments("usd-cents")
        case .imagesMissing: CodeAndArguments("images-missing")
        case .imageExpired: CodeAndArguments("image-expired")
        case .thumbnailChoice: CodeAndArguments("thumbnail-choice")
        case .imageRefused(let name, let refusal):
            CodeAndArguments(code: Self.imagePrefix + refusal.stored.code, arguments: [name ?? ""] + refusal.stored.args)
        }
    }

    /// Before an image refusal's own code: `image-refused-too-large`, with the file's name
    /// (empty for none) first among the arguments.
    private static let imagePrefix = "image-refused-"

    init?(stored: CodeAndArguments) {
        if stored.code.hasPrefix(Self.imagePrefix), let name = stored.text(0) {
            let refusal = CodeAndArguments(code: String(stored.code.dropFirst(Self.imagePrefix.count)), arguments: Array(stored.args.dropFirst()))
            guard let refusal = ImageProblem(stored: refusal) else { return nil }
            self = .imageRefused(name: name.isEmpty ? nil : name, refusal)
            return
        }
        switch stored.code {
        case "name-missing": self = .nameMissing
        case "name-length": guard let count = stored.integer(0) else { return nil }; self = .nameLength(count)
        case "description-missing": self = .descriptionMissing
        case "description-length": guard let count = stored.integer(0) else { return nil }; self = .descriptionLength(count)
        case "control-character":
            guard let field = stored.text(0).flatMap(ProductField.init(rawValue:)), let codePoint = stored.integer(1),
                let position = stored.integer(2), let count = stored.integer(3)
            else { return nil }
            self = .controlCharacter(field, codePoint: codePoint, position: position, count: count)
        case "currency": self = .currency
        case "price-missing": self = .priceMissing
        case "price-not-positive": self = .priceNotPositive
        case "price-too-high": self = .priceTooHigh
        case "discount-negative": self = .discountNegative
        case "discount-over-price": self = .discountOverPrice
        case "price-under-discount": guard let amount = stored.decimal(0) else { return nil }; self = .priceUnderDiscount(amount)
        case "stock-too-high": self = .stockTooHigh
        case "stock-negative": self = .stockNegative
        case "stock-not-whole": self = .stockNotWhole
        case "not-a-number": self = .notANumber
        case "krw-whole": self = .krwWhole
        case "usd-cents": self = .usdCents
        case "images-missing": self = .imagesMissing
        case "image-expired": self = .imageExpired
        case "thumbnail-choice": self = .thumbnailChoice
        default: return nil
        }
    }
}
