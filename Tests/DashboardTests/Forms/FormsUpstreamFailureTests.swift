import Foundation
import MarketClient
import Testing

@testable import Dashboard

/// The market fails a registration: nothing typed or uploaded is lost, nothing is retried
/// behind the person's back, and a timeout never invites a second product.
@Suite struct FormsUpstreamFailureTests {
    @Test func upstream500_is502WithTheFormRefilledAndImagesKept_thenSucceedsWithoutRepicking() async throws {
        let market = ScriptedMarket()
        market.state.withLock { $0.createFailure = .rejected(status: 500, message: "database on fire") }
        try await withDashboard(.scripted(market)) { harness in
            var session = FormSession(port: harness.port)
            _ = try await session.open("/products/new")
            let image = TestFile.jpeg("pot.jpg", size: 3000, fill: 31)
            let failed = try await session.post("/products", validProductFields, files: [image])
            #expect(failed.status == 502)
            #expect(failed.header("Cache-Control") == "no-store")
            #expect(failed.text.contains("database on fire"))
            #expect(failed.text.contains("role=\"alert\""))
            #expect(failed.text.contains("value=\"Test Kettle\""))
            #expect(failed.text.contains("pot.jpg"))
            #expect(market.state.withLock { $0.creates.count } == 1, "sent once, not retried")

            market.state.withLock { $0.createFailure = nil }
            session.take(failed)
            let retried = try await session.post("/products", validProductFields)
            #expect(retried.status == 303)
            let sent = try #require(market.state.withLock { $0.creates.last })
            #expect(sent.images.map(\.bytes) == [image.bytes])
            #expect(sent.images.map(\.contentType) == ["image/jpeg"])
            #expect(sent.product == NewProduct(
                name: "Test Kettle", description: "A small kettle for tests, boils water.", price: 12000, currency: .krw,
                discountedPrice: 2000, stock: 7))
        }
    }

    /// Only opening the edit or delete form while the market is down: the page says the
    /// product could not be loaded, never that nothing was changed or deleted, since nothing
    /// was tried.
    @Test func openingAFormWhileTheMarketIsDown_saysOnlyThatTheProductDidNotLoad() async throws {
        let market = ScriptedMarket(products: [ScriptedMarket.product(id: 5)])
        market.state.withLock { $0.readFailure = .unreachable }
        try await withDashboard(.scripted(market)) { harness in
            for action in ["edit", "delete"] {
                let page = try await harness.get("/products/5/\(action)", headers: ["Accept-Language": "en"])
                #expect(page.status == 502, "\(action)")
                let text = HTMLScan.text(page.text)
                #expect(text.contains("The product couldn't be loaded from the Open Market. Try again in a moment."), "\(action): \(text)")
                #expect(!text.contains("nothing was changed") && !text.contains("not deleted"), "\(action)")
            }
            let edit = try await harness.get("/products/5/edit", headers: KoreanPageScan.korean)
            #expect(HTMLScan.text(edit.text).contains("오픈마켓에서 상품 정보를 불러오지 못해 수정 화면을 열 수 없습니다. 잠시 후 다시 시도해 주세요."))
            let delete = try await harness.get("/products/5/delete", headers: KoreanPageScan.korean)
            #expect(HTMLScan.text(delete.text).contains("오픈마켓에서 상품 정보를 불러오지 못해 삭제 화면을 열 수 없습니다."))
        }
    }

    @Test func upstreamSaysInputIsInvalid_is422WithItsMessage() async throws {
        let market = ScriptedMarket()
        market.state.withLock { $0.createFailure = .rejected(status: 400, message: "name is already taken") }
        try await withDashboard(.scripted(market)) { harness in
            var session = FormSession(port: harness.port)
            _ = try await session.open("/products/new")
            let response = try await session.post("/products", validProductFields, files: [.jpeg("a.jpg")])
            #expect(response.status == 422)
            #expect(HTMLScan.text(response.text).contains("The Open Market said: “name is already taken” (the market's words)"))
            #expect(response.text.contains("value=\"Test Kettle\""))
        }
    }

    @Test func upstreamRefusesTheCredentials_is403AndExplained() async throws {
        let market = ScriptedMarket()
        market.state.withLock { $0.createFailure = .unauthorized }
        try await withDashboard(.scripted(market)) { harness in
            var session = FormSession(port: harness.port)
            _ = try await session.open("/products/new")
            let response = try await session.post("/products", validProductFields, files: [.jpeg("a.jpg")])
            #expect(response.status == 403)
            #expect(HTMLScan.text(response.text).contains("The product was not added The Open Market did not accept the seller identifier and secret"))
            #expect(response.text.contains("value=\"Test Kettle\""))
        }
    }

    @Test func timeout_saysTheOutcomeIsUnknown_linksToTheList_andAResubmitSendsNothing() async throws {
        let market = ScriptedMarket()
        market.state.withLock { $0.createFailure = .timeout }
        try await withDashboard(.scripted(market)) { harness in
            var session = FormSession(port: harness.port)
            _ = try await session.open("/products/new")
            let response = try await session.post("/products", validProductFields, files: [.jpeg("a.jpg")])
            #expect(response.status == 504)
            let html = response.text
            #expect(html.contains("The product may not have been added"))
            #expect(html.contains("href=\"/products\""))
            #expect(HTMLScan.tags("a", in: html).contains { $0["href"] == "/history" }, "the history, where the check is written")
            #expect(!html.contains("<form method=\"post\""), "no form inviting a second product")

            market.state.withLock { $0.createFailure = nil }
            let resubmitted = try await session.post("/products", validProductFields, files: [.jpeg("a.jpg")])
            #expect(resubmitted.status == 504)
            #expect(market.state.withLock { $0.creates.count } == 1, "the same form token never sends twice")
        }
    }
}
