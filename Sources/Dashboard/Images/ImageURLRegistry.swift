import Foundation
import HTTPServer

/// The image URLs the upstream itself returned, by key. `/images/{key}` serves only these, so
/// the server cannot be used to fetch arbitrary URLs.
///
/// A key is the first 32 hex digits of the SHA-256 of the absolute URL: deterministic, so
/// nothing is persisted; a restarted server registers the same keys again as it renders pages.
/// Bounded: the least recently used URLs are forgotten first (an old page's image then answers
/// 404 until a page showing it is rendered again).
public final class ImageURLRegistry: Sendable {
    public static let keyLength = 32
    public let capacity: Int
    /// Read on every image request by many connection threads, written when pages render.
    private let urls: ReadWriteLock<LRUDictionary<String, URL>>

    public init(capacity: Int = 50_000) {
        self.capacity = max(1, capacity)
        self.urls = ReadWriteLock(LRUDictionary())
    }

    /// Remembers `url` and returns its key, for a link `/images/{key}`.
    @discardableResult
    public func register(_ url: URL) -> String {
        let key = Self.key(for: url)
        // Pages register every thumbnail on every render: most are already there and recent.
        if urls.read({ $0.peekWithRecency(key)?.isRecent }) == true { return key }
        urls.write { urls in
            urls.setValue(url, forKey: key)
            if urls.count > capacity { urls.removeLeastRecentlyUsed() }
        }
        return key
    }

    /// The URL registered under `key`, or nil.
    public func url(for key: String) -> URL? {
        guard Self.isWellFormedKey(key) else { return nil }
        guard let found = urls.read({ $0.peekWithRecency(key) }) else { return nil }
        if !found.isRecent { urls.write { _ = $0.value(forKey: key) } }
        return found.value
    }

    public var count: Int { urls.read { $0.count } }

    public static func key(for url: URL) -> String {
        String(SHA256.hex(url.absoluteString.utf8).prefix(keyLength))
    }

    /// Exactly 32 lowercase hex digits.
    public static func isWellFormedKey(_ key: String) -> Bool {
        key.utf8.count == keyLength && key.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}
