import Foundation
import Testing
@testable import LocalMarket

@Suite("Create: every validation rule answers 400 with its message")
struct ValidationTests {
    struct FieldCase: CustomTestStringConvertible, Sendable {
        let label: String
        let key: String
        let value: @Sendable () -> Any?
        let message: String
        var testDescription: String { label }
    }

    static let fieldCases: [FieldCase] = [
        FieldCase(label: "name missing", key: "name", value: { nil }, message: "name is required"),
        FieldCase(label: "name too short", key: "name", value: { "ab" }, message: "name must be 3 to 100 characters"),
        FieldCase(label: "name too long", key: "name", value: { String(repeating: "a", count: 101) }, message: "name must be 3 to 100 characters"),
        FieldCase(label: "name blank", key: "name", value: { "     " }, message: "name must be 3 to 100 characters"),
        FieldCase(label: "name not a string", key: "name", value: { 12345 }, message: "name must be a string"),
        FieldCase(label: "description missing", key: "description", value: { nil }, message: "description is required"),
        FieldCase(label: "description too short", key: "description", value: { "too short" }, message: "description must be 10 to 1000 characters"),
        FieldCase(label: "description too long", key: "description", value: { String(repeating: "d", count: 1001) }, message: "description must be 10 to 1000 characters"),
        FieldCase(label: "price missing", key: "price", value: { nil }, message: "price is required"),
        FieldCase(label: "price zero", key: "price", value: { 0 }, message: "price must be greater than 0"),
        FieldCase(label: "price negative", key: "price", value: { -5 }, message: "price must be greater than 0"),
        FieldCase(label: "price as a string", key: "price", value: { "1000" }, message: "price must be a number"),
        FieldCase(label: "currency missing", key: "currency", value: { nil }, message: "currency is required"),
        FieldCase(label: "currency unknown", key: "currency", value: { "EUR" }, message: "currency must be KRW or USD"),
        FieldCase(label: "currency lower case", key: "currency", value: { "krw" }, message: "currency must be KRW or USD"),
        FieldCase(label: "discount above price", key: "discounted_price", value: { 1001 }, message: "discounted_price must be between 0 and price"),
        FieldCase(label: "discount negative", key: "discounted_price", value: { -1 }, message: "discounted_price must be between 0 and price"),
        FieldCase(label: "stock negative", key: "stock", value: { -1 }, message: "stock must be 0 or more"),
        FieldCase(label: "stock fractional", key: "stock", value: { 2.5 }, message: "stock must be an integer"),
        FieldCase(label: "secret missing", key: "secret", value: { NSNull() }, message: "secret is required"),
    ]

    @Test("a bad field is refused", arguments: fieldCases)
    func badFieldIsRefused(_ field: FieldCase) async throws {
        let fixture = try MarketFixture()
        var params = Products.valid()
        params["secret"] = MarketVendor.localTeam.secret
        params[field.key] = field.value()
        let reply = try await fixture.create(params)
        #expect(reply.status == 400)
        #expect(reply.json["code"]?.int == 400)
        #expect(reply.message == field.message)
        #expect(try await fixture.get("/api/products").json["totalCount"]?.int == 0)
    }

    @Test func discountEqualToPriceIsAllowed() async throws {
        let fixture = try MarketFixture()
        var params = Products.valid()
        params["discounted_price"] = 1000
        let reply = try await fixture.create(params)
        #expect(reply.status == 201)
        #expect(reply.json["bargain_price"]?.literal == "0.0")
    }

    @Test("image rules", arguments: [
        ("no images", 0, "at least one image is required (part 'images')"),
        ("six images", 6, "at most 5 images are allowed, got 6"),
    ])
    func imageCountIsChecked(label: String, count: Int, message: String) async throws {
        let fixture = try MarketFixture()
        let reply = try await fixture.create(images: (0..<count).map { Images.jpeg(seed: UInt8($0)) })
        #expect(reply.status == 400)
        #expect(reply.message == message)
    }

    @Test func imageOver300KBIsRefused() async throws {
        let fixture = try MarketFixture()
        let reply = try await fixture.create(images: [Images.jpeg(), Images.jpeg(size: 300 * 1024 + 1)])
        #expect(reply.status == 400)
        #expect(reply.message == "image 2 is 307201 bytes; each image must be at most 300 KB")
    }

