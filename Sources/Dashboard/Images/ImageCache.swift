import Foundation
import Synchronization

/// Product images from the upstream, kept in a memory tier and a disk tier, both bounded in
/// bytes and evicting least recently used.
///
/// A miss in memory starts one load per URL (disk, then upstream) however many requests wait
/// for it. Content is checked by magic bytes (JPEG, PNG, GIF, WebP) and size before anything is
/// kept; refused content and upstream errors are remembered for `failureCooldown`, so a page full
/// of broken images does not ask the upstream again on every reload.
public final class ImageCache: Sendable {
    public typealias Fetcher = @Sendable (URL) async throws -> (bytes: [UInt8], contentType: String?)
    public typealias Clock = @Sendable () -> ContinuousClock.Instant

    /// Largest image accepted; the fetcher may use it to stop reading early.
    public let maxImageBytes: Int
    public let failureCooldown: Duration
    let disk: ImageDiskTier
    private let fetcher: Fetcher
    private let now: Clock
    let state: Mutex<State>

    struct Load: Sendable {
        let task: Task<CachedImage, any Error>
        var waiters = 0
    }

    struct State: Sendable {
        var memory: ImageMemoryTier
        var loads: [String: Load] = [:]
        var failures = LRUDictionary<String, ContinuousClock.Instant>()
        var memoryHits = 0
        var diskHits = 0
        var upstreamFetches = 0
        var upstreamFailures = 0
        var refused = 0
    }

    private enum Decision {
        case hit(CachedImage)
        case failed
        case wait(Task<CachedImage, any Error>)
    }

    /// Failed URLs remembered at most (each a few hundred bytes).
    static let maxRememberedFailures = 1024

    public init(
        directory: URL,
        memoryCapacity: Int = 32 * 1024 * 1024,
        diskCapacity: Int = 256 * 1024 * 1024,
        maxImageBytes: Int = 5 * 1024 * 1024,
        failureCooldown: Duration = .seconds(30),
        now: @escaping Clock = { ContinuousClock.now },
        fetcher: @escaping Fetcher
    ) throws {
        self.disk = try ImageDiskTier(directory: directory, capacity: diskCapacity)
        self.maxImageBytes = maxImageBytes
        self.failureCooldown = failureCooldown
        self.fetcher = fetcher
        self.now = now
        self.state = Mutex(State(memory: ImageMemoryTier(capacity: memoryCapacity)))
    }

    /// The image at `url`: from memory, from disk, or fetched once from the upstream.
    /// Throws `ImageCacheError` for refused content and the fetcher's error when it fails.
    public func image(for url: URL) async throws -> CachedImage {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw ImageCacheError.unsupportedScheme
        }
        let key = url.absoluteString
        let decision = state.withLock { state -> Decision in
            if let image = state.memory.image(for: key) {
                state.memoryHits += 1
                return .hit(image)
            }
            if let failedAt = state.failures.peek(key) {
                if failedAt.duration(to: now()) < failureCooldown { return .failed }
                state.failures.removeValue(forKey: key)
            }
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

    /// The image only if it is in memory, without suspending: a cache hit answered on the
    /// connection's own thread.
    public func memoryImage(for url: URL) -> CachedImage? {
        let key = url.absoluteString
        return state.withLock { state in
            guard let image = state.memory.image(for: key) else { return nil }
            state.memoryHits += 1
            return image
        }
    }

    /// Disk, then upstream; records the outcome before returning so that a request arriving
    /// just after sees it in memory (or as a recent failure) instead of starting another load.
    private func load(_ url: URL, key: String) async throws -> CachedImage {
        let name = SHA256.hex(key.utf8)
        do {
            let image: CachedImage
            if let bytes = disk.read(name), let stored = try? CachedImage.validated(bytes, maxBytes: maxImageBytes) {
                state.withLock { $0.diskHits += 1 }
                image = stored
            } else {
                disk.forget(name)
                state.withLock { $0.upstreamFetches += 1 }
                let fetched = try await fetcher(url)
                image = try CachedImage.validated(fetched.bytes, maxBytes: maxImageBytes)
                disk.write(name, image.bytes)
            }
            state.withLock { state in
                state.memory.insert(image, for: key)
                state.loads[key] = nil
            }
            return image
        } catch {
            state.withLock { state in
                if error is ImageCacheError { state.refused += 1 } else { state.upstreamFailures += 1 }
                state.failures.setValue(now(), forKey: key)
                if state.failures.count > Self.maxRememberedFailures { state.failures.removeLeastRecentlyUsed() }
                state.loads[key] = nil
            }
            throw error
        }
    }

    /// Requests waiting on the load of `url` (tests use it to know everyone has joined).
    func waiters(for url: URL) -> Int {
        state.withLock { $0.loads[url.absoluteString]?.waiters ?? 0 }
    }

    /// Drops the memory tier (tests use it to reach the disk tier).
    func clearMemory() {
        state.withLock { $0.memory.removeAll() }
    }
}
