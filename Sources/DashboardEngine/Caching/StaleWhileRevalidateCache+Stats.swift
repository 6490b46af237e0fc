/// Counters of a `StaleWhileRevalidateCache`, for `/healthz`.
struct StaleWhileRevalidateStats: Sendable, Equatable, Encodable {
    var entries: Int
    var maxEntries: Int
    /// Served fresh from the cache.
    var freshHits: Int
    /// Served stale (a refresh running or failed).
    var staleHits: Int
    /// Callers that had to wait for the upstream.
    var misses: Int

    /// Share of requests answered without waiting for the upstream (0 when there were none).
    var hitRate: Double {
        let total = freshHits + staleHits + misses
        return total == 0 ? 0 : Double(freshHits + staleHits) / Double(total)
    }

    enum CodingKeys: String, CodingKey {
        case entries, maxEntries = "max_entries", freshHits = "fresh_hits", staleHits = "stale_hits", misses
        case hitRate = "hit_rate"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(entries, forKey: .entries)
        try container.encode(maxEntries, forKey: .maxEntries)
        try container.encode(freshHits, forKey: .freshHits)
        try container.encode(staleHits, forKey: .staleHits)
        try container.encode(misses, forKey: .misses)
        try container.encode(hitRate, forKey: .hitRate)
    }
}

extension StaleWhileRevalidateCache {
    var stats: StaleWhileRevalidateStats {
        state.write { state in
            StaleWhileRevalidateStats(
                entries: state.entries.count, maxEntries: maxEntries,
                freshHits: freshHits.load(ordering: .relaxed), staleHits: state.staleHits, misses: state.misses)
        }
    }

    /// Callers waiting on the fetch for `key` (tests use it to know everyone has joined).
    func waiters(for key: Key) -> Int {
        state.write { $0.entries.peek(key)?.fetch?.waiters ?? 0 }
    }

    /// Waits until the fetch running for `key`, if any, has finished and been recorded.
    func waitForRefresh(_ key: Key) async {
        let task = state.write { $0.entries.peek(key)?.fetch?.task }
        _ = try? await task?.value
    }
}
