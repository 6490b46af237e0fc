import Foundation
import HTTPServer
import Synchronization
import Testing
@testable import Dashboard
import DashboardEngine

/// Lines a logger wrote.
final class LogLines: Sendable {
    private let lines = Mutex<[String]>([])
    var all: [String] { lines.withLock { $0 } }
    var logger: ServerLogger {
        ServerLogger(level: .warning) { line in self.lines.withLock { $0.append(line) } }
    }
}

@Suite(.timeLimit(.minutes(3)))
struct ImageHandlerTests {
    static let publicDirectory = DashboardHarness.checkout.appendingPathComponent("Public")

    let upstream = ScriptedMarket()
    let directory = TemporaryDirectory()
    let registry = ImageURLRegistry()
    let log = LogLines()
    let handler: ImageHandler
    let placeholder: [UInt8]

    init() throws {
        let cache = try ImageCache(directory: directory.url, fetcher: upstream.imageFetcher)
        handler = try ImageHandler(
            registry: registry, cache: cache, publicDirectory: Self.publicDirectory, logger: log.logger)
        placeholder = try [UInt8](Data(contentsOf: Self.publicDirectory.appendingPathComponent("images/placeholder.png")))
    }

    static func request(_ key: String, headers: HTTPHeaders = [:], method: HTTPMethod = .get) -> HTTPRequest {
        HTTPRequest(method: method, target: "/images/\(key)", headers: headers, pathParameters: ["key": key])
    }

    /// Registers `url` with the upstream serving `bytes`; returns the key.
    func known(_ url: URL, _ bytes: [UInt8]) -> String {
        upstream.serveImage(url, bytes)
        return registry.register(url)
    }

    @Test func aKnownImageComesWithTypeStrongETagAndLongCaching() async throws {
        defer { directory.remove() }
        let bytes = ImageFixtures.jpeg(1500)
        let key = known(ImageFixtures.url("1.jpg"), bytes)
        let response = try await handler.handle(Self.request(key))
        #expect(response.status == .ok)
        #expect(response.headers["Content-Type"] == "image/jpeg")
        #expect(response.headers["ETag"] == "\"" + SHA256.hex(bytes).prefix(32) + "\"")
        #expect(response.headers["Cache-Control"] == "public, max-age=31536000, immutable")
        guard case .bytes(let body) = response.body else { Issue.record("expected bytes"); return }
        #expect(body == bytes)
        #expect(log.all.isEmpty)
    }

    @Test(arguments: ["{etag}", "W/{etag}", "\"0123\", {etag}", "*"])
    func ifNoneMatchNamingTheTagGives304(header: String) async throws {
        defer { directory.remove() }
        let bytes = ImageFixtures.png(700)
        let key = known(ImageFixtures.url("2.png"), bytes)
        let etag = CachedImage.etag(for: bytes)
        let value = header.replacingOccurrences(of: "{etag}", with: etag)
        let response = try await handler.handle(Self.request(key, headers: ["If-None-Match": value]))
        #expect(response.status == .notModified)
        #expect(response.body.count == 0)
        #expect(response.headers["ETag"] == etag)
        #expect(response.headers["Cache-Control"] == ImageHandler.cacheControl)
    }

    @Test func ifNoneMatchNamingAnotherTagGivesTheImage() async throws {
        defer { directory.remove() }
        let key = known(ImageFixtures.url("3.gif"), ImageFixtures.gif(300))
        let response = try await handler.handle(Self.request(key, headers: ["If-None-Match": "\"deadbeef\""]))
        #expect(response.status == .ok)
        #expect(response.body.count == 300)
    }

    @Test(arguments: [
        "0123456789abcdef0123456789abcdef",  // well formed, never registered
        "", "abc", "../../etc/passwd", "0123456789ABCDEF0123456789ABCDEF",
        "0123456789abcdef0123456789abcdef0",
    ])
    func anUnknownOrMalformedKeyIs404(key: String) async throws {
        defer { directory.remove() }
        let error = await #expect(throws: HTTPError.self) { try await handler.handle(Self.request(key)) }
        #expect(error?.status == .notFound)
        #expect(throws: HTTPError(.notFound, "There is no such image.")) { try handler.respondImmediately(Self.request(key)) }
        #expect(upstream.imageFetchCount == 0)
    }

