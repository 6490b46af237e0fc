import Foundation
import MarketClient
import Synchronization

/// The scriptable Open Market double: products in memory, and every way a market can fail,
/// hold or surprise, on cue. It records every request it is asked, through any of its faces:
///
/// - `MarketAPI`: handed to a dashboard through its test seam, no HTTP (`.scripted` in
///   DashboardTests);
/// - the list pages and the image host that the engine's units read (`page`, `image`);
/// - in DashboardTests, an HTTP server answering as the live market does, live-shaped JSON and
///   all (`serve()`, `.liveShaped`).
///
/// All faces share one `State`: a test scripts it (failures, gates, a delay) and reads it
/// (what was received, what the market holds now). Edits and deletes of another vendor's
/// products are refused as the API refuses them; an edit changes what the API lets it change.
public final class ScriptedMarket: MarketAPI, Sendable {
    /// One request, as the market received it.
    public struct Received: Sendable {
        public var method: String
        /// The path and the query (`/api/products?page_no=1&items_per_page=20`).
        public var target: String
        public var body: [UInt8]
        /// The `identifier` header (HTTP only).
        public var identifier: String?

        public init(method: String, target: String, body: [UInt8] = [], identifier: String? = nil) {
            self.method = method
            self.target = target
            self.body = body
            self.identifier = identifier
        }

        public var path: Substring { target.split(separator: "?", maxSplits: 1).first ?? "" }

        /// A query parameter's raw value.
        public func query(_ name: String) -> String? {
            URLComponents(string: "http://market" + target)?.queryItems?.first { $0.name == name }?.value
        }

