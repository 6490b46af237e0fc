import Foundation
import Testing

@testable import MarketClient

struct ProductDetailDecodingTests {
    @Test func documentedDetail() throws {
        let detail = try decodeJSON(ProductDetail.self, SampleJSON.detail)
        #expect(detail.id == 32)
        #expect(detail.name == "우유병 텀블러")
        #expect(detail.price == 3500)
        #expect(detail.bargainPrice == 3400)
        #expect(detail.discountedPrice == 100)
        #expect(detail.vendor == Vendor(id: 15, name: "red123"))
        #expect(detail.vendorName == "red123")
        #expect(detail.images.count == 1)
        let image = try #require(detail.images.first)
        #expect(image.id == 35)
        // No file extension: kept as sent.
        #expect(image.url.lastPathComponent == "951468774f1a11eda200afcab21bff61_origin")
        #expect(image.thumbnailURL == detail.thumbnail)
        #expect(image.issuedAt == MarketDate.parse("2022-10-18T00:00:00"))
    }

    @Test func emptyDescriptionAndMissingOptionalFields() throws {
        let json = #"{"id":1,"vendor_id":2,"name":"Cup","description":"","currency":"USD","price":12.5,"stock":0}"#
        let detail = try decodeJSON(ProductDetail.self, json)
        #expect(detail.description == "")
        #expect(detail.images.isEmpty)
        #expect(detail.vendor == nil)
        #expect(detail.thumbnail == nil)
        #expect(detail.discountedPrice == .zero)
        #expect(detail.bargainPrice.description == "12.5")
        #expect(detail.createdAt == nil)
    }

    @Test func discountIsDerivedFromBargainWhenMissing() throws {
        let json = #"{"id":1,"name":"Cup","currency":"KRW","price":1000,"bargain_price":800,"stock":1}"#
        let detail = try decodeJSON(ProductDetail.self, json)
        #expect(detail.discountedPrice == 200)
        #expect(detail.isOnSale)
    }

    @Test func brokenImageIsSkippedAndThumbnailFallsBack() throws {
        let json = #"""
            {"id":1,"name":"Cup","currency":"KRW","price":1000,"stock":1,
             "images":[{"id":"x"},{"id":2,"url":"https://img.example/2_origin"}],"vendors":{"id":4,"name":"n"}}
            """#
        let detail = try decodeJSON(ProductDetail.self, json)
        #expect(detail.images.map(\.id) == [2])
        #expect(detail.images[0].thumbnailURL.absoluteString == "https://img.example/2_origin")
        #expect(detail.thumbnail?.absoluteString == "https://img.example/2_origin")
    }

    @Test func missingIdOrPriceIsAnError() {
        #expect(throws: DecodingError.self) {
            try decodeJSON(ProductDetail.self, #"{"name":"Cup","currency":"KRW","price":1000}"#)
        }
        #expect(throws: DecodingError.self) {
            try decodeJSON(ProductDetail.self, #"{"id":1,"name":"Cup","currency":"KRW"}"#)
        }
    }

    @Test func encodingUsesTheAPIKeysAndRoundTrips() throws {
        let detail = try decodeJSON(ProductDetail.self, SampleJSON.detail)
        let data = try JSONEncoder().encode(detail)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains(#""vendors":{"#))
        #expect(text.contains(#""thumbnail_url":"#))
        #expect(!text.contains("vendorName"))
        #expect(try JSONDecoder().decode(ProductDetail.self, from: data) == detail)
    }
}
