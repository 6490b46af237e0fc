import Foundation
import Testing
@testable import LocalMarket

@Suite("JSON output matches the real server byte for byte")
struct JSONOutputTests {
    @Test("prices are spelled as Java's Double.toString spells them", arguments: [
        (20000.0, "20000.0"), (6.0e7, "6.0E7"), (12.5, "12.5"), (0.0, "0.0"), (89.99, "89.99"),
        (9_999_999.0, "9999999.0"), (1.0e7, "1.0E7"), (12_345_678.9, "1.23456789E7"),
        (0.001, "0.001"), (0.0001, "1.0E-4"), (1_550_000.0, "1550000.0"), (-3.5, "-3.5"),
        (1.0e16, "1.0E16"), (123_456_789_012.0, "1.23456789012E11"),
    ])
    func javaDoubleSpelling(value: Double, expected: String) {
        #expect(JavaDouble.string(value) == expected)
    }

    @Test func stringsEscapeQuotesBackslashesAndControlsButKeepUTF8() {
        var json = JSONWriter()
        json.string("\"quotes\" & <b>bold</b>\\ 줄\n바꿈\t🍊\u{01}\u{1F}")
        #expect(String(decoding: json.bytes, as: UTF8.self) == #""\"quotes\" & <b>bold</b>\\ 줄\n바꿈\t🍊\u0001\u001F""#)
    }

    @Test func nestedContainersGetCommasOnlyBetweenMembers() {
        var json = JSONWriter()
        json.beginObject()
        json.field("a", 1)
        json.key("b")
        json.beginArray()
        json.int(1)
        json.beginObject()
        json.endObject()
        json.beginArray()
        json.endArray()
        json.endArray()
        json.field("c", true)
        json.endObject()
        #expect(String(decoding: json.bytes, as: UTF8.self) == #"{"a":1,"b":[1,{},[]],"c":true}"#)
    }

    @Test func listItemBytesAreExactlyTheDocumentedShape() {
        let product = ProductRecord(
            id: 130, uuid: "u", vendorId: 28, name: "에어팟 3", description: "에어팟 3",
            currency: .krw, price: 20000, discountedPrice: 10000, stock: 3, thumbnailImageId: 7,
            images: [ImageRecord(id: 7, originPath: "28/20221104/3dc4_origin.jpg", thumbnailPath: "28/20221104/3dc4_thumb.jpg", issuedAt: "2022-11-04T00:00:00")],
            createdAt: "2022-11-04T00:00:00", issuedAt: "2022-11-04T00:00:00")
        var json = JSONWriter()
        ProductJSON(baseURL: "http://127.0.0.1:8081").writeListItem(product, to: &json)
        let expected = #"{"id":130,"vendor_id":28,"vendorName":"LocalMarketTeam","name":"에어팟 3","description":"에어팟 3","thumbnail":"http://127.0.0.1:8081/images/28/20221104/3dc4_thumb.jpg","currency":"KRW","price":20000.0,"bargain_price":10000.0,"discounted_price":10000.0,"stock":3,"created_at":"2022-11-04T00:00:00","issued_at":"2022-11-04T00:00:00"}"#
        #expect(String(decoding: json.bytes, as: UTF8.self) == expected)
    }

    @Test func bargainPriceIsComputedExactlyForCents() {
        let product = ProductRecord(
            id: 1, uuid: "u", vendorId: 15, name: "Mug", description: "A mug, hand made.",
            currency: .usd, price: Decimal(string: "19.99")!, discountedPrice: 5, stock: 1, thumbnailImageId: 1,
            images: [], createdAt: "2022-11-04T00:00:00", issuedAt: "2022-11-04T00:00:00")
        let detail = String(decoding: ProductJSON(baseURL: "http://h").detail(product), as: UTF8.self)
        // A double subtraction would print 14.989999999999998.
        #expect(detail.contains(#""price":19.99,"bargain_price":14.99,"discounted_price":5.0"#))
    }

    @Test func detailKeysComeInTheRealOrder() async throws {
        let fixture = try MarketFixture()
        _ = try await fixture.createProduct(images: 2)
        let detail = try await fixture.get("/api/products/1").json
        #expect(detail.keys == [
            "id", "vendor_id", "name", "description", "thumbnail", "currency", "price", "bargain_price",
            "discounted_price", "stock", "created_at", "issued_at", "images", "vendors",
        ])
        #expect(detail["images"]?.array.first?.keys == ["id", "url", "thumbnail_url", "issued_at"])
        #expect(detail["vendors"]?.keys == ["id", "name"])
    }
}

@Suite("Product dates are Seoul's calendar days, as the real server stamps them")
struct StoredDateTests {
    /// Instants around midnight in Seoul (15:00 UTC): the day changes at Seoul's midnight,
    /// not UTC's, and the image folder follows it.
    @Test(arguments: [
        ("2026-11-29T14:59:59Z", "2026-11-29T00:00:00", "20261129"),
        ("2026-11-29T15:00:00Z", "2026-11-30T00:00:00", "20261130"),
        ("2026-11-29T23:59:59Z", "2026-11-30T00:00:00", "20261130"),
        ("2026-12-31T15:00:00Z", "2027-01-01T00:00:00", "20270101"),
        ("2024-02-28T15:30:00Z", "2024-02-29T00:00:00", "20240229"),
    ])
    func anInstant_isStampedWithSeoulsDay(_ instant: String, _ timestamp: String, _ folder: String) throws {
        let date = try #require(ISO8601DateFormatter().date(from: instant))
        #expect(StoredDate(date).timestamp == timestamp)
        #expect(StoredDate(date).folder == folder)
    }
}
