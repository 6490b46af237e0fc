import Foundation
import MarketClient

/// Products shaped like the live Open Market's data, as public client repositories captured it:
/// prices of 0 and 60,000,000 (which the live server writes `0.0` and `6.0E7`), descriptions of 0
/// to 4 characters ("간식"), a 2-character name, Korean and emoji names, and products of other
/// vendors beside the own one. The scripted market serves them over HTTP as the live server
/// does (`ScriptedMarket+Serving`).
enum LiveShapedData {
    /// The vendor the scripted market's identifier registers as.
    static let ownVendor = Vendor(id: 61, name: "dashboard-team")
    static var ownVendorID: Int { ownVendor.id }

    static let products: [ProductDetail] = [
        ScriptedMarket.product(id: 201, name: "간식", vendor: ownVendor, price: 0, discount: 0, stock: 5, description: "간식", imageIDs: [2010]),
        ScriptedMarket.product(
            id: 202, name: "🍜 라면 세트", vendor: ownVendor, price: 60_000_000, discount: 0, stock: 1, description: "", imageIDs: [2020]),
        ScriptedMarket.product(
            id: 203, name: "우유병 텀블러", vendor: Vendor(id: 15, name: "red123"), price: 3500, discount: 100, stock: 2,
            description: "하얀 우유병 모양의 텀블러!", imageIDs: [2030]),
        ScriptedMarket.product(
            id: 204, name: "Cat 🐈 mug", vendor: Vendor(id: 28, name: "OmarketTeam"), price: Money(Decimal(string: "12.5")!), discount: 0,
            currency: .usd, stock: 0, description: "good", imageIDs: [2040]),
        ScriptedMarket.product(
            id: 205, name: "ab", vendor: Vendor(id: 15, name: "red123"), price: 10_000_000, discount: 1_000_000, stock: 3,
            description: "a", imageIDs: [2050]),
    ]

    /// A scripted market holding these products, its identifier the own vendor's.
    static func market(_ products: [ProductDetail] = LiveShapedData.products) -> ScriptedMarket {
        ScriptedMarket(products: products, vendor: ownVendor)
    }
}
