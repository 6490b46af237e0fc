import Foundation
import MarketClient

/// A change to many products at once, whatever its source (a bulk action on the list, a CSV
/// import, the undo of another batch): previewed first, sending nothing, then applied row by row
/// in the background, resumable after a restart. Kept in `DashboardDatabase` (`BatchStore`).
package struct Batch: Sendable, Equatable {
    package enum Kind: String, Sendable {
        case bulk
        case `import`
        case undo
        /// Cells edited in the sheet (`SheetPlanner`): applied field by field, so a field
        /// changed elsewhere since the sheet was opened is left alone while the others are sent.
        case sheet
        /// What a window's end puts back (`BatchStore.beginRevert`): an undo the seller did not
        /// press, named for the end it carries out. (Ends carried out before this kind existed
        /// are stored as `undo`; the window's `revertID` names them.)
        case revert

        /// Whether the batch puts back what another set (its `source`): applied field by field.
        package var putsBack: Bool { self == .undo || self == .revert }
    }

    package enum State: String, Sendable, CaseIterable {
        /// Shown for a decision; nothing sent.
        case preview
        /// To be applied at its `schedule`'s start; nothing sent yet.
        case scheduled
        /// Apply was pressed (or its start came): rows are being sent (or wait for a slot).
        case running
        /// Every row has its outcome.
        case finished
        /// Its whole window passed while the dashboard was not running: nothing was sent.
        case missed
        /// Discarded in preview: nothing was sent. Kept (until pruned) so that a page drawn
        /// before the discard is refused by name instead of finding nothing.
        case discarded
    }

    /// When a scheduled batch starts and, for a window, ends (its revert), and when each
    /// happened; instants (UTC), shown in the vendor's zone.
    package struct Schedule: Sendable, Equatable {
        package var startsAt: Date
        package var endsAt: Date?
        package var startedAt: Date?
        package var endedAt: Date?
        /// The batch that put back what this one set, once its end came.
        package var revertID: Int?

        package init(startsAt: Date, endsAt: Date? = nil, startedAt: Date? = nil, endedAt: Date? = nil, revertID: Int? = nil) {
            self.startsAt = startsAt
            self.endsAt = endsAt
            self.startedAt = startedAt
            self.endedAt = endedAt
            self.revertID = revertID
        }

        /// The time its window takes, for overlaps: to its end, or its start's minute when it
        /// has no end (a change for good has nothing to put back).
        package var window: Range<Date> {
            startsAt..<max(endsAt ?? startsAt.addingTimeInterval(60), startsAt.addingTimeInterval(1))
        }
    }

    package var id: Int
    package var kind: Kind
    package var state: State
    /// Counts the changes a person can see on the batch's page (its state, its times, its
    /// revert): a form carries the revision it was drawn at, and a post from an older one acts
    /// on nothing. Bumped by the database itself (trigger `batches_revision`).
    package var revision: Int = 1
    package var createdAt: Date
    package var finishedAt: Date?
    /// What the batch does, for its title (`BatchAction` for a bulk action).
    package var action: BatchAction?
    /// The imported file's name, or the id of the batch an undo reverses.
    package var source: String
    /// Notes for the whole batch (columns an import ignored).
    package var notes: [BatchNote]
    /// When it starts and ends on its own (nil: applied when Apply is pressed).
    package var schedule: Schedule?
    /// The account that made the preview (for an undo: undid the batch; for a window's revert:
    /// scheduled the window); nil with accounts off ("this dashboard").
    package var madeBy: AccountName?
    /// The account that applied or scheduled it (the last to retry it, once retried): its
    /// rows' writes carry this name, a schedule's start and end included; nil while nobody has,
    /// or with accounts off.
    package var appliedBy: AccountName?

    /// A batch with its fields, as the store reads one back or a page's test shows one.
    package init(
        id: Int, kind: Kind, state: State, revision: Int = 1, createdAt: Date, finishedAt: Date? = nil, action: BatchAction? = nil,
        source: String, notes: [BatchNote], schedule: Schedule? = nil, madeBy: AccountName? = nil, appliedBy: AccountName? = nil
    ) {
        self.madeBy = madeBy
        self.appliedBy = appliedBy
        self.id = id
        self.kind = kind
        self.state = state
        self.revision = revision
        self.createdAt = createdAt
        self.finishedAt = finishedAt
        self.action = action
        self.source = source
        self.notes = notes
        self.schedule = schedule
    }
}

