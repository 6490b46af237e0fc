import Foundation
import Testing
@testable import Dashboard
import DashboardEngine
import MarketClient

@Suite(.timeLimit(.minutes(3)))
struct ImageCacheTests {
    let upstream = ScriptedMarket()
    let directory = TemporaryDirectory()
    let clock = FakeClock()

    func makeCache(
        memory: Int = 1 << 20, disk: Int = 1 << 20, maxImageBytes: Int = 5 * 1024 * 1024,
        upstream: ScriptedMarket? = nil
    ) throws -> ImageCache {
        try ImageCache(
            directory: directory.url, memoryCapacity: memory, diskCapacity: disk, maxImageBytes: maxImageBytes,
            now: clock.now, fetcher: (upstream ?? self.upstream).imageFetcher)
    }

    static func diskName(_ url: URL) -> String { SHA256.hex(url.absoluteString.utf8) }

    @Test func fiftyConcurrentRequestsForOneImageFetchItOnce() async throws {
        defer { directory.remove() }
        let held = ScriptedMarket()
        let gate = Gate()
        held.state.withLock { $0.imageGate = gate }
        let url = ImageFixtures.url("a.jpg")
        held.serveImage(url, ImageFixtures.jpeg(2048))
        let cache = try makeCache(upstream: held)

        try await withThrowingTaskGroup(of: CachedImage.self) { group in
            for _ in 0..<50 { group.addTask { try await cache.image(for: url) } }
            #expect(try await eventually { cache.waiters(for: url) == 50 })
            gate.open()
            var served = 0
            for try await image in group {
                #expect(image.bytes == ImageFixtures.jpeg(2048))
                #expect(image.contentType == "image/jpeg")
                served += 1
            }
            #expect(served == 50)
        }
        #expect(held.imageFetches(of: url) == 1)
        #expect(cache.stats.imageFetches == 1)
        // Later requests come from memory.
        _ = try await cache.image(for: url)
        #expect(held.imageFetches(of: url) == 1)
        #expect(cache.stats.memory.hits == 1)
    }

    @Test func memoryTierEvictsTheLeastRecentlyUsedByBytes() async throws {
        defer { directory.remove() }
        // Each entry is charged its payload plus `extra` (key, ETag, type, bookkeeping).
        let extra = ImageMemoryTier.charge(CachedImage(bytes: [], contentType: "image/png", etag: CachedImage.etag(for: [])), key: ImageURLRegistry.key(for: ImageFixtures.url("a")))
        let cache = try makeCache(memory: 3 * (100 + extra))
        let (a, b, c, d, e) = (ImageFixtures.url("a"), ImageFixtures.url("b"), ImageFixtures.url("c"),
                               ImageFixtures.url("d"), ImageFixtures.url("e"))
        for url in [a, b, c, d] { upstream.serveImage(url, ImageFixtures.png(100)) }
        upstream.serveImage(e, ImageFixtures.png(150))

        for url in [a, b, c] { _ = try await cache.image(for: url) }
        _ = try await cache.image(for: a)  // a becomes the most recently used
        _ = try await cache.image(for: d)  // four entries do not fit: b goes
        #expect(cache.memory.read { $0.keysByAge } == [c, a, d].map(ImageURLRegistry.key(for:)))
        #expect(cache.stats.memory.bytes == 3 * (100 + extra))

        _ = try await cache.image(for: e)  // 150 bytes: c, then a go
        #expect(cache.memory.read { $0.keysByAge } == [d, e].map(ImageURLRegistry.key(for:)))
        #expect(cache.stats.memory.bytes == 250 + 2 * extra)
        #expect(cache.stats.memory.entries == 2)

        // An evicted image comes back from disk, not from the upstream.
        _ = try await cache.image(for: b)
        #expect(upstream.imageFetches(of: b) == 1)
        #expect(cache.stats.disk.hits == 1)
    }

    @Test func anImageLargerThanTheMemoryBudgetIsServedButNotKept() async throws {
        defer { directory.remove() }
        let cache = try makeCache(memory: 100)
        let big = ImageFixtures.url("big")
        upstream.serveImage(big, ImageFixtures.gif(500))
        #expect(try await cache.image(for: big).bytes.count == 500)
        #expect(cache.stats.memory.entries == 0)
        #expect(cache.stats.disk.entries == 1)
    }

