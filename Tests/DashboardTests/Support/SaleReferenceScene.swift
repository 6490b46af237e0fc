import DashboardEngine
import Foundation
import Testing

@testable import Dashboard

/// Products with a price history made through the forms on a hand-moved clock, then put on
/// sale on one day (`saleDay`, 36 days after the first), for the pages that show a sale against
/// its reference price (the lowest of the 30 days before it):
/// - `raised`: 24,000 from day 1, raised to 30,000 on day 26, 30 % off on day 36: `above`,
///   reference 24,000, a true discount of 12.5 %;
/// - `steady`: 30,000 from day 1, 30 % off on day 36: `ok`;
/// - `fresh`: registered on day 35 at 30,000, 10 % off on day 36: `insufficient`;
/// - `plain`: 15,000 from day 1, never on sale;
/// - `changed`: 20,000 from day 1, raised to 30,000 on the market (not through the dashboard)
///   on day 26 and counted then (`POST /catalog/refresh`), 40 % off on day 36: `above`,
///   reference 20,000 (the price before the change counts), a true discount of 10 %.
struct SaleReferenceScene {
    let market: RecordingMarket
    let harness: DashboardHarness
    let clock: ManualWallClock
    var flow: HistoryFlow
    var raised = 0, steady = 0, fresh = 0, plain = 0, changed = 0
    static let names = (raised: "Raised Kettle", steady: "Steady Kettle", fresh: "Fresh Kettle", plain: "Plain Kettle", changed: "Changed Kettle")
    /// The instant `fresh` was registered.
    var freshFrom = Date.distantPast

    static func run(_ body: (inout SaleReferenceScene) async throws -> Void) async throws {
        let clock = ManualWallClock(ScheduleScene.thursday)
        try await withRecordingMarket { market in
            try await withDashboard(.recording(market), clock: clock, adjust: { $0.jsonFreshFor = .zero }) { harness in
                var scene = SaleReferenceScene(market: market, harness: harness, clock: clock, flow: HistoryFlow(harness))
                try await scene.build()
                try await body(&scene)
            }
        }
    }

    private mutating func build() async throws {
        let names = Self.names
        await settle()
        raised = try await flow.register(name: names.raised)
        steady = try await flow.register(name: names.steady)
        plain = try await flow.register(name: names.plain)
        changed = try await flow.register(name: names.changed)
        try await advance(days: 1)
        try await edit(raised, names.raised, price: "24000")
        try await edit(steady, names.steady, price: "30000")
        try await edit(plain, names.plain, price: "15000")
        try await edit(changed, names.changed, price: "20000")
        try await advance(days: 25)
        try await edit(raised, names.raised, price: "30000")
        try await market.change(changed, ["price": 30000, "discounted_price": 0])
        try await refresh()
        try await advance(days: 9)
        freshFrom = clock.now()
        fresh = try await flow.register(name: names.fresh)
        try await edit(fresh, names.fresh, price: "30000")
        try await advance(days: 1)
        try await edit(raised, names.raised, price: "30000", discount: "9000")
        try await edit(steady, names.steady, price: "30000", discount: "9000")
        try await edit(fresh, names.fresh, price: "30000", discount: "3000")
        try await edit(changed, names.changed, price: "30000", discount: "12000")
        await settle()
    }

    mutating func edit(_ id: Int, _ name: String, price: String, discount: String = "0") async throws {
        let response = try await flow.edit(id, name: name, [("price", price), ("discounted_price", discount)])
        try #require(response.status == 303, "edit \(id): \(response.status)")
    }

    /// Counts the catalog again (the list's "count again" form) and waits for the count.
    func refresh() async throws {
        let response = try await flow.session.postURLEncoded("/catalog/refresh", [("back", "/products")])
        try #require(response.status == 303)
        await settle()
    }

    /// Moves the clock on, then waits for the count it may start and the states it learned.
    func advance(days: Double) async throws {
        try #require(await clock.sleepersArrive(1, .count), "the catalog does not sleep on the clock")
        clock.advance(by: days * 86_400)
        try #require(await clock.sleepersArrive(1, .count), "the catalog does not sleep on the clock again")
        await settle()
    }

    /// Waits until no count runs, the price timeline heard every count, and every state it
    /// learned is written and its sales worked out.
    func settle() async {
        await harness.app.catalog.countEnded()
        await harness.app.catalog.countsObserved()
        await harness.app.engine.prices.recorded()
    }
}