    @Test func theKeyIsCaseSensitiveLowercaseHex() async throws {
        defer { directory.remove() }
        let key = known(ImageFixtures.url("4.jpg"), ImageFixtures.jpeg())
        await #expect(throws: HTTPError.self) { try await handler.handle(Self.request(key.uppercased())) }
        #expect(try await handler.handle(Self.request(key)).status == .ok)
    }

    @Test func anUpstreamFailureServesThePlaceholderUncachedAndLogsWithoutTheURL() async throws {
        defer { directory.remove() }
        let url = try #require(URL(string: "https://cdn.example.test/p/secret-name.jpg?X-Amz-Signature=SIGNATURE"))
        upstream.failImage(url)
        let key = registry.register(url)
        let response = try await handler.handle(Self.request(key))
        #expect(response.status == .ok)
        #expect(response.headers["Content-Type"] == "image/png")
        #expect(response.headers["Cache-Control"] == "no-store")
        #expect(response.headers["ETag"] == nil)
        guard case .bytes(let body) = response.body else { Issue.record("expected bytes"); return }
        #expect(body == placeholder)
        #expect(ImageFormat(sniffing: body) == .png)

        let lines = log.all
        #expect(lines.count == 1)
        #expect(lines.first?.contains(key) == true)
        #expect(lines.first?.contains("cdn.example.test") == true)
        #expect(lines.allSatisfy { !$0.contains("SIGNATURE") && !$0.contains("secret-name") })
    }

    @Test func contentThatIsNotAnImageServesThePlaceholder() async throws {
        defer { directory.remove() }
        let key = known(ImageFixtures.url("evil.svg"), ImageFixtures.svg)
        let response = try await handler.handle(Self.request(key))
        #expect(response.headers["Content-Type"] == "image/png")
        guard case .bytes(let body) = response.body else { Issue.record("expected bytes"); return }
        #expect(body == placeholder)
        #expect(log.all.first?.contains("not a JPEG, PNG, GIF or WebP") == true)
    }

    @Test func aCachedImageIsAnsweredWithoutSuspending() async throws {
        defer { directory.remove() }
        let key = known(ImageFixtures.url("5.webp"), ImageFixtures.webp(900))
        #expect(try handler.respondImmediately(Self.request(key)) == nil)  // not loaded yet
        _ = try await handler.handle(Self.request(key))
        let immediate = try #require(try handler.respondImmediately(Self.request(key)))
        #expect(immediate.status == .ok)
        #expect(immediate.headers["Content-Type"] == "image/webp")
        #expect(immediate.body.count == 900)
    }

