import Foundation
import MarketClient
import Testing

@testable import Dashboard
import DashboardEngine

/// A delete whose look-up of its path (`POST …/archived`) gets no answer: the look-up changes
/// nothing at the market, so no DELETE is sent, the form says the product was not deleted, and the
/// product stays, with nothing sent later on the dashboard's own. Deleting again sends one
/// DELETE.
@Suite struct LostDeleteLookUpTests {
    /// A dashboard over a live-shaped market whose reads wait ten seconds and writes half a
    /// second: the look-up waits the longer of the two. The market holds the look-up (a POST)
    /// until the dashboard has given up on it, then answers it into the void.
    @Test func aDeleteWhoseLookUpIsLost_sendsNoDelete_andSaysNothingChanged() async throws {
        let market = LiveShapedData.market()
        let clock = ManualWallClock()
        try await withDashboard(.liveShaped(market, vendorID: LiveShapedData.ownVendorID), clock: clock, adjust: { configuration in
            configuration.readTimeout = .seconds(10)
            configuration.writeTimeout = .milliseconds(500)
        }) { harness in
            let lookUps = Gate()
            market.state.withLock { state in
                state.writeGate = lookUps
                state.writeGateMethod = "POST"
            }
            defer { lookUps.open() }
            var session = FormSession(port: harness.port)
            _ = try await session.open("/products/202/delete")
            let posted = try await session.postURLEncoded("/products/202/delete", [])
            #expect(posted.status == 502)
            #expect(HTMLScan.text(posted.text).contains("The Open Market did not answer, so the product was not deleted. Try again in a moment."), "\(HTMLScan.text(posted.text))")

            #expect(try await eventually { lookUps.waiting == 1 }, "the look-up reached the market")
            lookUps.open()
            #expect(try await eventually { market.state.withLock { $0.writesInProgress } == 0 })
            harness.passWriteDeadlines(clock)
            await harness.settle()
            #expect(market.requests("POST") == ["/api/products/202/archived": 1])
            #expect(market.requests("DELETE").isEmpty, "no DELETE without its path")
            #expect(market.state.withLock { $0.products[202] } != nil)

            // Deleting again, as a person would, on a dashboard whose deadlines are the tests'
            // long ones: only the look-up's deadline is under test.
            market.state.withLock { $0.writeGate = nil }
            _ = try await harness.restart { configuration in
                configuration.readTimeout = .seconds(3600)
                configuration.writeTimeout = .seconds(120)
            }
            session = FormSession(port: harness.port)
            _ = try await session.open("/products/202/delete")
            let again = try await session.postURLEncoded("/products/202/delete", [])
            #expect(again.status == 303, "deleting again answered \(again.status)")
            #expect(market.requests("DELETE").values.reduce(0, +) == 1)
            #expect(market.state.withLock { $0.products[202] } == nil)
        }
    }
}
