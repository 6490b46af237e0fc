import Foundation
import HTTPServer
import Synchronization

@testable import Dashboard

/// An independent little Open Market on loopback port 0 that serves `LiveShapedData` (live-shaped
/// JSON, extension-less image URLs on its own `/media/`) or the products a test gives it,
/// records every request, searches names as the market does (contains, ignoring case), enforces
/// owner-only writes by the `identifier` header, and answers the archived lookup and DELETE in
/// any of the forms public clients show. An edit changes what the API lets it change (name,
/// description, prices, currency, stock; `bargain_price` is worked out again). Writes can be
/// slowed (`writeDelay`: the slowness under test, not a synchronisation) or held at a gate (a
/// market that never answers); list answers can be held at a gate too (`listGate`).
final class LiveShapedMarket: Sendable {
    /// How `POST …/archived` names the delete path.
    enum ArchivedForm: String, CaseIterable, Sendable {
        case path, relative, absolute, bare
    }

    /// What a successful DELETE carries.
    enum DeleteAnswer: String, CaseIterable, Sendable {
        case product, empty, text
    }

    struct Received: Sendable {
        var method: String
        var target: String
        var body: [UInt8]
        var identifier: String?

        var json: [String: Any]? { try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] }
    }

    struct State {
        var products: [Int: LiveShapedProduct]
        var nextID: Int
        var received: [Received] = []
        var archived = ArchivedForm.path
        var deleteAnswer = DeleteAnswer.product
        var writeDelay: Duration?
        var writeGate: Gate?
        /// Edits of these products are refused with 400 and the market's own words.
        var refusedEdits: Set<Int> = []
        /// From this many writes on, every write is refused with 503 (a market failing midway).
        var failWritesAfter: Int?
        /// List requests (`GET /api/products?…`) wait here while it is set.
        var listGate: Gate?

        init(products: [LiveShapedProduct]) {
            self.products = Dictionary(uniqueKeysWithValues: products.map { ($0.id, $0) })
            nextID = max(300, (products.map(\.id).max() ?? 0) + 1)
        }
    }

    static let identifier = "5fd6b4a8-4aa2-11ed-a200-354a4a3a9a5e"
    static let secret = "field-S3cr3t"

    /// The market's state, behind a lock (a class, so the route closures can share it).
    final class Store: Sendable {
        let state: Mutex<State>

        init(products: [LiveShapedProduct]) {
            state = Mutex(State(products: products))
        }
    }

    let store: Store
    private let server: HTTPServer
    let baseURL: URL

    init(products: [LiveShapedProduct] = LiveShapedData.products) throws {
        store = Store(products: products)
        let state = store
        var router = Router()
        let media: @Sendable (HTTPRequest) -> String = { request in "http://\(request.headers["Host"] ?? "")/media" }
        router.get("/healthChecker") { request in
            Self.record(request, state)
            return .json(Array(#""OK""#.utf8))
        }
        router.get("/api/products") { request in
            Self.record(request, state)
            if let gate = state.state.withLock({ $0.listGate }) { await gate.wait() }
            let page = Int(request.queryValue("page_no") ?? "") ?? 1
            let size = Int(request.queryValue("items_per_page") ?? "") ?? 20
            var products = state.state.withLock { Array($0.products.values) }
            // The market's search: the name contains the text, ignoring case.
            if let search = request.queryValue("search_value"), !search.isEmpty {
                products = products.filter { $0.name.lowercased().contains(search.lowercased()) }
            }
            return .json(Array(LiveShapedData.page(products, pageNo: max(page, 1), itemsPerPage: max(size, 1), media: media(request)).utf8))
        }
        router.get("/api/products/{id}") { request in
            Self.record(request, state)
            guard let product = Self.product(request, state) else { return Self.error(404, "product not found") }
            return .json(Array(product.detail(media: media(request)).utf8))
        }
        router.get("/media/{path...}") { request in
            Self.record(request, state)
            return HTTPResponse(status: .ok, headers: ["Content-Type": "image/jpeg"], bytes: ImageFixtures.jpeg(600, fill: 7))
        }
        router.post("/api/products", maxBodySize: 4 * 1024 * 1024) { request in
            await Self.write(request, state)
            guard request.headers["identifier"] == Self.identifier else { return Self.error(401, "unknown identifier") }
            let params = Self.params(request.body)
            let created = state.state.withLock { state -> LiveShapedProduct in
                var product = LiveShapedProduct(
                    id: state.nextID, vendorID: LiveShapedData.ownVendorID, vendorName: LiveShapedData.ownVendorName,
                    name: params["name"] as? String ?? "", description: params["description"] as? String ?? "",
                    currency: params["currency"] as? String ?? "KRW",
                    price: Self.number(params["price"]), bargainPrice: Self.number(params["price"]),
                    stock: params["stock"] as? Int ?? 0, date: "2022-11-20T00:00:00", imageKey: "c0ffee\(state.nextID)")
                if params["discounted_price"] != nil { product.discountedPrice = Self.number(params["discounted_price"]) }
                product.bargainPrice = Self.difference(product.price, product.discountedPrice)
                state.products[product.id] = product
                state.nextID += 1
                return product
            }
            return .json(Array(created.detail(media: media(request)).utf8), status: .created)
        }
        router.add(.patch, "/api/products/{id}") { request in
            await Self.write(request, state)
            if let refusal = Self.refusal(request, state) { return refusal }
            if let failure = Self.failure(request, state) { return failure }
            let changes = (try? JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any]) ?? [:]
            let product = state.state.withLock { state -> LiveShapedProduct? in
                guard let id = request.parameter("id").flatMap({ Int($0) }), var product = state.products[id] else { return nil }
                if let stock = changes["stock"] as? Int { product.stock = stock }
                if let name = changes["name"] as? String { product.name = name }
                if let description = changes["description"] as? String { product.description = description }
                if let currency = changes["currency"] as? String { product.currency = currency }
                if changes["price"] != nil { product.price = Self.number(changes["price"]) }
                if changes["discounted_price"] != nil { product.discountedPrice = Self.number(changes["discounted_price"]) }
                product.bargainPrice = Self.difference(product.price, product.discountedPrice)
                state.products[id] = product
                return product
            }
            guard let product else { return Self.error(404, "product not found") }
            return .json(Array(product.detail(media: media(request)).utf8))
        }
        router.post("/api/products/{id}/archived") { request in
            await Self.write(request, state)
            if let refusal = Self.refusal(request, state) { return refusal }
            let id = request.parameter("id") ?? ""
            let token = Data("\(id)|3c4b5a69-7887-96a5-b4c3-d2e1f00f1e2d".utf8).base64EncodedString()
            let form = state.state.withLock { $0.archived }
            let answer = switch form {
            case .path: "/api/products/\(token)"
            case .relative: "api/products/\(token)"
            case .absolute: "http://\(request.headers["Host"] ?? "")/api/products/\(token)"
            case .bare: token
            }
            return .text(answer)
        }
        router.add(.delete, "/api/products/{token}") { request in
            await Self.write(request, state)
            guard request.headers["identifier"] == Self.identifier,
                let token = request.parameter("token"), let decoded = Data(base64Encoded: token),
                let id = Int(String(decoding: decoded, as: UTF8.self).split(separator: "|").first ?? "")
            else { return Self.error(400, "bad delete token") }
            let (removed, answer) = state.state.withLock { ($0.products.removeValue(forKey: id), $0.deleteAnswer) }
            guard let removed else { return Self.error(404, "product not found") }
            switch answer {
            case .product: return .json(Array(removed.detail(media: media(request)).utf8))
            case .empty: return HTTPResponse(status: .noContent, headers: [:], bytes: [])
            case .text: return .text("deleted")
            }
        }
        var configuration = ServerConfiguration(host: "127.0.0.1", port: 0)
        configuration.logger = ServerLogger(level: .off)
        configuration.shutdownGracePeriod = .seconds(1)
        server = HTTPServer(configuration: configuration, router: router)
        try server.start()
        baseURL = URL(string: "http://127.0.0.1:\(server.port)")!
    }

    func stop() {
        let gates = store.state.withLock { [$0.writeGate, $0.listGate] }
        gates.forEach { $0?.open() }
        server.shutdown()
    }

    var received: [Received] { store.state.withLock { $0.received } }
    var writes: [Received] { received.filter { $0.method != "GET" } }
    /// The list requests (`GET /api/products?…`) among `received`.
    var listRequests: [Received] { received.filter { $0.method == "GET" && $0.target.split(separator: "?").first == "/api/products" } }

    // MARK: Handlers' parts

    private static func record(_ request: HTTPRequest, _ state: Store) {
        state.state.withLock { state in
            state.received.append(Received(
                method: request.method.rawValue, target: request.target, body: request.body, identifier: request.headers["identifier"]))
        }
    }

    private static func write(_ request: HTTPRequest, _ state: Store) async {
        record(request, state)
        let (delay, gate) = state.state.withLock { ($0.writeDelay, $0.writeGate) }
        if let delay { try? await Task.sleep(for: delay) }
        if let gate { await gate.wait() }
    }

    private static func product(_ request: HTTPRequest, _ state: Store) -> LiveShapedProduct? {
        guard let id = request.parameter("id").flatMap({ Int($0) }) else { return nil }
        return state.state.withLock { $0.products[id] }
    }

    /// Owner-only writes, as the API says: an unknown identifier is 401, another vendor's product 403.
    private static func refusal(_ request: HTTPRequest, _ state: Store) -> HTTPResponse? {
        guard request.headers["identifier"] == identifier else { return error(401, "unknown identifier") }
        guard let product = product(request, state) else { return error(404, "product not found") }
        return product.vendorID == LiveShapedData.ownVendorID ? nil : error(403, "not the vendor of this product")
    }

    static func error(_ status: Int, _ message: String) -> HTTPResponse {
        .json(Array(#"{"code":\#(status),"message":"\#(message)"}"#.utf8), status: HTTPStatus(status))
    }

    /// A refusal on cue: this product's edits (400 with the market's words), or every write
    /// once `failWritesAfter` writes were received (503).
    private static func failure(_ request: HTTPRequest, _ state: Store) -> HTTPResponse? {
        let (refused, limit, count) = state.state.withLock { state in
            (state.refusedEdits, state.failWritesAfter, state.received.filter { $0.method != "GET" }.count)
        }
        if let limit, count > limit { return error(503, "service unavailable") }
        if let id = request.parameter("id").flatMap({ Int($0) }), refused.contains(id) {
            return error(400, "price rejected by policy")
        }
        return nil
    }

    private static func double(_ text: String) -> Double { Double(text) ?? 0 }

    /// A number as the live server writes prices: always with a fraction (`12000.0`).
    private static func number(_ value: Any?) -> String {
        let double = (value as? NSNumber)?.doubleValue ?? 0
        return double == double.rounded() && abs(double) < 1e15 ? "\(Int(double)).0" : "\(double)"
    }

    /// `price - discounted`, two raw JSON numbers, as a JSON number (the API's `bargain_price`).
    private static func difference(_ price: String, _ discounted: String) -> String {
        let posix = Locale(identifier: "en_US_POSIX")
        guard let a = Decimal(string: price, locale: posix), let b = Decimal(string: discounted, locale: posix) else { return price }
        return "\(a - b)"
    }

    /// The `params` part of a create: the JSON between its blank line and the next boundary.
    private static func params(_ body: [UInt8]) -> [String: Any] {
        let text = String(decoding: body, as: UTF8.self)
        guard let part = text.range(of: "name=\"params\""), let start = text[part.upperBound...].range(of: "\r\n\r\n"),
            let end = text[start.upperBound...].range(of: "\r\n--")
        else { return [:] }
        let json = Data(text[start.upperBound..<end.lowerBound].utf8)
        return (try? JSONSerialization.jsonObject(with: json) as? [String: Any]) ?? [:]
    }
}
