import Testing
@testable import DashboardEngine

@Suite(.timeLimit(.minutes(3)))
struct StaleWhileRevalidateCacheTests {
    let clock = FakeClock()
    let fetches = Counter()

    func makeCache(maxEntries: Int = 256) -> StaleWhileRevalidateCache<String, String> {
        StaleWhileRevalidateCache(freshFor: .seconds(10), hardExpiry: .seconds(600), maxEntries: maxEntries, now: clock.now)
    }

    /// A fetch that counts its calls and answers `value`.
    func answer(_ value: String) -> @Sendable () async throws -> String {
        let fetches = fetches
        return {
            fetches.increment()
            return value
        }
    }

    func failing() -> @Sendable () async throws -> String {
        let fetches = fetches
        return { throw UpstreamDown(attempt: fetches.increment()) }
    }

    @Test func freshValueIsServedWithoutFetching() async throws {
        let cache = makeCache()
        let first = try await cache.value(for: "products?page=1", fetch: answer("v1"))
        clock.advance(by: .seconds(9))
        let second = try await cache.value(for: "products?page=1", fetch: answer("v2"))
        #expect(first.value == "v1" && !first.isStale)
        #expect(second.value == "v1")
        #expect(!second.isStale && second.lastError == nil)
        #expect(second.age == .seconds(9))
        #expect(fetches.value == 1)
        #expect(cache.freshValue(for: "products?page=1")?.value == "v1")
    }

    @Test func staleValueIsServedAtOnceWithExactlyOneRefreshUnder20Callers() async throws {
        let cache = makeCache()
        _ = try await cache.value(for: "k", fetch: answer("v1"))
        clock.advance(by: .seconds(11))
        #expect(cache.freshValue(for: "k") == nil)

        let gate = Gate()
        let fetches = fetches
        let slowRefresh: @Sendable () async throws -> String = {
            fetches.increment()
            await gate.wait()
            return "v2"
        }
        // Every caller returns while the refresh is still held at the gate.
        let served = try await withThrowingTaskGroup(of: CachedValue<String>.self) { group in
            for _ in 0..<20 { group.addTask { try await cache.value(for: "k", fetch: slowRefresh) } }
            var all: [CachedValue<String>] = []
            for try await value in group { all.append(value) }
            return all
        }
        #expect(served.count == 20)
        #expect(served.allSatisfy { $0.value == "v1" && $0.isStale && $0.lastError == nil })
        #expect(served.allSatisfy { $0.age == .seconds(11) })

        gate.open()
        await cache.waitForRefresh("k")
        #expect(fetches.value == 2)  // the first fill and one refresh
        let after = try await cache.value(for: "k", fetch: answer("v3"))
        #expect(after.value == "v2" && !after.isStale)
        #expect(fetches.value == 2)
        #expect(cache.stats.staleHits == 20)
    }

    @Test func aRefreshRunningPastSlowAfter_marksWhatIsServedOverdue_untilItAnswers() async throws {
        let cache = makeCache()  // slowAfter: the default 2 s
        _ = try await cache.value(for: "k", fetch: answer("v1"))
        clock.advance(by: .seconds(11))

        let gate = Gate()
        let hungRefresh: @Sendable () async throws -> String = {
            await gate.wait()
            return "v2"
        }
        let first = try await cache.value(for: "k", fetch: hungRefresh)  // starts the refresh
        #expect(first.value == "v1" && first.isStale && !first.isRefreshOverdue)
        clock.advance(by: .milliseconds(1999))
        let early = try await cache.value(for: "k", fetch: hungRefresh)
        #expect(early.isStale && !early.isRefreshOverdue)
        clock.advance(by: .milliseconds(1))
        let overdue = try await cache.value(for: "k", fetch: hungRefresh)
        #expect(overdue.value == "v1" && overdue.isStale && overdue.isRefreshOverdue && overdue.lastError == nil)
        #expect(overdue.age == .seconds(13))

        gate.open()
        await cache.waitForRefresh("k")
        let after = try await cache.value(for: "k", fetch: hungRefresh)
        #expect(after.value == "v2" && !after.isStale && !after.isRefreshOverdue)
    }

