import Foundation
import MarketClient
import Synchronization

/// Keeps the catalog snapshot and counts the catalog in the background. Reads only read
/// (`status`, and `waitForSnapshot`, which may wait for a count under way but never starts
/// one); the counts start from the functions named for it: at the engine's start and then on
/// its schedule, when the snapshot is older than `maxAge` (`countWhenDue`, on the clock), when
/// a person asks (`startCount`), and after a write of this dashboard whose outcome is unknown
/// (`countAfterUnknownWrite`, from the write's observer). A write the market answered changes
/// the snapshot in place (`apply`), with no count. One count at a time; a count that fails
/// keeps the last snapshot and records the failure, and the next waits `retryAfterFailure`;
/// the count is cancelled at shutdown.
package final class CatalogSnapshotStore: WriteObserver {
    private struct State {
        var snapshot: CatalogSnapshot?
        var progress: CatalogProgress?
        var failure: CatalogError?
        var counting: Task<Void, Never>?
        /// The last count started, kept after it ends or is cancelled, for `stopped()`.
        var lastCount: Task<Void, Never>?
        /// A write of unknown outcome arrived while a count ran: count again when it ends.
        var rerunAfterCount = false
        /// Writes the market answered while a count ran: the count may have read those pages
        /// before them, so they are applied to its result too.
        var changesDuringCount: [WriteEffect] = []
        var outdatedByWrite = false
        var generation = 0
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
        /// The schedule waiting for the count running now to end (`waitForRunningCount`).
        var countEndWaiters: [CheckedContinuation<Void, Never>] = []
        var nextWaiter = 0
        var isShutDown = false
    }

    package let settings: CatalogSettings
    private let state = Mutex(State())
    /// Hear of each count that succeeded, in this order (the history journal, the price
    /// timeline).
    private let countObservers: [any CountObserver]
    /// The last call to the observer, which each next one waits for (they run in order).
    private let observation = Mutex<Task<Void, Never>?>(nil)
    private let counter: CatalogCount
    /// The snapshot's time and age, and what `waitForSnapshot` waits on.
    private let clock: any WallClock
    private let keepsThumbnail: @Sendable (Int) -> Bool

    init(
        settings: CatalogSettings, clock: any WallClock,
        keepsThumbnail: @escaping @Sendable (Int) -> Bool = { _ in true }, countObservers: [any CountObserver] = [],
        fetchPage: @escaping CatalogCount.PageFetcher
    ) {
        self.settings = settings
        self.countObservers = countObservers
        self.clock = clock
        self.keepsThumbnail = keepsThumbnail
        counter = CatalogCount(settings: settings, keepsThumbnail: keepsThumbnail, fetchPage: fetchPage)
    }

    /// The snapshot as it is now. Only reads: a count that is due starts on the schedule.
    package func status() -> CatalogStatus {
        state.withLock { Self.status(of: $0) }
    }

    /// The snapshot, waiting up to `limit` for the first count, or for the count that follows a
    /// write, to finish when one is under way. Returns what there is when the time is up;
    /// starts nothing.
    package func waitForSnapshot(upTo limit: Duration) async -> CatalogStatus {
        let current = status()
        guard current.snapshot == nil || current.isOutdatedByWrite, current.progress != nil, limit > .zero else {
            return current
        }
        let id = state.withLock { state -> Int in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        let clock = self.clock
        let until = clock.now().addingTimeInterval(limit.timeInterval)
        // The request's own timer: cancelled below when the wait ends, so it ends with the request.
        let timer = Task {
            try? await clock.sleep(until: until, for: .countWait)
            self.resumeWaiter(id)
        }
        await withCheckedContinuation { continuation in
            let waits = state.withLock { state -> Bool in
                guard state.counting != nil, !state.isShutDown else { return false }
                state.waiters[id] = continuation
                return true
            }
            if !waits { continuation.resume() }
        }
        timer.cancel()
        return status()
    }

    /// The snapshot a write is planned from (a bulk change, an import, a sheet's apply): asked for
    /// by a POST, so it may start work. When there is no snapshot, a write outdated it or the
    /// last count failed, a count starts now unless one runs (a person asked: the pause after a
    /// failed count does not hold them back), and the answer waits for it up to `waitLimit`.
    package func countForWrite() async -> CatalogStatus {
        let time = clock.now()
        state.withLock { state in
            guard !state.isShutDown, state.counting == nil, Self.currentSnapshot(state) == nil || state.failure != nil else { return }
            launchCount(&state, at: time)
        }
        return await waitForSnapshot(upTo: settings.waitLimit)
    }

    /// Callers of `waitForSnapshot` waiting now (tests use it to know a waiter is in place
    /// before they end its wait some other way).
    var waiting: Int { state.withLock { $0.waiters.count } }

    /// Returns when no count runs: the one running now (if any) has ended, whatever its
    /// outcome, and the one it started again after a write of unknown outcome too (for tests
    /// and the memory benchmark; pages never wait without a limit).
    package func countEnded() async {
        while let count = state.withLock({ $0.counting }) { await count.value }
    }

    /// A create, edit or delete of this dashboard: answered by the market, the snapshot's
    /// entry is replaced, added or removed in place, no count needed; of unknown outcome, the
    /// catalog is counted again (`countAfterUnknownWrite`).
    func marketWritten(_ change: WriteEffect) {
        if case .unknown = change { return countAfterUnknownWrite() }
        let keepsThumbnail = self.keepsThumbnail
        state.withLock { state in
            guard !state.isShutDown else { return }
            if state.counting != nil { state.changesDuringCount.append(change) }
            state.snapshot?.apply(change, keepsThumbnail: keepsThumbnail)
        }
    }

    /// A count starts now unless one is running (a person asked, `POST /catalog/refresh`).
    /// Returns whether one started.
    @discardableResult
    package func startCount() -> Bool {
        let time = clock.now()
        return state.withLock { state in
            guard !state.isShutDown, state.counting == nil else { return false }
            launchCount(&state, at: time)
            return true
        }
    }

    /// A count starts now if one is due: there is no snapshot, it is older than `maxAge`, or a
    /// write outdated it, and no count failed in the last `retryAfterFailure`. Returns whether
    /// one started.
    @discardableResult
    func countIfDue() -> Bool {
        let time = clock.now()
        return state.withLock { state in
            guard !state.isShutDown, state.counting == nil, time >= Self.nextCount(state, settings) else { return false }
            launchCount(&state, at: time)
            return true
        }
    }

    /// Counts whenever a count is due, until its task is cancelled (the engine's shutdown does
    /// it) or the store is shut down: the engine's schedule. It
    /// sleeps on the clock until the snapshot passes `maxAge` (or the pause after a failed
    /// count ends), and while a count runs it waits for its end: a count that something else
    /// started (a write, a person) moves the next one on.
    func countWhenDue() async {
        enum Next { case stop, sleep(until: Date), awaitCount }
        while !Task.isCancelled {
            countIfDue()
            let next = state.withLock { state -> Next in
                if state.isShutDown { return .stop }
                return state.counting == nil ? .sleep(until: Self.nextCount(state, settings)) : .awaitCount
            }
            switch next {
            case .stop:
                return
            case .sleep(let due):
                guard (try? await clock.sleep(until: due, for: .count)) != nil else { return }
            case .awaitCount:
                await waitForRunningCount()
            }
        }
    }

    /// After a write of this dashboard whose outcome is unknown (the market may or may not have
    /// done it): the snapshot may no longer match the market, so a count starts at once (or
    /// after the one running). Before the first count has begun there is nothing to outdate:
    /// the first count reads the market after the write.
    func countAfterUnknownWrite() {
        let time = clock.now()
        state.withLock { state in
            guard !state.isShutDown, state.snapshot != nil || state.counting != nil else { return }
            state.outdatedByWrite = true
            if state.counting != nil {
                state.rerunAfterCount = true
            } else {
                launchCount(&state, at: time)
            }
        }
    }

    /// Returns when the observer has seen every count published so far (for tests).
    package func countsObserved() async {
        await observation.withLock { $0 }?.value
    }

    /// Returns once the last count and every call to the observer have ended (after
    /// `shutdown()`, which cancels the count).
    func stopped() async {
        await state.withLock { $0.lastCount }?.value
        await countsObserved()
    }

    /// Cancels the count in progress and releases anyone waiting; no count starts after this.
    func shutdown() {
        let waiters = state.withLock { state in
            state.isShutDown = true
            state.counting?.cancel()
            state.counting = nil
            state.progress = nil
            defer {
                state.waiters = [:]
                state.countEndWaiters = []
            }
            return Array(state.waiters.values) + state.countEndWaiters
        }
        waiters.forEach { $0.resume() }
    }

    // MARK: Counting

    /// When the next count is due, with none running: at once with no snapshot or one a write
    /// outdated, else when the snapshot passes `maxAge`; never sooner than `retryAfterFailure`
    /// after a count that failed (a market that is down is not asked over and over).
    private static func nextCount(_ state: State, _ settings: CatalogSettings) -> Date {
        var due = Date.distantPast
        if let snapshot = currentSnapshot(state) {
            due = snapshot.takenAt.addingTimeInterval(settings.maxAge.timeInterval)
        }
        if let failure = state.failure {
            due = max(due, failure.at.addingTimeInterval(settings.retryAfterFailure.timeInterval))
        }
        return due
    }

    /// The snapshot a count waits for to age, or nil when there is none or a write of unknown
    /// outcome outdated it: then a count is due at once, on the schedule after the pause that
    /// follows a failed count (`nextCount`), for a write without it (`countForWrite`).
    private static func currentSnapshot(_ state: State) -> CatalogSnapshot? {
        state.outdatedByWrite ? nil : state.snapshot
    }

    /// Returns when the count running now has ended and its waiters were released, or at
    /// shutdown (the schedule's wait: it starts nothing).
    private func waitForRunningCount() async {
        await withCheckedContinuation { continuation in
            let waits = state.withLock { state -> Bool in
                guard state.counting != nil, !state.isShutDown else { return false }
                state.countEndWaiters.append(continuation)
                return true
            }
            if !waits { continuation.resume() }
        }
    }

    private func launchCount(_ state: inout State, at time: Date) {
        state.generation += 1
        let generation = state.generation
        state.progress = CatalogProgress()
        state.changesDuringCount = []
        let counter = self.counter
        let count = Task {
            let result: Result<CatalogSnapshot, any Error>
            do {
                result = .success(try await counter.run(startedAt: time, generation: generation) { progress in
                    self.state.withLock { if $0.generation == generation, $0.counting != nil { $0.progress = progress } }
                })
            } catch {
                result = .failure(error)
            }
            self.finish(generation, result)
        }
        state.counting = count
        state.lastCount = count
    }

    private func finish(_ generation: Int, _ result: Result<CatalogSnapshot, any Error>) {
        let time = clock.now()
        var published: (previous: CatalogSnapshot?, new: CatalogSnapshot)?
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            guard state.generation == generation, !state.isShutDown else { return [] }
            state.counting = nil
            state.progress = nil
            switch result {
            case .success(var snapshot):
                for change in state.changesDuringCount { snapshot.apply(change, keepsThumbnail: keepsThumbnail) }
                state.changesDuringCount = []
                published = (state.snapshot, snapshot)
                state.snapshot = snapshot
                state.failure = nil
                if state.rerunAfterCount {
                    state.rerunAfterCount = false
                    launchCount(&state, at: time)
                    return []
                }
                state.outdatedByWrite = false
            case .failure(let error):
                state.rerunAfterCount = false
                state.changesDuringCount = []
                state.failure = CatalogError(code: Self.reason(error), at: time)
            }
            defer {
                state.waiters = [:]
                state.countEndWaiters = []
            }
            return Array(state.waiters.values) + state.countEndWaiters
        }
        waiters.forEach { $0.resume() }
        if let published, !countObservers.isEmpty {
            let observers = countObservers
            observation.withLock { last in
                last = Task { [last] in
                    await last?.value
                    for observer in observers {
                        await observer.catalogCounted(previous: published.previous, new: published.new)
                    }
                }
            }
        }
    }

    private func resumeWaiter(_ id: Int) {
        state.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
    }

    private static func status(of state: State) -> CatalogStatus {
        CatalogStatus(
            snapshot: state.snapshot, progress: state.counting == nil ? nil : state.progress, failure: state.failure,
            isOutdatedByWrite: state.outdatedByWrite)
    }

    /// Why a count failed, as a code a page words in its reader's language.
    static func reason(_ error: any Error) -> CatalogError.Code {
        switch error as? MarketError {
        case .timeout?: .timeout
        case .malformedResponse?: .unreadableAnswer
        case .rejected?: .refused
        default: .unreachable
        }
    }
}

