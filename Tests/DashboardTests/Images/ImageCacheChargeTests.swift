import Foundation
import Glibc
import Testing

@testable import Dashboard
import DashboardEngine

/// The image caches charge what an entry really costs, not only its payload: many tiny images
/// under long URLs must not hold far more than the configured bounds.
@Suite struct ImageCacheChargeTests {
    @Test func memoryTier_chargesKeysAndTags_soTinyImagesUnderLongURLsStayWithinTheBudget() {
        var tier = ImageMemoryTier(capacity: 20_000)
        let bytes = ImageFixtures.gif(10)
        let image = CachedImage(bytes: bytes, contentType: "image/gif", etag: CachedImage.etag(for: bytes))
        for index in 0..<500 {
            let key = "https://images.example.test/" + String(repeating: "k", count: 1000) + "/\(index).gif"
            tier.insert(image, for: key)
        }
        // Counting payloads only, all 500 (5 KB of "images") would be kept under 500 KB of keys.
        #expect(tier.bytes <= 20_000)
        #expect(tier.count * 1000 <= 20_000, "\(tier.count) entries with 1 KB keys")
        #expect(tier.count >= 10, "it still keeps what fits")
    }

    @Test func memoryTier_replacingAnEntry_keepsTheCountRight() {
        var tier = ImageMemoryTier(capacity: 100_000)
        let a = CachedImage(bytes: ImageFixtures.png(300), contentType: "image/png", etag: CachedImage.etag(for: ImageFixtures.png(300)))
        let b = CachedImage(bytes: ImageFixtures.png(100), contentType: "image/png", etag: CachedImage.etag(for: ImageFixtures.png(100)))
        tier.insert(a, for: "k")
        tier.insert(b, for: "k")
        #expect(tier.bytes == ImageMemoryTier.charge(b, key: "k"))
    }

    @Test func diskTier_chargesWholeBlocks_soTinyFilesCannotMultiply() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let tier = try ImageDiskTier(directory: directory.url, capacity: 64 * 1024)
        for index in 0..<100 {
            tier.write(SHA256.hex(Array("image-\(index)".utf8)), ImageFixtures.gif(10))
        }
        // 100 files of 10 bytes are 1 KB of payload but 100 disk blocks.
        #expect(tier.count <= 64 * 1024 / ImageDiskTier.blockSize)
        #expect(directory.fileNames.count == tier.count)
        #expect(tier.bytes <= 64 * 1024)
        #expect(ImageDiskTier.charge(size: 4096) == 4096 + ImageDiskTier.entryOverhead)
        #expect(ImageDiskTier.charge(size: 4097) == 8192 + ImageDiskTier.entryOverhead)
    }

    /// A cached file dated after 2262 (its nanoseconds since 1970 overflow `Int`) neither traps
    /// the start-up scan nor the next write's time stamp.
    @Test func diskTier_withAFileDatedAfter2262_startsAndWrites() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let old = SHA256.hex(Array("image-old".utf8))
        do {
            let tier = try ImageDiskTier(directory: directory.url, capacity: 64 * 1024)
            tier.write(old, ImageFixtures.gif(10))
        }
        let future = timespec(tv_sec: 10_413_792_000, tv_nsec: 0)  // 2300-01-01
        var times = [future, future]
        #expect(utimensat(AT_FDCWD, directory.url.path + "/" + old, &times, 0) == 0)
        let tier = try ImageDiskTier(directory: directory.url, capacity: 64 * 1024)
        #expect(tier.read(old) == ImageFixtures.gif(10))
        let new = SHA256.hex(Array("image-new".utf8))
        tier.write(new, ImageFixtures.gif(12))
        #expect(tier.read(new) == ImageFixtures.gif(12))
        #expect(tier.count == 2)
    }
}
