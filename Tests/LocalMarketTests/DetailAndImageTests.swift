import Foundation
import HTTPServer
import Testing
@testable import LocalMarket

@Suite("GET /api/products/{id}, /images/..., /healthChecker and unknown routes")
struct DetailAndImageTests {
    @Test func healthCheckerAnswersTheJSONStringOK() async throws {
        let fixture = try SeededMarket.fixture()
        let reply = try await fixture.get("/healthChecker")
        #expect(reply.status == 200)
        #expect(reply.text == "\"OK\"")
    }

    @Test func detailOfASeededProduct() async throws {
        let fixture = try SeededMarket.fixture()
        let reply = try await fixture.get("/api/products/14")
        #expect(reply.status == 200)
        let detail = reply.json
        #expect(detail["name"]?.string == "Luxury Watch")
        #expect(detail["price"]?.literal == "6.0E7")
        #expect(detail["vendors"]?["id"]?.int == detail["vendor_id"]?.int)
        #expect(detail["vendorName"] == nil)
        #expect(detail["images"]?.array.count == 2)
    }

    @Test func unknownProductIs404JSON() async throws {
        let fixture = try SeededMarket.fixture()
        let reply = try await fixture.get("/api/products/100000")
        #expect(reply.status == 404)
        #expect(reply.headers["Content-Type"] == "application/json")
        #expect(reply.text == #"{"code":404,"message":"product 100000 not found"}"#)
    }

    @Test("a product id that is not a number is 400", arguments: ["abc", "-1", "1.5", "%201"])
    func nonNumericIdIs400(id: String) async throws {
        let fixture = try SeededMarket.fixture()
        let reply = try await fixture.get("/api/products/\(id)")
        #expect(reply.status == 400)
        #expect(reply.json["code"]?.int == 400)
    }

    @Test func unknownRouteAndWrongMethodAnswerJSON() async throws {
        let fixture = try SeededMarket.fixture()
        let missing = try await fixture.get("/api/nothing")
        #expect(missing.status == 404)
        #expect(missing.json.keys == ["code", "message"])
        let wrongMethod = try await fixture.send(.put, "/api/products/1")
        #expect(wrongMethod.status == 405)
        #expect(wrongMethod.json["code"]?.int == 405)
        #expect(wrongMethod.headers["Allow"]?.contains("PATCH") == true)
    }

    @Test func seededImagesAreServedWithTheirContentType() async throws {
        let fixture = try SeededMarket.fixture()
        let page = try await fixture.get("/api/products?items_per_page=60").json["pages"]?.array ?? []
        var types = Set<String>()
        for item in page.prefix(12) {
            let url = try #require(item["thumbnail"]?.string)
            let image = try await fixture.imageBytes(at: url)
            let type = try #require(image.contentType)
            types.insert(type)
            #expect(StoredImageFormat(sniffing: image.bytes)?.contentType == type)
        }
        #expect(types == ["image/jpeg", "image/png"])
    }

    @Test("image paths the market never made are 404", arguments: [
        "/images/28/20221104/..%2F..%2Fmarket.json",
        "/images/28/20221104/.hidden_origin.jpg",
        "/images/28/20221104/0123456789abcdef0123456789abcdef_origin.gif",
        "/images/28/20221104/0123456789abcdef0123456789abcdef_origin.jpg",
        "/images/x/20221104/0123456789abcdef0123456789abcdef_origin.jpg",
    ])
    func unknownImageIs404(path: String) async throws {
        let fixture = try SeededMarket.fixture()
        let reply = try await fixture.get(path)
        #expect(reply.status == 404)
        #expect(reply.json["code"]?.int == 404)
    }

    @Test func imageURLsUseTheHostTheClientUsedBeforeABaseURLIsKnown() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lm-host-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let market = try LocalMarket(dataDirectory: directory, host: "127.0.0.1", port: 0, seed: false, syncsToDisk: false)
        let router = market.makeRouter()
        let body = MultipartBody()
            .json("params", Products.valid().merging(["secret": MarketVendor.localTeam.secret]) { $1 })
            .files("images", [Images.jpeg()])
        var request = HTTPRequest(
            method: .post, target: "/api/products",
            headers: ["Host": "localhost:9999", "identifier": MarketVendor.localTeam.identifier, "Content-Type": body.contentType],
            body: body.bytes)
        guard case .found(let route, let parameters) = router.match(method: .post, path: "/api/products") else {
            Issue.record("no create route")
            return
        }
        request.pathParameters = parameters
        let reply = Reply(try await route.handler.handle(request))
        #expect(reply.json["thumbnail"]?.string?.hasPrefix("http://localhost:9999/images/28/") == true)
    }
}
