import Foundation

/// One entry of the history journal: a write of this dashboard (from `willWrite` to its
/// outcome), or a change the catalog count saw on the market that this dashboard did not make.
package struct JournalEntry: Sendable, Equatable {
    /// How the write ended, as the journal stores it (`outcome`): the same idea as
    /// `WriteOutcome`, whose three ends are `done`, `failed` and `unknown` here (the fields and
    /// the failure are the entry's own columns), with `pending` for a write that has not ended.
    /// One word, because an entry's outcome is the `WriteOutcome` the journal heard, or will.
    package enum Outcome: String, Sendable {
        /// Sent, not answered yet (a write in flight; after a restart, see `Note.interrupted`).
        case pending
        case done
        case failed
        /// Sent, but whether the market did it is unknown.
        case unknown
    }

    /// What else an entry says.
    package enum Note: Sendable, Equatable {
        /// Outside: a product that was not there at the previous count.
        case appeared
        /// Outside: a product that was there at the previous count and is gone.
        case disappeared
        /// Outside: a count found this many more changes than it records.
        case notRecorded(Int)
        /// The dashboard stopped (a crash, kill -9) while the write was in flight.
        case interrupted
        /// The outcome was unknown, and a later count showed the market had done it.
        case confirmedByCount

        var storedText: String {
            switch self {
            case .appeared: "appeared"
            case .disappeared: "disappeared"
            case .notRecorded(let count): "more:\(count)"
            case .interrupted: "interrupted"
            case .confirmedByCount: "confirmed"
            }
        }

        init?(storedText: String) {
            switch storedText {
            case "appeared": self = .appeared
            case "disappeared": self = .disappeared
            case "interrupted": self = .interrupted
            case "confirmed": self = .confirmedByCount
            default:
                guard storedText.hasPrefix("more:"), let count = Int(storedText.dropFirst(5)) else { return nil }
                self = .notRecorded(count)
            }
        }
    }

    package var id: Int
    package var at: Date
    package var kind: WriteKind
    package var productID: Int?
    /// The product's name when the entry was written (a deleted product keeps it).
    package var productName: String
    /// What asked; nil for a change seen on the market (`outside`).
    package var cause: WriteCause?
    /// The account that asked for the write; nil for one made with accounts off ("this
    /// dashboard") and for a change seen on the market.
    package var by: AccountName?
    /// The fields before (nil for a create, or a product that appeared).
    package var before: RecordedFields?
    /// The fields the write asked for, or the market showed (nil for a delete).
    var after: RecordedFields?
    package var outcome: Outcome
    /// The fields the market answered with (a create or edit that was done).
    var result: RecordedFields?
    package var failure: WriteError?
    package var note: Note?
    /// When the write was sent (nil: logged, never sent); the deadline of a lost answer counts
    /// from here.
    package var sentAt: Date?
    /// When the market was read to find out what a write whose answer was lost did.
    package var checkedAt: Date?
    /// A create's own products with its name known when it was sent.
    var knownIDs: [Int]?
    /// Products a check found that may be the one a create registered (more than one).
    package var found: [Int] = []

    /// The fields the write changes: those `after` asks for that differ from `before`.
    package var changedFields: [RecordedFields.Field] {
        guard let before, let after else { return [] }
        return after.differences(from: before)
    }

    /// The fields after the write as far as anyone knows: what the market answered, else what
    /// was asked or seen.
    package var fieldsAfter: RecordedFields? { result ?? after }

    package var batch: (id: Int, row: Int)? {
        if case .batch(let id, let row)? = cause { return (id, row) }
        return nil
    }
}

extension JournalEntry {
    /// An entry as the journal reads it back, for a page that shows one.
    package init(
        id: Int, at: Date, kind: WriteKind, productID: Int?, productName: String, cause: WriteCause?, by: AccountName? = nil,
        before: RecordedFields?, fieldsAfter: RecordedFields?, outcome: Outcome, failure: WriteError? = nil, note: Note? = nil
    ) {
        self.init(
            id: id, at: at, kind: kind, productID: productID, productName: productName, cause: cause, by: by, before: before, after: fieldsAfter,
            outcome: outcome, result: nil, failure: failure, note: note)
    }
}
