import Foundation
import ServerLogging
import Synchronization

/// Starts and ends scheduled batches on time, from a timer in the process: it sleeps until the
/// next start or end (`WallClock`, one wake-up a minute at most while a far one waits), then
/// fires what is due. A start applies the batch as Apply does; an end makes a batch of its own
/// (kind undo) that puts back each field the batch set, only where the market still holds the
/// value it set (a field changed meanwhile is left alone and its row says so: `BatchRunner`
/// applies undo batches field by field). Every step is a state change the store makes once
/// (`BatchStore+Schedules`), so a step asked for twice, or again after a kill at the very
/// moment, writes nothing twice.
///
/// An end waits for its batch's own run to finish (a long batch, a row whose answer was lost)
/// in a task of its own, so the timer goes on to the next start or end meanwhile.
///
/// At start-up (`resume`), what passed while the dashboard was off is settled: a window that
/// passed whole is `missed` (nothing sent), a start that passed is applied now, an end that
/// passed is reverted now; the pages say how late.
package final class BatchScheduler: Sendable {
    let store: BatchStore
    let runner: BatchRunner
    package let clock: any WallClock
    let logger: ServerLogger
    /// The timer: the task waiting for the next step, and those a reschedule cancelled that
    /// are still finishing a pass, each kept until it ends (for `stopped()`).
    private let timers = Mutex(Timers())
    private let isShutDown = Atomic(false)
    /// The changes still to come, by product: what a product's page names. Made again
    /// whenever the schedules change, so a page view reads memory, not the database.
    private let upcoming = Mutex<[Int: [ScheduledChange]]>([:])
    /// The passes over what is due (`fireDue`) under way and done, for `waitForDueSteps`.
    private let passes = Mutex(Passes())
    /// Ends under way, by batch: each waits for its batch's run, then starts the revert.
    private let ends = Mutex<[Int: Task<Void, Never>]>([:])
    /// Started batches, by batch: each waits for its batch's run, then indexes the changes
    /// still to come again.
    private let afterRuns = Mutex<[Int: Task<Void, Never>]>([:])

    private struct Timers {
        var current = 0
        var tasks: [Int: Task<Void, Never>] = [:]
    }

    private struct Passes {
        var running = 0
        var finished = 0
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    /// A field a scheduled (or started, not yet ended) batch changes on a product: a started
    /// window's change is the product's value until its end puts `before` back.
    package struct ScheduledChange: Sendable, Equatable {
        package var batchID: Int
        package var field: ProductField
        /// The value before (what the end puts back) and after, with the product's currency.
        package var before: RecordedFields
        package var after: RecordedFields
        package var currency: String
        package var schedule: Batch.Schedule
    }

    init(store: BatchStore, runner: BatchRunner, clock: any WallClock, logger: ServerLogger) {
        self.store = store
        self.runner = runner
        self.clock = clock
        self.logger = logger
    }

    /// At start-up: settles the schedules whose time passed while the dashboard was off, then
    /// waits for the next.
    func resume() async {
        await fireDue(atStartUp: true)
        reschedule()
    }

    /// The changes scheduled for `productID`, soonest first.
    package func changes(for productID: Int) -> [ScheduledChange] {
        upcoming.withLock { $0[productID] ?? [] }
    }

    /// After a schedule was made, moved or removed: the timer waits for the next step again.
    package func reschedule() {
        guard !isShutDown.load(ordering: .relaxed) else { return }
        indexUpcoming()
        timers.withLock { timers in
            timers.tasks[timers.current]?.cancel()
            timers.current += 1
            let id = timers.current
            timers.tasks[id] = Task { [self] in
                await waitForSteps()
                _ = self.timers.withLock { $0.tasks.removeValue(forKey: id) }
            }
        }
    }

    /// The timer's loop: sleeps until the next start or end, fires what is due, and again,
    /// until nothing is to come or it is cancelled.
    private func waitForSteps() async {
        while !Task.isCancelled {
            guard let due = nextStep() else { return }
            do {
                try await clock.sleep(until: due, for: .schedule)
            } catch {
                return
            }
            guard !Task.isCancelled else { return }
            await fireDue(atStartUp: false)
        }
    }

    /// Stops the timer; ends and started batches waiting for their runs start nothing more.
    func shutdown() {
        isShutDown.store(true, ordering: .relaxed)
        timers.withLock { $0.tasks.values.forEach { $0.cancel() } }
    }

    /// Returns once the timer's tasks, the ends under way and the started batches' waits have
    /// ended (after `shutdown()`; the batch runs they wait for end with `BatchRunner`'s).
    package func stopped() async {
        while true {
            let tasks = timers.withLock { Array($0.tasks.values) } + ends.withLock { Array($0.values) }
                + afterRuns.withLock { Array($0.values) }
            if tasks.isEmpty { return }
            for task in tasks { await task.value }
        }
    }

    private func indexUpcoming() {
        var index: [Int: [ScheduledChange]] = [:]
        for batch in (try? store.pendingSchedules()) ?? [] {
            guard let schedule = batch.schedule else { continue }
            // A started window's rows are sent or about to be: both are the product's value
            // until the end (a row that fails leaves the index when its run ends).
            let statuses: Set<BatchRow.Status> = batch.state == .scheduled ? [.pending] : [.pending, .done]
            let rows = ((try? store.rows(batch.id)) ?? []).filter { statuses.contains($0.status) }
            for row in rows where row.operation == .edit {
                guard let id = row.productID else { continue }
                for field in row.after.setFields {
                    index[id, default: []].append(ScheduledChange(
                        batchID: batch.id, field: field, before: row.before.only([field]), after: row.after.only([field]),
                        currency: row.currency, schedule: schedule))
                }
            }
        }
        for id in index.keys { index[id]?.sort { $0.schedule.startsAt < $1.schedule.startsAt } }
        upcoming.withLock { $0 = index }
    }

    /// The earliest start or end still to come; nil when none is. An end under way (waiting
    /// for its batch's run) is not to come.
    func nextStep() -> Date? {
        let pending = (try? store.pendingSchedules()) ?? []
        let ending = ends.withLock { Set($0.keys) }
        return pending.compactMap { batch -> Date? in
            guard let schedule = batch.schedule else { return nil }
            if batch.state == .scheduled { return schedule.startsAt }
            return ending.contains(batch.id) ? nil : schedule.endsAt
        }.min()
    }

    /// Fires every start and end that is due now: what the timer does when it wakes, and at
    /// start-up what passed while the dashboard was off. `atStartUp`: a window that passed
    /// whole was missed, not applied late.
    func fireDue(atStartUp: Bool = false) async {
        passes.withLock { $0.running += 1 }
        await carryOutDue(atStartUp: atStartUp)
        // The products' pages name what the steps started before anyone waiting hears of them.
        indexUpcoming()
        let waiters = passes.withLock { passes in
            passes.running -= 1
            passes.finished += 1
            defer { passes.waiters = [] }
            return passes.waiters
        }
        waiters.forEach { $0.resume() }
    }

    /// Returns once every start and end due at the clock's present has been carried out: its
    /// batch's run, or its revert's, has started (a test seam, as `BatchRunner.waitForRun` is:
    /// after moving its clock, or after a restart, a test waits here, then for the runs).
    package func waitForDueSteps() async {
        while true {
            let (seen, busy) = passes.withLock { ($0.finished, $0.running > 0) }
            let ending = ends.withLock { Array($0.values) }
            let due = nextStep().map { $0 <= clock.now() } ?? false
            if !busy, !due, ending.isEmpty { return }
            if !busy, !ending.isEmpty {
                for end in ending { await end.value }
                continue
            }
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let passed = passes.withLock { passes -> Bool in
                    if passes.finished != seen { return true }
                    passes.waiters.append(continuation)
                    return false
                }
                if passed { continuation.resume() }
            }
        }
    }

    private func carryOutDue(atStartUp: Bool) async {
        let now = clock.now()
        let pending: [Batch]
        do {
            pending = try store.pendingSchedules()
        } catch {
            logger.log(.error, "schedules could not be read: \(error)")
            return
        }
        for batch in pending {
            guard let schedule = batch.schedule else { continue }
            do {
                if batch.state == .scheduled {
                    if atStartUp, let endsAt = schedule.endsAt, endsAt <= now {
                        if try store.markMissed(batch.id, at: now) {
                            logger.log(.warning, "batch \(batch.id): its whole window passed while the dashboard was not running; nothing was sent")
                        }
                    } else if schedule.startsAt <= now, try store.startScheduled(batch.id, at: now) {
                        runner.start(batch.id)
                        // Once its run is over, the products' pages name only the rows it changed.
                        indexAfterRun(batch.id)
                        // A window that also ended meanwhile (a start this late): put back now.
                        if let endsAt = schedule.endsAt, endsAt <= now { end(batch.id, at: now) }
                    }
                } else if let endsAt = schedule.endsAt, endsAt <= now {
                    end(batch.id, at: now)
                }
            } catch {
                logger.log(.error, "batch \(batch.id): its schedule could not be carried out: \(error)")
            }
        }
    }

    /// Indexes the changes still to come again once `batchID`'s run is over, in a task kept
    /// until then (one per batch).
    private func indexAfterRun(_ batchID: Int) {
        afterRuns.withLock { current in
            guard current[batchID] == nil else { return }
            current[batchID] = Task { [self] in
                await runner.waitForRun(batchID)
                if !isShutDown.load(ordering: .relaxed) { indexUpcoming() }
                _ = afterRuns.withLock { $0.removeValue(forKey: batchID) }
            }
        }
    }

    /// Ends a started window now ("End now"): the batch's revert starts at once. False when
    /// the batch has no started window, or its end came already.
    package func endNow(_ batchID: Int) async -> Bool {
        let now = clock.now()
        guard (try? store.moveEnd(batchID, to: now)) == true else { return false }
        await end(batchID, at: now).value
        reschedule()
        return true
    }

    /// A window's end: once the batch's own run is over, a batch of its own puts back each
    /// field its done edits set. Runs in a task of its own, one per batch (an end asked for
    /// again while it waits is the same task), which it returns.
    @discardableResult
    private func end(_ batchID: Int, at time: Date) -> Task<Void, Never> {
        ends.withLock { current in
            if let underWay = current[batchID] { return underWay }
            let task = Task { [self] in
                await runner.waitForRun(batchID)
                // Stopped meanwhile: the next start ends it (its end has passed by then).
                if !isShutDown.load(ordering: .relaxed) {
                    do {
                        let rows = try store.rows(batchID, status: .done).filter { $0.operation == .edit }.map(\.reversal)
                        // An end moved later while the run went on comes at its new time.
                        if let revertID = try store.beginRevert(batchID, rows: rows, at: time, now: clock.now()) {
                            runner.start(revertID)
                        }
                    } catch {
                        logger.log(.error, "batch \(batchID): its end could not be carried out: \(error)")
                    }
                }
                _ = ends.withLock { $0.removeValue(forKey: batchID) }
                reschedule()
            }
            current[batchID] = task
            return task
        }
    }
}