    @Test func aMissingPlaceholderStopsStartUp() throws {
        defer { directory.remove() }
        let cache = try ImageCache(directory: directory.url, fetcher: upstream.imageFetcher)
        #expect(throws: (any Error).self) {
            try ImageHandler(registry: registry, cache: cache, publicDirectory: directory.url)
        }
    }

    @Test func overARealSocket() async throws {
        defer { directory.remove() }
        let bytes = ImageFixtures.jpeg(20_000)
        let key = known(ImageFixtures.url("socket.jpg"), bytes)
        let broken = ImageFixtures.url("broken.jpg")
        upstream.failImage(broken)
        let brokenKey = registry.register(broken)
        var router = Router()
        router.add(.get, "/images/{key}", handler)
        let server = HTTPServer(configuration: ServerConfiguration(host: "127.0.0.1", port: 0), router: router)
        try server.start()
        defer { server.shutdown() }
        let port = server.port

        let first = try await HTTPTestClient.get(port, "/images/\(key)")
        #expect(first.status == 200)
        #expect(first.body == bytes)
        #expect(first.header("content-type") == "image/jpeg")
        #expect(first.header("cache-control") == ImageHandler.cacheControl)
        let etag = try #require(first.header("etag"))

        let revalidated = try await HTTPTestClient.get(port, "/images/\(key)", headers: ["If-None-Match": etag])
        #expect(revalidated.status == 304)
        #expect(revalidated.body.isEmpty)
        #expect(revalidated.header("etag") == etag)

        let head = try await HTTPTestClient.request(port, "HEAD", "/images/\(key)")
        #expect(head.status == 200)
        #expect(head.header("content-length") == "20000")
        #expect(head.body.isEmpty)

        let unknown = try await HTTPTestClient.get(port, "/images/00000000000000000000000000000000")
        #expect(unknown.status == 404)

        let placeholder = try await HTTPTestClient.get(port, "/images/\(brokenKey)")
        #expect(placeholder.status == 200)
        #expect(placeholder.header("cache-control") == "no-store")
        #expect(placeholder.body == self.placeholder)
        #expect(upstream.imageFetches(of: ImageFixtures.url("socket.jpg")) == 1)
    }

    /// A picture in memory answers with one lookup only while the registry has forgotten
    /// nothing: a key it forgot answers 404 even with its picture still in memory.
    @Test func aForgottenKeyIs404EvenWithItsPictureInMemory() async throws {
        defer { directory.remove() }
        let registry = ImageURLRegistry(capacity: 2)
        let cache = try ImageCache(directory: directory.url, fetcher: upstream.imageFetcher)
        let handler = ImageHandler(registry: registry, cache: cache, placeholder: placeholder)
        let (a, b, c) = (ImageFixtures.url("a.jpg"), ImageFixtures.url("b.jpg"), ImageFixtures.url("c.jpg"))
        for url in [a, b, c] { upstream.serveImage(url, ImageFixtures.jpeg(1500)) }
        let keyA = registry.register(a)
        #expect(try await handler.handle(Self.request(keyA)).status == .ok)
        #expect(!registry.mayForget)
        #expect(try handler.respondImmediately(Self.request(keyA))?.status == .ok)  // from memory
        registry.register(b)
        registry.register(c)  // over capacity: a, the oldest, is forgotten
        #expect(registry.url(for: keyA) == nil)
        #expect(cache.memoryImage(forKey: keyA) != nil)
        #expect(throws: HTTPError(.notFound, "There is no such image.")) { try handler.respondImmediately(Self.request(keyA)) }
    }

    /// The recycle bin's download of a picture no page showed registers it first: what the
    /// memory tier holds is always a key `/images/{key}` may answer, so the one-lookup answer
    /// serves nothing the registry does not allow.
    @Test func theBinsDownload_registersItsPicture_beforeTheTierHoldsIt() async throws {
        defer { directory.remove() }
        let registry = ImageURLRegistry(capacity: 8)
        let cache = try ImageCache(directory: directory.url, fetcher: upstream.imageFetcher)
        let handler = ImageHandler(registry: registry, cache: cache, placeholder: placeholder)
        let url = ImageFixtures.url("deleted.jpg")
        upstream.serveImage(url, ImageFixtures.jpeg(1500))
        let key = ImageURLRegistry.key(for: url)
        #expect(registry.url(for: key) == nil)
        let bytes = try await RegisteredImageSource(cache: cache, registry: registry).imageBytes(at: url)
        #expect(bytes == ImageFixtures.jpeg(1500))
        #expect(registry.url(for: key) == url)
        #expect(cache.memoryImage(forKey: key) != nil)
        #expect(try handler.respondImmediately(Self.request(key))?.status == .ok)
    }
}

/// The URLSession fetcher against a loopback image host (`HostileMarket`, which answers as the
/// test says), through the cache and the handler.
@Suite(.timeLimit(.minutes(3)))
struct ImageDownloaderTests {
    @Test func downloadedImagesAreServedAndFailuresBecomeThePlaceholder() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let photo = ImageFixtures.png(10_000)
        let upstream = try HostileMarket { request in
            switch request.target {
            case "/upstream/photo": HostileMarket.answer(status: 200, headers: [("Content-Type", "image/png")], body: photo)
            case "/upstream/page":
                HostileMarket.answer(
                    status: 200, headers: [("Content-Type", "text/html")], body: Array("<!doctype html><p>an error page with status 200</p>".utf8))
            default: HostileMarket.answer(status: 404)
            }
        }
        defer { upstream.stop() }
        let registry = ImageURLRegistry()
        var router = Router()
        let cache = try ImageCache(directory: directory.url, fetcher: ImageDownloader.fetcher(requestTimeout: .seconds(5)))
        let handler = try ImageHandler(
            registry: registry, cache: cache, publicDirectory: ImageHandlerTests.publicDirectory,
            logger: ServerLogger(level: .off))
        router.add(.get, "/images/{key}", handler)
        let server = HTTPServer(configuration: ServerConfiguration(host: "127.0.0.1", port: 0), router: router)
        try server.start()
        defer { server.shutdown() }