    @Test func diskTierSurvivesANewInstanceOverTheSameDirectory() async throws {
        defer { directory.remove() }
        let url = ImageFixtures.url("photo.webp")
        upstream.serveImage(url, ImageFixtures.webp(4000))
        let first = try await makeCache().image(for: url)

        let down = ScriptedMarket()
        down.state.withLock { $0.imagesDown = true }  // any fetch fails
        let restarted = try makeCache(upstream: down)
        #expect(restarted.stats.disk.entries == 1)
        #expect(restarted.stats.disk.bytes == ImageDiskTier.charge(size: 4000))
        let again = try await restarted.image(for: url)
        #expect(again == first)
        #expect(again.contentType == "image/webp")
        #expect(down.imageFetchCount == 0)
        #expect(restarted.stats.disk.hits == 1)
        #expect(directory.fileNames == [Self.diskName(url)])
    }

    @Test func diskTierEvictsTheLeastRecentlyUsedByBytesAcrossRestarts() async throws {
        defer { directory.remove() }
        let entry = ImageDiskTier.charge(size: 100)
        let cache = try makeCache(memory: 0, disk: entry * 5 / 2)
        let (a, b, c) = (ImageFixtures.url("a"), ImageFixtures.url("b"), ImageFixtures.url("c"))
        for url in [a, b, c] { upstream.serveImage(url, ImageFixtures.jpeg(100)) }

        _ = try await cache.image(for: a)
        _ = try await cache.image(for: b)
        _ = try await cache.image(for: a)  // read from disk: a becomes the most recent
        _ = try await cache.image(for: c)  // three files do not fit: b goes
        #expect(directory.fileNames == [Self.diskName(a), Self.diskName(c)])
        #expect(cache.disk.namesByAge == [Self.diskName(a), Self.diskName(c)])
        #expect(cache.stats.disk.bytes == 2 * entry)

        // A restart keeps the order (from file times) and drops a crash's leftover temp file.
        let leftover = directory.url.appendingPathComponent(".tmp-\(Self.diskName(b))-crashed")
        #expect(FileManager.default.createFile(atPath: leftover.path, contents: Data(ImageFixtures.jpeg(50))))
        let sameBudget = try makeCache(memory: 0, disk: entry * 5 / 2)
        #expect(sameBudget.disk.namesByAge == [Self.diskName(a), Self.diskName(c)])
        #expect(!directory.fileNames.contains(leftover.lastPathComponent))

        // A smaller budget on start evicts the older file.
        let smaller = try makeCache(memory: 0, disk: entry * 3 / 2)
        #expect(smaller.disk.namesByAge == [Self.diskName(c)])
        #expect(directory.fileNames == [Self.diskName(c)])
        #expect(smaller.stats.disk.bytes == entry)
    }

    @Test(arguments: [
        (ImageFixtures.jpeg(), "image/jpeg"), (ImageFixtures.png(), "image/png"), (ImageFixtures.gif(), "image/gif"),
        (ImageFixtures.gif87(), "image/gif"), (ImageFixtures.webp(), "image/webp"),
    ])
    func imagesAreRecognisedByTheirMagicBytes(bytes: [UInt8], contentType: String) async throws {
        defer { directory.remove() }
        let url = ImageFixtures.url("no-extension")
        // The upstream's own Content-Type is not trusted either way.
        upstream.serveImage(url, bytes, contentType: "text/html")
        let image = try await makeCache().image(for: url)
        #expect(image.contentType == contentType)
        #expect(image.bytes == bytes)
    }

    @Test func aDiskReadCountsAsUseAfterARestart() async throws {
        defer { directory.remove() }
        let cache = try makeCache(memory: 0)
        let (a, b) = (ImageFixtures.url("a"), ImageFixtures.url("b"))
        for url in [a, b] { upstream.serveImage(url, ImageFixtures.jpeg(100)) }
        _ = try await cache.image(for: a)
        _ = try await cache.image(for: b)
        _ = try await cache.image(for: a)  // from disk: now a is the more recently used

        let smaller = try makeCache(memory: 0, disk: ImageDiskTier.charge(size: 100) * 3 / 2)
        #expect(directory.fileNames == [Self.diskName(a)])
        #expect(smaller.disk.namesByAge == [Self.diskName(a)])
    }

    /// Refused samples by name (a 5 MB argument would be slow to describe in the test report).
    static let refused: [String: (bytes: @Sendable () -> [UInt8], error: ImageCacheError)] = [
        "svg": ({ ImageFixtures.svg }, .notAnImage),
        "svg with XML declaration": ({ ImageFixtures.svgWithXMLDeclaration }, .notAnImage),
        "html": ({ ImageFixtures.html }, .notAnImage),
        "RIFF but WAVE": ({ ImageFixtures.wave }, .notAnImage),
        "GIF88a": ({ ImageFixtures.gif88 }, .notAnImage),
        "empty": ({ [] }, .empty),
        "one byte over the 5 MB cap": ({ ImageFixtures.png(5 * 1024 * 1024 + 1) }, .tooLarge(limit: 5 * 1024 * 1024)),
    ]

