import Foundation
import MarketClient
import ServerLogging
import Synchronization

/// The engine's composition root: built from a data directory, the market's API, one clock, an
/// image source, the own vendor and the settings, it builds and owns everything that keeps
/// state (the database with its one list of migrations, the JSON caches, the catalog
/// snapshot, the history journal, the price timeline, the recycle bin, the batches, the accounts and `MarketWriter`) and their
/// background work. `start()` begins that work; `shutdown()` cancels every task it began, and
/// `stopped()` returns once they have all ended. Pages are built from its parts; nothing is
/// passed in as a closure.
package final class Engine: Sendable {
    /// The engine's limits and timing, in one place (the dashboard's configuration fills it).
    package struct Settings: Sendable, Equatable {
        package var catalog = CatalogSettings()
        package var trash = RecycleBin.Settings()
        package var historyDays = HistoryJournal.defaultRetentionDays
        /// How long price states are kept (`--price-history-days`).
        package var priceHistoryDays = PriceTimeline.defaultRetentionDays
        /// The days before a sale its reference price looks at (`--reference-days`).
        package var referenceDays = ReferencePrice.defaultDays
        /// How long a write may take (`--write-timeout`): a lost answer is checked after it.
        package var writeTimeout: Duration = .seconds(30)
        /// How long the market's JSON is fresh, and when a read waits no longer for a refresh.
        package var jsonFreshFor: Duration = .seconds(10)
        package var jsonRefreshSlowAfter: Duration = .seconds(2)
        /// Whether commits and kept files wait for the disk (tests turn it off).
        package var durable = true
        /// The iterations of new password hashes.
        package var passwordHashing = PasswordHashing.standard

        package init() {}
    }

    package let api: any MarketAPI
    /// The one clock everything that tells time or waits for a time reads.
    package let clock: any WallClock
    package let ownVendor: OwnVendor
    let settings: Settings
    package let database: DashboardDatabase
    /// The JSON caches in front of the market.
    package let gateway: MarketGateway
    /// Every product, counted in the background on the engine's schedule (the overview, the
    /// CSV export, "My products"); pages only read it.
    package let catalog: CatalogSnapshotStore
    /// Every write, and what changed on the market elsewhere (`/history`).
    package let journal: HistoryJournal
    /// Every product's price states, from writes, counts and past records.
    package let prices: PriceTimeline
    /// Deleted products, kept to be registered again (`/trash`).
    package let recycleBin: RecycleBin
    package let batchStore: BatchStore
    /// Applies batches in the background.
    package let batchRunner: BatchRunner
    /// Starts and ends scheduled batches on time.
    package let scheduler: BatchScheduler
    /// The accounts, their sessions, the sign-in and the first owner's setup.
    package let accounts: AccountStore
    /// Reads the market after a lost answer's deadline (the journal's entries and the batches' rows).
    let outcomeCheck: OutcomeCheck
    /// Every write goes through it.
    package let writer: MarketWriter
    let logger: ServerLogger
    private let background = BackgroundTasks()

    /// Opens the database in `directory` (applying `Engine.migrations`), marks what a crash
    /// left in flight, prunes what is past its days, and builds every part. Nothing runs in the
    /// background until `start()`.
    package init(
        directory: URL, api: any MarketAPI, clock: any WallClock, images: any ImageSource, ownVendor: OwnVendor,
        settings: Settings = Settings(), logger: ServerLogger = ServerLogger(level: .off)
    ) throws {
        self.api = api
        self.clock = clock
        self.ownVendor = ownVendor
        self.settings = settings
        self.logger = logger
        database = try DashboardDatabase(directory: directory, migrations: Self.migrations, durable: settings.durable, clock: clock)
        gateway = MarketGateway(api: api, freshFor: settings.jsonFreshFor, slowAfter: settings.jsonRefreshSlowAfter)
        recycleBin = try RecycleBin(
            database: database, dataDirectory: directory, settings: settings.trash, durable: settings.durable, clock: clock,
            logger: logger, images: images)
        // A write whose answer was lost is checked with the market after its deadline, never
        // sent again blind (the journal's entries and the batches' rows alike).
        outcomeCheck = OutcomeCheck(api: api, ownVendor: ownVendor, writeTimeout: settings.writeTimeout.timeInterval)
        journal = try HistoryJournal(
            database: database, writeEnds: recycleBin, retentionDays: settings.historyDays, clock: clock, logger: logger,
            outcomeCheck: outcomeCheck)
        batchStore = BatchStore(database: database, clock: clock)
        prices = try PriceTimeline(
            database: database, retentionDays: settings.priceHistoryDays, referenceDays: settings.referenceDays, clock: clock,
            logger: logger)
        // Each count tells the journal what changed on the market since the last one, and the
        // price timeline each product's price that changed.
        catalog = CatalogSnapshotStore.counting(
            gateway, settings: settings.catalog, ownVendor: ownVendor, countObservers: [journal, prices], clock: clock)
        // Each write is logged, a delete's product kept in the bin first; its effect drops the
        // cached JSON it changed, then patches the catalog snapshot, then adds the product's
        // price state.
        writer = MarketWriter(api: api, log: journal, keeper: recycleBin, observers: [gateway, catalog, prices])
        batchRunner = BatchRunner(
            store: batchStore, writer: writer, ownVendor: ownVendor, logger: logger, outcomeCheck: outcomeCheck, clock: clock)
        scheduler = BatchScheduler(store: batchStore, runner: batchRunner, clock: clock, logger: logger)
        // The accounts' events are kept as long as the journal's entries.
        accounts = AccountStore(database: database, clock: clock, hashing: settings.passwordHashing, eventDays: settings.historyDays)
        pruneBatches()
        pruneAccountEvents()
    }

    /// Begins the background work: the catalog's first count starts at once, and the next
    /// ones whenever the snapshot passes its age (on the clock); batches that were applying
    /// when the engine stopped go on; schedules whose time passed while it was off are settled,
    /// then the timer waits for the next start or end; writes whose answers were lost are
    /// checked once their deadlines pass; the journal, the recycle bin, the price timeline, the
    /// batches and the accounts' events are pruned daily.
    package func start() {
        // Started here, not in the schedule's task, so that a page asked for at once already
        // sees the count under way.
        catalog.countIfDue()
        let catalog = self.catalog
        background.run { await catalog.countWhenDue() }
        batchRunner.resumeInterrupted()
        let scheduler = self.scheduler
        background.run { await scheduler.resume() }
        let journal = self.journal
        background.run { await journal.resumeChecks() }
        background.run { [self] in await pruneDaily() }
    }

    /// Stops every piece of background work: the tasks `start()` began are cancelled, the
    /// scheduler's timer and its ends, the batch runs, the checks and the count stop.
    /// `stopped()` returns once they have ended.
    package func shutdown() {
        background.cancelAll()
        scheduler.shutdown()
        batchRunner.shutdown()
        journal.stopChecks()
        catalog.shutdown()
    }

    /// Returns once every task the engine began has ended (after `shutdown()`): the tasks of
    /// `start()`, the scheduler's, the batch runs, the checks of lost answers, the count and
    /// its observers' hearing of it, and the price states still being written. A write held at
    /// the market ends when its answer comes or its deadline passes.
    func stopped() async {
        await background.ended()
        await scheduler.stopped()
        await batchRunner.stopped()
        await journal.waitForChecks()
        await catalog.stopped()
        await prices.recorded()
    }

    /// Folds the database's write-ahead log into its file, at a clean stop (after the server
    /// has stopped answering).
    package func checkpoint() {
        do {
            try database.checkpoint()
        } catch {
            logger.log(.warning, "the dashboard's database was not checkpointed at the stop (its -wal file holds the rest): \(error)")
        }
    }

    /// Prunes the journal, the recycle bin, the price timeline, the batches and the accounts'
    /// events every 24 hours
    /// on the clock (all prune at start-up too), until cancelled.
    private func pruneDaily() async {
        while (try? await clock.sleep(until: clock.now().addingTimeInterval(24 * 3600), for: .pruning)) != nil {
            await journal.prune()
            await recycleBin.prune()
            await prices.prune()
            pruneBatches()
            pruneAccountEvents()
        }
    }

    /// Removes the accounts' events past the journal's days, at start-up and then daily.
    private func pruneAccountEvents() {
        do {
            try accounts.pruneEvents()
        } catch {
            logger.log(.warning, "could not remove old account events: \(error)")
        }
    }

    /// Removes the batches past `BatchStore.keptFor`, at start-up and then daily: a dashboard
    /// left running keeps them no longer than its pages say.
    private func pruneBatches() {
        do {
            let pruned = try batchStore.prune()
            if pruned > 0 { logger.log(.info, "removed \(pruned) batch(es) older than \(BatchStore.keptDays) days") }
        } catch {
            logger.log(.warning, "could not remove old batches: \(error)")
        }
    }
}

/// The tasks the engine began, kept so that shutdown cancels them and can wait for them; none
/// begins after `cancelAll`.
final class BackgroundTasks: Sendable {
    private struct State {
        var tasks: [Task<Void, Never>] = []
        var isCancelled = false
    }

    private let state = Mutex(State())

    func run(_ work: @escaping @Sendable () async -> Void) {
        state.withLock { state in
            guard !state.isCancelled else { return }
            state.tasks.append(Task { await work() })
        }
    }

    func cancelAll() {
        state.withLock { state in
            state.isCancelled = true
            state.tasks.forEach { $0.cancel() }
        }
    }

    func ended() async {
        for task in state.withLock({ $0.tasks }) { await task.value }
    }
}
