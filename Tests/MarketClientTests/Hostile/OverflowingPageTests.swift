import Foundation
import Testing

@testable import MarketClient

/// An upstream answer with `Int.max` or `Int.min` in any integer field must never trap.
/// Numbers the client computes with that make no sense (a page before the first, a negative
/// count) are a malformed answer; the rest are kept, and what is derived from them saturates
/// instead of overflowing.
struct OverflowingPageTests {
    static let extremes = [Int.max, Int.min]

    /// Every integer field of the current (camelCase) and the older (snake_case) envelope.
    static let envelopeFields = [
        "pageNo", "itemsPerPage", "totalCount", "offset", "limit", "lastPage",
        "page_no", "items_per_page", "total_count", "last_page",
    ]

    static func envelope(_ field: String, _ value: Int) -> String {
        let snake = field.contains("_")
        var numbers: [(String, Int)] = snake
            ? [("page_no", 2), ("items_per_page", 20), ("total_count", 60), ("last_page", 3)]
            : [("pageNo", 2), ("itemsPerPage", 20), ("totalCount", 60), ("offset", 20), ("limit", 40), ("lastPage", 3)]
        numbers = numbers.map { $0.0 == field ? ($0.0, value) : $0 }
        let fields = numbers.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",")
        return "{\(fields),\"pages\":[\(SampleJSON.item(id: 7))]}"
    }

    @Test(arguments: envelopeFields, extremes)
    func anExtremeEnvelopeNumberDecodesOrIsRefused_neverTraps(field: String, value: Int) throws {
        let json = Self.envelope(field, value)
        let refusedWhenNegative = !["offset", "limit"].contains(field)
        if value < 0 && refusedWhenNegative {
            #expect(throws: DecodingError.self) { try decodeJSON(ProductPageEnvelope.self, json) }
            return
        }
        let page = try decodeJSON(ProductPageEnvelope.self, json)
        #expect(page.products.map(\.id) == [7])
        switch field {
        case "pageNo", "page_no": #expect(page.pageNumber == Int.max && page.hasPrevious)
        case "itemsPerPage", "items_per_page": #expect(page.itemsPerPage == Int.max)
        case "totalCount", "total_count": #expect(page.totalCount == Int.max)
        case "offset": #expect(page.offset == value)
        case "limit": #expect(page.limit == value)
        default: #expect(page.lastPage == Int.max)
        }
    }

    /// Derived fields, computed when the envelope leaves them out, saturate at `Int.max`.
    @Test func derivedFieldsSaturate() throws {
        let json = #"{"page_no":\#(Int.max),"items_per_page":\#(Int.max),"total_count":\#(Int.max),"pages":[]}"#
        let page = try decodeJSON(ProductPageEnvelope.self, json)
        #expect(page.offset == Int.max)
        #expect(page.limit == Int.max)
        #expect(page.lastPage == 1)
        #expect(!page.hasNext && page.hasPrevious)

        let many = try decodeJSON(ProductPageEnvelope.self, #"{"pageNo":1,"itemsPerPage":20,"totalCount":\#(Int.max),"pages":[]}"#)
        #expect(many.lastPage == Int.max / 20 + 1)
        #expect(many.hasNext)
    }

    @Test(arguments: ["id", "vendor_id", "stock"], extremes)
    func anExtremeItemNumberIsKept(field: String, value: Int) throws {
        let item = SampleJSON.item(id: 5).replacingOccurrences(
            of: #""\#(field)":\#(field == "id" ? "5" : "1")"#, with: #""\#(field)":\#(value)"#)
        let page = try decodeJSON(ProductPageEnvelope.self, #"{"pageNo":1,"itemsPerPage":20,"totalCount":1,"pages":[\#(item)]}"#)
        let product = try #require(page.products.first)
        switch field {
        case "id": #expect(product.id == value)
        case "vendor_id": #expect(product.vendorID == value)
        default: #expect(product.stock == value && product.isSoldOut == (value <= 0))
        }
    }

    /// Over HTTP, a refused envelope is `.malformedResponse`: the page shows an upstream error.
    @Test func aRefusedEnvelopeIsAMalformedAnswer() async throws {
        try await StubMarket.run({ router in
            router.get("/api/products") { _ in .json(Self.envelope("totalCount", Int.min)) }
        }) { market in
            await #expect {
                try await market.client().listProducts(page: 1, itemsPerPage: 20, search: nil)
            } throws: { error in
                guard case .malformedResponse(let what)? = error as? MarketError else { return false }
                return what.contains("totalCount")
            }
        }
    }
}
