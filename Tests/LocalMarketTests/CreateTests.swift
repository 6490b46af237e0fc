import Foundation
import Testing
@testable import LocalMarket

@Suite("POST /api/products: multipart create")
struct CreateTests {
    @Test func createWithOneImageAnswers201WithTheDetail() async throws {
        let fixture = try MarketFixture()
        let image = Images.jpeg(size: 5000, seed: 9)
        let reply = try await fixture.create(images: [image])
        #expect(reply.status == 201)
        let detail = reply.json
        #expect(detail["id"]?.int == 1)
        #expect(detail["vendor_id"]?.int == MarketVendor.localTeam.id)
        #expect(detail["name"]?.string == "Sample product")
        #expect(detail["currency"]?.string == "KRW")
        #expect(detail["price"]?.literal == "1000.0")
        #expect(detail["discounted_price"]?.literal == "100.0")
        #expect(detail["bargain_price"]?.literal == "900.0")
        #expect(detail["stock"]?.int == 3)
        #expect(detail["vendors"]?["name"]?.string == "LocalMarketTeam")
        let images = try #require(detail["images"]?.array)
        #expect(images.count == 1)
        #expect(detail["thumbnail"]?.string == images[0]["thumbnail_url"]?.string)

        let origin = try await fixture.imageBytes(at: try #require(images[0]["url"]?.string))
        #expect(origin.bytes == image)
        #expect(origin.contentType == "image/jpeg")
        let thumbnail = try await fixture.imageBytes(at: try #require(images[0]["thumbnail_url"]?.string))
        #expect(thumbnail.bytes == image)
    }

    @Test func createWithFiveImagesKeepsEveryImageInOrder() async throws {
        let fixture = try MarketFixture()
        let uploads = [Images.jpeg(seed: 1), Images.png(seed: 2), Images.jpeg(size: 300 * 1024, seed: 3), Images.png(seed: 4), Images.jpeg(seed: 5)]
        let reply = try await fixture.create(images: uploads)
        #expect(reply.status == 201)
        let images = try #require(reply.json["images"]?.array)
        #expect(images.count == 5)
        #expect(Set(images.compactMap { $0["id"]?.int }).count == 5)
        for (image, upload) in zip(images, uploads) {
            let url = try #require(image["url"]?.string)
            let served = try await fixture.imageBytes(at: url)
            #expect(served.bytes == upload)
            #expect(served.contentType == (upload.first == 0x89 ? "image/png" : "image/jpeg"))
            #expect(url.hasPrefix("http://market.test:1234/images/28/"))
            #expect(url.hasSuffix(upload.first == 0x89 ? "_origin.png" : "_origin.jpg"))
        }
        // The first image is the thumbnail.
        #expect(reply.json["thumbnail"]?.string == images[0]["thumbnail_url"]?.string)
    }

    @Test func createdProductIsVisibleInDetailAndList() async throws {
        let fixture = try MarketFixture()
        let id = try await fixture.createProduct(name: "Visible thing")
        let detail = try await fixture.get("/api/products/\(id)")
        #expect(detail.json["name"]?.string == "Visible thing")
        let list = try await fixture.get("/api/products")
        #expect(list.json["pages"]?.array.first?["vendorName"]?.string == "LocalMarketTeam")
    }

    @Test func optionalFieldsDefaultToZero() async throws {
        let fixture = try MarketFixture()
        var params = Products.valid()
        params["discounted_price"] = nil
        params["stock"] = nil
        let reply = try await fixture.create(params)
        #expect(reply.status == 201)
        #expect(reply.json["discounted_price"]?.literal == "0.0")
        #expect(reply.json["bargain_price"]?.literal == "1000.0")
        #expect(reply.json["stock"]?.int == 0)
    }

    @Test func usdPricesKeepTheirCents() async throws {
        let fixture = try MarketFixture()
        var params = Products.valid()
        params["currency"] = "USD"
        params["price"] = 19.99
        params["discounted_price"] = 5
        let reply = try await fixture.create(params)
        #expect(reply.json["price"]?.literal == "19.99")
        #expect(reply.json["bargain_price"]?.literal == "14.99")
    }

    @Test func namesAtTheLengthLimitsAreAccepted() async throws {
        let fixture = try MarketFixture()
        for name in ["abc", String(repeating: "가", count: 100), String(repeating: "🍊", count: 100)] {
            var params = Products.valid()
            params["name"] = name
            let reply = try await fixture.create(params)
            #expect(reply.status == 201, "\(name.count) characters")
            #expect(reply.json["name"]?.string == name)
        }
    }
}