    @Test func failedRefreshKeepsServingStaleWithTheErrorUntilHardExpiry() async throws {
        let cache = makeCache()
        _ = try await cache.value(for: "k", fetch: answer("v1"))
        clock.advance(by: .seconds(11))

        let first = try await cache.value(for: "k", fetch: failing())
        #expect(first.value == "v1" && first.isStale && first.lastError == nil)
        await cache.waitForRefresh("k")

        clock.advance(by: .seconds(500))  // 8 min 31 s after the fetch: still inside the hard expiry
        let later = try await cache.value(for: "k", fetch: failing())
        #expect(later.value == "v1" && later.isStale)
        #expect(later.lastError as? UpstreamDown == UpstreamDown(attempt: 2))
        #expect(later.age == .seconds(511))
        await cache.waitForRefresh("k")

        // The upstream answers again: the next stale read refreshes and the error goes away.
        _ = try await cache.value(for: "k", fetch: answer("v2"))
        await cache.waitForRefresh("k")
        let recovered = try await cache.value(for: "k", fetch: failing())
        #expect(recovered.value == "v2" && !recovered.isStale && recovered.lastError == nil)
    }

    @Test func pastHardExpiryTheUpstreamErrorIsThrown() async throws {
        let cache = makeCache()
        _ = try await cache.value(for: "k", fetch: answer("v1"))
        clock.advance(by: .seconds(11))
        _ = try await cache.value(for: "k", fetch: failing())
        await cache.waitForRefresh("k")

        clock.advance(by: .seconds(590))  // 601 s after the fetch
        await #expect(throws: UpstreamDown(attempt: 3)) {
            try await cache.value(for: "k", fetch: self.failing())
        }
        // A working upstream after expiry gives a fresh value to the waiting caller.
        let fresh = try await cache.value(for: "k", fetch: answer("v2"))
        #expect(fresh.value == "v2" && !fresh.isStale)
    }

    @Test func fiftyCallersWithNothingCachedShareOneFetch() async throws {
        let cache = makeCache()
        let gate = Gate()
        let fetches = fetches
        let slow: @Sendable () async throws -> String = {
            fetches.increment()
            await gate.wait()
            return "v1"
        }
        try await withThrowingTaskGroup(of: CachedValue<String>.self) { group in
            for _ in 0..<50 { group.addTask { try await cache.value(for: "k", fetch: slow) } }
            #expect(try await eventually { cache.waiters(for: "k") == 50 })
            gate.open()
            var count = 0
            for try await served in group {
                #expect(served.value == "v1" && !served.isStale)
                count += 1
            }
            #expect(count == 50)
        }
        #expect(fetches.value == 1)
        #expect(cache.stats.misses == 50)
    }

    @Test func fiftyCallersWithNothingCachedAllGetTheOneError() async throws {
        let cache = makeCache()
        let gate = Gate()
        let fetches = fetches
        let slowFailure: @Sendable () async throws -> String = {
            let attempt = fetches.increment()
            await gate.wait()
            throw UpstreamDown(attempt: attempt)
        }
        let errors = await withTaskGroup(of: (any Error)?.self) { group in
            for _ in 0..<50 {
                group.addTask {
                    do {
                        _ = try await cache.value(for: "k", fetch: slowFailure)
                        return nil
                    } catch {
                        return error
                    }
                }
            }
            #expect((try? await eventually { cache.waiters(for: "k") == 50 }) == true)
            gate.open()
            var all: [(any Error)?] = []
            for await error in group { all.append(error) }
            return all
        }
        #expect(errors.count == 50)
        #expect(errors.allSatisfy { $0 as? UpstreamDown == UpstreamDown(attempt: 1) })
        #expect(fetches.value == 1)
        // A failure is not cached: the next caller tries again.
        let next = try await cache.value(for: "k", fetch: answer("v1"))
        #expect(next.value == "v1")
    }

    @Test func invalidateForcesTheNextCallerToFetch() async throws {
        let cache = makeCache()
        _ = try await cache.value(for: "a", fetch: answer("a1"))
        _ = try await cache.value(for: "b", fetch: answer("b1"))
        cache.invalidate("a")
        #expect(try await cache.value(for: "a", fetch: answer("a2")).value == "a2")
        #expect(try await cache.value(for: "b", fetch: answer("b2")).value == "b1")
        cache.invalidateAll()
        #expect(try await cache.value(for: "a", fetch: answer("a3")).value == "a3")
        #expect(try await cache.value(for: "b", fetch: answer("b3")).value == "b3")
        #expect(fetches.value == 5)
    }

    @Test func aFetchStartedBeforeInvalidateDoesNotRefillTheCache() async throws {
        let cache = makeCache()
        let gate = Gate()
        let slow: @Sendable () async throws -> String = {
            await gate.wait()
            return "before the write"
        }
        async let early = cache.value(for: "k", fetch: slow)
        #expect(try await eventually { cache.waiters(for: "k") == 1 })
        cache.invalidate("k")
        gate.open()
        #expect(try await early.value == "before the write")
        #expect(try await cache.value(for: "k", fetch: answer("after the write")).value == "after the write")
    }

    @Test func leastRecentlyUsedKeyIsEvictedBeyondMaxEntries() async throws {
        let cache = makeCache(maxEntries: 2)
        _ = try await cache.value(for: "a", fetch: answer("a1"))
        _ = try await cache.value(for: "b", fetch: answer("b1"))
        _ = try await cache.value(for: "a", fetch: answer("a2"))  // a is now the most recent
        _ = try await cache.value(for: "c", fetch: answer("c1"))  // evicts b
        #expect(cache.stats.entries == 2)
        #expect(try await cache.value(for: "a", fetch: answer("a3")).value == "a1")
        #expect(try await cache.value(for: "c", fetch: answer("c2")).value == "c1")
        #expect(try await cache.value(for: "b", fetch: answer("b2")).value == "b2")
        #expect(fetches.value == 4)
    }

    /// The read-locked fresh path keeps the cache's rules: it counts as a fresh hit, and an
    /// entry it serves counts as used, so eviction still takes the least recently used one.
    @Test func freshValue_countsAHit_andMarksTheEntryUsed() async throws {
        let cache = makeCache(maxEntries: 2)
        _ = try await cache.value(for: "a", fetch: answer("a1"))
        _ = try await cache.value(for: "b", fetch: answer("b1"))
        #expect(cache.freshValue(for: "a")?.value == "a1")  // a is now the most recent
        #expect(cache.stats.freshHits == 1)
        _ = try await cache.value(for: "c", fetch: answer("c1"))  // evicts b
        #expect(cache.freshValue(for: "a")?.value == "a1")
        #expect(cache.freshValue(for: "b") == nil)
        #expect(cache.stats.freshHits == 2)
    }

    /// A fresh hit spares its entry from one eviction, not from every one after it: the mark
    /// is used up, and an entry not served again goes the next time.
    @Test func freshValue_sparesItsEntryOnce() async throws {
        let cache = makeCache(maxEntries: 2)
        _ = try await cache.value(for: "a", fetch: answer("a1"))
        _ = try await cache.value(for: "b", fetch: answer("b1"))
        #expect(cache.freshValue(for: "a")?.value == "a1")
        _ = try await cache.value(for: "c", fetch: answer("c1"))  // spares a, evicts b
        #expect(cache.freshValue(for: "b") == nil)
        #expect(try await cache.value(for: "c", fetch: answer("c2")).value == "c1")  // c is now the most recent
        _ = try await cache.value(for: "d", fetch: answer("d1"))  // a's mark is spent: evicts a
        #expect(cache.freshValue(for: "a") == nil)
        #expect(cache.keptValue(for: "a") == nil)
        #expect(cache.freshValue(for: "c")?.value == "c1")
        #expect(cache.freshValue(for: "d")?.value == "d1")
        #expect(cache.stats.entries == 2)
    }

    /// What the fresh path reads follows every change: invalidating a key or all of them
    /// leaves nothing for it, and a refresh's value replaces the old one.
    @Test func freshValue_followsInvalidationsAndRefreshes() async throws {
        let cache = makeCache()
        _ = try await cache.value(for: "a", fetch: answer("a1"))
        _ = try await cache.value(for: "b", fetch: answer("b1"))
        cache.invalidate("a")
        #expect(cache.freshValue(for: "a") == nil && cache.keptValue(for: "a") == nil)
        #expect(cache.freshValue(for: "b")?.value == "b1")
        cache.invalidateAll()
        #expect(cache.freshValue(for: "b") == nil && cache.keptValue(for: "b") == nil)
        _ = try await cache.value(for: "b", fetch: answer("b2"))
        clock.advance(by: .seconds(11))
        #expect(cache.freshValue(for: "b") == nil)  // stale: the fresh path leaves it to value(for:)
        #expect(try await cache.value(for: "b", fetch: answer("b3")).value == "b2")  // stale, refreshing
        await cache.waitForRefreshes()
        #expect(cache.freshValue(for: "b")?.value == "b3")
    }
}
