import Foundation
@testable import HTTPServer
import Testing

@testable import Dashboard

/// Images on the pages (sizes, alt, lazy loading) and `/images/{key}` over the socket.
@Suite struct ImageRouteTests {
    static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF]
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    @Test(arguments: ["/products", "/products?view=grid&per_page=50", "/products/10", "/products/6"])
    func everyImage_hasSizeAndAlt(_ path: String) async throws {
        try await withDashboard(.shared) { dash in
            let images = HTMLScan.tags("img", in: try await dash.get(path).text)
            #expect(!images.isEmpty)
            for image in images {
                #expect(Int(image["width"] ?? "") ?? 0 > 0, "\(image)")
                #expect(Int(image["height"] ?? "") ?? 0 > 0, "\(image)")
                #expect(image["alt"] != nil, "\(image)")
            }
            // Product images name the product; only decorative thumbnail links use alt="".
            #expect(images.filter { ($0["alt"] ?? "").isEmpty }.allSatisfy { $0["width"] == "64" })
        }
    }

    /// The list shows one product a row and loads only the first eagerly; the grid's first
    /// row holds up to five.
    @Test(arguments: [("/products", 1), ("/products?view=grid", 5)])
    func onlyTheFirstRow_loadsEagerly(_ path: String, eager: Int) async throws {
        try await withDashboard(.shared) { dash in
            let products = try await dash.get(path).products
            #expect(products.count == 20)
            let lazy = products.map { HTMLScan.tags("img", in: $0.block).first?["loading"] }
            #expect(lazy == Array(repeating: nil, count: eager) + Array(repeating: "lazy", count: 20 - eager))
        }
    }

    @Test func detail_loadsTheFirstImageEagerlyAndTheRestLazily() async throws {
        try await withDashboard(.shared) { dash in
            let response = try await dash.get("/products/10")
            let slides = HTMLScan.blocks(in: response.text, from: "<li id=\"image-", to: "</li>")
            #expect(slides.map { HTMLScan.tags("img", in: $0).first?["loading"] } == [nil, "lazy", "lazy", "lazy", "lazy"])
        }
    }

    func imagePath(_ page: String, dash: DashboardHarness) async throws -> String {
        let images = HTMLScan.tags("img", in: try await dash.get(page).text).compactMap { $0["src"] }
        return try #require(images.first { $0.hasPrefix("/images/") })
    }

    @Test(arguments: [("/products/1", ImageRouteTests.jpeg, "image/jpeg"), ("/products/7", ImageRouteTests.png, "image/png")])
    func imageFromAPage_isServedWithStrongETagAndLongCaching(_ page: String, magic: [UInt8], type: String) async throws {
        try await withDashboard(.shared) { dash in
            let path = try await imagePath(page, dash: dash)
            let response = try await dash.get(path)
            #expect(response.status == 200)
            #expect(Array(response.body.prefix(magic.count)) == magic)
            #expect(response.header("Content-Type") == type)
            let etag = try #require(response.header("ETag"))
            #expect(etag.hasPrefix("\"") && etag.hasSuffix("\"") && etag.count > 2)
            let cacheControl = response.header("Cache-Control") ?? ""
            #expect(cacheControl.contains("max-age=31536000"))
            #expect(!cacheControl.contains("no-store"))
            // The same bytes the market serves.
            let direct = try await dash.marketProduct(page == "/products/1" ? 1 : 7)
            let original = ((direct["images"] as? [[String: Any]])?.first?["url"] as? String).flatMap(URL.init(string:))
            let fromMarket = try await HTTPTestClient.get(dash.marketPort, original?.path ?? "/")
            #expect(fromMarket.body == response.body)
        }
    }

    @Test func ifNoneMatch_givesNotModifiedWithoutBody() async throws {
        try await withDashboard(.shared) { dash in
            let path = try await imagePath("/products/3", dash: dash)
            let first = try await dash.get(path)
            let etag = try #require(first.header("ETag"))
            let again = try await dash.get(path, headers: ["If-None-Match": etag])
            #expect(again.status == 304)
            #expect(again.body.isEmpty)
            #expect(again.header("ETag") == etag)
            let other = try await dash.get(path, headers: ["If-None-Match": "\"something-else\""])
            #expect(other.status == 200)
            #expect(other.body == first.body)
        }
    }

    @Test func head_answersLikeGetWithoutTheBody() async throws {
        try await withDashboard(.shared) { dash in
            let path = try await imagePath("/products/5", dash: dash)
            let get = try await dash.get(path)
            let head = try await dash.head(path)
            #expect(head.status == 200)
            #expect(head.body.isEmpty)
            #expect(head.header("Content-Type") == get.header("Content-Type"))
            #expect(head.header("ETag") == get.header("ETag"))
            #expect(head.header("Content-Length") == String(get.body.count))
        }
    }

    /// Fifty browsers ask for one image nobody has fetched yet: all get it, the market is asked
    /// once. The market holds the image until all fifty wait on the one load, so they overlap.
    @Test func fiftyConcurrentRequests_fetchTheImageOnce() async throws {
        try await withRecordingMarket { market in
            let gate = Gate()
            market.hold("/images/", at: gate)
            let imageRequests = { market.received.filter { $0.path.hasPrefix("/images/") }.count }
            // The held fetch must not reach the read deadline while the fifty requests arrive.
            try await withDashboard(.recording(market), adjust: { $0.readTimeout = .seconds(3600) }) { dash in
                let path = try await imagePath("/products/4", dash: dash)
                let (cache, url) = try Self.imageCache(dash, path)
                let requests = Task {
                    try await withThrowingTaskGroup(of: [UInt8].self) { group in
                        for _ in 0..<50 { group.addTask { try await dash.get(path).body } }
                        var bodies: [[UInt8]] = []
                        for try await body in group { bodies.append(body) }
                        return bodies
                    }
                }
                // The one load has reached the market, which holds it, and all fifty wait on it.
                #expect(try await eventually { cache.waiters(for: url) == 50 && imageRequests() == 1 }, "all fifty wait on one load")
                gate.open()
                let bodies = try await requests.value
                #expect(bodies.count == 50)
                #expect(Set(bodies).count == 1)
                #expect(bodies.first.map { Array($0.prefix(3)) } == ImageRouteTests.jpeg)
                #expect(imageRequests() == 1)
                let health = try JSONSerialization.jsonObject(with: Data(try await dash.get("/healthz").body)) as? [String: Any]
                let images = health?["image_cache"] as? [String: Any]
                #expect(images?["upstream_fetches"] as? Int == 1)
            }
        }
    }

    /// The dashboard's image cache, reached through its `/images/{key}` route, and the market
    /// URL behind `path`.
    static func imageCache(_ dash: DashboardHarness, _ path: String) throws -> (ImageCache, URL) {
        guard case .found(let route, let parameters) = dash.app.server.core.router.match(method: .get, path: path) else {
            throw HTTPTestClient.Failure(description: "no route for \(path)")
        }
        let handler = try #require(route.handler as? ImageHandler)
        let url = try #require(parameters["key"].flatMap { handler.registry.url(for: $0) })
        return (handler.cache, url)
    }

    @Test(arguments: [
        "/images/0123456789abcdef0123456789abcdef",  // well formed, never on a page
        "/images/not-a-key", "/images/..%2F..%2Fetc%2Fpasswd", "/images/",
    ])
    func unknownKey_isNotFound(_ path: String) async throws {
        try await withDashboard(.shared) { dash in
            let response = try await dash.get(path)
            #expect(response.status == 404)
            #expect(!(response.header("Content-Type") ?? "").hasPrefix("image/"))
        }
    }
}
