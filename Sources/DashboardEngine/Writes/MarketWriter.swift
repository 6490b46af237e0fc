import Foundation
import MarketClient

/// Every write of this dashboard to the market goes through here, whatever asked for it (a
/// form, a batch row, an undo, a restore from the recycle bin): the write log hears of it
/// before it is sent (and may refuse it) and of its outcome after, and the `observers` learn
/// what each write did (`WriteEffect`): the JSON caches drop what it changed, the catalog
/// snapshot applies it. Writes are never retried here: a write whose answer did not come may
/// have been done. A delete's product is kept by `keeper` (the recycle bin) after the log
/// admits it and before it is sent.
package final class MarketWriter: Sendable {
    let api: any MarketAPI
    let log: any WriteLog
    /// Keeps what a delete would lose before it is sent (nil: nothing is kept).
    let keeper: (any DeleteKeeper)?
    /// Told of every write's effect, in this order.
    let observers: [any WriteObserver]

    init(
        api: any MarketAPI, log: any WriteLog = UnloggedWrites(), keeper: (any DeleteKeeper)? = nil, observers: [any WriteObserver]
    ) {
        self.api = api
        self.log = log
        self.keeper = keeper
        self.observers = observers
    }

    /// A product found gone before a write was sent (a second click, another tab): the caches
    /// and the catalog forget it as after a delete.
    package func recordGone(productID: Int) {
        tell(.removed(id: productID))
    }

    private func tell(_ effect: WriteEffect) {
        for observer in observers { observer.marketWritten(effect) }
    }

    /// Registers a product (`POST /api/products`). `knownIDs` are own products with its name
    /// the caller knows of now: if its answer is lost, a product found later that is none of
    /// them is the one it registered (`OutcomeCheck`). A caller that knows none of them (a
    /// form, the recycle bin) passes nil: the market is searched for the name first.
    package func create(
        _ product: NewProduct, images: [ImageUpload], cause: WriteCause, by: AccountName?, knownIDs: [Int]? = nil,
        beforeSending: BeforeSending? = nil
    ) async throws -> ProductDetail {
        var intent = WriteIntent(
            kind: .create, cause: cause, by: by, productID: nil, before: nil, after: RecordedFields(product), images: images)
        if let knownIDs {
            intent.knownIDs = knownIDs
        } else {
            intent.knownIDs = await OutcomeCheck.knownBeforeCreating(product.name, on: api)
        }
        let entry = try await log.admit(intent)
        try await send(beforeSending, entry)
        do {
            let created = try await api.createProduct(product, images: images)
            tell(.saved(created))
            await log.recordOutcome(entry, .done(RecordedFields(created.summary), productID: created.id))
            return created
        } catch {
            await finish(entry, error, productID: nil)
            throw error
        }
    }

    /// Changes a product's fields (`PATCH /api/products/{id}`, only `changes`). `before` is the
    /// product as the person saw it, for the log's old values.
    package func edit(
        _ before: ProductDetail, _ changes: ProductChanges, cause: WriteCause, by: AccountName?, beforeSending: BeforeSending? = nil
    ) async throws -> ProductDetail {
        let entry = try await log.admit(WriteIntent(
            kind: .edit, cause: cause, by: by, productID: before.id, before: RecordedFields(before.summary),
            after: RecordedFields(before.summary).applying(changes), detail: before))
        try await send(beforeSending, entry)
        do {
            let edited = try await api.editProduct(id: before.id, changes)
            tell(.saved(edited))
            await log.recordOutcome(entry, .done(RecordedFields(edited.summary), productID: edited.id))
            return edited
        } catch {
            await finish(entry, error, productID: before.id)
            throw error
        }
    }

    /// Deletes a product (the archived lookup, then `DELETE`). The log hears first, then the
    /// keeper keeps what the market is about to forget under the log's entry; when either
    /// cannot (see `WriteRefusal`), nothing is sent and the refusal is thrown.
    package func delete(
        _ product: ProductDetail, cause: WriteCause, by: AccountName?, beforeSending: BeforeSending? = nil
    ) async throws -> ProductDetail? {
        let entry = try await admitDelete(product, cause: cause, by: by)
        try await send(beforeSending, entry)
        do {
            let deleted = try await api.deleteProduct(id: product.id)
            tell(.removed(id: product.id))
            await log.recordOutcome(entry, .done(nil, productID: product.id))
            return deleted
        } catch MarketError.notFound {
            // Gone already (a second click, another tab): what the person wanted is so.
            tell(.removed(id: product.id))
            await log.recordOutcome(entry, .done(nil, productID: product.id))
            throw MarketError.notFound
        } catch {
            await finish(entry, error, productID: product.id)
            throw error
        }
    }

    /// A delete's steps before it is sent: the log admits it, the keeper keeps `product` under
    /// its entry, then the log stamps its send time. When the product cannot be kept, the log
    /// hears that nothing was sent and the refusal is thrown.
    func admitDelete(_ product: ProductDetail, cause: WriteCause, by: AccountName? = nil) async throws(WriteRefusal) -> WriteLogEntry? {
        var intent = WriteIntent(
            kind: .delete, cause: cause, by: by, productID: product.id, before: RecordedFields(product.summary), after: nil, detail: product)
        intent.isKeptFirst = keeper != nil
        let entry = try await log.admit(intent)
        guard let keeper, let entry else { return entry }
        do throws(WriteRefusal) {
            try await keeper.keep(product, for: entry)
        } catch {
            await log.recordOutcome(entry, .failed(WriteError(code: error.code)))
            throw error
        }
        try await log.markSent(entry)
        return entry
    }

    /// Runs after the log admitted a write (and, for a delete, the keeper kept the
    /// product), as the last step before it is sent: a batch commits the row's in-flight mark
    /// and send time here. A refusal it throws stops the write unsent.
    package typealias BeforeSending = @Sendable () async throws(WriteRefusal) -> Void

    /// `beforeSending`, if any; when it refuses, the log hears that nothing was sent.
    private func send(_ beforeSending: BeforeSending?, _ entry: WriteLogEntry?) async throws(WriteRefusal) {
        guard let beforeSending else { return }
        do throws(WriteRefusal) {
            try await beforeSending()
        } catch {
            await log.recordOutcome(entry, .failed(WriteError(code: error.code)))
            throw error
        }
    }

    /// A write that failed: refused (nothing changed) or of unknown outcome (the market may
    /// have done it: the snapshot counts again, and the log says so).
    private func finish(_ entry: WriteLogEntry?, _ error: any Error, productID: Int?) async {
        switch error as? MarketError {
        case .timeout?, .malformedResponse?, nil:
            tell(.unknown(productID: productID))
            await log.recordOutcome(entry, .unknown)
        default:
            await log.recordOutcome(entry, .failed(WriteError(error)))
        }
    }
}

