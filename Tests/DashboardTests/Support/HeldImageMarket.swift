import Foundation
import HTTPServer
import LocalMarket
import Synchronization

@testable import Dashboard

/// The embedded market as the dashboard starts it, but with its image route held: each image
/// request is counted as it arrives, then waits at `gate` before the market answers it.
final class HeldImageMarket: Sendable {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let gate = Gate()
    private let imageRequestCount = Atomic<Int>(0)

    /// Image requests the market has received (answered or still held).
    var imageRequests: Int { imageRequestCount.load(ordering: .acquiring) }

    /// An `EmbeddedMarket.Starter`: the seeded market on its own loopback server, whose routes
    /// are the market's own, the image route wrapped.
    func start(dataDirectory: URL, logger: ServerLogger) throws -> EmbeddedMarket {
        let market = try LocalMarket(dataDirectory: dataDirectory, logger: logger)
        var router = Router()
        for route in market.makeRouter().routes {
            guard route.method == .get, route.pattern.hasPrefix("/images/") else {
                router.add(route.method, route.pattern, maxBodySize: route.maxBodySize, route.handler)
                continue
            }
            let image = route.handler
            router.add(route.method, route.pattern, maxBodySize: route.maxBodySize, ClosureHandler { request in
                self.imageRequestCount.add(1, ordering: .releasing)
                await self.gate.wait()
                return try await image.handle(request)
            })
        }
        var configuration = ServerConfiguration(host: "127.0.0.1", port: 0)
        configuration.logger = logger
        let server = HTTPServer(configuration: configuration, router: router, errorResponder: MarketRefusalBody.responder)
        try server.start()
        guard let url = URL(string: "http://127.0.0.1:\(server.port)") else {
            server.shutdown()
            throw Failure(description: "no URL for port \(server.port)")
        }
        market.setBaseURL(url)
        let vendor = LocalMarket.defaultVendor
        return EmbeddedMarket(
            url: url, identifier: vendor.identifier, secret: vendor.secret,
            vendorIDs: Dictionary(LocalMarket.vendors.map { ($0.identifier, $0.id) }, uniquingKeysWith: { first, _ in first }),
            shutdown: { server.shutdown() })
    }
}
