import Foundation
import ServerLogging
import MarketClient
import Synchronization

/// Applies batches in the background: each pending row is checked against the market (read
/// fresh) and sent through `MarketWriter`, at most `maxWrites` at a time across all batches.
///
/// Every row goes: read the product fresh → if it no longer has the preview's old values, it
/// is skipped ("changed elsewhere"); if it has the new values already, it is done (a write
/// that reached the market before a restart); else the row is marked in flight, the mark is
/// committed, and only then is the write sent; its outcome and the cleared mark are committed
/// together. A create has no product to read: once a write was sent for it (`attempts`), the
/// market's own products are searched for one with its values before it is sent again. So a
/// write is never sent twice without checking, however the dashboard stopped.
///
/// A sheet's rows, and an undo's (which put back what a batch set), go field by field: a field that changed on the market since the sheet was
/// opened is left alone (the market's value is recorded with the row), the others are sent in
/// one PATCH of only them; a row all of whose changed fields changed elsewhere is skipped.
package final class BatchRunner: Sendable {
    /// Points where a test stops a run as a crash would (see `BatchRunnerTests`): after the
    /// in-flight mark is committed (nothing sent), and after the market answered (not recorded).
    package struct Hooks: Sendable {
        var afterMark: (@Sendable (_ batch: Int, _ row: Int) async -> Void)?
        var afterWrite: (@Sendable (_ batch: Int, _ row: Int) async -> Void)?
    }

    static let maxWrites = 4

    let store: BatchStore
    let writer: MarketWriter
    let ownVendor: OwnVendor
    let logger: ServerLogger
    let hooks = Mutex(Hooks())
    private let slots = WriteSlots(BatchRunner.maxWrites)
    private let runs = Mutex<[Int: Task<Void, Never>]>([:])
    private let isShutDown = Atomic(false)

    package init(store: BatchStore, writer: MarketWriter, ownVendor: OwnVendor, logger: ServerLogger) {
        self.store = store
        self.writer = writer
        self.ownVendor = ownVendor
        self.logger = logger
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
    /// in flight are pending again; their check before sending finds what the market did.
    package func resumeInterrupted() {
        do {
            for batchID in try store.running() {
                let unsure = try store.clearInFlight(batchID)
                if unsure > 0 {
                    logger.log(.info, "batch \(batchID): \(unsure) row(s) may have been sent before the stop; checking them with the market")
                }
                start(batchID)
            }
        } catch {
            logger.log(.error, "could not resume the batches that were applying: \(error)")
        }
    }

    /// Waits until `batchID`'s run (if any) ends (a test seam).
    func waitForRun(_ batchID: Int) async {
        let task = runs.withLock { $0[batchID] }
        await task?.value
    }

    /// Stops starting rows; rows being sent finish or are abandoned with the process.
    package func shutdown() {
        isShutDown.store(true, ordering: .relaxed)
        runs.withLock { $0.values.forEach { $0.cancel() } }
    }

    // MARK: A run

    private func run(_ batchID: Int) async {
        var last = 0
        // A sheet's cells, and what an undo puts back, go field by field (see above).
        let kind = (try? store.batch(batchID))??.kind
        let fieldByField = kind == .sheet || kind == .undo
        // A row the store could not read or record is still pending: the batch then stays
        // running, to be resumed at the next start (`resumeInterrupted`).
        let everyRowRecorded = await withTaskGroup(of: Bool.self) { group -> Bool in
            var active = 0
            var recorded = true
            while !Task.isCancelled {
                let rows: [BatchRow]
                do {
                    rows = try store.pending(batchID, after: last, limit: 64)
                } catch {
                    logger.log(.error, "batch \(batchID): \(error)")
                    recorded = false
                    break
                }
                if rows.isEmpty { break }
                for row in rows {
                    last = row.number
                    if active >= Self.maxWrites, let done = await group.next() {
                        recorded = recorded && done
                        active -= 1
                    }
                    group.addTask { await self.process(row, fieldByField: fieldByField) }
                    active += 1
                }
            }
            for await done in group { recorded = recorded && done }
            return recorded
        }
        guard everyRowRecorded, !Task.isCancelled, !isShutDown.load(ordering: .relaxed) else { return }
        do {
            try store.finish(batchID)
        } catch {
            logger.log(.error, "batch \(batchID): \(error)")
        }
    }

    private enum Outcome {
        /// `elsewhere`: a sheet row's fields left alone.
        case done(productID: Int?, elsewhere: RecordedFields = RecordedFields())
        case failed(WriteFailure)
        case skipped(elsewhere: RecordedFields = RecordedFields())
    }

    /// Sends one row and records its outcome; false when the store could not record the outcome.
    private func process(_ row: BatchRow, fieldByField: Bool) async -> Bool {
        await slots.acquire()
        let outcome = await attempt(row, fieldByField: fieldByField)
        await slots.release()
        guard !Task.isCancelled else { return false }
        do {
            switch outcome {
            case .done(let productID, let elsewhere):
                try store.recordOutcome(row.batchID, row.number, status: .done, productID: productID, elsewhere: elsewhere)
            case .failed(let failure): try store.recordOutcome(row.batchID, row.number, status: .failed, failure: failure)
            case .skipped(let elsewhere):
                try store.recordOutcome(
                    row.batchID, row.number, status: .skipped, failure: WriteFailure(code: .changedElsewhere), elsewhere: elsewhere)
            }
        } catch {
            logger.log(.error, "batch \(row.batchID) row \(row.number): \(error)")
            return false
        }
        return true
    }

    private func attempt(_ row: BatchRow, fieldByField: Bool) async -> Outcome {
        let cause = WriteCause.batch(id: row.batchID, row: row.number)
        switch row.operation {
        case .edit:
            guard let id = row.productID else { return .failed(WriteFailure(code: .invalid)) }
            let current: ProductDetail
            switch await read(id) {
            case .success(let product?): current = product
            case .success(nil): return .failed(WriteFailure(code: .notFound))
            case .failure(let failure): return .failed(failure)
            }
            let changed = row.after.setFields
            var send = row.after
            var elsewhere = RecordedFields()
            if fieldByField {
                // Each field alone: sent if the market still holds what the sheet showed,
                // left alone (with the market's value) if it holds something else.
                send = RecordedFields()
                for field in changed where !row.after.only([field]).matches(current.summary) {
                    if row.before.only([field]).matches(current.summary) {
                        send = send.adding(row.after.only([field]))
                    } else {
                        elsewhere = elsewhere.adding(RecordedFields(current.summary).only([field]))
                    }
                }
                if send.isEmpty { return elsewhere.isEmpty ? .done(productID: id) : .skipped(elsewhere: elsewhere) }
            } else {
                let dependencies = row.before.setFields.filter { !changed.contains($0) }
                guard row.before.only(dependencies).matches(current.summary) else { return .skipped() }
                if row.after.matches(current.summary) { return .done(productID: id) }
                guard row.before.only(changed).matches(current.summary) else { return .skipped() }
            }
            guard await mark(row) else { return .failed(WriteFailure(code: .unreachable)) }
            do {
                let edited = try await writer.edit(current, send.changes, cause: cause)
                await hooks.withLock { $0.afterWrite }?(row.batchID, row.number)
                return .done(productID: edited.id, elsewhere: elsewhere)
            } catch {
                return .failed(WriteFailure(error))
            }
        case .delete:
            guard let id = row.productID else { return .failed(WriteFailure(code: .invalid)) }
            let current: ProductDetail
            switch await read(id) {
            case .success(let product?): current = product
            // Gone: what the row asked for is so (a write before a restart, another tab).
            case .success(nil): return .done(productID: id)
            case .failure(let failure): return .failed(failure)
            }
            guard row.before.matches(current.summary) else { return .skipped() }
            guard await mark(row) else { return .failed(WriteFailure(code: .unreachable)) }
            do {
                _ = try await writer.delete(current, cause: cause)
                await hooks.withLock { $0.afterWrite }?(row.batchID, row.number)
                return .done(productID: id)
            } catch MarketError.notFound {
                return .done(productID: id)
            } catch {
                return .failed(WriteFailure(error))
            }
        case .create:
            if row.attempts > 0 {
                switch await findCreated(row) {
                case .success(let id?): return .done(productID: id)
                case .success(nil): break
                case .failure(let failure): return .failed(failure)
                }
            }
            var images: [ImageUpload] = []
            for imageID in row.images {
                guard let image = try? store.image(imageID) else { return .failed(WriteFailure(code: .invalid)) }
                images.append(image)
            }
            guard let product = row.after.newProduct, ImageUpload.allowedCount.contains(images.count) else {
                return .failed(WriteFailure(code: .invalid))
            }
            guard await mark(row) else { return .failed(WriteFailure(code: .unreachable)) }
            do {
                let created = try await writer.create(product, images: images, cause: cause)
                if let problem = ownVendor.learn(fromCreated: created.vendorID) { logger.log(.warning, problem) }
                await hooks.withLock { $0.afterWrite }?(row.batchID, row.number)
                return .done(productID: created.id)
            } catch {
                return .failed(WriteFailure(error))
            }
        case .none:
            return .done(productID: row.productID)
        }
    }

    /// The in-flight mark, committed; then the crash point tests use.
    private func mark(_ row: BatchRow) async -> Bool {
        do {
            try store.markInFlight(row.batchID, row.number)
        } catch {
            logger.log(.error, "batch \(row.batchID) row \(row.number): \(error)")
            return false
        }
        await hooks.withLock { $0.afterMark }?(row.batchID, row.number)
        // Shut down meanwhile: the row stays marked, and the next start checks it.
        return !Task.isCancelled && !isShutDown.load(ordering: .relaxed)
    }

    /// The product as the market has it now (nil: gone), or why it could not be read.
    private func read(_ id: Int) async -> Result<ProductDetail?, WriteFailure> {
        do {
            return .success(try await writer.api.product(id: id))
        } catch MarketError.notFound {
            return .success(nil)
        } catch {
            return .failure(WriteFailure(code: .unreachable))
        }
    }

    /// The product a create registered before a stop, found by its values among the own
    /// vendor's products with its name that existed neither at the preview nor for another row.
    private func findCreated(_ row: BatchRow) async -> Result<Int?, WriteFailure> {
        guard let name = row.after.name else { return .success(nil) }
        do {
            let claimed = try store.createdIDs(row.batchID)
            let page = try await writer.api.listProducts(page: 1, itemsPerPage: 100, search: name)
            let own = ownVendor.id
            let found = page.products.filter { product in
                (own == nil || product.vendorID == own) && !row.knownIDs.contains(product.id) && !claimed.contains(product.id)
                    && row.after.only([.name, .price, .currency, .discountedPrice, .stock]).matches(product)
            }
            return .success(found.map(\.id).max())
        } catch {
            return .failure(WriteFailure(code: .unreachable))
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

/// At most `count` writes at a time, across every batch.
package actor WriteSlots {
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
