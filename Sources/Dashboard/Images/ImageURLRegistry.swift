import DashboardEngine
import Foundation
import Locks
import Synchronization

/// The image URLs the upstream itself returned, by key. `/images/{key}` serves only these, so
/// the server cannot be used to fetch arbitrary URLs.
///
/// A key is the first 32 hex digits of the SHA-256 of the absolute URL: deterministic, so
/// nothing is persisted; a restarted server registers the same keys again as it renders pages.
/// Bounded: the least recently used URLs are forgotten first (an old page's image then answers
/// 404 until a page showing it is rendered again).
final class ImageURLRegistry: Sendable {
    static let keyLength = 32
    let capacity: Int
    /// Read on every image request and every page render on every event loop; written
    /// when a page shows a URL not seen lately.
    private let state: ReadWriteLock<State>
    /// Set, for good, once more than half the capacity is registered (see `mayForget`): read
    /// on every image request and page render, without the lock.
    private let isOverHalf = Atomic<Bool>(false)

    private struct State {
        /// The URL of each key, in order of use.
        var urls = LRUDictionary<String, URL>()
        /// The key of each registered URL, so that rendering a page (20 thumbnails, each on
        /// every render) hashes a URL for a dictionary lookup instead of computing its SHA-256.
        var keys: [URL: String] = [:]
        /// How many registered URLs each origin (`scheme://host:port`) has: the places an image
        /// redirect may lead to (see `ImageRedirectRule`).
        var origins: [String: Int] = [:]

        mutating func count(_ url: URL, by change: Int) {
            guard let origin = ImageURLRegistry.origin(of: url) else { return }
            let count = origins[origin, default: 0] + change
            origins[origin] = count > 0 ? count : nil
        }
    }

    init(capacity: Int = 50_000) {
        self.capacity = max(1, capacity)
        self.state = ReadWriteLock(State())
    }

    /// False while the registry is at most half full: then it has never forgotten a URL, and
    /// will not before more are registered. The count drops only by eviction, above the
    /// capacity, so once true it stays true.
    var mayForget: Bool { isOverHalf.load(ordering: .acquiring) }

    /// Remembers `url` and returns its key, for a link `/images/{key}`.
    @discardableResult
    func register(_ url: URL) -> String {
        // Pages register every thumbnail on every render: most are already there, answered
        // under the shared lock. Below half the capacity nothing was ever evicted (the count
        // only drops by eviction, above the capacity), so every remembered key is registered,
        // and nothing is close to eviction: the order of use is left alone (a page of 20 would
        // otherwise move half its thumbnails to the newest end, under the exclusive lock, on
        // every render).
        let known = state.read { state -> (key: String, isRecent: Bool)? in
            guard let key = state.keys[url] else { return nil }
            if state.urls.count <= capacity / 2 { return (key, true) }
            guard let found = state.urls.peekWithRecency(key) else { return nil }
            return (key, found.isRecent)
        }
        if let known, known.isRecent { return known.key }
        let key = known?.key ?? Self.key(for: url)
        state.write { state in
            if let replaced = state.urls.setValue(url, forKey: key) { state.count(replaced, by: -1) }
            state.count(url, by: 1)
            state.keys[url] = key
            if state.urls.count > capacity / 2, !isOverHalf.load(ordering: .relaxed) { isOverHalf.store(true, ordering: .releasing) }
            if state.urls.count > capacity, let evicted = state.urls.removeLeastRecentlyUsed() {
                state.keys[evicted.value] = nil
                state.count(evicted.value, by: -1)
            }
            // Two URL values with one absolute string share a key; the memo then outgrows the
            // registry by the stale one: rebuild it from the registry now and then.
            if state.keys.count > 2 * capacity {
                state.keys = Dictionary(state.urls.entriesByAge.map { ($0.value, $0.key) }, uniquingKeysWith: { $1 })
            }
        }
        return key
    }

    /// The URL registered under `key`, or nil.
    func url(for key: String) -> URL? {
        guard Self.isWellFormedKey(key) else { return nil }
        guard let found = state.read({ $0.urls.peekWithRecency(key) }) else { return nil }
        if !found.isRecent { state.write { _ = $0.urls.value(forKey: key) } }
        return found.value
    }

    var count: Int { state.read { $0.urls.count } }

    /// True when `url` has the scheme, host and port of a registered image URL.
    func knowsOrigin(of url: URL) -> Bool {
        guard let origin = Self.origin(of: url) else { return false }
        return state.read { $0.origins[origin] != nil }
    }

    /// `scheme://host:port`, lowercased, with the scheme's default port filled in; nil for
    /// anything but http and https with a host.
    static func origin(of url: URL) -> String? {
        guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased(), !host.isEmpty else { return nil }
        let port: Int
        switch scheme {
        case "http": port = url.port ?? 80
        case "https": port = url.port ?? 443
        default: return nil
        }
        return "\(scheme)://\(host):\(port)"
    }

    static func key(for url: URL) -> String {
        String(SHA256.hex(url.absoluteString.utf8).prefix(keyLength))
    }

    /// Exactly 32 lowercase hex digits.
    static func isWellFormedKey(_ key: String) -> Bool {
        // Over the bytes in place: every image request checks its key.
        let isHex = { (byte: UInt8) in (0x30...0x39).contains(byte) || (0x61...0x66).contains(byte) }
        guard key.utf8.count == keyLength else { return false }
        return key.utf8.withContiguousStorageIfAvailable { $0.allSatisfy(isHex) } ?? key.utf8.allSatisfy(isHex)
    }
}
