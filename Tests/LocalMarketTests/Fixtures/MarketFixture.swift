import Foundation
import HTTPServer
@testable import LocalMarket

/// A market on a fresh temporary data directory, driven through its router without sockets.
/// The directory goes away with the fixture.
final class MarketFixture: @unchecked Sendable {
    let directory: URL
    private(set) var market: LocalMarket
    private(set) var router: Router

    /// Whether writes wait for `fsync`, as in production. Most tests skip it for speed (the
    /// atomic renames they exercise are the same); the persistence tests keep it.
    let syncsToDisk: Bool

    init(seed: Bool = false, catalog: MarketCatalog? = nil, directory: URL? = nil, syncsToDisk: Bool = false) throws {
        self.directory = directory ?? FileManager.default.temporaryDirectory
            .appendingPathComponent("local-market-tests-\(UUID().uuidString)", isDirectory: true)
        self.syncsToDisk = syncsToDisk
        market = try LocalMarket(
            dataDirectory: self.directory, host: "127.0.0.1", port: 0, catalog: catalog ?? (seed ? .samples : .empty),
            syncsToDisk: syncsToDisk)
        market.setBaseURL(URL(string: "http://market.test:1234")!)
        router = market.makeRouter()
    }

    deinit {
        market.shutdown()
        try? FileManager.default.removeItem(at: directory)
    }

    /// Opens a second market on the same directory, as a restart would.
    func restart() throws {
        market.shutdown()
        market = try LocalMarket(dataDirectory: directory, host: "127.0.0.1", port: 0, seed: false, syncsToDisk: syncsToDisk)
        market.setBaseURL(URL(string: "http://market.test:1234")!)
        router = market.makeRouter()
    }

    var dataPath: String { directory.path }

    /// Routes and answers a request the way the server would (404/405 through the market's
    /// JSON error responder).
    func send(
        _ method: HTTPMethod, _ target: String, headers: HTTPHeaders = [:], body: [UInt8] = []
    ) async throws -> Reply {
        var request = HTTPRequest(method: method, target: target, headers: headers, body: body)
        switch router.match(method: method, path: request.path) {
        case .found(let route, let parameters):
            request.pathParameters = parameters
            return Reply(try await route.handler.handle(request))
        case .methodNotAllowed(let allow):
            var response = MarketRefusalBody.responder(.methodNotAllowed, "not allowed", nil)
            response.headers["Allow"] = allow.map(\.rawValue).joined(separator: ", ")
            return Reply(response)
        case .notFound:
            return Reply(MarketRefusalBody.responder(.notFound, "There is nothing at this address.", nil))
        }
    }

    func get(_ target: String) async throws -> Reply {
        try await send(.get, target)
    }

    /// A create request for `vendor` with a `params` part and image parts.
    func create(
        _ params: [String: Any]? = nil, images: [[UInt8]] = [Images.jpeg()], vendor: MarketVendor = .localTeam,
        identifier: String? = nil
    ) async throws -> Reply {
        var fields = params ?? Products.valid()
        if fields["secret"] == nil { fields["secret"] = vendor.secret }
        let body = MultipartBody(boundary: "Boundary-\(UUID().uuidString)")
            .json("params", fields)
            .files("images", images)
        return try await send(
            .post, "/api/products",
            headers: ["identifier": identifier ?? vendor.identifier, "Content-Type": body.contentType],
            body: body.bytes)
    }

    /// A JSON request with the vendor's `identifier` header.
    func sendJSON(
        _ method: HTTPMethod, _ target: String, _ object: [String: Any], vendor: MarketVendor = .localTeam
    ) async throws -> Reply {
        let data = try JSONSerialization.data(withJSONObject: object)
        return try await send(
            method, target,
            headers: ["identifier": vendor.identifier, "Content-Type": "application/json"],
            body: Array(data))
    }

    /// Creates a product and returns its id.
    func createProduct(name: String = "Sample product", vendor: MarketVendor = .localTeam, images: Int = 1) async throws -> Int {
        var params = Products.valid()
        params["name"] = name
        let reply = try await create(params, images: (0..<images).map { Images.jpeg(seed: UInt8($0)) }, vendor: vendor)
        guard reply.status == 201, let id = reply.json["id"]?.int else {
            throw FixtureError("create failed: \(reply.status) \(reply.text)")
        }
        return id
    }

    /// The bytes the market serves at one of its own image URLs.
    func imageBytes(at url: String) async throws -> (contentType: String?, bytes: [UInt8]) {
        let prefix = "http://market.test:1234"
        guard url.hasPrefix(prefix) else { throw FixtureError("foreign image URL \(url)") }
        let reply = try await get(String(url.dropFirst(prefix.count)))
        guard reply.status == 200 else { throw FixtureError("image \(url): \(reply.status)") }
        return (reply.headers["Content-Type"], reply.bytes)
    }
}

struct FixtureError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
