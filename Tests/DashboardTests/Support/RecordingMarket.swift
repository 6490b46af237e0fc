import Foundation
import HTTPServer
import Synchronization
import Testing

@testable import Dashboard
@testable import LocalMarket

/// The real market behind a recording server (`.recording`): the embedded market (`LocalMarket`,
/// its own storage in a temp folder, seeded) served on a server of the test's own, each of its
/// routes wrapped to record every request before the market answers it, and to hold the
/// requests a test names at a gate (`hold`). The dashboard reaches it with `--upstream` like any
/// market; the test reads what was sent (`writes`), changes products behind the dashboard's back
/// (`change`, as the iOS app would) and reads what the market holds (`product`, `imageBytes`).
final class RecordingMarket: Sendable {
    struct Received: Sendable {
        var method: String
        var path: String
        var body: [UInt8]

        var json: [String: Any]? { try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] }
    }

    let market: LocalMarket
    private let server: HTTPServer
    /// Shared with the route closures, which must not hold the whole market.
    final class RequestLog: Sendable {
        let entries = Mutex<[Received]>([])
        /// Requests whose path starts so wait at the gate once recorded.
        let holds = Mutex<[(pathPrefix: String, gate: Gate)]>([])
        /// Requests with this method and path are answered so once recorded (503 and no body
        /// unless a test says otherwise), after the market did them when `reachesMarket`.
        let refusals = Mutex<[(method: String, path: String, status: HTTPStatus, message: String?, reachesMarket: Bool)]>([])
    }

    private let log = RequestLog()
    let folder: URL
    let baseURL: URL
    static let vendor = MarketVendor.localTeam

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("recording-market-\(UUID().uuidString)")
        market = try LocalMarket(dataDirectory: folder, host: "127.0.0.1", port: 0, seed: true, syncsToDisk: false, logger: ServerLogger(level: .off))
        var router = Router()
        let log = self.log
        for route in market.makeRouter().routes {
            let handler = route.handler
            router.add(route.method, route.pattern, maxBodySize: route.maxBodySize) { request in
                log.entries.withLock { $0.append(Received(method: request.method.rawValue, path: request.path, body: request.body)) }
                let gate = log.holds.withLock { holds in holds.first { request.path.hasPrefix($0.pathPrefix) }?.gate }
                if let gate { await gate.wait() }
                let refusal = log.refusals.withLock { $0.first { $0.method == request.method.rawValue && $0.path == request.path } }
                if let refusal {
                    if refusal.reachesMarket { _ = try await handler.handle(request) }
                    return refusal.message.map { MarketRefusalBody.response(refusal.status, $0) }
                        ?? HTTPResponse(status: refusal.status, headers: [:], bytes: [])
                }
                return try await handler.handle(request)
            }
        }
        var configuration = ServerConfiguration(host: "127.0.0.1", port: 0)
        configuration.logger = ServerLogger(level: .off)
        configuration.shutdownGracePeriod = .seconds(1)
        server = HTTPServer(configuration: configuration, router: router, errorResponder: MarketRefusalBody.responder)
        try server.start()
        baseURL = URL(string: "http://127.0.0.1:\(server.port)")!
        market.setBaseURL(baseURL)
    }

    /// Requests whose path starts with `pathPrefix` (`/images/`) wait at `gate` once recorded.
    func hold(_ pathPrefix: String, at gate: Gate) {
        log.holds.withLock { $0.append((pathPrefix, gate)) }
    }

    /// Requests with `method` to exactly `path` are answered 503 without reaching the market
    /// (it is down for them), until `stopRefusing()`. With `status` and `message`, they are
    /// answered so in the market's error body (`{"code":400,"message":"…"}`): a refusal in
    /// the market's own words; a 504 with no message is a gateway that lost the market's answer.
    func refuse(_ method: String, _ path: String, status: HTTPStatus = .serviceUnavailable, saying message: String? = nil) {
        log.refusals.withLock { $0.append((method, path, status, message, false)) }
    }

    /// Requests with `method` to exactly `path` are done by the market and their answers lost:
    /// a 504 from the gateway in front of it, until `stopRefusing()`.
    func loseAnswers(_ method: String, _ path: String) {
        log.refusals.withLock { $0.append((method, path, .gatewayTimeout, nil, true)) }
    }

    func stopRefusing() {
        log.refusals.withLock { $0.removeAll() }
    }

    func stop() {
        for hold in log.holds.withLock({ $0 }) { hold.gate.open() }
        server.shutdown()
        try? FileManager.default.removeItem(at: folder)
    }

    var received: [Received] { log.entries.withLock { $0 } }
    /// Everything but reads.
    var writes: [Received] { received.filter { $0.method != "GET" && $0.method != "HEAD" } }
    var port: Int { server.port }

    /// Changes a product as another app of its vendor would: a PATCH straight to the market.
    func change(_ id: Int, _ fields: [String: Any], vendor: MarketVendor = RecordingMarket.vendor) async throws {
        var body = fields
        body["secret"] = vendor.secret
        let response = try await HTTPTestClient.request(
            port, "PATCH", "/api/products/\(id)", headers: ["identifier": vendor.identifier, "Content-Type": "application/json"],
            body: Array(try JSONSerialization.data(withJSONObject: body)))
        try #require(response.status == 200, "PATCH \(id): \(response.status) \(response.text)")
    }

    /// Deletes a product as another app of its vendor would: its delete path looked up
    /// (`POST …/archived`), then a DELETE of that path, straight to the market.
    func delete(_ id: Int, vendor: MarketVendor = RecordingMarket.vendor) async throws {
        let headers = ["identifier": vendor.identifier, "Content-Type": "application/json"]
        let lookup = try await HTTPTestClient.request(
            port, "POST", "/api/products/\(id)/archived", headers: headers,
            body: Array(try JSONSerialization.data(withJSONObject: ["secret": vendor.secret])))
        try #require(lookup.status == 200, "archived \(id): \(lookup.status) \(lookup.text)")
        let deleted = try await HTTPTestClient.request(port, "DELETE", lookup.text, headers: ["identifier": vendor.identifier], body: [])
        try #require(deleted.status == 200, "DELETE \(id): \(deleted.status) \(deleted.text)")
    }

    func product(_ id: Int) async throws -> [String: Any] {
        let response = try await HTTPTestClient.get(port, "/api/products/\(id)")
        guard response.status == 200, let object = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any] else {
            throw HTTPTestClient.Failure(description: "market answered \(response.status) for product \(id)")
        }
        return object
    }

    func status(_ id: Int) async throws -> Int {
        try await HTTPTestClient.get(port, "/api/products/\(id)").status
    }

    /// The bytes of each original image of a product, in order.
    func imageBytes(_ id: Int) async throws -> [[UInt8]] {
        var result: [[UInt8]] = []
        for image in try await product(id)["images"] as? [[String: Any]] ?? [] {
            guard let text = image["url"] as? String, let url = URL(string: text) else { continue }
            result.append(try await HTTPTestClient.get(port, url.path).body)
        }
        return result
    }

    /// A product of the dashboard's vendor registered straight on the market, with `images`.
    func register(name: String, images: [[UInt8]], price: Int = 12000, discount: Int = 2000, stock: Int = 7) async throws -> Int {
        var body = BrowserMultipart()
        let params: [String: Any] = [
            "name": name, "description": "Registered for the history tests.", "price": price, "currency": "KRW",
            "discounted_price": discount, "stock": stock, "secret": Self.vendor.secret,
        ]
        body.json("params", try JSONSerialization.data(withJSONObject: params))
        for (index, bytes) in images.enumerated() { body.file("images", "picture-\(index + 1).jpg", bytes) }
        let response = try await HTTPTestClient.request(
            port, "POST", "/api/products",
            headers: ["identifier": Self.vendor.identifier, "Content-Type": BrowserMultipart.contentType], body: body.finished())
        try #require(response.status == 201, "register: \(response.status) \(response.text)")
        let object = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
        return try #require(object?["id"] as? Int)
    }
}