        func key(_ name: String) throws -> String {
            registry.register(try #require(URL(string: "\(upstream.baseURL)/upstream/\(name)")))
        }
        let image = try await HTTPTestClient.get(server.port, "/images/\(try key("photo"))")
        #expect(image.status == 200 && image.body == photo)
        #expect(image.header("content-type") == "image/png")

        let placeholder = try [UInt8](Data(contentsOf: ImageHandlerTests.publicDirectory.appendingPathComponent("images/placeholder.png")))
        for name in ["missing", "page"] {
            let answer = try await HTTPTestClient.get(server.port, "/images/\(try key(name))")
            #expect(answer.status == 200 && answer.body == placeholder)
            #expect(answer.header("cache-control") == "no-store")
        }
        #expect(upstream.received.count == 3)
        #expect(cache.stats.imageFetchFailures == 1 && cache.stats.refused == 1)
    }

    @Test func anAnnouncedBodyOverTheCapIsRefused() async throws {
        let upstream = try HostileMarket { _ in
            HostileMarket.answer(status: 200, headers: [("Content-Type", "image/png")], body: ImageFixtures.png(3000))
        }
        defer { upstream.stop() }
        let fetch = ImageDownloader.fetcher(maxBytes: 2000)
        let url = try #require(URL(string: "\(upstream.baseURL)/big"))
        await #expect(throws: ImageCacheError.tooLarge(limit: 2000)) { try await fetch(url) }
    }
}

@Suite struct ImageURLRegistryTests {
    @Test func keysAreTheFirst32HexDigitsOfTheURLsSHA256() throws {
        let registry = ImageURLRegistry()
        let url = try #require(URL(string: "https://s3.example.test/media/28/3dc4bac3_thumb"))
        let key = registry.register(url)
        #expect(key == String(SHA256.hex(url.absoluteString.utf8).prefix(32)))
        #expect(registry.url(for: key) == url)
        // Deterministic: a restarted server (a new registry) makes the same key.
        #expect(ImageURLRegistry().register(url) == key)
    }

    @Test func onlyRegisteredURLsResolve() {
        let registry = ImageURLRegistry()
        registry.register(ImageFixtures.url("a"))
        #expect(registry.url(for: ImageURLRegistry.key(for: ImageFixtures.url("b"))) == nil)
        #expect(registry.url(for: "not a key") == nil)
    }

    @Test func theLeastRecentlyUsedURLIsForgottenBeyondCapacity() {
        let registry = ImageURLRegistry(capacity: 2)
        let (a, b, c) = (ImageFixtures.url("a"), ImageFixtures.url("b"), ImageFixtures.url("c"))
        let keyA = registry.register(a)
        let keyB = registry.register(b)
        #expect(registry.url(for: keyA) == a)  // a used: b is now the oldest
        let keyC = registry.register(c)
        #expect(registry.count == 2)
        #expect(registry.url(for: keyB) == nil)
        #expect(registry.url(for: keyA) == a && registry.url(for: keyC) == c)
    }
}

@Suite struct ImageURLRegistryRecencyTests {
    /// Near capacity, a page rendered again keeps its thumbnails: registering marks them used.
    @Test func reRegisteringKeepsAURLAlive_nearCapacity() {
        let registry = ImageURLRegistry(capacity: 4)
        let urls = ["a", "b", "c", "d", "e"].map(ImageFixtures.url)
        let keyA = registry.register(urls[0])
        for url in urls[1...3] { registry.register(url) }
        #expect(registry.register(urls[0]) == keyA)  // a used again: b is now the oldest
        registry.register(urls[4])
        #expect(registry.url(for: keyA) == urls[0])
        #expect(registry.url(for: ImageURLRegistry.key(for: urls[1])) == nil)
        #expect(registry.count == 4)
    }
}
