import Foundation
import Testing
@testable import LocalMarket

@Suite("GET /api/products: the page envelope and its quirks")
struct ListTests {
    private func ids(_ reply: Reply) -> [Int] {
        reply.json["pages"]?.array.compactMap { $0["id"]?.int } ?? []
    }

    @Test func envelopeKeysComeInTheDocumentedOrder() async throws {
        let fixture = try SeededMarket.fixture()
        let page = try await fixture.get("/api/products?page_no=1&items_per_page=20")
        #expect(page.status == 200)
        #expect(page.headers["Content-Type"] == "application/json")
        #expect(page.json.keys == ["pageNo", "itemsPerPage", "totalCount", "offset", "limit", "lastPage", "hasNext", "hasPrev", "pages"])
        #expect(page.json["pages"]?.array.first?.keys == [
            "id", "vendor_id", "vendorName", "name", "description", "thumbnail", "currency", "price",
            "bargain_price", "discounted_price", "stock", "created_at", "issued_at",
        ])
    }

    @Test func firstPageIsNewestFirstWithLimitAsAnEndIndex() async throws {
        let fixture = try SeededMarket.fixture()
        let page = try await fixture.get("/api/products?page_no=1&items_per_page=20").json
        #expect(page["pageNo"]?.int == 1)
        #expect(page["itemsPerPage"]?.int == 20)
        #expect(page["totalCount"]?.int == 60)
        #expect(page["offset"]?.int == 0)
        #expect(page["limit"]?.int == 20)
        #expect(page["lastPage"]?.int == 3)
        #expect(page["hasNext"]?.bool == true)
        #expect(page["hasPrev"]?.bool == false)
        #expect(page["pages"]?.array.compactMap { $0["id"]?.int } == Array((41...60).reversed()))
    }

    @Test func middleAndLastPagesFollowTheMath() async throws {
        let fixture = try SeededMarket.fixture()
        let third = try await fixture.get("/api/products?page_no=3&items_per_page=20")
        #expect(third.json["offset"]?.int == 40)
        #expect(third.json["limit"]?.int == 60)  // offset + itemsPerPage, not a count
        #expect(third.json["hasNext"]?.bool == false)
        #expect(third.json["hasPrev"]?.bool == true)
        #expect(ids(third) == Array((1...20).reversed()))

        // 60 / 7 → 9 pages; the last holds the 4 oldest.
        let ninth = try await fixture.get("/api/products?page_no=9&items_per_page=7")
        #expect(ninth.json["lastPage"]?.int == 9)
        #expect(ninth.json["offset"]?.int == 56)
        #expect(ninth.json["limit"]?.int == 63)
        #expect(ninth.json["hasNext"]?.bool == false)
        #expect(ids(ninth) == [4, 3, 2, 1])

        let second = try await fixture.get("/api/products?page_no=2&items_per_page=7")
        #expect(second.json["hasNext"]?.bool == true)
        #expect(second.json["hasPrev"]?.bool == true)
        #expect(ids(second) == Array((47...53).reversed()))
    }

    @Test func pagePastTheLastIsEmptyNotAnError() async throws {
        let fixture = try SeededMarket.fixture()
        let page = try await fixture.get("/api/products?page_no=4&items_per_page=20")
        #expect(page.status == 200)
        #expect(ids(page).isEmpty)
        #expect(page.json["hasNext"]?.bool == false)
        #expect(page.json["hasPrev"]?.bool == true)
        #expect(page.json["offset"]?.int == 60)
    }

    @Test func missingParametersDefaultToPageOneOfTwenty() async throws {
        let fixture = try SeededMarket.fixture()
        let page = try await fixture.get("/api/products")
        #expect(page.json["pageNo"]?.int == 1)
        #expect(page.json["itemsPerPage"]?.int == 20)
        #expect(ids(page).count == 20)
    }

    @Test func emptyMarketHasZeroPages() async throws {
        let fixture = try MarketFixture()
        let page = try await fixture.get("/api/products?page_no=1&items_per_page=20").json
        #expect(page["totalCount"]?.int == 0)
        #expect(page["lastPage"]?.int == 0)
        #expect(page["hasNext"]?.bool == false)
        #expect(page["pages"]?.array.isEmpty == true)
    }

    @Test("out-of-range or non-integer paging is a 400 with a message", arguments: [
        ("page_no=0&items_per_page=20", "page_no must be between 1 and 10000000"),
        ("page_no=-1&items_per_page=20", "page_no must be between 1 and 10000000"),
        ("page_no=1&items_per_page=0", "items_per_page must be between 1 and 1000"),
        ("page_no=1&items_per_page=1001", "items_per_page must be between 1 and 1000"),
        ("page_no=abc&items_per_page=20", "page_no must be an integer, got \"abc\""),
        ("page_no=1&items_per_page=99999999999999999999", "items_per_page must be an integer, got \"99999999999999999999\""),
    ])
    func badPagingIsRefused(query: String, message: String) async throws {
        let fixture = try MarketFixture()
        let reply = try await fixture.get("/api/products?" + query)
        #expect(reply.status == 400)
        #expect(reply.json.keys == ["code", "message"])
        #expect(reply.json["code"]?.int == 400)
        #expect(reply.message == message)
    }

    @Test func newlyCreatedProductIsListedFirst() async throws {
        let fixture = try MarketFixture(seed: true)
        let id = try await fixture.createProduct(name: "Brand new thing")
        #expect(id == 61)
        let page = try await fixture.get("/api/products?page_no=1&items_per_page=3")
        #expect(ids(page) == [61, 60, 59])
        #expect(page.json["totalCount"]?.int == 61)
    }
}

