import Foundation

/// The product JSON of the API, key for key in the real server's order:
/// list item `id, vendor_id, vendorName, name, description, thumbnail, currency, price,
/// bargain_price, discounted_price, stock, created_at, issued_at`; the detail drops
/// `vendorName` and appends `images` and `vendors`.
struct ProductJSON {
    /// `http://127.0.0.1:PORT`, no trailing slash; image URLs are built on it.
    let baseURL: String

    func writeListItem(_ product: ProductRecord, to json: inout JSONWriter) {
        json.beginObject()
        writeCommonFields(product, vendorName: Self.vendorName(product.vendorId), to: &json)
        json.endObject()
    }

    func detail(_ product: ProductRecord) -> [UInt8] {
        var json = JSONWriter()
        json.beginObject()
        writeCommonFields(product, vendorName: nil, to: &json)
        json.key("images")
        json.beginArray()
        for image in product.images {
            json.beginObject()
            json.field("id", image.id)
            json.field("url", imageURL(image.originPath))
            json.field("thumbnail_url", imageURL(image.thumbnailPath))
            json.field("issued_at", image.issuedAt)
            json.endObject()
        }
        json.endArray()
        json.key("vendors")
        json.beginObject()
        json.field("id", product.vendorId)
        json.field("name", Self.vendorName(product.vendorId))
        json.endObject()
        json.endObject()
        return json.bytes
    }

    func imageURL(_ relativePath: String) -> String {
        baseURL + "/images/" + relativePath
    }

    private func writeCommonFields(_ product: ProductRecord, vendorName: String?, to json: inout JSONWriter) {
        json.field("id", product.id)
        json.field("vendor_id", product.vendorId)
        if let vendorName { json.field("vendorName", vendorName) }
        json.field("name", product.name)
        json.field("description", product.description)
        json.field("thumbnail", product.thumbnailImage.map { imageURL($0.thumbnailPath) } ?? "")
        json.field("currency", product.currency.rawValue)
        json.field("price", Self.double(product.price))
        json.field("bargain_price", Self.double(product.bargainPrice))
        json.field("discounted_price", Self.double(product.discountedPrice))
        json.field("stock", product.stock)
        json.field("created_at", product.createdAt)
        json.field("issued_at", product.issuedAt)
    }

    /// The real server keeps prices in a Java `double`; so does its JSON.
    static func double(_ amount: Decimal) -> Double {
        Double(amount.description) ?? 0
    }

    static func vendorName(_ vendorId: Int) -> String {
        MarketVendor.all.first { $0.id == vendorId }?.name ?? ""
    }
}