    @Test(arguments: refused.keys.sorted())
    func contentThatIsNotAnAcceptableImageIsRefused(name: String) async throws {
        defer { directory.remove() }
        let sample = try #require(Self.refused[name])
        let url = ImageFixtures.url("sample")
        upstream.serveImage(url, sample.bytes(), contentType: "image/png")
        let cache = try makeCache()
        await #expect(throws: sample.error) { try await cache.image(for: url) }
        #expect(cache.stats.memory.entries == 0)
        #expect(cache.stats.disk.entries == 0)
        #expect(directory.fileNames.isEmpty)
        #expect(cache.stats.refused == 1)
    }

    @Test func anImageExactlyAtTheCapIsAccepted() async throws {
        defer { directory.remove() }
        let url = ImageFixtures.url("at-cap")
        upstream.serveImage(url, ImageFixtures.png(1000))
        #expect(try await makeCache(maxImageBytes: 1000).image(for: url).bytes.count == 1000)
    }

    @Test func etagIsStrongAndStableForTheSameBytes() async throws {
        defer { directory.remove() }
        let cache = try makeCache()
        let (one, two, other) = (ImageFixtures.url("one"), ImageFixtures.url("two"), ImageFixtures.url("other"))
        upstream.serveImage(one, ImageFixtures.jpeg(300))
        upstream.serveImage(two, ImageFixtures.jpeg(300))
        upstream.serveImage(other, ImageFixtures.jpeg(300, fill: 9))
        let first = try await cache.image(for: one)
        #expect(first.etag == "\"" + SHA256.hex(ImageFixtures.jpeg(300)).prefix(32) + "\"")
        #expect(first.etag.utf8.count == 34)
        #expect(try await cache.image(for: two).etag == first.etag)
        #expect(try await cache.image(for: other).etag != first.etag)
        cache.clearMemory()
        #expect(try await cache.image(for: one).etag == first.etag)  // recomputed from disk
    }

    @Test func aFailedImageIsNotAskedForAgainUntilTheCooldownEnds() async throws {
        defer { directory.remove() }
        let cache = try makeCache()
        let url = ImageFixtures.url("broken")
        upstream.failImage(url)
        await #expect(throws: MarketError.unreachable) { try await cache.image(for: url) }
        clock.advance(by: .seconds(29))
        await #expect(throws: ImageCacheError.recentlyFailed) { try await cache.image(for: url) }
        #expect(upstream.imageFetches(of: url) == 1)

        clock.advance(by: .seconds(2))
        upstream.serveImage(url, ImageFixtures.png())
        #expect(try await cache.image(for: url).contentType == "image/png")
        #expect(upstream.imageFetches(of: url) == 2)
        #expect(cache.stats.imageFetchFailures == 1)
    }

    @Test func onlyHTTPURLsAreFetched() async throws {
        defer { directory.remove() }
        let cache = try makeCache()
        for url in [URL(fileURLWithPath: "/etc/passwd"), URL(string: "ftp://example.test/a.png")!] {
            upstream.serveImage(url, ImageFixtures.png())
            await #expect(throws: ImageCacheError.unsupportedScheme) { try await cache.image(for: url) }
        }
        #expect(upstream.imageFetchCount == 0)
    }

    @Test func statsCountHitsAndMissesPerTier() async throws {
        defer { directory.remove() }
        let cache = try makeCache()
        let url = ImageFixtures.url("s")
        upstream.serveImage(url, ImageFixtures.png(64))
        _ = try await cache.image(for: url)  // upstream
        _ = try await cache.image(for: url)  // memory
        cache.clearMemory()
        _ = try await cache.image(for: url)  // disk
        let stats = cache.stats
        #expect(stats.memory.hits == 1 && stats.disk.hits == 1 && stats.misses == 1)
        #expect(stats.hits == 2)
        #expect(abs(stats.hitRate - 2.0 / 3.0) < 1e-9)
        let image = CachedImage(bytes: ImageFixtures.png(64), contentType: "image/png", etag: CachedImage.etag(for: ImageFixtures.png(64)))
        #expect(stats.memory.entries == 1 && stats.memory.bytes == ImageMemoryTier.charge(image, key: ImageURLRegistry.key(for: url)))
        #expect(stats.disk.entries == 1 && stats.disk.bytes == ImageDiskTier.charge(size: 64))
        let json = String(decoding: try JSONEncoder().encode(stats), as: UTF8.self)
        #expect(json.contains(#""hit_rate":"#) && json.contains(#""capacity_bytes":"#))
    }
}
