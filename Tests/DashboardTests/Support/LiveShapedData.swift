import Foundation

/// Products shaped like the live Open Market's data, as public client repositories captured it:
/// prices written `0.0` and `6.0E7`, descriptions of 0 to 4 characters ("간식"), a 2-character
/// name, Korean and emoji names, image URLs on another host without a file extension, the
/// `vendors` object of a detail and the `vendorName` of a list item. Numbers are kept as the
/// server spells them (raw JSON text), never re-encoded.
struct LiveShapedProduct: Sendable {
    var id: Int
    var vendorID: Int
    var vendorName: String
    var name: String
    var description: String
    var currency = "KRW"
    /// Raw JSON numbers: `0.0`, `6.0E7`, `3500.0`.
    var price: String
    var discountedPrice = "0.0"
    var bargainPrice: String
    var stock: Int
    var date = "2022-11-04T00:00:00"
    /// The image file's name without extension, as the live server names its S3 objects.
    var imageKey: String

    func imageURL(_ media: String, _ kind: String) -> String { "\(media)/\(vendorID)/20221104/\(imageKey)_\(kind)" }

    /// The keys every product JSON shares, in the server's order.
    private func common(_ media: String, vendorName: Bool) -> String {
        let vendor = vendorName ? #","vendorName":\#(Self.quote(self.vendorName))"# : ""
        return #"{"id":\#(id),"vendor_id":\#(vendorID)\#(vendor),"name":\#(Self.quote(name)),"description":\#(Self.quote(description)),"#
            + #""thumbnail":"\#(imageURL(media, "thumb"))","currency":"\#(currency)","price":\#(price),"#
            + #""bargain_price":\#(bargainPrice),"discounted_price":\#(discountedPrice),"stock":\#(stock),"#
            + #""created_at":"\#(date)","issued_at":"\#(date)""#
    }

    func listItem(media: String) -> String { common(media, vendorName: true) + "}" }

    func detail(media: String) -> String {
        common(media, vendorName: false)
            + #","images":[{"id":\#(id * 10),"url":"\#(imageURL(media, "origin"))","thumbnail_url":"\#(imageURL(media, "thumb"))","issued_at":"\#(date)"}],"#
            + #""vendors":{"id":\#(vendorID),"name":\#(Self.quote(vendorName))}}"#
    }

    static func quote(_ text: String) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: text, options: [.fragmentsAllowed, .withoutEscapingSlashes])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}

enum LiveShapedData {
    /// The vendor the live-shaped market's identifier registers as.
    static let ownVendorID = 61
    static let ownVendorName = "dashboard-team"

    static let products: [LiveShapedProduct] = [
        LiveShapedProduct(
            id: 201, vendorID: ownVendorID, vendorName: ownVendorName, name: "간식", description: "간식",
            price: "0.0", bargainPrice: "0.0", stock: 5, imageKey: "3dc4bac35c2d11eda917f58c3b674fed"),
        LiveShapedProduct(
            id: 202, vendorID: ownVendorID, vendorName: ownVendorName, name: "🍜 라면 세트", description: "",
            price: "6.0E7", bargainPrice: "6.0E7", stock: 1, imageKey: "951468774f1a11eda200afcab21bff61"),
        LiveShapedProduct(
            id: 203, vendorID: 15, vendorName: "red123", name: "우유병 텀블러", description: "하얀 우유병 모양의 텀블러!",
            price: "3500.0", discountedPrice: "100.0", bargainPrice: "3400.0", stock: 2, imageKey: "951468784f1a11eda200131c69255928"),
        LiveShapedProduct(
            id: 204, vendorID: 28, vendorName: "OmarketTeam", name: "Cat 🐈 mug", description: "good", currency: "USD",
            price: "12.5", bargainPrice: "12.5", stock: 0, imageKey: "a1b2c3d4e5f60718293a4b5c6d7e8f90"),
        LiveShapedProduct(
            id: 205, vendorID: 15, vendorName: "red123", name: "ab", description: "a",
            price: "1.0E7", discountedPrice: "1.0E6", bargainPrice: "9000000.0", stock: 3, imageKey: "0f1e2d3c4b5a69788796a5b4c3d2e1f0"),
    ]

    /// A list page as the live server writes it (camelCase envelope, `pages`, newest first).
    static func page(_ products: [LiveShapedProduct], pageNo: Int, itemsPerPage: Int, media: String) -> String {
        let sorted = products.sorted { $0.id > $1.id }
        let offset = (pageNo - 1) * itemsPerPage
        let slice = offset < sorted.count ? Array(sorted[offset..<min(sorted.count, offset + itemsPerPage)]) : []
        let lastPage = (sorted.count + itemsPerPage - 1) / itemsPerPage
        return #"{"pageNo":\#(pageNo),"itemsPerPage":\#(itemsPerPage),"totalCount":\#(sorted.count),"offset":\#(offset),"#
            + #""limit":\#(offset + itemsPerPage),"lastPage":\#(lastPage),"hasNext":\#(pageNo < lastPage),"hasPrev":\#(pageNo > 1),"#
            + #""pages":[\#(slice.map { $0.listItem(media: media) }.joined(separator: ","))]}"#
    }
}