    @Test func imageThatIsNeitherJPEGNorPNGIsRefusedByItsBytes() async throws {
        let fixture = try MarketFixture()
        // A GIF that calls itself image/jpeg is still a GIF.
        let body = MultipartBody()
            .json("params", Products.valid().merging(["secret": MarketVendor.localTeam.secret]) { $1 })
            .part("images", filename: "cat.jpg", contentType: "image/jpeg", Images.gif)
        let reply = try await fixture.send(
            .post, "/api/products",
            headers: ["identifier": MarketVendor.localTeam.identifier, "Content-Type": body.contentType], body: body.bytes)
        #expect(reply.status == 400)
        #expect(reply.message == "image 1 is not a JPEG or PNG file")
    }

    @Test func fieldsSentAsSeparateFormPartsAre400() async throws {
        let fixture = try MarketFixture()
        var body = MultipartBody()
        for (key, value) in Products.valid() { body = body.part(key, Array("\(value)".utf8)) }
        body = body.part("secret", Array(MarketVendor.localTeam.secret.utf8)).files("images", [Images.jpeg()])
        let reply = try await fixture.send(
            .post, "/api/products",
            headers: ["identifier": MarketVendor.localTeam.identifier, "Content-Type": body.contentType], body: body.bytes)
        #expect(reply.status == 400)
        #expect(reply.message == "Required part 'params' is not present.")
    }

    @Test func twoParamsPartsAre400() async throws {
        let fixture = try MarketFixture()
        let params = Products.valid().merging(["secret": MarketVendor.localTeam.secret]) { $1 }
        let body = MultipartBody().json("params", params).json("params", params).files("images", [Images.jpeg()])
        let reply = try await fixture.send(
            .post, "/api/products",
            headers: ["identifier": MarketVendor.localTeam.identifier, "Content-Type": body.contentType], body: body.bytes)
        #expect(reply.status == 400)
        #expect(reply.message == "exactly one 'params' part is allowed, got 2")
    }

    @Test func paramsThatAreNotJSONAre400() async throws {
        let fixture = try MarketFixture()
        let body = MultipartBody()
            .part("params", contentType: "application/json", Array("{name: nope".utf8))
            .files("images", [Images.jpeg()])
        let reply = try await fixture.send(
            .post, "/api/products",
            headers: ["identifier": MarketVendor.localTeam.identifier, "Content-Type": body.contentType], body: body.bytes)
        #expect(reply.status == 400)
        #expect(reply.message.hasPrefix("params is not valid JSON"))
    }

    @Test func bareLineFeedMultipartIs400() async throws {
        let fixture = try MarketFixture()
        let crlf = MultipartBody()
            .json("params", Products.valid().merging(["secret": MarketVendor.localTeam.secret]) { $1 })
            .files("images", [Images.png()])
        // The same body with every CRLF turned into LF (the image bytes hold no CR).
        var lf: [UInt8] = []
        for (index, byte) in crlf.bytes.enumerated() where !(byte == 0x0D && crlf.bytes[safe: index + 1] == 0x0A) {
            lf.append(byte)
        }
        let reply = try await fixture.send(
            .post, "/api/products",
            headers: ["identifier": MarketVendor.localTeam.identifier, "Content-Type": crlf.contentType], body: lf)
        #expect(reply.status == 400)
        #expect(reply.json["code"]?.int == 400)
    }

    @Test func multipartWithoutABoundaryIs400AndOtherTypesAre415() async throws {
        let fixture = try MarketFixture()
        let noBoundary = try await fixture.send(
            .post, "/api/products",
            headers: ["identifier": MarketVendor.localTeam.identifier, "Content-Type": "multipart/form-data"], body: [1])
        #expect(noBoundary.status == 400)
        #expect(noBoundary.message == "the multipart boundary is missing or invalid")
        let json = try await fixture.sendJSON(.post, "/api/products", Products.valid())
        #expect(json.status == 415)
        #expect(json.json["code"]?.int == 415)
    }
}

extension Array {
    subscript(safe index: Int) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}