extension CatalogSnapshotStore {
    /// A store that counts through the gateway: a page still fresh in the JSON cache is reused;
    /// others are asked of the market directly, not stored in the cache (2,000 pages of full
    /// products there would cost far more memory than the snapshot itself).
    /// Thumbnails are kept for `ownVendor`'s products as it is known during the count (a
    /// vendor learned later gets them at the next count, which its first write starts).
    static func counting(
        _ gateway: MarketGateway, settings: CatalogSettings, ownVendor: OwnVendor,
        countObservers: [any CountObserver] = [], clock: any WallClock
    ) -> CatalogSnapshotStore {
        CatalogSnapshotStore(settings: settings, clock: clock, keepsThumbnail: { $0 == ownVendor.id }, countObservers: countObservers) { page, perPage in
            let key = MarketGateway.ListKey(page: page, perPage: perPage, search: "")
            if let cached = gateway.lists.freshValue(for: key) { return cached.value }
            return try await gateway.observed { try await gateway.api.listProducts(page: page, itemsPerPage: perPage, search: nil) }
        }
    }
}

/// Hears of each count of the catalog that succeeded, with the snapshot it replaces (nil after
/// the first count) and the new one: after the new one is published and its waiters released,
/// outside the store's lock, one call at a time in the order of the counts, so a slow observer
/// never holds up a page. The history journal is one: it records what changed on the market
/// between two counts; the price timeline another.
protocol CountObserver: Sendable {
    func catalogCounted(previous: CatalogSnapshot?, new: CatalogSnapshot) async
}
