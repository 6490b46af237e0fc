import DashboardEngine
import HTTPServer
import MarketClient

/// The form's values as the browser sent them, or as a product prefills them.
extension ProductFormValues {
    /// From submitted fields (the first value of each name).
    init(_ submission: FormSubmission) {
        self.init()
        name = submission.value("name") ?? ""
        description = submission.value("description") ?? ""
        price = submission.value("price") ?? ""
        discountedPrice = submission.value("discounted_price") ?? ""
        stock = submission.value("stock") ?? ""
        currency = submission.value("currency") ?? ""
        thumbnailID = submission.value("thumbnail_id") ?? ""
    }

    /// Edit: the values the form was loaded with, from its hidden `original_*` fields; a field
    /// the form did not carry (a script's POST, an older page) is `fallback`'s.
    init(originalsIn submission: FormSubmission, fallback: ProductFormValues) {
        self.init()
        func original(_ name: String, _ fallback: String) -> String { submission.value("original_" + name) ?? fallback }
        name = original("name", fallback.name)
        description = original("description", fallback.description)
        price = original("price", fallback.price)
        discountedPrice = original("discounted_price", fallback.discountedPrice)
        stock = original("stock", fallback.stock)
        currency = original("currency", fallback.currency)
        thumbnailID = original("thumbnail_id", fallback.thumbnailID)
    }

    /// Prefilled from a product, amounts written plainly (`20000`, `12.50`).
    init(product: ProductDetail) {
        self.init()
        name = product.name
        description = product.description
        currency = product.currency.rawValue
        price = Self.plain(product.price, currency: product.currency)
        discountedPrice = Self.plain(product.discountedPrice, currency: product.currency)
        stock = String(product.stock)
        thumbnailID = product.images.first { $0.thumbnailURL == product.thumbnail }.map { String($0.id) } ?? ""
    }

    /// An amount as a person would type it: no grouping, cents for USD.
    static func plain(_ money: Money, currency: Currency) -> String {
        guard currency == .usd else { return money.description }
        return PriceText.grouped(money.amount, minimumFractionDigits: 2).replacingOccurrences(of: ",", with: "")
    }
}

extension ProductDetail {
    /// A product as an edit form showed it (its `original_*` values), without images: what the
    /// form stands on when the market cannot send the product itself.
    init(id: Int, shownAs values: ProductFormValues) {
        let currency = Currency(rawValue: values.currency)
        let summary = ProductSummary(
            id: id, vendorID: 0, name: values.name, description: values.description, thumbnail: nil, currency: currency,
            price: Money(string: values.price.replacingOccurrences(of: ",", with: "")) ?? .zero,
            discountedPrice: Money(string: values.discountedPrice.replacingOccurrences(of: ",", with: "")) ?? .zero,
            stock: Int(values.stock) ?? 0)
        self.init(summary: summary, images: [], vendor: nil)
    }
}
