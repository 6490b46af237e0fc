import Foundation
import Testing

@testable import MarketClient

struct ProductPageDecodingTests {
    @Test func documentedCurrentPage() throws {
        let page = try decodeJSON(ProductPageEnvelope.self, SampleJSON.currentPage)
        #expect(page.pageNumber == 3)
        #expect(page.itemsPerPage == 20)
        #expect(page.totalCount == 113)
        #expect(page.offset == 40)
        #expect(page.limit == 60)
        #expect(page.lastPage == 6)
        #expect(page.hasNext && page.hasPrevious)
        let item = try #require(page.products.first)
        #expect(item.id == 130)
        #expect(item.vendorID == 28)
        #expect(item.vendorName == "OmarketTeam")
        #expect(item.name == "에어팟 3")
        #expect(item.currency == .krw)
        #expect(item.price == 20000)
        #expect(item.bargainPrice == 10000)
        #expect(item.discountedPrice == 10000)
        #expect(item.isOnSale)
        #expect(item.stock == 3)
        #expect(item.thumbnail?.absoluteString.hasSuffix("3dc4bac35c2d11eda917f58c3b674fed_thumb.jpeg") == true)
        #expect(item.createdAt == MarketDate.parse("2022-11-04T00:00:00"))
    }

    @Test func olderSnakeCaseEnvelope() throws {
        let page = try decodeJSON(ProductPageEnvelope.self, SampleJSON.olderPage)
        #expect(page.pageNumber == 1)
        #expect(page.itemsPerPage == 2)
        #expect(page.totalCount == 5)
        #expect(page.lastPage == 3)
        #expect(page.hasNext)
        #expect(!page.hasPrevious)
        // Not sent by this generation: computed by the API's own rules.
        #expect(page.offset == 0)
        #expect(page.limit == 2)
        #expect(page.products.map(\.id) == [22, 21])

        let macbook = page.products[0]
        #expect(macbook.price.description == "60000000")
        #expect(macbook.bargainPrice.description == "59900000")
        #expect(macbook.description == "")
        #expect(macbook.isSoldOut)
        #expect(macbook.createdAt == Date(timeIntervalSince1970: 1_652_486_400))

        let pencil = page.products[1]
        #expect(pencil.vendorName == nil)
        #expect(pencil.currency == .usd)
        #expect(pencil.price.description == "12.5")
        #expect(!pencil.isOnSale)
    }

    @Test func missingDerivedFieldsAreComputed() throws {
        let json = #"{"page_no":3,"items_per_page":10,"total_count":25,"pages":[]}"#
        let page = try decodeJSON(ProductPageEnvelope.self, json)
        #expect(page.offset == 20)
        #expect(page.limit == 30)
        #expect(page.lastPage == 3)
        #expect(!page.hasNext)
        #expect(page.hasPrevious)
    }

    @Test func oversizedPageIsTrimmedToPageSize() throws {
        let items = (1...23).reversed().map { SampleJSON.item(id: $0) }
        let page = try decodeJSON(ProductPageEnvelope.self, SampleJSON.page(perPage: 20, total: 23, items: items))
        #expect(page.products.count == 20)
        #expect(page.products.first?.id == 23)
        #expect(page.products.last?.id == 4)
    }

    @Test func duplicatesAreDroppedKeepingTheFirst() throws {
        let items = [
            SampleJSON.item(id: 9, name: "first nine"), SampleJSON.item(id: 8),
            SampleJSON.item(id: 9, name: "second nine"), SampleJSON.item(id: 7), SampleJSON.item(id: 6),
        ]
        let page = try decodeJSON(ProductPageEnvelope.self, SampleJSON.page(perPage: 3, total: 10, items: items))
        #expect(page.products.map(\.id) == [9, 8, 7])
        #expect(page.products[0].name == "first nine")
    }

    @Test func malformedItemIsSkippedNotFatal() throws {
        let broken = #"{"id":"not a number","name":"x","price":1}"#
        let items = [SampleJSON.item(id: 2), broken, SampleJSON.item(id: 1)]
        let page = try decodeJSON(ProductPageEnvelope.self, SampleJSON.page(perPage: 20, total: 3, items: items))
        #expect(page.products.map(\.id) == [2, 1])
    }

    @Test func unknownCurrencyDoesNotFailThePage() throws {
        let items = [SampleJSON.item(id: 1, currency: "JPY")]
        let page = try decodeJSON(ProductPageEnvelope.self, SampleJSON.page(perPage: 20, total: 1, items: items))
        #expect(page.products.first?.currency.rawValue == "JPY")
        #expect(page.products.first?.currency.isKnown == false)
    }

    @Test func missingEnvelopeFieldIsAnError() {
        #expect(throws: DecodingError.self) { try decodeJSON(ProductPageEnvelope.self, #"{"pageNo":1,"pages":[]}"#) }
        #expect(throws: DecodingError.self) { try decodeJSON(ProductPageEnvelope.self, #"{"pageNo":1,"itemsPerPage":20}"#) }
    }

    @Test func encodingRoundTripsThroughTheCurrentEnvelope() throws {
        let page = try decodeJSON(ProductPageEnvelope.self, SampleJSON.olderPage)
        let data = try JSONEncoder().encode(page)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains(#""pageNo":1"#))
        #expect(text.contains(#""created_at":"2022-05-14T00:00:00""#))
        #expect(try JSONDecoder().decode(ProductPageEnvelope.self, from: data) == page)
    }
}