/// A bulk action from the list's form: `action`, `value`, `unit`.
package struct BatchAction: Sendable, Equatable {
    package enum Kind: String, Sendable, CaseIterable {
        case priceSet = "price_set"
        case priceAdjust = "price_adjust"
        case discountSet = "discount_set"
        case stockSet = "stock_set"
        case stockAdjust = "stock_adjust"
        case delete
    }

    package enum Unit: String, Sendable {
        case amount
        case percent
    }

    package var kind: Kind
    /// The number as read (signed for the adjustments); 0 for a delete.
    package var value: Decimal
    package var unit: Unit
    /// The currency `value` is an amount of, when it is one (`readsAmount`): the one currency
    /// of the products it changes. Nil for counts, percents, and batches made before the
    /// currency was kept.
    package var currency: Currency? = nil

    /// An action as the list's form asks for it.
    package init(kind: Kind, value: Decimal, unit: Unit, currency: Currency? = nil) {
        self.kind = kind
        self.value = value
        self.unit = unit
        self.currency = currency
    }

    /// Whether `unit` means anything for this action.
    package var takesUnit: Bool { kind == .priceAdjust || kind == .discountSet }

    /// Whether `value` is an amount of money, read in the currency of the products it
    /// changes: a price set, or a price or discount by amount. A discount of 0 removes it in
    /// any currency.
    package var readsAmount: Bool {
        switch kind {
        case .priceSet: true
        case .priceAdjust: unit == .amount
        case .discountSet: unit == .amount && value != 0
        case .stockSet, .stockAdjust, .delete: false
        }
    }
}

/// One product's change in a batch.
package struct BatchRow: Sendable, Equatable {
    package enum Operation: String, Sendable {
        case edit
        case create
        case delete
        /// Nothing to send (unchanged or invalid).
        case none
    }

    package enum Status: String, Sendable, CaseIterable {
        /// To be sent (in the preview), or waiting for its turn (while applying).
        case pending
        case unchanged
        case invalid
        case done
        case failed
        /// Changed on the market after the preview ("changed elsewhere"): not sent.
        case skipped
        /// Its write's answer was lost: waiting for the write's deadline to read the market
        /// (`OutcomeCheck`), nothing sent meanwhile.
        case checking
        /// Its create's answer was lost and the market holds more than one product that may be
        /// the one it registered (`found`): nothing more is sent; a person decides.
        case unknown
        /// Never sent and never will be: its batch missed its time or was discarded.
        case notSent = "not-sent"
    }

    var batchID: Int
    /// The row's place in the batch, from 1.
    package var number: Int
    /// The import file's row (its header is row 1), for imported rows.
    package var line: Int?
    /// The product (for a create: once the market registered it).
    package var productID: Int?
    package var operation: Operation
    package var status: Status
    /// The product's name as the preview showed it.
    package var name: String
    /// The currency the amounts are shown in (the product's, or the new one's).
    package var currency: String
    /// The values the preview saw: the fields the row changes and those its new values were
    /// computed from (for an amount, the currency it is of); applying skips the row if the
    /// market no longer has them.
    package var before: RecordedFields
    /// The new values, only of the fields the row changes (all of a create's).
    package var after: RecordedFields
    package var problems: [BatchNote] = []
    package var warnings: [BatchNote] = []
    package var failure: WriteError?
    /// The batch's images a create sends, in order.
    var images: [Int] = []
    /// Own products that had this name at the preview (a create's): after a restart, a product
    /// with the row's values and another id is the one this row registered.
    var knownIDs: [Int] = []
    /// Marked (and committed) before the write is sent, cleared with its outcome.
    var inFlight = false
    /// Writes sent for this row so far.
    var attempts = 0
    /// A sheet row's fields that were not sent because they changed elsewhere since the sheet
    /// was opened, with the values the market held then (empty: none).
    package var elsewhere = RecordedFields()
    /// When its last write was sent (committed with the in-flight mark).
    var sentAt: Date?
    /// Products a check found that may be the one its create registered (status `unknown`).
    package var found: [Int] = []
}

extension BatchRow {
    /// A row as a preview shows it, not yet in a batch (the store gives it its batch; `number`
    /// is its place there, from 1).
    package init(
        number: Int = 0, line: Int? = nil, productID: Int?, operation: Operation, status: Status, name: String, currency: String,
        before: RecordedFields, after: RecordedFields, problems: [BatchNote] = [], warnings: [BatchNote] = [], failure: WriteError? = nil
    ) {
        self.init(
            batchID: 0, number: number, line: line, productID: productID, operation: operation, status: status, name: name, currency: currency,
            before: before, after: after, problems: problems, warnings: warnings, failure: failure)
    }
}

