import Foundation
import LocalMarket
import Testing

@testable import MarketClient

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The real client against the real embedded market over loopback: the contract both sides
/// must keep, since the dashboard uses one against the other (and against the public server).
final class ContractMarket: Sendable {
    let directory: URL
    let market: LocalMarket
    let baseURL: URL

    init(directory: URL? = nil, seed: Bool = true) throws {
        self.directory = directory ?? FileManager.default.temporaryDirectory.appendingPathComponent("contract-\(UUID().uuidString)")
        market = try LocalMarket(dataDirectory: self.directory, seed: seed, logger: .init(level: .off))
        baseURL = try market.start()
    }

    func client(_ vendor: MarketVendor = LocalMarket.defaultVendor, secret: String? = nil, identifier: String? = nil) -> MarketClient {
        MarketClient(configuration: .init(
            baseURL: baseURL,
            credentials: MarketCredentials(identifier: identifier ?? vendor.identifier, secret: secret ?? vendor.secret),
            connectTimeout: Patience.hangGuard, requestTimeout: Patience.hangGuard, retry: .none))
    }

    /// Stops the market but keeps its data directory (for restart tests).
    func stop() {
        market.shutdown()
    }

    func remove() {
        market.shutdown()
        try? FileManager.default.removeItem(at: directory)
    }

    /// Image files shipped with the seed, as real uploads.
    static func seedImage(_ name: String) throws -> ImageUpload {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/LocalMarket/Seed/images/\(name)")
        let bytes = try [UInt8](Data(contentsOf: url))
        return ImageUpload(filename: name, contentType: name.hasSuffix(".png") ? "image/png" : "image/jpeg", bytes: bytes)
    }

    static let images = ["photo-01-circle.jpg", "icon-01-hexagon.png", "icon-02-ring.png", "icon-05-cross.png", "icon-07-dots.png"]

    /// The bytes at an image URL the market returned.
    static func download(_ url: URL) async throws -> [UInt8] {
        let (data, response) = try await URLSession.shared.data(from: url)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        return [UInt8](data)
    }
}

func withEmbeddedMarket<T: Sendable>(seed: Bool = true, _ body: (ContractMarket) async throws -> T) async throws -> T {
    let market = try ContractMarket(seed: seed)
    defer { market.remove() }
    return try await body(market)
}

extension NewProduct {
    static func sample(_ name: String = "Contract Mug", price: Money = 12000, discount: Money = .zero, currency: Currency = .krw, stock: Int = 3) -> NewProduct {
        NewProduct(name: name, description: "A mug made for contract tests.\nDishwasher safe.", price: price, currency: currency, discountedPrice: discount, stock: stock)
    }
}