@Suite("GET /api/products?search_value=")
struct SearchTests {
    private func names(_ reply: Reply) -> [String] {
        reply.json["pages"]?.array.compactMap { $0["name"]?.string } ?? []
    }

    @Test func searchMatchesNameSubstringsIgnoringCase() async throws {
        let fixture = try SeededMarket.fixture()
        let reply = try await fixture.get("/api/products?page_no=1&items_per_page=20&search_value=COFFEE")
        #expect(names(reply) == ["Coffee Grinder"])
        #expect(reply.json["totalCount"]?.int == 1)
        #expect(reply.json["lastPage"]?.int == 1)
    }

    @Test func searchTakesPercentEncodedKoreanAndHTML() async throws {
        let fixture = try SeededMarket.fixture()
        let korean = try await fixture.get("/api/products?search_value=%EC%97%90%EC%96%B4%ED%8C%9F")  // 에어팟
        #expect(names(korean) == ["에어팟 3"])
        let script = try await fixture.get("/api/products?search_value=%3Cscript%3E")
        #expect(names(script) == ["<script>alert(1)</script>"])
    }

    @Test func searchResultsArePagedByTheirOwnCount() async throws {
        let fixture = try SeededMarket.fixture()
        let all = try await fixture.get("/api/products?items_per_page=100&search_value=a")
        let total = try #require(all.json["totalCount"]?.int)
        #expect(total > 5 && total < 60)
        #expect(names(all).allSatisfy { $0.lowercased().contains("a") })
        let page = try await fixture.get("/api/products?page_no=2&items_per_page=5&search_value=a")
        #expect(page.json["lastPage"]?.int == (total + 4) / 5)
        #expect(names(page) == Array(names(all)[5..<10]))
    }

    @Test func searchWithNoMatchIsAnEmptyPage() async throws {
        let fixture = try SeededMarket.fixture()
        let reply = try await fixture.get("/api/products?search_value=zzzz-nothing")
        #expect(reply.status == 200)
        #expect(reply.json["totalCount"]?.int == 0)
        #expect(names(reply).isEmpty)
    }

    @Test func emptySearchValueListsEverything() async throws {
        let fixture = try SeededMarket.fixture()
        let reply = try await fixture.get("/api/products?search_value=")
        #expect(reply.json["totalCount"]?.int == 60)
    }
}