/// What asked for a write (who asked is the write's `by`, an account's name).
package enum WriteCause: Sendable, Equatable {
    /// A person, through a form of this dashboard.
    case form
    /// Row `row` of batch `batch`.
    case batch(id: Int, row: Int)
    /// Undoing the write logged as `entry`.
    case undo(entry: Int)
    /// Registering again the product that `entry` deleted, from the recycle bin.
    case restore(entry: Int)

    /// The kind a log entry of this write has: an undo or a restore is its own kind.
    func journalKind(default kind: WriteKind) -> WriteKind {
        switch self {
        case .undo: .undo
        case .restore: .restore
        case .form, .batch: kind
        }
    }
}

/// What a write does.
package enum WriteKind: String, Sendable, CaseIterable {
    case create
    case edit
    case delete
    case restore
    case undo
    /// A change made on the market by something else (another app), seen by a count.
    case outside
}

/// A write about to be sent.
struct WriteIntent: Sendable {
    var kind: WriteKind
    var cause: WriteCause
    /// The account that asked for it (for a batch row: the one that applied, scheduled or
    /// retried the batch); nil for a write made with accounts off ("this dashboard").
    var by: AccountName?
    var productID: Int?
    /// The fields before (nil for a create).
    var before: RecordedFields?
    /// The fields the write asks for (nil for a delete).
    var after: RecordedFields?
    /// The product as it was, for an edit or a delete (what the recycle bin keeps).
    var detail: ProductDetail?
    /// The images a create sends.
    var images: [ImageUpload] = []
    /// A create's: own products with its name known when it was sent (see `OutcomeCheck`).
    var knownIDs: [Int]?
    /// A delete whose product is kept before it is sent: the log stamps its send time later
    /// (`WriteLog.markSent`).
    var isKeptFirst = false

