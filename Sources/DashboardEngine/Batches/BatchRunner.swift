import Foundation
import ServerLogging
import MarketClient
import SQLite
import Synchronization

/// Applies batches in the background: each pending row is checked against the market (read
/// fresh) and sent through `MarketWriter`, at most `maxWrites` at a time across all batches.
///
/// Every row goes: read the product fresh → if it no longer has the preview's old values, it
/// is skipped ("changed elsewhere"); if it has the new values already, it is done; else the
/// row is marked in flight with its send time, the mark is committed (the writer's last step
/// before sending, after the journal and the recycle bin), and only then is the write sent;
/// its outcome and the cleared mark are committed together.
///
/// A sheet's rows, and an undo's (which put back what a batch set), go field by field: a field
/// that changed on the market since the sheet was opened is left alone (the market's value is
/// recorded with the row), the others are sent in one PATCH of only them; a row all of whose
/// changed fields changed elsewhere is skipped. An amount is compared with its currency: the
/// same number in another currency is another value, changed elsewhere.
///
/// A write whose answer is lost (a timeout, an answer that cannot be read, a stop while it was
/// at the market) is never sent again blind: its row waits, `checking`, until the write's
/// deadline has passed (`OutcomeCheck`), since before it a read cannot tell "never arrived"
/// from "still on its way"; the rest of the batch goes on meanwhile. Then the market decides:
/// the new values are there (done), the old ones are (sent again, once), others are (skipped:
/// changed elsewhere); a create found once is done with that product, not found is sent
/// again, found more than once is `unknown`, with what was found, and nothing is sent. A
/// field-by-field row is decided field by field the same way.
package final class BatchRunner: Sendable {
    /// Points where a test stops a run as a crash would (`pauseAfterMarking`,
    /// `pauseAfterAnswer`): after the in-flight mark is committed (nothing sent), and after the
    /// market answered (not recorded).
    struct Hooks: Sendable {
        var afterMark: (@Sendable (_ batch: Int, _ row: Int) async -> Void)?
        var afterWrite: (@Sendable (_ batch: Int, _ row: Int) async -> Void)?
    }

    static let maxWrites = 4
    /// A row whose lost answer showed the write was not done is sent again this often at
    /// most; after that, it fails and Retry is the person's choice.
    static let maxAttempts = 2

    let store: BatchStore
    let writer: MarketWriter
    let ownVendor: OwnVendor
    let logger: ServerLogger
    /// Reads the market after a lost answer's deadline.
    let outcomeCheck: OutcomeCheck
    /// What a checking row waits on.
    let clock: any WallClock
    let hooks = Mutex(Hooks())
    private let slots = WriteSlots(BatchRunner.maxWrites)
    private let runs = Mutex<[Int: Task<Void, Never>]>([:])
    private let isShutDown = Atomic(false)

    init(
        store: BatchStore, writer: MarketWriter, ownVendor: OwnVendor, logger: ServerLogger, outcomeCheck: OutcomeCheck,
        clock: any WallClock
    ) {
        self.store = store
        self.writer = writer
        self.ownVendor = ownVendor
        self.logger = logger
        self.outcomeCheck = outcomeCheck
        self.clock = clock
    }

    /// Starts applying `batchID` in the background unless it is running already.
    package func start(_ batchID: Int) {
        guard !isShutDown.load(ordering: .relaxed) else { return }
        runs.withLock { current in
            guard current[batchID] == nil else { return }
            current[batchID] = Task { [self] in
                await run(batchID)
                _ = runs.withLock { $0.removeValue(forKey: batchID) }
            }
        }
    }

    /// At start-up: batches that were applying when the dashboard stopped go on. Rows marked
    /// in flight may have reached the market: each is checked after its write's deadline.
    func resumeInterrupted() {
        do {
            for batchID in try store.running() {
                let unsure = try store.clearInFlight(batchID)
                if unsure > 0 {
                    logger.log(.info, "batch \(batchID): \(unsure) row(s) may have been sent before the stop; checking them with the market after their deadline")
                }
                start(batchID)
            }
        } catch {
            logger.log(.error, "could not resume the batches that were applying: \(error)")
        }
    }

    /// A test's stop where a crash would leave a row: `body` runs, and the row waits for it,
    /// after the row's in-flight mark is committed and before its write is sent.
    package func pauseAfterMarking(_ body: @escaping @Sendable (_ batch: Int, _ row: Int) async -> Void) {
        hooks.withLock { $0.afterMark = body }
    }

    /// A test's stop where a crash would leave a row: `body` runs, and the row waits for it,
    /// after the market answered its write and before the answer is recorded.
    package func pauseAfterAnswer(_ body: @escaping @Sendable (_ batch: Int, _ row: Int) async -> Void) {
        hooks.withLock { $0.afterWrite = body }
    }

    /// Waits until `batchID`'s run (if any) ends (a test seam).
    package func waitForRun(_ batchID: Int) async {
        let task = runs.withLock { $0[batchID] }
        await task?.value
    }

    /// Stops starting rows; rows being sent finish or are abandoned with the process.
    func shutdown() {
        isShutDown.store(true, ordering: .relaxed)
        runs.withLock { $0.values.forEach { $0.cancel() } }
    }

    /// Returns once every run has ended (after `shutdown()`: a row being sent ends when the
    /// market answers or the write's deadline passes).
    package func stopped() async {
        while let run = runs.withLock({ $0.values.first }) { await run.value }
    }

    // MARK: A run

    private func run(_ batchID: Int) async {
        var last = 0
        // A sheet's cells, and what an undo puts back, go field by field (see above).
        let batch = (try? store.batch(batchID)) ?? nil
        let kind = batch?.kind
        let fieldByField = kind == .sheet || kind?.putsBack == true
        // Every row's write is the applier's: who applied, scheduled or last retried it.
        let by = batch?.appliedBy
        // A row the store could not read or record is still pending: the batch then stays
        // running, to be resumed at the next start (`resumeInterrupted`).
        let record = RunRecord()
        await withDiscardingTaskGroup { group in
            // Rows checked after a stop: the check sends one again when the market shows it
            // was not done (the row is pending again then), never the loop below.
            var checked: Set<Int> = []
            do {
                for row in try store.rows(batchID, status: .checking) {
                    checked.insert(row.number)
                    group.addTask { if await !self.resolve(row, fieldByField: fieldByField, by: by) { record.rowNotRecorded() } }
                }
            } catch {
                logger.log(.error, "batch \(batchID): \(error)")
                record.rowNotRecorded()
            }
            sending: while !Task.isCancelled {
                let rows: [BatchRow]
                do {
                    rows = try store.pending(batchID, after: last, limit: 64)
                } catch {
                    logger.log(.error, "batch \(batchID): \(error)")
                    record.rowNotRecorded()
                    break
                }
                if rows.isEmpty { break }
                for row in rows {
                    last = row.number
                    if checked.contains(row.number) { continue }
                    // The row's write slot, taken here and given back once its write is sent:
                    // a row waiting for the check of a lost answer holds none, so the rest of
                    // the batch goes on meanwhile.
                    await slots.acquire()
                    guard !Task.isCancelled else {
                        await slots.release()
                        break sending
                    }
                    group.addTask { if await !self.process(row, fieldByField: fieldByField, by: by, holdingSlot: true) { record.rowNotRecorded() } }
                }
            }
        }
        guard record.everyRowRecorded, !Task.isCancelled, !isShutDown.load(ordering: .relaxed) else { return }
        do {
            try store.finish(batchID)
        } catch {
            logger.log(.error, "batch \(batchID): \(error)")
        }
    }

    /// What sending one row came to, before the store records it.
    private enum Attempt {
        /// `elsewhere`: a field-by-field row's fields left alone.
        case done(productID: Int?, elsewhere: RecordedFields = RecordedFields())
        case failed(WriteError)
        /// Not sent: the product changed (`changedElsewhere`) or was deleted (`notFound`) after
        /// the preview.
        case skipped(WriteError.Code = .changedElsewhere, elsewhere: RecordedFields = RecordedFields())
        /// Sent, no usable answer: checked after the deadline.
        case lost
        /// Not sent: the dashboard is stopping (the row stays as it is for the next start).
        case stopping
    }

    /// Sends one row and records its outcome (a lost answer is resolved before this returns);
    /// false when the store could not record it. The write slot is taken here unless the
    /// caller holds one already, and given back once the write is sent.
    private func process(_ row: BatchRow, fieldByField: Bool, by: AccountName?, holdingSlot: Bool = false) async -> Bool {
        if !holdingSlot { await slots.acquire() }
        let outcome = await attempt(row, fieldByField: fieldByField, by: by)
        await slots.release()
        guard !Task.isCancelled else { return false }
        do {
            switch outcome {
            case .stopping: return false
            case .lost:
                try store.startChecking(row.batchID, row.number)
                guard let checking = try store.row(row.batchID, row.number) else { return false }
                return await resolve(checking, fieldByField: fieldByField, by: by)
            default: try record(outcome, of: row)
            }
        } catch {
            logger.log(.error, "batch \(row.batchID) row \(row.number): \(error)")
            return false
        }
        return true
    }

    private func record(_ outcome: Attempt, of row: BatchRow) throws(DatabaseError) {
        switch outcome {
        case .done(let productID, let elsewhere):
            try store.recordOutcome(row.batchID, row.number, status: .done, productID: productID, elsewhere: elsewhere)
        case .failed(let failure): try store.recordOutcome(row.batchID, row.number, status: .failed, failure: failure)
        case .skipped(let code, let elsewhere):
            try store.recordOutcome(row.batchID, row.number, status: .skipped, failure: WriteError(code: code), elsewhere: elsewhere)
        case .lost, .stopping: break
        }
    }

    private func attempt(_ row: BatchRow, fieldByField: Bool, by: AccountName?) async -> Attempt {
        let cause = WriteCause.batch(id: row.batchID, row: row.number)
        let mark: MarketWriter.BeforeSending = { [self] () throws(WriteRefusal) in try await self.mark(row) }
        switch row.operation {
        case .edit:
            guard let id = row.productID else { return .failed(WriteError(code: .invalid)) }
            let current: ProductDetail
            switch await read(id) {
            case .success(let product?): current = product
            // Deleted since the preview: there is nothing to change, and a retry cannot help.
            case .success(nil): return .skipped(.notFound)
            case .failure(let failure): return .failed(failure)
            }
            var send = row.after
            var elsewhere = RecordedFields()
            if fieldByField {
                let split = Self.split(row, current)
                send = split.send
                elsewhere = split.elsewhere
                if send.isEmpty { return elsewhere.isEmpty ? .done(productID: id) : .skipped(elsewhere: elsewhere) }
            } else {
                let changed = row.after.setFields
                let dependencies = row.before.setFields.filter { !changed.contains($0) }
                guard row.before.only(dependencies).matches(current.summary) else { return .skipped() }
                if row.after.matches(current.summary) { return .done(productID: id) }
                guard row.before.only(changed).matches(current.summary) else { return .skipped() }
            }
            do {
                let edited = try await writer.edit(current, send.changes, cause: cause, by: by, beforeSending: mark)
                await hooks.withLock { $0.afterWrite }?(row.batchID, row.number)
                return .done(productID: edited.id, elsewhere: elsewhere)
            } catch MarketError.notFound {
                return .skipped(.notFound)
            } catch {
                return Self.outcome(of: error)
            }
        case .delete:
            guard let id = row.productID else { return .failed(WriteError(code: .invalid)) }
            let current: ProductDetail
            switch await read(id) {
            case .success(let product?): current = product
            // Gone: what the row asked for is so (a write before a restart, another tab).
            case .success(nil): return .done(productID: id)
            case .failure(let failure): return .failed(failure)
            }
            guard row.before.matches(current.summary) else { return .skipped() }
            do {
                _ = try await writer.delete(current, cause: cause, by: by, beforeSending: mark)
                await hooks.withLock { $0.afterWrite }?(row.batchID, row.number)
                return .done(productID: id)
            } catch MarketError.notFound {
                return .done(productID: id)
            } catch {
                return Self.outcome(of: error)
            }
        case .create:
            var images: [ImageUpload] = []
            for imageID in row.images {
                guard let image = try? store.image(imageID) else { return .failed(WriteError(code: .invalid)) }
                images.append(image)
            }
            guard let product = row.after.newProduct, ImageUpload.allowedCount.contains(images.count) else {
                return .failed(WriteError(code: .invalid))
            }
            do {
                let created = try await writer.create(
                    product, images: images, cause: cause, by: by, knownIDs: row.knownIDs + Array(try store.createdIDs(row.batchID)),
                    beforeSending: mark)
                if let problem = ownVendor.learn(fromCreated: created.vendorID) { logger.log(.warning, problem) }
                await hooks.withLock { $0.afterWrite }?(row.batchID, row.number)
                return .done(productID: created.id)
            } catch {
                return Self.outcome(of: error)
            }
        case .none:
            return .done(productID: row.productID)
        }
    }

    /// A field-by-field row's fields against the market's: those still holding what the sheet
    /// showed are to be sent; those holding something else are left alone, with the market's
    /// values; those holding the new values already are neither. An amount holds a value only
    /// in the currency the row recorded for it (`before`'s; the new one's when the row sets
    /// it): one left alone for its currency is recorded with the market's currency.
    private static func split(_ row: BatchRow, _ current: ProductDetail) -> (send: RecordedFields, elsewhere: RecordedFields) {
        var send = RecordedFields()
        var elsewhere = RecordedFields()
        let market = RecordedFields(current.summary)
        for field in row.after.setFields where !row.value(field, new: true).matches(current.summary) {
            if row.value(field, new: false).matches(current.summary) {
                send = send.adding(row.after.only([field]))
            } else {
                let withCurrency = field.isAmount && row.after.currency == nil
                elsewhere = elsewhere.adding(market.only(withCurrency ? [field, .currency] : [field]))
            }
        }
        return (send, elsewhere)
    }

    /// A write's error as a row's outcome: a lost answer is checked, a stop leaves the row for
    /// the next start, anything else failed.
    private static func outcome(of error: any Error) -> Attempt {
        if let refusal = error as? WriteRefusal, refusal.code == .stopping { return .stopping }
        let failure = WriteError(error)
        return failure.mayHaveBeenDone ? .lost : .failed(failure)
    }

    /// The in-flight mark and send time, committed; then the crash point tests use. The
    /// writer's last step before it sends (`MarketWriter.BeforeSending`).
    private func mark(_ row: BatchRow) async throws(WriteRefusal) {
        do {
            try store.markInFlight(row.batchID, row.number)
        } catch {
            logger.log(.error, "batch \(row.batchID) row \(row.number): \(error)")
            throw WriteRefusal(code: .journalUnavailable, detail: error.description)
        }
        await hooks.withLock { $0.afterMark }?(row.batchID, row.number)
        // Shut down meanwhile: the row stays marked, and the next start checks it.
        guard !Task.isCancelled, !isShutDown.load(ordering: .relaxed) else {
            throw WriteRefusal(code: .stopping, detail: "the dashboard is stopping")
        }
    }

    // MARK: A lost answer

    /// A `checking` row: waits until its write's deadline, reads the market, and records what
    /// it shows; sends the row again when the write was not done and it may (`maxAttempts`).
    /// A market that cannot be read is asked again, less often each time. False when the store
    /// could not record the outcome (or the dashboard stopped).
    private func resolve(_ row: BatchRow, fieldByField: Bool, by: AccountName?) async -> Bool {
        let sentAt = row.sentAt ?? clock.now()
        do {
            try await clock.sleep(until: outcomeCheck.deadline(sentAt: sentAt), for: .outcomeCheck)
        } catch {
            return false
        }
        let attempt = OutcomeCheck.Attempt(
            kind: Self.kind(row.operation), productID: row.productID, before: row.before, after: row.after, sentAt: sentAt,
            knownIDs: row.knownIDs)
        var pause: TimeInterval = 30
        while !Task.isCancelled, !isShutDown.load(ordering: .relaxed) {
            let verdict: OutcomeCheck.Verdict
            // A field-by-field row's fields left alone, with the market's values.
            var elsewhere = RecordedFields()
            do {
                if fieldByField, row.operation == .edit {
                    (verdict, elsewhere) = try await fieldVerdict(row)
                } else {
                    verdict = try await outcomeCheck.verdict(for: attempt, claimed: try store.createdIDs(row.batchID))
                }
            } catch {
                logger.log(.info, "batch \(row.batchID) row \(row.number): the market could not be read yet to check it: \(error)")
                guard (try? await clock.sleep(until: clock.now().addingTimeInterval(pause), for: .outcomeCheck)) != nil else { return false }
                pause = min(pause * 2, 600)
                continue
            }
            do {
                switch verdict {
                case .applied(let productID, _):
                    try record(Attempt.done(productID: productID, elsewhere: elsewhere), of: row)
                case .changedElsewhere:
                    try record(Attempt.skipped(elsewhere: elsewhere), of: row)
                case .unsure(let found):
                    try store.recordOutcome(row.batchID, row.number, status: .unknown, failure: WriteError(code: .unknown), found: found)
                case .notApplied where row.attempts < Self.maxAttempts:
                    try store.sendAgain(row.batchID, row.number)
                    guard let again = try store.row(row.batchID, row.number) else { return false }
                    return await process(again, fieldByField: fieldByField, by: by)
                case .notApplied:
                    try store.recordOutcome(row.batchID, row.number, status: .failed, failure: WriteError(code: .notApplied))
                }
            } catch {
                logger.log(.error, "batch \(row.batchID) row \(row.number): \(error)")
                return false
            }
            return true
        }
        return false
    }

    /// A field-by-field edit's verdict: not applied while any field still holds what the sheet
    /// showed; else applied when any holds its new value, changed elsewhere when none does.
    /// The fields left alone come with it.
    private func fieldVerdict(_ row: BatchRow) async throws -> (OutcomeCheck.Verdict, elsewhere: RecordedFields) {
        guard let id = row.productID else { return (.notApplied, RecordedFields()) }
        let current: ProductDetail
        do {
            current = try await writer.api.product(id: id)
        } catch MarketError.notFound {
            return (.changedElsewhere(RecordedFields()), RecordedFields())
        }
        let split = Self.split(row, current)
        if !split.send.isEmpty { return (.notApplied, RecordedFields()) }
        let leftAlone = Set(split.elsewhere.setFields)
        let applied = row.after.setFields.contains { !leftAlone.contains($0) }
        return (applied ? .applied(productID: id, fields: RecordedFields(current.summary)) : .changedElsewhere(split.elsewhere), split.elsewhere)
    }

    private static func kind(_ operation: BatchRow.Operation) -> WriteKind {
        switch operation {
        case .create: .create
        case .delete: .delete
        case .edit, .none: .edit
        }
    }

    /// The product as the market has it now (nil: gone), or why it could not be read.
    private func read(_ id: Int) async -> Result<ProductDetail?, WriteError> {
        do {
            return .success(try await writer.api.product(id: id))
        } catch MarketError.notFound {
            return .success(nil)
        } catch {
            return .failure(WriteError(code: .unreachable))
        }
    }
}

extension RecordedFields {
    /// A create's fields as the API takes them; nil when one is missing.
    var newProduct: NewProduct? {
        guard let name, let description, let price, let currency else { return nil }
        return NewProduct(
            name: name, description: description, price: Money(price), currency: Currency(rawValue: currency),
            discountedPrice: Money(discountedPrice ?? 0), stock: stock ?? 0)
    }
}

/// Whether every row a run started was recorded, as its tasks tell.
private final class RunRecord: Sendable {
    private let failed = Atomic(false)

    func rowNotRecorded() { failed.store(true, ordering: .relaxed) }
    var everyRowRecorded: Bool { !failed.load(ordering: .relaxed) }
}

/// At most `count` writes at a time, across every batch.
actor WriteSlots {
    private var free: Int
    private var waiters: [CheckedContinuation<Void, Never>] = []

    init(_ count: Int) {
        free = count
    }

    func acquire() async {
        if free > 0 {
            free -= 1
            return
        }
        await withCheckedContinuation { waiters.append($0) }
    }

    func release() {
        if waiters.isEmpty {
            free += 1
        } else {
            waiters.removeFirst().resume()
        }
    }
}
