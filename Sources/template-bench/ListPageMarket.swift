import Foundation
import MarketClient

/// A market that lists the same 20 products for every page (3 pages of 60), for
/// `template-bench --page`: the dashboard's whole `/products?view=grid` path without sockets.
struct ListPageMarket: MarketAPI {
    struct Unsupported: Error {}

    static let page: ProductPageEnvelope = ProductPageEnvelope(
        pageNumber: 1, itemsPerPage: 20, totalCount: 60, products: (41...60).reversed().map(product))

    static func product(_ id: Int) -> ProductSummary {
        let onSale = id % 3 == 0
        let price: Money = id % 4 == 0 ? Money(Decimal(string: "12.5")!) : Money(Decimal(id * 1_000 + 500))
        return ProductSummary(
            id: id, vendorID: 1, vendorName: "LocalMarketTeam",
            name: id == 47 ? #"Kid's <Tea> & "Mug""# : "Handmade product number \(id)",
            description: "A product made by hand.",
            thumbnail: URL(string: "http://127.0.0.1:45678/images/thumbnails/\(id)-a1b2c3d4e5f6a7b8c9d0.jpg"),
            currency: id % 4 == 0 ? .usd : .krw, price: price,
            discountedPrice: onSale ? Money(Decimal(id * 100)) : .zero,
            stock: id % 5 == 0 ? 0 : id * 3)
    }

    func health() async throws -> Bool { true }

    func listProducts(page: Int, itemsPerPage: Int, search: String?) async throws -> ProductPageEnvelope { Self.page }

    func product(id: Int) async throws -> ProductDetail { throw Unsupported() }

    func createProduct(_ product: NewProduct, images: [ImageUpload]) async throws -> ProductDetail { throw Unsupported() }

    func editProduct(id: Int, _ changes: ProductChanges) async throws -> ProductDetail { throw Unsupported() }

    func deleteProduct(id: Int) async throws -> ProductDetail? { throw Unsupported() }
}
