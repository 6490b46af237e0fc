/// Counters of an `ImageCache`, for `/healthz`.
struct ImageCacheStats: Sendable, Equatable, Encodable {
    struct Tier: Sendable, Equatable, Encodable {
        var entries: Int
        var bytes: Int
        var capacityBytes: Int
        var hits: Int

        enum CodingKeys: String, CodingKey {
            case entries, bytes, capacityBytes = "capacity_bytes", hits
        }
    }

    var memory: Tier
    var disk: Tier
    /// Loads that went to the upstream (one per missing image, however many requests waited).
    var imageFetches: Int
    /// Upstream errors (network, status) while fetching.
    var imageFetchFailures: Int
    /// Images refused: not an image by magic bytes, empty, too large.
    var refused: Int

    /// Answered from memory or disk.
    var hits: Int { memory.hits + disk.hits }
    /// Loads that had to ask the upstream.
    var misses: Int { imageFetches }
    /// hits / (hits + misses), 0 before any request.
    var hitRate: Double {
        hits + misses == 0 ? 0 : Double(hits) / Double(hits + misses)
    }

    enum CodingKeys: String, CodingKey {
        case memory, disk, hits, misses, hitRate = "hit_rate"
        case imageFetches = "upstream_fetches", imageFetchFailures = "upstream_failures", refused
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(memory, forKey: .memory)
        try container.encode(disk, forKey: .disk)
        try container.encode(hits, forKey: .hits)
        try container.encode(misses, forKey: .misses)
        try container.encode(hitRate, forKey: .hitRate)
        try container.encode(imageFetches, forKey: .imageFetches)
        try container.encode(imageFetchFailures, forKey: .imageFetchFailures)
        try container.encode(refused, forKey: .refused)
    }
}

extension ImageCache {
    var stats: ImageCacheStats {
        let (diskEntries, diskBytes) = (disk.count, disk.bytes)
        let (entries, bytes, capacity) = memory.read { ($0.count, $0.bytes, $0.capacity) }
        let memoryHits = self.memoryHits.load(ordering: .relaxed)
        return state.withLock { state in
            ImageCacheStats(
                memory: .init(entries: entries, bytes: bytes, capacityBytes: capacity, hits: memoryHits),
                disk: .init(entries: diskEntries, bytes: diskBytes, capacityBytes: disk.capacity, hits: state.diskHits),
                imageFetches: state.imageFetches, imageFetchFailures: state.imageFetchFailures, refused: state.refused)
        }
    }
}
