import Locks
import Synchronization

/// A cache for upstream JSON (RFC 5861 semantics, in process):
/// - fresh for `freshFor` after a fetch: served as it is;
/// - then stale: served at once while ONE background refresh runs, however many callers ask;
/// - a refresh still running `slowAfter` after it started marks what is served stale as
///   `isRefreshOverdue`, so a page can say the market is slow before the refresh gives up
///   (which takes up to the client's read timeout, 8 s by default, retries included);
/// - a failed refresh keeps the old value, served stale with `lastError` (stale-if-error),
///   until `hardExpiry` after the fetch; after that callers wait for a fetch and get its error;
/// - nothing cached: callers wait for a single in-flight fetch (single-flight) and all get its
///   value or its error.
/// At most `maxEntries` keys, least recently used evicted first, by a second-chance
/// approximation of that order (see `evictBeyondMaxEntries`). The clock is injected so tests
/// move time instead of sleeping.
package final class StaleWhileRevalidateCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    typealias Clock = @Sendable () -> ContinuousClock.Instant

    let freshFor: Duration
    let hardExpiry: Duration
    let slowAfter: Duration
    let maxEntries: Int
    let now: Clock
    /// A reader-writer lock: `freshValue(for:)`, the path of every cached page an event loop
    /// answers at once, takes only the shared side; `value(for:)`, the async path that may start
    /// or join a fetch, and every write take the exclusive side. Under a Mutex, a preempted
    /// holder would put the other threads to sleep.
    let state = ReadWriteLock(State())
    let freshHits = Atomic<Int>(0)

    /// A value as fetched, and when (a class, and a `CacheTime`: see `Fetched` and `CacheTime`).
    typealias Stored = Fetched<Value>

    struct Fetch: Sendable {
        let id: UInt64
        let startedAt: CacheTime
        let task: Task<Stored, any Error>
        var waiters = 0
    }

    struct Entry: Sendable {
        var stored: Stored?
        var lastError: (any Error)?
        var fetch: Fetch?
    }

    struct State: Sendable {
        var entries = LRUDictionary<Key, Entry>()
        /// Each entry's stored value, by key: what `freshValue(for:)` reads. One lookup hands
        /// back one reference, where reading it from `entries` copies the entry's node (its key,
        /// its error, its fetch) out and back.
        var stored: [Key: Stored] = [:]
        var nextFetchID: UInt64 = 0
        var staleHits = 0
        var misses = 0
    }

    private enum Decision {
        case serve(CachedValue<Value>)
        case wait(Task<Stored, any Error>)
    }

    init(
        freshFor: Duration = .seconds(10),
        hardExpiry: Duration = .seconds(600),
        slowAfter: Duration = .seconds(2),
        maxEntries: Int = 256,
        now: @escaping Clock = { ContinuousClock.now }
    ) {
        self.freshFor = freshFor
        self.hardExpiry = max(hardExpiry, freshFor)
        self.slowAfter = slowAfter
        self.maxEntries = max(1, maxEntries)
        self.now = now
    }

    /// The cached value for `key`, fetching with `fetch` when needed (see the type's rules).
    /// `fetch` runs at most once at a time per key; when several callers pass one, the first wins.
    func value(
        for key: Key, fetch: @escaping @Sendable () async throws -> Value
    ) async throws -> CachedValue<Value> {
        let decision = state.write { state -> Decision in
            let now = CacheTime(self.now())
            var entry = state.entries.value(forKey: key) ?? Entry()
            if let stored = entry.stored {
                let age = stored.fetchedAt.duration(to: now)
                if age < freshFor {
                    freshHits.add(1, ordering: .relaxed)
                    return .serve(CachedValue(stored, age: age, isStale: false))
                }
                if age < hardExpiry {
                    state.staleHits += 1
                    var refreshRunningFor = Duration.zero
                    if let running = entry.fetch {
                        refreshRunningFor = running.startedAt.duration(to: now)
                    } else {
                        entry.fetch = startFetch(key, fetch, &state)
                        state.entries.setValue(entry, forKey: key)
                    }
                    return .serve(CachedValue(
                        stored, age: age, isStale: true, lastError: entry.lastError, isRefreshOverdue: refreshRunningFor >= slowAfter))
                }
            }
            // Nothing usable: wait for the fetch in flight, or start one.
            state.misses += 1
            var fetchInFlight = entry.fetch ?? startFetch(key, fetch, &state)
            fetchInFlight.waiters += 1
            entry.fetch = fetchInFlight
            state.entries.setValue(entry, forKey: key)
            evictBeyondMaxEntries(&state)
            return .wait(fetchInFlight.task)
        }
        switch decision {
        case .serve(let cached):
            return cached
        case .wait(let task):
            let stored = try await task.value
            return CachedValue(stored, age: stored.fetchedAt.duration(to: CacheTime(now())), isStale: false)
        }
    }

    /// The value only if it is fresh, without fetching or suspending: lets a handler answer a
    /// cached page on the connection's event loop. It writes nothing the readers share but the
    /// hit counter: the entry's mark of use (see `evictBeyondMaxEntries`) is set once, and
    /// after that only read.
    package func freshValue(for key: Key) -> CachedValue<Value>? {
        guard let stored = state.read({ $0.stored[key] }) else { return nil }
        let age = stored.fetchedAt.duration(to: CacheTime(now()))
        guard age < freshFor else { return nil }
        stored.markUsed()
        freshHits.add(1, ordering: .relaxed)
        return CachedValue(stored, age: age, isStale: false)
    }

    /// The value kept for `key` whatever its age, short of the hard expiry, without fetching or
    /// marking it used: what a form can still show while the market fails.
    package func keptValue(for key: Key) -> Value? {
        guard let stored = state.read({ $0.stored[key] }) else { return nil }
        return stored.fetchedAt.duration(to: CacheTime(now())) < hardExpiry ? stored.value : nil
    }

    /// Stores `value` for `key` as just fetched, without a task (a benchmark fills the cache this
    /// way: Swift's task threads do not run under valgrind).
    package func store(_ value: Value, for key: Key) {
        state.write { state in
            let stored = Stored(value, at: CacheTime(now()))
            state.entries.setValue(Entry(stored: stored), forKey: key)
            state.stored[key] = stored
            evictBeyondMaxEntries(&state)
        }
    }

    /// Forgets `key` (after a write changed it). A fetch already running for it still answers
    /// its waiters but no longer fills the cache; the next caller fetches anew.
    func invalidate(_ key: Key) {
        state.write { state in
            state.entries.removeValue(forKey: key)
            state.stored[key] = nil
        }
    }

    /// Forgets everything (after a write that changes many keys, like a new product).
    func invalidateAll() {
        state.write { state in
            state.entries.removeAll()
            state.stored.removeAll()
        }
    }

    /// Evicts entries until at most `maxEntries` are left, from the least recently used end of
    /// `entries`, whose order follows `value(for:)` and every store. A fresh hit does not move
    /// its entry (that would be a write on every cached answer); it marks the value used
    /// instead, and an entry found marked at the old end gets a second chance: its mark is
    /// cleared and it becomes the most recent. So an entry is evicted only if it was not served
    /// since it last came to the recent end (the "clock" approximation of LRU). Each pass
    /// clears the marks it meets, so the loop ends.
    private func evictBeyondMaxEntries(_ state: inout State) {
        while state.entries.count > maxEntries, let (key, entry) = state.entries.removeLeastRecentlyUsed() {
            if let stored = entry.stored, stored.takeUsedMark() {
                state.entries.setValue(entry, forKey: key)
            } else {
                state.stored[key] = nil
            }
        }
    }

    private func startFetch(
        _ key: Key, _ fetch: @escaping @Sendable () async throws -> Value, _ state: inout State
    ) -> Fetch {
        state.nextFetchID += 1
        let id = state.nextFetchID
        // The task records its own outcome, so a background refresh nobody waits for still
        // lands in the cache. It blocks on the lock until the caller has stored `Fetch`. A
        // request starts it and it ends with the market's answer (a read, under the read
        // deadline, that writes nothing but this cache), so no shutdown keeps it.
        let task = Task { () async throws -> Stored in
            do {
                let stored = Stored(try await fetch(), at: CacheTime(self.now()))
                self.finish(key, id, .success(stored))
                return stored
            } catch {
                self.finish(key, id, .failure(error))
                throw error
            }
        }
        return Fetch(id: id, startedAt: CacheTime(now()), task: task)
    }

    private func finish(_ key: Key, _ id: UInt64, _ result: Result<Stored, any Error>) {
        state.write { state in
            // Invalidated or evicted since: the result is not ours to store.
            guard state.entries.peek(key)?.fetch?.id == id else { return }
            var keep = true
            state.entries.update(key) { entry in
                entry.fetch = nil
                switch result {
                case .success(let stored):
                    entry.stored = stored
                    entry.lastError = nil
                case .failure(let error):
                    entry.lastError = error
                    keep = entry.stored != nil
                }
            }
            if case .success(let stored) = result { state.stored[key] = stored }
            if !keep {
                state.entries.removeValue(forKey: key)
                state.stored[key] = nil
            }
        }
    }
}
