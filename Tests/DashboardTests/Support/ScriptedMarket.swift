import Foundation
import MarketClient
import Synchronization

@testable import Dashboard
@testable import DashboardEngine

/// A `MarketAPI` double for failures a real market will not produce on cue: it holds products in
/// memory, records every write, fails reads and writes as told, and holds reads at a gate while
/// one is set (a market that accepts the request and does not answer).
final class ScriptedMarket: MarketAPI {
    struct State {
        var products: [Int: ProductDetail] = [:]
        var nextID = 1000
        /// Every read fails so: the health check, lists and details.
        var readFailure: MarketError?
        /// Lists fail so (details still answer).
        var listFailure: MarketError?
        var createFailure: MarketError?
        var editFailure: MarketError?
        var deleteFailure: MarketError?
        var readGate: Gate?
        var creates: [(product: NewProduct, images: [ImageUpload])] = []
        var edits: [(id: Int, changes: ProductChanges)] = []
        var deletes: [Int] = []
        /// The image server is down: the recycle bin cannot keep a product's images.
        var imagesDown = false
    }

    let state = Mutex(State())
    static let vendorID = 28

    /// A market holding `products`; with `readFailure`, one whose every read fails so.
    init(products: [ProductDetail] = [], readFailure: MarketError? = nil) {
        state.withLock { state in
            for product in products { state.products[product.id] = product }
            state.readFailure = readFailure
        }
    }

    static func product(id: Int, name: String = "Scripted Teapot", price: Money = 5000, imageIDs: [Int] = [1, 2]) -> ProductDetail {
        let images = imageIDs.map { image in
            ProductImage(
                id: image, url: URL(string: "http://images.invalid/\(image)_origin.jpg")!,
                thumbnailURL: URL(string: "http://images.invalid/\(image)_thumb.jpg")!)
        }
        let summary = ProductSummary(
            id: id, vendorID: vendorID, name: name, description: "A teapot the tests script.",
            thumbnail: images.first?.thumbnailURL, currency: .krw, price: price, discountedPrice: 500, stock: 3)
        return ProductDetail(summary: summary, images: images, vendor: Vendor(id: vendorID, name: "LocalMarketTeam"))
    }

    func health() async throws -> Bool {
        if let failure = state.withLock({ $0.readFailure }) { throw failure }
        return true
    }

    /// Reads wait at `gate` until it opens (nil: reads answer at once).
    func holdReads(at gate: Gate?) {
        state.withLock { $0.readGate = gate }
    }

    private func waitIfHeld() async {
        if let gate = state.withLock({ $0.readGate }) { await gate.wait() }
    }

    func listProducts(page: Int, itemsPerPage: Int, search: String?) async throws -> ProductPageEnvelope {
        await waitIfHeld()
        let products = try state.withLock { state in
            if let failure = state.readFailure ?? state.listFailure { throw failure }
            return Array(state.products.values).sorted { $0.id > $1.id }
        }
        return ProductPageEnvelope(pageNumber: page, itemsPerPage: itemsPerPage, totalCount: products.count, products: products.map(\.summary))
    }

    func product(id: Int) async throws -> ProductDetail {
        await waitIfHeld()
        return try state.withLock { state in
            if let failure = state.readFailure { throw failure }
            guard let product = state.products[id] else { throw MarketError.notFound }
            return product
        }
    }

    func createProduct(_ product: NewProduct, images: [ImageUpload]) async throws -> ProductDetail {
        try state.withLock { state in
            state.creates.append((product, images))
            if let failure = state.createFailure { throw failure }
            let id = state.nextID
            state.nextID += 1
            var detail = Self.product(id: id, name: product.name, price: product.price, imageIDs: Array(1...max(1, images.count)))
            detail.summary.description = product.description
            detail.summary.currency = product.currency
            detail.summary.discountedPrice = product.discountedPrice
            detail.summary.bargainPrice = product.price - product.discountedPrice
            detail.summary.stock = product.stock
            state.products[id] = detail
            return detail
        }
    }

    func editProduct(id: Int, _ changes: ProductChanges) async throws -> ProductDetail {
        try state.withLock { state in
            state.edits.append((id, changes))
            if let failure = state.editFailure { throw failure }
            guard var product = state.products[id] else { throw MarketError.notFound }
            if let price = changes.price { product.summary.price = price }
            if let name = changes.name { product.summary.name = name }
            if let stock = changes.stock { product.summary.stock = stock }
            if let description = changes.description { product.summary.description = description }
            if let currency = changes.currency { product.summary.currency = currency }
            if let discount = changes.discountedPrice { product.summary.discountedPrice = discount }
            product.summary.bargainPrice = product.summary.price - product.summary.discountedPrice
            state.products[id] = product
            return product
        }
    }

    func deleteProduct(id: Int) async throws -> ProductDetail? {
        try state.withLock { state in
            state.deletes.append(id)
            if let failure = state.deleteFailure { throw failure }
            guard let product = state.products.removeValue(forKey: id) else { throw MarketError.notFound }
            return product
        }
    }

    /// The image server of the products' made-up image URLs: a small JPEG per URL, or an
    /// error while `imagesDown`.
    func image(_ url: URL) throws -> [UInt8] {
        if state.withLock({ $0.imagesDown }) { throw MarketError.unreachable }
        return ImageFixtures.jpeg(500, fill: UInt8(truncatingIfNeeded: url.absoluteString.utf8.count))
    }
}
