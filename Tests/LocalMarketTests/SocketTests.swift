import Foundation
import Testing
@testable import LocalMarket

/// The market on a real `HTTPServer` bound to 127.0.0.1 port 0, spoken to with URLSession.
@Suite("The market over real sockets")
struct SocketTests {
    private let vendor = MarketVendor.localTeam

    private func started(_ fixture: MarketFixture) throws -> HTTPClient {
        HTTPClient(base: try fixture.market.start())
    }

    @Test func healthListAndErrorsOverTheWire() async throws {
        let fixture = try MarketFixture()
        let client = try started(fixture)
        #expect(client.base.absoluteString.hasPrefix("http://127.0.0.1:"))
        #expect(client.base.port != 0)
        let health = try await client.get("/healthChecker")
        #expect(health.status == 200)
        #expect(health.text == "\"OK\"")
        let list = try await client.get("/api/products?page_no=1&items_per_page=20")
        #expect(list.status == 200)
        #expect(list.json["totalCount"]?.int == 0)
        let missing = try await client.get("/no/such/route")
        #expect(missing.status == 404)
        #expect(missing.json["code"]?.int == 404)
        let wrongMethod = try await client.send("PUT", "/healthChecker")
        #expect(wrongMethod.status == 405)
        #expect(wrongMethod.json["code"]?.int == 405)
    }

    @Test func fullLifecycleWithImagesOverTheWire() async throws {
        let fixture = try MarketFixture()
        let client = try started(fixture)
        let uploads = [Images.jpeg(size: 250_000, seed: 1), Images.png(seed: 2), Images.jpeg(seed: 3), Images.png(seed: 4), Images.jpeg(seed: 5)]
        let body = MultipartBody()
            .json("params", Products.valid().merging(["secret": vendor.secret, "name": "Wire product"]) { $1 })
            .files("images", uploads)
        let created = try await client.send(
            "POST", "/api/products", headers: ["identifier": vendor.identifier, "Content-Type": body.contentType], body: body.bytes)
        #expect(created.status == 201)
        let id = try #require(created.json["id"]?.int)
        let images = created.json["images"]?.array ?? []
        #expect(images.count == 5)
        for (image, upload) in zip(images, uploads) {
            let url = try #require(image["url"]?.string)
            #expect(url.hasPrefix(client.base.absoluteString + "/images/"))
            let served = try await client.get(url)
            #expect(served.status == 200)
            #expect(served.bytes == upload)
            #expect(served.headers["Content-Type"] == (upload.first == 0x89 ? "image/png" : "image/jpeg"))
        }

        let edited = try await client.send(
            "PATCH", "/api/products/\(id)", headers: ["identifier": vendor.identifier, "Content-Type": "application/json"],
            body: Array(#"{"secret":"\#(vendor.secret)","stock":0}"#.utf8))
        #expect(edited.status == 200)
        #expect(edited.json["stock"]?.int == 0)

        let archived = try await client.send(
            "POST", "/api/products/\(id)/archived", headers: ["identifier": vendor.identifier, "Content-Type": "application/json"],
            body: Array(#"{"secret":"\#(vendor.secret)"}"#.utf8))
        #expect(archived.status == 200)
        #expect(archived.headers["Content-Type"]?.hasPrefix("text/plain") == true)
        let deleted = try await client.send("DELETE", archived.text, headers: ["identifier": vendor.identifier])
        #expect(deleted.status == 200)
        #expect(deleted.json["id"]?.int == id)
        #expect(try await client.get("/api/products/\(id)").status == 404)
    }

    @Test func bareLineFeedAndOversizedBodiesAreRefusedWithJSON() async throws {
        let fixture = try MarketFixture()
        let client = try started(fixture)
        let lfBody = Array("--B\nContent-Disposition: form-data; name=\"params\"\n\n{}\n--B--\n".utf8)
        let lf = try await client.send(
            "POST", "/api/products", headers: ["identifier": vendor.identifier, "Content-Type": "multipart/form-data; boundary=B"], body: lfBody)
        #expect(lf.status == 400)
        #expect(lf.json["code"]?.int == 400)

        let huge = MultipartBody()
            .json("params", Products.valid().merging(["secret": vendor.secret]) { $1 })
            .files("images", [Images.jpeg(size: 2_200_000)])
        let tooLarge = try await client.send(
            "POST", "/api/products", headers: ["identifier": vendor.identifier, "Content-Type": huge.contentType], body: huge.bytes)
        #expect(tooLarge.status == 413)
        #expect(tooLarge.json["code"]?.int == 413)
    }

    @Test func restartOnANewPortKeepsDataAndMovesImageURLs() async throws {
        let fixture = try MarketFixture(syncsToDisk: true)
        let first = try started(fixture)
        let body = MultipartBody()
            .json("params", Products.valid().merging(["secret": vendor.secret]) { $1 })
            .files("images", [Images.png(seed: 8)])
        let created = try await first.send(
            "POST", "/api/products", headers: ["identifier": vendor.identifier, "Content-Type": body.contentType], body: body.bytes)
        #expect(created.status == 201)
        fixture.market.shutdown()

        let again = try LocalMarket(dataDirectory: fixture.directory, seed: false)
        defer { again.shutdown() }
        let second = HTTPClient(base: try again.start())
        let detail = try await second.get("/api/products/1")
        #expect(detail.json["name"]?.string == "Sample product")
        let url = try #require(detail.json["thumbnail"]?.string)
        #expect(url.hasPrefix(second.base.absoluteString))
        #expect(try await second.get(url).bytes == Images.png(seed: 8))
    }
}