/// How many rows of a batch have each status, and what the pending ones do.
package struct BatchCounts: Sendable, Equatable {
    package init() {}

    /// Rows by status.
    package var byStatus: [BatchRow.Status: Int] = [:]
    /// Pending rows by operation.
    package var pendingEdits = 0
    package var pendingCreates = 0
    package var pendingDeletes = 0
    /// Done rows by operation: an edit changed a product, a create added one, a delete
    /// deleted one.
    package var doneEdits = 0
    package var doneCreates = 0
    package var doneDeletes = 0
    /// Rows that register or delete a product, whatever their status: what no end puts back.
    package var createsOrDeletes = 0
    /// Rows that register a product, whatever their status.
    var creates = 0
    /// Failed rows a retry can carry out: not those the market refused for good (values it
    /// does not take, a product that is gone).
    package var retryable = 0
    /// Skipped rows by why (`BatchRow.SkipCode`).
    var skippedBy: [BatchRow.SkipCode: Int] = [:]

    package subscript(status: BatchRow.Status) -> Int { byStatus[status] ?? 0 }

    package var total: Int { byStatus.values.reduce(0, +) }
    package var pending: Int { self[.pending] }
    /// Rows being checked with the market after a lost answer.
    package var checking: Int { self[.checking] }
    /// Rows whose outcome is decided: done, failed, skipped, or unknown (the progress bar's
    /// value).
    package var processed: Int { self[.done] + self[.failed] + self[.skipped] + self[.unknown] }
    /// Rows an apply sends or records an outcome for.
    package var toApply: Int { pending + checking + processed }
    /// Whether every row an apply takes has its outcome: nothing pending or being checked.
    package var isSettled: Bool { pending == 0 && checking == 0 }

    /// Counts in `count` rows of a status, an operation and a failure code as stored; a status
    /// this version does not know is left out.
    mutating func add(_ count: Int, status statusText: String, operation operationText: String, failure failureText: String = "") {
        guard let status = BatchRow.Status(rawValue: statusText) else { return }
        add(count, status, BatchRow.Operation(rawValue: operationText), failure: WriteError.Code(rawValue: failureText))
    }

    /// Counts in `count` rows of `status` doing `operation`, failed or skipped with `failure`.
    package mutating func add(_ count: Int, _ status: BatchRow.Status, _ operation: BatchRow.Operation?, failure: WriteError.Code? = nil) {
        byStatus[status, default: 0] += count
        switch (status, operation) {
        case (.pending, .edit?): pendingEdits += count
        case (.pending, .create?): pendingCreates += count
        case (.pending, .delete?): pendingDeletes += count
        case (.done, .edit?): doneEdits += count
        case (.done, .create?): doneCreates += count
        case (.done, .delete?): doneDeletes += count
        case (.failed, _) where BatchRow.canRetry(failure): retryable += count
        case (.skipped, _): skippedBy[BatchRow.SkipCode(failure), default: 0] += count
        default: break
        }
        if operation == .create || operation == .delete { createsOrDeletes += count }
        if operation == .create { creates += count }
    }
}

extension BatchRow {
    /// Why a row was skipped: its `failure` code, as the page's `data-reason` names it.
    package enum SkipCode: String, Sendable, CaseIterable {
        /// The product's values changed on the market after the preview.
        case changedElsewhere = "changed-elsewhere"
        /// The product was deleted after the preview.
        case deleted
    }

    package var skipCode: SkipCode? { status == .skipped ? SkipCode(failure?.code) : nil }

    /// Whether a retry of a failed row with this code can succeed: not when the market does not
    /// take its values, or its product is gone. `BatchStore.startRetry` holds the same rule in
    /// its SQL.
    static func canRetry(_ code: WriteError.Code?) -> Bool {
        switch code {
        case .invalid?, .notFound?: false
        default: true
        }
    }
}

extension BatchRow.SkipCode {
    init(_ code: WriteError.Code?) {
        self = code == .notFound ? .deleted : .changedElsewhere
    }
}

extension RecordedFields {
    /// Whether no field is set.
    var isEmpty: Bool { self == RecordedFields() }

