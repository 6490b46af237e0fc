import Foundation
import MarketClient
import Synchronization

@testable import Dashboard
@testable import DashboardEngine

/// A list endpoint for the crawl: products in memory, newest first, pages cut as the API cuts
/// them. Records each request and how many ran at once; fails or waits at a gate on cue.
final class FakeCatalogSource: Sendable {
    struct State {
        var products: [ProductSummary]
        var requests: [Int] = []
        var running = 0
        var mostAtOnce = 0
        var failure: MarketError?
        var gate: Gate?
    }

    let state: Mutex<State>

    init(count: Int, vendors: Int = 3) {
        state = Mutex(State(products: (1...max(1, count)).reversed().prefix(count).map { Self.product($0, vendors: vendors) }))
    }

    static func product(_ id: Int, vendors: Int = 3, stock: Int = 2) -> ProductSummary {
        ProductSummary(
            id: id, vendorID: id % vendors + 1, vendorName: "Vendor \(id % vendors + 1)", name: "Product \(id)",
            description: "A product the tests made up.", thumbnail: URL(string: "http://images.invalid/\(id).png"),
            currency: id % 2 == 0 ? .krw : .usd, price: Money(Decimal(id * 100)), discountedPrice: id % 5 == 0 ? 10 : .zero,
            stock: id % 4 == 0 ? 0 : stock)
    }

    var requests: [Int] { state.withLock { $0.requests } }
    var mostAtOnce: Int { state.withLock { $0.mostAtOnce } }

    func fail(with error: MarketError?) { state.withLock { $0.failure = error } }
    func hold(at gate: Gate?) { state.withLock { $0.gate = gate } }
    func add(_ product: ProductSummary) { state.withLock { $0.products.insert(product, at: 0) } }

    func page(_ page: Int, _ perPage: Int) async throws -> ProductPageEnvelope {
        let gate = state.withLock { state -> Gate? in
            state.requests.append(page)
            state.running += 1
            state.mostAtOnce = max(state.mostAtOnce, state.running)
            return state.gate
        }
        defer { state.withLock { $0.running -= 1 } }
        if let gate { await gate.wait() }
        return try state.withLock { state in
            if let failure = state.failure { throw failure }
            let start = (page - 1) * perPage
            let slice = start < state.products.count ? Array(state.products[start..<min(state.products.count, start + perPage)]) : []
            return ProductPageEnvelope(pageNumber: page, itemsPerPage: perPage, totalCount: state.products.count, products: slice)
        }
    }

    func store(
        _ settings: CatalogSettings = CatalogSettings(), clock: TestClock = TestClock(), recounts: (any RecountObserver)? = nil
    ) -> CatalogSnapshotStore {
        CatalogSnapshotStore(settings: settings, now: { clock.now }, recounts: recounts) { page, perPage in try await self.page(page, perPage) }
    }
}

/// A wall clock the test moves by hand.
final class TestClock: Sendable {
    private let time = Mutex(Date(timeIntervalSince1970: 1_795_000_000))
    var now: Date { time.withLock { $0 } }
    func advance(_ seconds: TimeInterval) { time.withLock { $0 += seconds } }
}
