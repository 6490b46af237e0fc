import Foundation
import MarketClient
import Testing

@testable import Dashboard

/// One mapping from a market failure to what a person sees (`MarketErrorExplanation`): the table for
/// every case, then the pages and the form over real sockets, each case as it is shown.
@Suite struct MarketErrorExplanationTests {
    /// Each error, the status a page answers, and whether it offers **Try again**.
    static let pageCases: [(MarketError, status: Int, retry: Bool)] = [
        (.timeout, 504, true),
        (.unreachable, 502, true),
        (.malformedResponse("not JSON"), 502, true),
        (.rejected(status: 400, message: "bad paging"), 502, true),
        (.rejected(status: 500, message: "database on fire"), 502, true),
        (.unauthorized, 502, true),
        (.invalidRequest("no images"), 500, false),
    ]

    /// Each error and the status a form answers (the form comes back; no retry link).
    static let formCases: [(MarketError, status: Int)] = [
        (.timeout, 504),
        (.unreachable, 502),
        (.malformedResponse("not JSON"), 502),
        (.rejected(status: 400, message: "name is already taken"), 422),
        (.rejected(status: 500, message: "database on fire"), 502),
        (.notFound, 404),
        (.unauthorized, 403),
        (.invalidRequest("no images"), 422),
    ]

    @Test(arguments: pageCases.indices)
    func onAPage(_ index: Int) {
        let (error, status, retry) = Self.pageCases[index]
        let failure = MarketErrorExplanation(error, .page(productID: nil))
        #expect(failure.status.rawValue == status, "\(error)")
        #expect(failure.offersRetry == retry, "\(error)")
        #expect(!failure.heading.isEmpty && !failure.message.isEmpty)
    }

    @Test(arguments: formCases.indices)
    func onAForm(_ index: Int) {
        let (error, status) = Self.formCases[index]
        let failure = MarketErrorExplanation(error, .form(action: .register))
        #expect(failure.status.rawValue == status, "\(error)")
        #expect(!failure.offersRetry, "a form comes back filled in; submitting again is the retry")
    }

    @Test func aMissingProduct_is404WithoutRetry_aMissingListIsTheMarketsFault() {
        let product = MarketErrorExplanation(MarketError.notFound, .page(productID: 7))
        #expect(product.status == .notFound)
        #expect(product.message == "There is no product 7 on the Open Market, and the recycle bin does not hold it. Check the number, or find the product in the product list.")
        #expect(!product.offersRetry)
        let list = MarketErrorExplanation(MarketError.notFound, .page(productID: nil))
        #expect(list.status == .badGateway)
        #expect(list.offersRetry)
        #expect(list.message == "The Open Market answered that it has no such list. Try again in a moment, or go back to the first page of the list.")
        // In Korean, Korean words only (not the English reason phrase as the market's quote).
        let korean = MarketErrorExplanation(MarketError.notFound, .page(productID: nil), Wording(.ko))
        #expect(korean.message == "오픈마켓에서 요청한 목록을 찾을 수 없다고 응답했습니다. 잠시 후 다시 시도하거나 목록의 첫 페이지로 이동해 주세요.")
        #expect(!korean.message.contains("404") && !list.message.contains("404"), "no status code in the words")
        #expect(!korean.message.contains("Not Found"))
    }

    @Test func anErrorThatIsNotTheMarkets_readsAsUnreachable() {
        #expect(MarketErrorExplanation(CancellationError(), .page(productID: nil)) == MarketErrorExplanation(MarketError.unreachable, .page(productID: nil)))
    }

    /// The market's own words are shown as it wrote them, quoted and marked as its own, in
    /// either language.
    @Test func theMarketsOwnWords_areShown_quotedAndMarked() {
        #expect(MarketErrorExplanation(MarketError.rejected(status: 500, message: "database on fire"), .page(productID: 1)).message
            == "The Open Market said: “database on fire” (the market's words). Try again in a moment.")
        #expect(MarketErrorExplanation(MarketError.rejected(status: 409, message: "taken"), .form(action: .register)).message
            == "The Open Market said: “taken” (the market's words). Correct your entries below and try again.")
        #expect(MarketErrorExplanation(MarketError.rejected(status: 409, message: "taken"), .form(action: .register), Wording(.ko)).message
            == "오픈마켓의 응답: “taken”(마켓 원문). 아래 입력 내용을 고친 뒤 다시 시도해 주세요.")
        #expect(MarketErrorExplanation(MarketError.rejected(status: 500, message: "database on fire"), .form(action: .delete), Wording(.ko)).message
            == "오픈마켓이 오류로 응답했습니다: “database on fire”(마켓 원문). 입력한 내용은 그대로 있으니 몇 분 후 다시 시도해 주세요.")
    }

    @Test(arguments: pageCases.indices)
    func theListAndAProduct_answerAsTheTableSays(_ index: Int) async throws {
        let (error, status, retry) = Self.pageCases[index]
        try await withDashboard(.scripted(ScriptedMarket(readFailure: error))) { harness in
            for path in ["/products?view=grid", "/products/7"] {
                let page = try await harness.get(path)
                #expect(page.status == status, "\(path): \(error)")
                #expect(page.header("Cache-Control") == "no-store")
                #expect(page.text.contains("href=\"\(path)\"") == retry, "Try again links to \(path): \(error)")
            }
        }
    }

    @Test func aProductTheMarketDoesNotHave_is404WithoutRetry() async throws {
        try await withDashboard(.scripted(ScriptedMarket(readFailure: .notFound))) { harness in
            let page = try await harness.get("/products/7")
            #expect(page.status == 404)
            #expect(page.text.contains("There is no product 7 on the Open Market"))
            #expect(!page.text.contains("href=\"/products/7\""))
        }
    }

    @Test(arguments: formCases.indices.filter { ![.timeout, .malformedResponse("not JSON")].contains(formCases[$0].0) })
    func registering_answersAsTheTableSays(_ index: Int) async throws {
        let (error, status) = Self.formCases[index]
        let market = ScriptedMarket()
        market.state.withLock { $0.createFailure = error }
        try await withDashboard(.scripted(market)) { harness in
            var session = FormSession(port: harness.port)
            _ = try await session.open("/products/new")
            let response = try await session.post("/products", validProductFields, files: [.jpeg("a.jpg")])
            #expect(response.status == status, "\(error)")
            #expect(response.text.contains("value=\"Test Kettle\""), "the form comes back filled in")
        }
    }
}
