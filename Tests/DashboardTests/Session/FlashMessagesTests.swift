import Foundation
import Testing

@testable import Dashboard

/// The message a page shows after a redirect ("Product added.") lives a minute on the
/// dashboard's clock: shown once within it, not after it.
@Suite struct FlashMessagesTests {
    @Test(arguments: [(59.0, true), (61.0, false)])
    func aMessage_isShownWithinAMinuteOfItsRedirect_only(_ seconds: TimeInterval, _ shown: Bool) async throws {
        let clock = ManualWallClock(Date(timeIntervalSince1970: 1_795_000_000))
        let market = ScriptedMarket(products: [ScriptedMarket.product(id: 1, name: "찻주전자")])
        try await withDashboard(.scripted(market), clock: clock) { dashboard in
            var session = dashboard.session()
            _ = try await session.open("/products/new")
            let created = try await session.post("/products", validProductFields, files: [.jpeg("a.jpg")])
            #expect(created.status == 303)
            let flash = try #require(created.setCookie(FlashMessages.cookieName))
            clock.advance(by: seconds)
            let page = try await session.get("/products", extraCookie: flash)
            #expect(page.text.contains("Product added.") == shown)
            // Either way the cookie is spent: the next page shows no message.
            #expect(try await !session.get("/products", extraCookie: flash).text.contains("Product added."))
        }
    }
}