/// A multipart body with JSON and file parts (the create request's shape).
struct BrowserMultipart {
    static let boundary = "----RecordingMarketBoundary4c1d"
    static let contentType = "multipart/form-data; boundary=\(boundary)"
    private var bytes: [UInt8] = []

    mutating func json(_ name: String, _ data: Data) {
        bytes += Array("--\(Self.boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\nContent-Type: application/json\r\n\r\n".utf8)
        bytes += [UInt8](data) + [13, 10]
    }

    mutating func file(_ name: String, _ filename: String, _ content: [UInt8]) {
        bytes += Array("--\(Self.boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"; filename=\"\(filename)\"\r\nContent-Type: image/jpeg\r\n\r\n".utf8)
        bytes += content + [13, 10]
    }

    func finished() -> [UInt8] {
        bytes + Array("--\(Self.boundary)--\r\n".utf8)
    }
}

/// Runs `body` with a fresh recording market and always stops it.
func withRecordingMarket<T: Sendable>(_ body: (RecordingMarket) async throws -> T) async throws -> T {
    // The market seeds its database as it starts: on a thread of its own (`offTheTaskPool`).
    let market = try await offTheTaskPool { try RecordingMarket() }
    let outcome = await Result { try await body(market) }
    await offTheTaskPool { market.stop() }
    return try outcome.get()
}