    /// The fields set here, as the API names them, in the form's order.
    package var setFields: [ProductField] {
        var fields: [ProductField] = []
        if name != nil { fields.append(.name) }
        if description != nil { fields.append(.description) }
        if currency != nil { fields.append(.currency) }
        if price != nil { fields.append(.price) }
        if discountedPrice != nil { fields.append(.discountedPrice) }
        if stock != nil { fields.append(.stock) }
        return fields
    }

    /// Whether every field set here has this value in `product` (texts compared as the form
    /// rules normalise them, amounts as numbers).
    func matches(_ product: ProductSummary) -> Bool {
        if let name, ProductFieldRules.normalized(name) != ProductFieldRules.normalized(product.name) { return false }
        if let description, ProductFieldRules.normalized(description) != ProductFieldRules.normalized(product.description) { return false }
        if let currency, Currency(rawValue: currency) != product.currency { return false }
        if let price, price != product.price.amount { return false }
        if let discountedPrice, discountedPrice != product.discountedPrice.amount { return false }
        if let stock, stock != product.stock { return false }
        return true
    }

    /// Only the fields named.
    package func only(_ fields: [ProductField]) -> RecordedFields {
        // Images and the thumbnail are not recorded fields: there is nothing of theirs to keep.
        keeping(fields.compactMap { RecordedFields.Field(rawValue: $0.rawValue) })
    }

    /// The edit that sets these fields (`PATCH`, only what is set).
    package var changes: ProductChanges {
        ProductChanges(
            name: name, description: description, price: price.map(Money.init), currency: currency.map { Currency(rawValue: $0) },
            discountedPrice: discountedPrice.map(Money.init), stock: stock)
    }
}

extension BatchRow {
    /// One field's old value (`before`) or new one (`after`) as the market holds it when it
    /// has it: an amount with the currency it is of, when the row recorded one (the new
    /// amount's is the new currency, when the row sets one).
    func value(_ field: ProductField, new: Bool) -> RecordedFields {
        var value = (new ? after : before).only([field])
        if field.isAmount { value.currency = new ? after.currency ?? before.currency : before.currency }
        return value
    }

    /// The edit that puts a done row's fields back: from its new values to its old ones. A
    /// sheet row's fields that were left alone (changed elsewhere) are not part of it: they
    /// were never written, and putting them "back" would overwrite the other change. The
    /// amounts put back are of the currency the row left the product in, recorded with them:
    /// a product in another currency since holds other money, and its amounts are left alone.
    package var reversal: BatchRow {
        let left = Set(elsewhere.setFields)
        let fields = after.setFields.filter { !left.contains($0) }
        var reverse = self
        reverse.line = nil
        reverse.status = .pending
        reverse.before = after.only(fields)
        reverse.after = before.only(fields)
        if fields.contains(where: \.isAmount), reverse.before.currency == nil {
            reverse.before.currency = before.currency ?? (currency.isEmpty ? nil : currency)
        }
        reverse.name = before.name ?? name
        reverse.currency = before.currency ?? currency
        reverse.problems = []
        reverse.warnings = []
        reverse.failure = nil
        reverse.inFlight = false
        reverse.attempts = 0
        reverse.elsewhere = RecordedFields()
        return reverse
    }
}

/// Whether a batch can be undone now, and what stands in the way: the one rule the batch's
/// page, the history and the Undo route share.
package enum BatchUndo: Sendable, Equatable {
    /// Finished with changed products, nothing has put them back: Undo makes a preview.
    case available
    /// An applied undo (or the window's end, its revert) put the batch back.
    case undone(by: Int)
    /// An undo of it waits as a preview (or scheduled): that one is shown, not a second.
    case waiting(Int)
    /// Nothing an undo could put back: not finished, no changed product, or a window still
    /// open (its end, or End now, puts it back).
    case unavailable
}

extension Batch {
    /// `undoes`: the batches its Undo made (`BatchStore.undoes(of:)`).
    package func undo(counts: BatchCounts, undoes: [Batch]) -> BatchUndo {
        if let revert = schedule?.revertID { return .undone(by: revert) }
        if let applied = undoes.first(where: { $0.state == .running || $0.state == .finished }) { return .undone(by: applied.id) }
        if let waiting = undoes.first(where: { $0.state == .preview || $0.state == .scheduled }) { return .waiting(waiting.id) }
        let windowOpen = schedule.map { $0.endsAt != nil && $0.endedAt == nil } ?? false
        guard state == .finished, counts.doneEdits > 0, !windowOpen else { return .unavailable }
        return .available
    }
}
