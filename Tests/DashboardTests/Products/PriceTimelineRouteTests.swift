import DashboardEngine
import Foundation
import Testing

@testable import Dashboard

/// The price timeline through the real dashboard: an edit through the form records a
/// `dashboard` state, a change made on the market and counted after `POST /catalog/refresh`
/// an `elsewhere` state seen between the two counts, and the reference reads them back.
@Suite struct PriceTimelineRouteTests {
    @Test func anEditAndAChangeElsewhere_areBothInTheTimeline() async throws {
        try await withRecordingMarket { market in
            try await withDashboard(.recording(market)) { harness in
                var flow = HistoryFlow(harness)
                let id = try await flow.register(name: "Priced Kettle")
                let catalog = harness.app.catalog
                let prices = harness.app.engine.prices
                await catalog.countEnded()
                await catalog.countsObserved()
                let firstCount = try #require(catalog.status().snapshot?.takenAt)

                let edited = try await flow.edit(id, name: "Priced Kettle", [("price", "13000"), ("discounted_price", "1000")])
                #expect(edited.status == 303)
                await prices.recorded()
                let afterEdit = try await prices.states(productID: id)
                #expect(afterEdit.first?.source == .dashboard)
                #expect(afterEdit.first?.price == 13000 && afterEdit.first?.discount == 1000)

                try await market.change(id, ["price": 15500, "discounted_price": 0])
                let refreshed = try await flow.session.postURLEncoded("/catalog/refresh", [("back", "/products")])
                #expect(refreshed.status == 303)
                await catalog.countEnded()
                await catalog.countsObserved()
                let secondCount = try #require(catalog.status().snapshot?.takenAt)
                #expect(secondCount > firstCount)

                let states = try await prices.states(productID: id)
                let elsewhere = try #require(states.first)
                #expect(elsewhere.source == .elsewhere)
                #expect(elsewhere.price == 15500 && elsewhere.discount == 0)
                // Instants are stored in whole milliseconds.
                func same(_ a: Date?, _ b: Date) -> Bool { a.map { abs($0.timeIntervalSince(b)) < 0.001 } ?? false }
                #expect(same(elsewhere.at, secondCount))
                let edit = try #require(afterEdit.first)
                #expect(same(elsewhere.seenAfter, max(firstCount, edit.at)), "known only to lie between the edit and the count")
                #expect(Array(states.dropFirst().prefix(1)) == [edit])

                // A sale starting now: both the edit's sale price and the price seen elsewhere
                // lie in its window, but the timeline began today: insufficient from its start.
                let reference = try await prices.reference(for: id, saleStartsAt: harness.app.engine.clock.now())
                #expect(reference == .insufficient(knownFrom: states.last?.at))
            }
        }
    }
}
