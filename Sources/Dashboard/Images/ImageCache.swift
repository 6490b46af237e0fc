import DashboardEngine
import Foundation
import Locks
import Synchronization

/// Product images from the upstream, kept in a memory tier and a disk tier, both bounded in
/// bytes and evicting least recently used. In memory an image is kept under its
/// `ImageURLRegistry` key, the key `/images/{key}` names, so that a request finds it with one
/// lookup; on disk under the SHA-256 of its URL.
///
/// A miss in memory starts one load per URL (disk, then upstream) however many requests wait
/// for it. The memory tier sits behind a reader-writer lock of its own: a hit takes only the
/// shared side (and the exclusive side only to refresh an entry drifting into the older half of
/// the LRU order, see `LRUDictionary.peekWithRecency`), because every image request of every
/// server thread passes here and a contended mutex would be the image route's main cost.
/// Content is checked by magic bytes (JPEG, PNG, GIF, WebP) and size before anything is kept;
/// refused content and upstream errors are remembered for `failureCooldown`, so a page full of
/// broken images does not ask the upstream again on every reload.
final class ImageCache: Sendable {
    typealias Fetcher = @Sendable (URL) async throws -> (bytes: [UInt8], contentType: String?)
    typealias Clock = @Sendable () -> ContinuousClock.Instant

    /// Largest image accepted; the fetcher may use it to stop reading early.
    let maxImageBytes: Int
    let failureCooldown: Duration
    let disk: ImageDiskTier
    private let fetcher: Fetcher
    private let now: Clock
    let memory: ReadWriteLock<ImageMemoryTier>
    let memoryHits = Atomic<Int>(0)
    /// Loads in flight, remembered failures and counters. Lock order: `state`, then `memory`.
    let state: Mutex<State>

    struct Load: Sendable {
        let task: Task<CachedImage, any Error>
        var waiters = 0
    }

    struct State: Sendable {
        var loads: [String: Load] = [:]
        var failures = LRUDictionary<String, ContinuousClock.Instant>()
        var diskHits = 0
        var imageFetches = 0
        var imageFetchFailures = 0
        var refused = 0
    }

    private enum Decision {
        case hit(CachedImage)
        case failed
        case wait(Task<CachedImage, any Error>)
    }

    /// Failed URLs remembered at most (each a few hundred bytes).
    static let maxRememberedFailures = 1024

    /// The largest image kept, and fetched (`ImageDownloader` stops reading there): the API's
    /// uploads are at most 300 KB, so 5 MB is room for any image the market really serves.
    static let defaultMaxImageBytes = 5 * 1024 * 1024

    init(
        directory: URL,
        memoryCapacity: Int = 32 * 1024 * 1024,
        diskCapacity: Int = 256 * 1024 * 1024,
        maxImageBytes: Int = ImageCache.defaultMaxImageBytes,
        failureCooldown: Duration = .seconds(30),
        now: @escaping Clock = { ContinuousClock.now },
        fetcher: @escaping Fetcher
    ) throws {
        self.disk = try ImageDiskTier(directory: directory, capacity: diskCapacity)
        self.maxImageBytes = maxImageBytes
        self.failureCooldown = failureCooldown
        self.fetcher = fetcher
        self.now = now
        self.memory = ReadWriteLock(ImageMemoryTier(capacity: memoryCapacity))
        self.state = Mutex(State())
    }

    /// The image at `url`: from memory, from disk, or fetched once from the upstream.
    /// Throws `ImageCacheError` for refused content and the fetcher's error when it fails.
    func image(for url: URL) async throws -> CachedImage {
        try await image(for: url, key: ImageURLRegistry.key(for: url))
    }

    /// The same, for a caller that knows the URL's registry key (`ImageURLRegistry.key(for:)`).
    func image(for url: URL, key: String) async throws -> CachedImage {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw ImageCacheError.unsupportedScheme
        }
        if let image = memoryImage(forKey: key) { return image }
        let decision = state.withLock { state -> Decision in
            // A load may have finished since: it stores in memory before it leaves `loads`.
            if let image = memory.read({ $0.peek(key) }) {
                memoryHits.add(1, ordering: .relaxed)
                return .hit(image)
            }
            if let failedAt = state.failures.peek(key) {
                if failedAt.duration(to: now()) < failureCooldown { return .failed }
                state.failures.removeValue(forKey: key)
            }
            // One download for every request waiting for this image; it ends with the download
            // (under the read deadline), as the requests that wait for it do.
            var load = state.loads[key] ?? Load(task: Task { try await self.load(url, key: key) })
            load.waiters += 1
            state.loads[key] = load
            return .wait(load.task)
        }
        switch decision {
        case .hit(let image): return image
        case .failed: throw ImageCacheError.recentlyFailed
        case .wait(let task): return try await task.value
        }
    }

    /// The image under `key` (its URL's registry key) only if it is in memory, without
    /// suspending: a cache hit answered on the connection's event loop.
    func memoryImage(forKey key: String) -> CachedImage? {
        guard let found = memory.read({ $0.peekWithRecency(key) }) else { return nil }
        if !found.isRecent { memory.write { _ = $0.image(for: key) } }
        memoryHits.add(1, ordering: .relaxed)
        return found.image
    }

    /// Disk, then upstream; records the outcome before returning so that a request arriving
    /// just after sees it in memory (or as a recent failure) instead of starting another load.
    private func load(_ url: URL, key: String) async throws -> CachedImage {
        let name = SHA256.hex(url.absoluteString.utf8)
        do {
            let image: CachedImage
            if let bytes = disk.read(name), let stored = try? CachedImage.validated(bytes, maxBytes: maxImageBytes) {
                state.withLock { $0.diskHits += 1 }
                image = stored
            } else {
                disk.forget(name)
                state.withLock { $0.imageFetches += 1 }
                let fetched = try await fetcher(url)
                image = try CachedImage.validated(fetched.bytes, maxBytes: maxImageBytes)
                disk.write(name, image.bytes)
            }
            memory.write { $0.insert(image, for: key) }
            state.withLock { $0.loads[key] = nil }
            return image
        } catch {
            state.withLock { state in
                if error is ImageCacheError { state.refused += 1 } else { state.imageFetchFailures += 1 }
                state.failures.setValue(now(), forKey: key)
                if state.failures.count > Self.maxRememberedFailures { state.failures.removeLeastRecentlyUsed() }
                state.loads[key] = nil
            }
            throw error
        }
    }

    /// Requests waiting on the load of `url` (tests use it to know everyone has joined).
    func waiters(for url: URL) -> Int {
        state.withLock { $0.loads[ImageURLRegistry.key(for: url)]?.waiters ?? 0 }
    }

    /// Drops the memory tier (tests use it to reach the disk tier).
    func clearMemory() {
        memory.write { $0.removeAll() }
    }
}