        public var json: [String: Any]? { try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] }
    }

    /// How the HTTP face's `POST …/archived` names the delete path.
    public enum ArchivedForm: String, CaseIterable, Sendable {
        case path, relative, absolute, bare
    }

    /// What the HTTP face's successful DELETE carries.
    public enum DeleteAnswer: String, CaseIterable, Sendable {
        case product, empty, text
    }

    /// What the image host answers for one URL.
    public enum ImageAnswer: Sendable {
        case image([UInt8], contentType: String?)
        case failure
    }

    public struct State: Sendable {
        public var products: [Int: ProductDetail]
        /// The id the next registration gets.
        public var nextID: Int
        /// Every request, in order of arrival (reads too).
        public var received: [Received] = []
        /// Every registration, edit and delete that reached the market's logic, as the client
        /// put it (refused ones too).
        public var creates: [(product: NewProduct, images: [ImageUpload])] = []
        public var edits: [(id: Int, changes: ProductChanges)] = []
        public var deletes: [Int] = []

        // Failing on cue.

        /// Every read fails so: the health check, lists and details.
        public var readFailure: MarketError?
        /// Lists fail so (details still answer).
        public var listFailure: MarketError?
        public var createFailure: MarketError?
        public var editFailure: MarketError?
        public var deleteFailure: MarketError?
        /// Edits of these products are refused with 400 and the market's own words.
        public var refusedEdits: Set<Int> = []
        /// Once this many writes were carried out, every further one is refused with 503 (a
        /// market failing midway).
        public var failWritesAfter: Int?
        /// The next this many writes are carried out, then answered with a timeout: a write
        /// whose answer was lost on its way back.
        public var lostAnswers = 0

        // Holding.

        /// Every read waits here while it is set (a market that takes the request and does
        /// not answer).
        public var readGate: Gate?
        /// List requests wait here while it is set.
        public var listGate: Gate?
        /// Every write waits here while it is set (`Gate.admit` lets some through).
        public var writeGate: Gate?
        /// Only writes of this method wait at `writeGate` (nil: every write): a delete's
        /// look-up of its path (`POST …/archived`) can go through while its DELETE is held.
        public var writeGateMethod: String?
        /// Each write is answered this late: the slowness under test, never a synchronisation.
        public var writeDelay: Duration?
        /// Image fetches wait here while it is set.
        public var imageGate: Gate?

        // The image host.

        /// Answers by URL; any other URL gets a small JPEG of its own.
        public var images: [URL: ImageAnswer] = [:]
        /// The image host is down: every fetch fails.
        public var imagesDown = false
        public var imageFetches: [URL: Int] = [:]

        // What is under way.

        public var listsRunning = 0
        public var mostListsAtOnce = 0
        /// Writes received and not yet answered (held, delayed or being applied).
        public var writesInProgress = 0

        // The HTTP face's answers.

        public var archived = ArchivedForm.path
        public var deleteAnswer = DeleteAnswer.product

        init(products: [ProductDetail], nextID: Int) {
            self.products = Dictionary(products.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
            self.nextID = nextID
        }
    }

    /// The vendor of the default products, and the id the embedded market gives its own team.
    public static let vendorID = 28
    public static let defaultVendor = Vendor(id: vendorID, name: "LocalMarketTeam")
    /// The credentials the HTTP face accepts for writes (`identifier` header, `secret` field).
    public static let identifier = "5fd6b4a8-4aa2-11ed-a200-354a4a3a9a5e"
    public static let secret = "field-S3cr3t"

    public let state: Mutex<State>
    /// The vendor the identifier belongs to: its products may be edited and deleted, and new
    /// products are registered under it.
    public let vendor: Vendor

    /// A market holding `products` of `vendor` and others; with `readFailure`, one whose every
    /// read fails so. The first product registered gets id 300, or one past the highest id given.
    public init(products: [ProductDetail] = [], vendor: Vendor = ScriptedMarket.defaultVendor, readFailure: MarketError? = nil) {
        self.vendor = vendor
        var state = State(products: products, nextID: max(300, (products.map(\.id).max() ?? 0) + 1))
        state.readFailure = readFailure
        self.state = Mutex(state)
    }

    /// A product of `vendor` with two made-up images on `http://images.invalid/` (which the
    /// image host answers).
    public static func product(
        id: Int, name: String = "Scripted Teapot", vendor: Vendor = ScriptedMarket.defaultVendor, price: Money = 5000,
        discount: Money = 500, currency: Currency = .krw, stock: Int = 3, description: String = "A teapot the tests script.",
        imageIDs: [Int] = [1, 2]
    ) -> ProductDetail {
        let images = imageIDs.map { image in
            ProductImage(
                id: image, url: URL(string: "http://images.invalid/\(image)_origin.jpg")!,
                thumbnailURL: URL(string: "http://images.invalid/\(image)_thumb.jpg")!)
        }
        let summary = ProductSummary(
            id: id, vendorID: vendor.id, vendorName: vendor.name, name: name, description: description,
            thumbnail: images.first?.thumbnailURL, currency: currency, price: price, discountedPrice: discount, stock: stock)
        return ProductDetail(summary: summary, images: images, vendor: vendor)
    }

    // MARK: Reading what happened

    public var received: [Received] { state.withLock { $0.received } }
    /// Every request but reads.
    public var writes: [Received] { received.filter { $0.method != "GET" && $0.method != "HEAD" } }
    /// The list requests (`GET /api/products?…`).
    public var listRequests: [Received] { received.filter { $0.method == "GET" && $0.path == "/api/products" } }
    /// The page number of each list request, in order.
    public var listedPages: [Int] { listRequests.map { Int($0.query("page_no") ?? "") ?? 1 } }
    public var mostListsAtOnce: Int { state.withLock { $0.mostListsAtOnce } }
    public func imageFetches(of url: URL) -> Int { state.withLock { $0.imageFetches[url] ?? 0 } }
    public var imageFetchCount: Int { state.withLock { $0.imageFetches.values.reduce(0, +) } }

    // MARK: Scripting

    /// Reads wait at `gate` until it opens (nil: reads answer at once).
    public func holdReads(at gate: Gate?) {
        state.withLock { $0.readGate = gate }
    }

    /// A product registered elsewhere, newest of all.
    public func add(_ product: ProductDetail) {
        state.withLock { $0.products[product.id] = product }
    }

    public func serveImage(_ url: URL, _ bytes: [UInt8], contentType: String? = "image/jpeg") {
        state.withLock { $0.images[url] = .image(bytes, contentType: contentType) }
    }

    public func failImage(_ url: URL) {
        state.withLock { $0.images[url] = .failure }
    }

    /// Opens every gate set, so nothing stays held after a test.
    public func releaseAll() {
        let gates = state.withLock { [$0.readGate, $0.listGate, $0.writeGate, $0.imageGate] }
        for gate in gates { gate?.open() }
    }

    // MARK: The MarketAPI face

    public func health() async throws -> Bool {
        try await read(Received(method: "GET", target: "/healthChecker")) { _ in true }
    }

    public func listProducts(page: Int, itemsPerPage: Int, search: String?) async throws -> ProductPageEnvelope {
        var target = "/api/products?page_no=\(page)&items_per_page=\(itemsPerPage)"
        if let search, !search.isEmpty {
            target += "&search_value=" + (search.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
        }
        return try await list(Received(method: "GET", target: target), page: page, itemsPerPage: itemsPerPage, search: search)
    }

    /// One list page for the catalog's count (`CatalogSnapshotStore`'s page fetcher).
    public func page(_ page: Int, _ itemsPerPage: Int) async throws -> ProductPageEnvelope {
        try await listProducts(page: page, itemsPerPage: itemsPerPage, search: nil)
    }

    public func product(id: Int) async throws -> ProductDetail {
        try await read(Received(method: "GET", target: "/api/products/\(id)")) { state in
            guard let product = state.products[id] else { throw MarketError.notFound }
            return product
        }
    }

    public func createProduct(_ product: NewProduct, images: [ImageUpload]) async throws -> ProductDetail {
        try await write(Received(method: "POST", target: "/api/products")) { try self.create(product, images: images) }
    }

    public func editProduct(id: Int, _ changes: ProductChanges) async throws -> ProductDetail {
        try await write(Received(method: "PATCH", target: "/api/products/\(id)")) { try self.edit(id, changes) }
    }

    public func deleteProduct(id: Int) async throws -> ProductDetail? {
        try await write(Received(method: "DELETE", target: "/api/products/\(id)")) { try self.delete(id) }
    }

    // MARK: The image host

    /// The image at `url`: what `serveImage` gave, a failure, or a small JPEG of its own.
    public func image(_ url: URL) async throws -> (bytes: [UInt8], contentType: String?) {
        let gate = state.withLock { state -> Gate? in
            state.imageFetches[url, default: 0] += 1
            return state.imageGate
        }
        if let gate { await gate.wait() }
        let (down, answer) = state.withLock { ($0.imagesDown, $0.images[url]) }
        switch answer {
        case _ where down: throw MarketError.unreachable
        case .image(let bytes, let contentType): return (bytes, contentType)
        case .failure: throw MarketError.unreachable
        case nil: return (ImageFixtures.jpeg(500, fill: UInt8(truncatingIfNeeded: url.absoluteString.utf8.count)), "image/jpeg")
        }
    }

    // MARK: What every face does

    /// Records `request`, holds it at the read gate, then answers from the state (or with the
    /// read failure).
    public func read<T>(_ request: Received, _ answer: (State) throws -> T) async throws -> T {
        let gate = state.withLock { state -> Gate? in
            state.received.append(request)
            return state.readGate
        }
        if let gate { await gate.wait() }
        return try state.withLock { state in
            if let failure = state.readFailure { throw failure }
            return try answer(state)
        }
    }

    /// A list page, newest first, cut as the API cuts it; `search` keeps the names that contain
    /// it, ignoring case, as the market's search does.
    public func list(_ request: Received, page: Int, itemsPerPage: Int, search: String?) async throws -> ProductPageEnvelope {
        let gates = state.withLock { state -> [Gate] in
            state.received.append(request)
            state.listsRunning += 1
            state.mostListsAtOnce = max(state.mostListsAtOnce, state.listsRunning)
            return [state.readGate, state.listGate].compactMap { $0 }
        }
        defer { state.withLock { $0.listsRunning -= 1 } }
        for gate in gates { await gate.wait() }
        return try state.withLock { state in
            if let failure = state.readFailure ?? state.listFailure { throw failure }
            var products = state.products.values.sorted { $0.id > $1.id }
            if let search = search?.lowercased(), !search.isEmpty {
                products = products.filter { $0.name.lowercased().contains(search) }
            }
            let page = max(page, 1)
            let perPage = max(itemsPerPage, 1)
            let start = (page - 1) * perPage
            let slice = start < products.count ? Array(products[start..<min(products.count, start + perPage)]) : []
            return ProductPageEnvelope(pageNumber: page, itemsPerPage: perPage, totalCount: products.count, products: slice.map(\.summary))
        }
    }

    /// Records `request` (a write), waits out the delay and the write gate, then runs `apply`.
    public func write<T>(_ request: Received, _ apply: () throws -> T) async throws -> T {
        let (delay, gate) = state.withLock { state in
            state.received.append(request)
            state.writesInProgress += 1
            let held = state.writeGateMethod.map { $0 == request.method } ?? true
            return (state.writeDelay, held ? state.writeGate : nil)
        }
        defer { state.withLock { $0.writesInProgress -= 1 } }
        if let delay { try? await Task.sleep(for: delay) }
        if let gate { await gate.wait() }
        let result = try apply()
        let lost = state.withLock { state in
            defer { state.lostAnswers = max(0, state.lostAnswers - 1) }
            return state.lostAnswers > 0
        }
        if lost { throw MarketError.timeout }
        return result
    }

    /// Registers a product of the market's vendor.
    public func create(_ product: NewProduct, images: [ImageUpload]) throws -> ProductDetail {
        try state.withLock { state in
            state.creates.append((product, images))
            if let failure = state.createFailure ?? Self.midwayFailure(state) { throw failure }
            let id = state.nextID
            state.nextID += 1
            let detail = Self.product(
                id: id, name: product.name, vendor: vendor, price: product.price, discount: product.discountedPrice,
                currency: product.currency, stock: product.stock, description: product.description,
                imageIDs: Array(1...max(1, images.count)).map { id * 10 + $0 })
            // Stamped with the day it is registered, as the market stamps a new product: the
            // UTC day, no time (a lost create's check looks for products from that day on).
            var stamped = detail
            stamped.summary.createdAt = Self.today()
            state.products[id] = stamped
            return stamped
        }
    }

    private static func today() -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar.startOfDay(for: Date())
    }

    /// Changes the fields the API lets an edit change; `bargain_price` is worked out again.
    public func edit(_ id: Int, _ changes: ProductChanges) throws -> ProductDetail {
        try state.withLock { state in
            state.edits.append((id, changes))
            if let failure = state.editFailure ?? Self.midwayFailure(state) { throw failure }
            guard var product = state.products[id] else { throw MarketError.notFound }
            guard product.vendorID == vendor.id else { throw MarketError.unauthorized }
            if state.refusedEdits.contains(id) { throw MarketError.rejected(status: 400, message: "price rejected by policy") }
            if let name = changes.name { product.summary.name = name }
            if let description = changes.description { product.summary.description = description }
            if let price = changes.price { product.summary.price = price }
            if let currency = changes.currency { product.summary.currency = currency }
            if let discount = changes.discountedPrice { product.summary.discountedPrice = discount }
            if let stock = changes.stock { product.summary.stock = stock }
            product.summary.bargainPrice = product.summary.price - product.summary.discountedPrice
            state.products[id] = product
            return product
        }
    }

    public func delete(_ id: Int) throws -> ProductDetail {
        try state.withLock { state in
            state.deletes.append(id)
            if let failure = state.deleteFailure ?? Self.midwayFailure(state) { throw failure }
            guard let product = state.products[id] else { throw MarketError.notFound }
            guard product.vendorID == vendor.id else { throw MarketError.unauthorized }
            state.products[id] = nil
            return product
        }
    }

    /// 503 once more than `failWritesAfter` writes reached the point of being carried out (the
    /// write asking counts itself). Counted there, not on arrival: writes that arrive together
    /// and wait at once would otherwise all count each other, and the first could fail too.
    private static func midwayFailure(_ state: State) -> MarketError? {
        guard let limit = state.failWritesAfter else { return nil }
        let writes = state.creates.count + state.edits.count + state.deletes.count
        return writes > limit ? .rejected(status: 503, message: "service unavailable") : nil
    }
}
