import Foundation
import MarketClient
import Synchronization

/// Keeps the catalog snapshot and counts the catalog again in the background: on the first
/// read, when the snapshot is older than `maxAge`, when a person asks (`refresh`), and after a
/// write of this dashboard whose outcome is unknown. A write the market answered changes the
/// snapshot in place (`apply`), with no count. One crawl at a time; a crawl that fails keeps
/// the last snapshot and records the failure; the crawl is cancelled at shutdown. Reads never
/// wait unless they ask to (`waitForSnapshot`).
package final class CatalogSnapshotStore: WriteObserver {
    private struct State {
        var snapshot: CatalogSnapshot?
        var progress: CatalogProgress?
        var failure: CatalogError?
        var crawl: Task<Void, Never>?
        /// A write of unknown outcome arrived while a crawl ran: count again when it ends.
        var rerunAfterCrawl = false
        /// Writes the market answered while a crawl ran: the crawl may have read those pages
        /// before them, so they are applied to its result too.
        var changesDuringCrawl: [WriteEffect] = []
        var outdatedByWrite = false
        var generation = 0
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
        var nextWaiter = 0
        var isShutDown = false
    }

    package let settings: CatalogSettings
    private let state = Mutex(State())
    /// Hears of each count that succeeded (the history journal).
    private let recounts: (any RecountObserver)?
    /// The last call to the observer, which each next one waits for (they run in order).
    private let observation = Mutex<Task<Void, Never>?>(nil)
    private let crawler: CatalogCrawl
    /// The snapshot's time and age, and what `waitForSnapshot` waits on.
    private let clock: any WallClock
    private let keepsThumbnail: @Sendable (Int) -> Bool

    init(
        settings: CatalogSettings, clock: any WallClock = SystemWallClock(),
        keepsThumbnail: @escaping @Sendable (Int) -> Bool = { _ in true }, recounts: (any RecountObserver)? = nil,
        fetchPage: @escaping CatalogCrawl.PageFetcher
    ) {
        self.settings = settings
        self.recounts = recounts
        self.clock = clock
        self.keepsThumbnail = keepsThumbnail
        crawler = CatalogCrawl(settings: settings, keepsThumbnail: keepsThumbnail, fetchPage: fetchPage)
    }

    /// The snapshot as it is now, starting a crawl when one is due.
    package func status() -> CatalogStatus {
        let time = clock.now()
        return state.withLock { state in
            if needsCrawl(state, at: time) { startCrawl(&state, at: time) }
            return Self.status(of: state)
        }
    }

    /// The snapshot, waiting up to `limit` for the first crawl, or for the crawl that follows a
    /// write, to finish. Returns what there is when the time is up.
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
        let timer = Task {
            try? await clock.sleep(until: until)
            self.resumeWaiter(id)
        }
        await withCheckedContinuation { continuation in
            let waits = state.withLock { state -> Bool in
                guard state.crawl != nil, !state.isShutDown else { return false }
                state.waiters[id] = continuation
                return true
            }
            if !waits { continuation.resume() }
        }
        timer.cancel()
        return status()
    }

    /// Callers of `waitForSnapshot` waiting now (tests use it to know a waiter is in place
    /// before they end its wait some other way).
    var waiting: Int { state.withLock { $0.waiters.count } }

    /// Returns when the crawl running now (if any) has ended, whatever its outcome (for tests
    /// and the memory benchmark; pages never wait without a limit).
    package func crawlEnded() async {
        await state.withLock { $0.crawl }?.value
    }

    /// A create, edit or delete of this dashboard: answered by the market, the snapshot's
    /// entry is replaced, added or removed in place, no count needed; of unknown outcome, the
    /// catalog is counted again (`invalidate`).
    func marketWritten(_ change: WriteEffect) {
        if case .unknown = change { return invalidate() }
        let keepsThumbnail = self.keepsThumbnail
        state.withLock { state in
            guard !state.isShutDown else { return }
            if state.crawl != nil { state.changesDuringCrawl.append(change) }
            state.snapshot?.apply(change, keepsThumbnail: keepsThumbnail)
        }
    }

    /// A person asked to count again (`POST /catalog/refresh`): a count starts now unless one
    /// is running. Returns whether one started.
    @discardableResult
    package func refresh() -> Bool {
        let time = clock.now()
        return state.withLock { state in
            guard !state.isShutDown, state.crawl == nil else { return false }
            startCrawl(&state, at: time)
            return true
        }
    }

    /// After a write of this dashboard whose outcome is unknown (the market may or may not have
    /// done it): the snapshot may no longer match the market. Counts again at once if anyone
    /// has asked for the snapshot yet.
    func invalidate() {
        let time = clock.now()
        state.withLock { state in
            guard !state.isShutDown, state.snapshot != nil || state.crawl != nil else { return }
            state.outdatedByWrite = true
            if state.crawl != nil {
                state.rerunAfterCrawl = true
            } else {
                startCrawl(&state, at: time)
            }
        }
    }

    /// Returns when the observer has seen every count published so far (for tests).
    func recountsObserved() async {
        await observation.withLock { $0 }?.value
    }

    /// Cancels the crawl in progress and releases anyone waiting; no crawl starts after this.
    func shutdown() {
        let waiters = state.withLock { state in
            state.isShutDown = true
            state.crawl?.cancel()
            state.crawl = nil
            state.progress = nil
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        waiters.forEach { $0.resume() }
    }

    // MARK: Crawling

    private func needsCrawl(_ state: State, at time: Date) -> Bool {
        guard !state.isShutDown, state.crawl == nil else { return false }
        if let failure = state.failure, time < failure.at.addingTimeInterval(settings.retryAfterFailure.timeInterval) {
            return false
        }
        guard let snapshot = state.snapshot else { return true }
        return state.outdatedByWrite || time >= snapshot.takenAt.addingTimeInterval(settings.maxAge.timeInterval)
    }

    private func startCrawl(_ state: inout State, at time: Date) {
        state.generation += 1
        let generation = state.generation
        state.progress = CatalogProgress()
        state.changesDuringCrawl = []
        let crawler = self.crawler
        state.crawl = Task {
            let result: Result<CatalogSnapshot, any Error>
            do {
                result = .success(try await crawler.run(startedAt: time, generation: generation) { progress in
                    self.state.withLock { if $0.generation == generation, $0.crawl != nil { $0.progress = progress } }
                })
            } catch {
                result = .failure(error)
            }
            self.finish(generation, result)
        }
    }

    private func finish(_ generation: Int, _ result: Result<CatalogSnapshot, any Error>) {
        let time = clock.now()
        var published: (previous: CatalogSnapshot?, new: CatalogSnapshot)?
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            guard state.generation == generation, !state.isShutDown else { return [] }
            state.crawl = nil
            state.progress = nil
            switch result {
            case .success(var snapshot):
                for change in state.changesDuringCrawl { snapshot.apply(change, keepsThumbnail: keepsThumbnail) }
                state.changesDuringCrawl = []
                published = (state.snapshot, snapshot)
                state.snapshot = snapshot
                state.failure = nil
                if state.rerunAfterCrawl {
                    state.rerunAfterCrawl = false
                    startCrawl(&state, at: time)
                    return []
                }
                state.outdatedByWrite = false
            case .failure(let error):
                state.rerunAfterCrawl = false
                state.changesDuringCrawl = []
                state.failure = CatalogError(code: Self.reason(error), at: time)
            }
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        waiters.forEach { $0.resume() }
        if let published, let observer = recounts {
            observation.withLock { last in
                last = Task { [last] in
                    await last?.value
                    await observer.catalogRecounted(previous: published.previous, new: published.new)
                }
            }
        }
    }

    private func resumeWaiter(_ id: Int) {
        state.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
    }

    private static func status(of state: State) -> CatalogStatus {
        CatalogStatus(
            snapshot: state.snapshot, progress: state.crawl == nil ? nil : state.progress, failure: state.failure,
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
    /// A store that crawls through the gateway: a page still fresh in the JSON cache is reused;
    /// others are asked of the market directly, not stored in the cache (2,000 pages of full
    /// products there would cost far more memory than the snapshot itself).
    /// Thumbnails are kept for `ownVendor`'s products as it is known during the crawl (a
    /// vendor learned later gets them at the next count, which its first write starts).
    static func crawling(
        _ gateway: MarketGateway, settings: CatalogSettings, ownVendor: OwnVendor,
        recounts: (any RecountObserver)? = nil, clock: any WallClock = SystemWallClock()
    ) -> CatalogSnapshotStore {
        CatalogSnapshotStore(settings: settings, clock: clock, keepsThumbnail: { $0 == ownVendor.id }, recounts: recounts) { page, perPage in
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
/// between two counts.
protocol RecountObserver: Sendable {
    func catalogRecounted(previous: CatalogSnapshot?, new: CatalogSnapshot) async
}
