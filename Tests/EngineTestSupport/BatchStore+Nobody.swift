import DashboardEngine
import Foundation

/// The store's steps as a test that does not look at who asked takes them: made, applied,
/// retried and scheduled with accounts off (nobody named, "this dashboard"). A test about who
/// did what names the account (`by:`) itself.
extension BatchStore {
    package func create(kind: Batch.Kind, action: BatchAction?, source: String, notes: [BatchNote], rows: [BatchRow]) throws(DatabaseError) -> Int {
        try create(kind: kind, action: action, source: source, notes: notes, rows: rows, by: nil)
    }

    package func begin(kind: Batch.Kind, source: String) throws(DatabaseError) -> Int {
        try begin(kind: kind, source: source, by: nil)
    }

    package func startApplying(_ batchID: Int) throws(DatabaseError) -> Bool {
        try startApplying(batchID, by: nil)
    }

    package func startRetry(_ batchID: Int) throws(DatabaseError) -> Bool {
        try startRetry(batchID, by: nil)
    }

    package func schedule(_ batchID: Int, startsAt: Date, endsAt: Date?) throws(DatabaseError) -> Bool {
        try schedule(batchID, startsAt: startsAt, endsAt: endsAt, by: nil)
    }
}