    init(
        kind: WriteKind, cause: WriteCause, by: AccountName? = nil, productID: Int?, before: RecordedFields?, after: RecordedFields?,
        detail: ProductDetail? = nil, images: [ImageUpload] = []
    ) {
        self.kind = cause.journalKind(default: kind)
        self.cause = cause
        self.by = by
        self.productID = productID
        self.before = before
        self.after = after
        self.detail = detail
        self.images = images
    }
}

/// How a write ended.
enum WriteOutcome: Sendable {
    /// The market answered success; the fields it now has (nil after a delete) and the id.
    case done(RecordedFields?, productID: Int)
    /// The market refused; nothing changed.
    case failed(WriteError)
    /// No usable answer: the market may or may not have done it.
    case unknown
}

/// The logged entry of one write, as the log names it.
struct WriteLogEntry: Sendable, Hashable {
    let id: Int
}

/// Hears of every write before it is sent and of its outcome (the history journal). `admit`
/// records the write and returns before it is sent (nil when nothing was logged), or refuses
/// it with a `WriteRefusal` when it must not be sent (the journal cannot record it):
/// `MarketWriter` then sends nothing and rethrows it. `markSent` stamps the send time of a
/// write admitted as kept first, once it is kept. `recordOutcome` hears how it ended.
protocol WriteLog: Sendable {
    func admit(_ intent: WriteIntent) async throws(WriteRefusal) -> WriteLogEntry?
    func markSent(_ entry: WriteLogEntry?) async throws(WriteRefusal)
    func recordOutcome(_ entry: WriteLogEntry?, _ outcome: WriteOutcome) async
}

/// Keeps what a delete is about to lose, under the delete's log entry, before it is sent (the
/// recycle bin keeps the product's detail and original images). A refusal stops the delete
/// unsent.
protocol DeleteKeeper: Sendable {
    func keep(_ product: ProductDetail, for entry: WriteLogEntry) async throws(WriteRefusal)
}

/// Hears how each logged write ended, whenever its outcome is settled: at once, after the
/// check of a lost answer, or when a count confirms it (the recycle bin: a delete's item stays
/// or goes, a restored item remembers its product).
protocol WriteEndObserver: Sendable {
    func writeEnded(_ entry: WriteLogEntry, kind: WriteKind, cause: WriteCause?, outcome: WriteOutcome) async
}

/// The dashboard refused to send a write; the market was not asked. Its code is one of the
/// write codes of a write not sent: `journalUnavailable` (the history journal could not record
/// it), `imagesNotKept` (a delete whose product's images the recycle bin could not keep) or
/// `stopping` (the dashboard was stopping when it was about to be sent).
package struct WriteRefusal: Error, Sendable, Equatable {
    package var code: WriteError.Code
    /// What failed, for the log (never shown on a page as it is).
    var detail: String
}

/// No log (tests that do not look at history).
struct UnloggedWrites: WriteLog {
    func admit(_ intent: WriteIntent) async throws(WriteRefusal) -> WriteLogEntry? { nil }
    func markSent(_ entry: WriteLogEntry?) async throws(WriteRefusal) {}
    func recordOutcome(_ entry: WriteLogEntry?, _ outcome: WriteOutcome) async {}
}
