import Foundation
import Testing

@testable import Dashboard

/// The market's address as a page or `/healthz` shows it: never a password, a user name, a
/// token in the query or a fragment, and nothing for the embedded market.
struct ShownUpstreamTests {
    @Test(arguments: [
        ("https://user:secret@market.example/api?token=abc#top", "https://market.example/api"),
        ("https://user@market.example:8443/api/", "https://market.example:8443/api/"),
        ("http://127.0.0.1:8081", "http://127.0.0.1:8081"),
        ("https://market.example/api?vendor=x", "https://market.example/api"),
    ])
    func anUpstream_isShownWithoutItsSecrets(_ given: String, _ shown: String) throws {
        let configuration = try DashboardConfiguration.parse(arguments: ["--upstream", given], environment: [:])
        #expect(configuration.shownUpstream == shown)
        #expect(!(configuration.shownUpstream ?? "").contains("secret"))
    }

    @Test func theEmbeddedMarket_hasNoUpstreamToShow() throws {
        #expect(try DashboardConfiguration.parse(arguments: [], environment: [:]).shownUpstream == nil)
    }
}
