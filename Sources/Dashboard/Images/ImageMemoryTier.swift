import DashboardEngine

/// The in-memory tier: images by their URL's registry key, bounded in bytes, least recently
/// used evicted first. A value type kept inside `ImageCache`'s lock.
///
/// `bytes` counts what entries really hold: the payload plus the key, the ETag, the content
/// type and a fixed `entryOverhead` for the list node, the table slot and the response headers,
/// so thousands of tiny images cannot hold far more memory than the budget says.
struct ImageMemoryTier: Sendable {
    /// The LRU node, the dictionary slot, the strings' and array's headers, and the two arrays
    /// of response header fields (the strings in them are shared), per entry.
    static let entryOverhead = 160 + 2 * 128

    static func charge(_ image: CachedImage, key: String) -> Int {
        image.bytes.count + key.utf8.count + image.etag.utf8.count + image.contentType.utf8.count + entryOverhead
    }

    let capacity: Int
    private(set) var bytes = 0
    private var images = LRUDictionary<String, CachedImage>()

    init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    var count: Int { images.count }

    /// The image, marked as just used.
    mutating func image(for key: String) -> CachedImage? {
        images.value(forKey: key)
    }

    func contains(_ key: String) -> Bool { images.contains(key) }

    /// The image without changing the order.
    func peek(_ key: String) -> CachedImage? { images.peek(key) }

    /// The image without changing the order, and whether it is among the recently used (then
    /// there is no need to mark it used again; see `LRUDictionary.peekWithRecency`).
    func peekWithRecency(_ key: String) -> (image: CachedImage, isRecent: Bool)? {
        images.peekWithRecency(key).map { ($0.value, $0.isRecent) }
    }

    /// Stores `image`, evicting the least recently used until the tier fits its budget. An
    /// image larger than the whole budget is not kept.
    mutating func insert(_ image: CachedImage, for key: String) {
        let charge = Self.charge(image, key: key)
        guard charge <= capacity else { return }
        if let replaced = images.setValue(image, forKey: key) {
            bytes -= Self.charge(replaced, key: key)
        }
        bytes += charge
        while bytes > capacity, let evicted = images.removeLeastRecentlyUsed() {
            bytes -= Self.charge(evicted.value, key: evicted.key)
        }
    }

    mutating func removeAll() {
        images.removeAll()
        bytes = 0
    }

    /// Keys from the least to the most recently used (for tests and diagnostics).
    var keysByAge: [String] { images.entriesByAge.map(\.key) }
}
