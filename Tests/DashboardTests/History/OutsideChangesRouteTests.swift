import Foundation
import Testing

@testable import Dashboard
import DashboardEngine

/// Changes made on the market behind the dashboard's back, end to end: the next count records
/// them (an edit, a deletion) in the history as made elsewhere, and a write of unknown outcome that the count shows
/// done as confirmed.
@Suite struct OutsideChangesRouteTests {
    @Test func aChangeMadeOnTheMarket_isOutsideAfterTheNextCount_andTheDashboardsOwnIsNot() async throws {
        try await withRecordingMarket { market in
            try await withDashboard(.recording(market)) { harness in
                var flow = HistoryFlow(harness)
                let own = try await flow.register(name: "Counted Kettle")
                let catalog = harness.app.catalog
                // The first count starts with the dashboard.
                await catalog.countEnded()
                await catalog.countsObserved()
                #expect(HistoryHTML.entries(try await flow.history().text).allSatisfy { $0.kind != "outside" }, "a first count records nothing")

                // The dashboard edits one product; the iOS app another, and removes a third.
                let removed = try await flow.register(name: "Removed Kettle")
                _ = try await flow.edit(own, name: "Counted Kettle", [("stock", "2")])
                let elsewhere = try await flow.register(name: "Phone Kettle")
                try await market.change(elsewhere, ["price": 15500, "stock": 1])
                try await market.delete(removed)
                _ = catalog.startCount()
                await catalog.countEnded()
                await catalog.countsObserved()

                let history = HistoryHTML.entries(try await flow.history().text)
                let outside = history.filter { $0.kind == "outside" }
                #expect(outside.count == 2, "\(outside.map(\.html))")
                let gone = try #require(outside.first { $0.html.contains("Deleted elsewhere") }, "the removed product")
                #expect(gone.html.contains("Removed Kettle"))
                #expect(HistoryHTML.entries(try await flow.history("/history?product=\(removed)").text).map(\.kind) == ["outside", "create"])
                let entry = try #require(outside.first { $0.html.contains("Changed elsewhere") })
                #expect(entry.html.contains("Changed elsewhere"))
                #expect(entry.html.contains("href=\"/products/\(elsewhere)\""))
                #expect(entry.html.contains("<del><bdi>KRW 12,000</bdi></del>") && entry.html.contains("<ins><bdi>KRW 15,500</bdi></ins>"))
                #expect(entry.html.contains("<del><bdi>7</bdi></del>") && entry.html.contains("<ins><bdi>1</bdi></ins>"))
                #expect(!entry.html.contains("/undo\""), "a change made elsewhere is not undone from here")
                let forProduct = HistoryHTML.entries(try await flow.history("/history?product=\(elsewhere)").text)
                #expect(forProduct.map(\.kind) == ["outside", "create"])
            }
        }
    }

    /// An edit of product 201's stock to 9 whose answer is held past the write timeout (504),
    /// then let go, so the market does it; `body` runs once the market holds the new stock,
    /// with the form session and the test's clock, which nothing has moved. The clock is an
    /// hour behind the system's: the counts' times and the checks' times must both come from
    /// it, or a check would seem to come before the count it followed.
    private func withEditAnsweredTooLate(
        _ body: (DashboardHarness, FormSession, ManualWallClock) async throws -> Void
    ) async throws {
        let market = LiveShapedData.market()
        let clock = ManualWallClock(Date().addingTimeInterval(-3600))
        try await withDashboard(.liveShaped(market, vendorID: LiveShapedData.ownVendorID), clock: clock, adjust: {
            $0.writeTimeout = .milliseconds(500)
            $0.jsonFreshFor = .zero
        }) { harness in
            let catalog = harness.app.catalog
            // The first count starts with the dashboard.
            await catalog.countEnded()
            let gate = Gate()
            market.state.withLock { $0.writeGate = gate }
            var session = FormSession(port: harness.port)
            _ = try await session.open("/products/201/edit")
            let saved = try await session.postURLEncoded("/products/201/edit", [
                ("name", "간식"), ("description", "간식"), ("price", "0"), ("discounted_price", "0"), ("stock", "9"), ("currency", "KRW"),
            ])
            #expect(saved.status == 504)
            // The unknown outcome starts a count at once. It ends before the market does the
            // write, so that the count that sees the new stock is the one the test starts.
            await catalog.countEnded()
            gate.open()
            // The market does it once its answer is let go; nothing else tells when.
            #expect(try await eventually { market.state.withLock { $0.products[201]?.stock == 9 } })
            try await body(harness, session, clock)
        }
    }

    /// The check of the lost answer waits on a clock the test never moves: the count comes
    /// first.
    @Test func anEditAnsweredTooLate_isConfirmedByTheNextCount() async throws {
        try await withEditAnsweredTooLate { harness, session, _ in
            let catalog = harness.app.catalog
            await catalog.countEnded()
            _ = catalog.startCount()
            await catalog.countEnded()
            await catalog.countsObserved()

            let entries = HistoryHTML.entries(try await session.get("/history").text)
            #expect(entries.map(\.kind) == ["edit"])
            #expect(entries.first?.html.contains("Confirmed by a later refresh") == true)
        }
    }

    /// The check of the lost answer comes first and finds the edit done: the next count, which
    /// sees the same change, records nothing as made elsewhere.
    @Test func anEditACheckFoundDone_isNotRecordedAgainByTheNextCount() async throws {
        try await withEditAnsweredTooLate { harness, session, clock in
            // Past the write's deadline: the check reads the market and finds the edit done.
            #expect(await clock.sleepersArrive(1, .outcomeCheck))
            harness.passWriteDeadlines(clock)
            await harness.settle()
            let catalog = harness.app.catalog
            _ = catalog.startCount()
            await catalog.countEnded()
            await catalog.countsObserved()

            let entries = HistoryHTML.entries(try await session.get("/history").text)
            #expect(entries.map(\.kind) == ["edit"])
            #expect(entries.first?.html.contains("Confirmed by a later refresh") == false)
            #expect(entries.first?.html.contains("Done") == true)
        }
    }
}
