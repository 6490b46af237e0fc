import Foundation
import Testing

@testable import MarketClient

struct PayloadEncodingTests {
    func json(_ payload: some Encodable, secret: String = "pw-123") throws -> String {
        String(decoding: try SecretBearing(payload: payload, secret: secret).jsonBytes(), as: UTF8.self)
    }

    @Test func newProductUsesTheAPINamesAndAddsTheSecret() throws {
        let product = NewProduct(
            name: "Cup", description: "A white cup, 300 ml.", price: 1000, currency: .krw,
            discountedPrice: 100, stock: 3)
        #expect(try json(product) == #"{"currency":"KRW","description":"A white cup, 300 ml.","discounted_price":100,"name":"Cup","price":1000,"secret":"pw-123","stock":3}"#)
    }

    @Test func centsStayExact() throws {
        let product = NewProduct(
            name: "Pen", description: "A pen that writes.", price: try #require(Money(string: "12.50")), currency: .usd)
        let text = try json(product)
        #expect(text.contains(#""price":12.5,"#))
        #expect(text.contains(#""discounted_price":0,"#))
        #expect(text.contains(#""stock":0"#))
    }

    @Test func changesSendOnlyWhatIsSet() throws {
        #expect(try json(ProductChanges(stock: 0, thumbnailID: 35)) == #"{"secret":"pw-123","stock":0,"thumbnail_id":35}"#)
        #expect(try json(ProductChanges()) == #"{"secret":"pw-123"}"#)
        #expect(ProductChanges().isEmpty)
        #expect(!ProductChanges(name: "x").isEmpty)
    }

    @Test func archivedLookupBodyIsOnlyTheSecret() throws {
        #expect(try json(NoFields(), secret: "a\"b") == #"{"secret":"a\"b"}"#)
    }
}
