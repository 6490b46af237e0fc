import Foundation
import SQLite
import Testing

@testable import Dashboard
@testable import DashboardEngine

/// The data directory the dashboard wrote when it stored batch notes, row problems and
/// warnings as sentences in both languages (`Fixtures/data-directory-38621d7`, described in
/// `Fixtures/README.md`). Tests use a copy: SQLite writes beside a database it opens.
enum StoredSentencesFixture {
    static var source: URL {
        get throws { try #require(Bundle.module.resourceURL).appendingPathComponent("Fixtures/data-directory-38621d7") }
    }

    /// Copies the fixture to `directory` (not there yet) with its stored times moved so the
    /// newest is `now`: the dashboard drops batches, bin items and history older than its
    /// limits at start-up, by the real clock.
    static func install(at directory: URL, now: Date = Date()) throws {
        try FileManager.default.createDirectory(at: directory.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: try source, to: directory)
        let db = try SQLiteConnection(path: directory.appendingPathComponent(DashboardDatabase.fileName).path)
        // Batches in seconds, the journal and the bin in milliseconds.
        let newest = try db.first(
            """
            SELECT max((SELECT max(coalesce(finished_at, created_at)) FROM batches), (SELECT max(at) FROM journal) / 1000,
                (SELECT max(kept_at) FROM trash) / 1000)
            """) { $0.integer(0) } ?? 0
        let seconds = Int(now.timeIntervalSince1970) - newest
        let milliseconds = seconds * 1000
        try db.transaction(.immediate, mapError: { $0 }) { () throws(SQLiteError) in
            try db.run("UPDATE batches SET created_at = created_at + ?, finished_at = finished_at + ?", [.integer(seconds), .integer(seconds)])
            try db.run("UPDATE journal SET at = at + ?, finished_at = finished_at + ?", [.integer(milliseconds), .integer(milliseconds)])
            try db.run("UPDATE trash SET kept_at = kept_at + ?, restored_at = restored_at + ?", [.integer(milliseconds), .integer(milliseconds)])
        }
    }

    /// A sentence as that version stored it.
    struct OldText: Decodable, Hashable {
        var field: String?
        var en: String
        var ko: String

        /// The English and Korean of the same note as today's wording gives it: the same
        /// sentence, but an import's refused image named in single quotes, not doubled ones.
        var today: (en: String, ko: String) {
            (en.replacingOccurrences(of: "““", with: "“").replacingOccurrences(of: "””", with: "”"),
             ko.replacingOccurrences(of: "““", with: "“").replacingOccurrences(of: "””", with: "”"))
        }
    }

    /// One stored list: where it is and its text.
    struct StoredValue: Hashable {
        /// `batch 5 notes`, `batch 5 row 12 problems`.
        var place: String
        var text: String
    }

    /// Every non-empty `batches.notes`, `batch_rows.problems` and `batch_rows.warnings` of
    /// the database in `directory`, in order.
    static func storedValues(in directory: URL) throws -> [StoredValue] {
        let db = try SQLiteConnection(path: directory.appendingPathComponent(DashboardDatabase.fileName).path)
        var values = try db.rows("SELECT id, notes FROM batches WHERE notes <> '' ORDER BY id") {
            StoredValue(place: "batch \($0.integer(0)) notes", text: $0.text(1))
        }
        for row in try db.rows(
            "SELECT batch_id, number, problems, warnings FROM batch_rows ORDER BY batch_id, number", [],
            { ($0.integer(0), $0.integer(1), $0.text(2), $0.text(3)) })
        {
            if !row.2.isEmpty { values.append(StoredValue(place: "batch \(row.0) row \(row.1) problems", text: row.2)) }
            if !row.3.isEmpty { values.append(StoredValue(place: "batch \(row.0) row \(row.1) warnings", text: row.3)) }
        }
        return values
    }

    /// The sentences of one stored list (nil when it is not in the old format).
    static func oldTexts(_ value: String) -> [OldText]? {
        try? JSONDecoder().decode([OldText].self, from: Data(value.utf8))
    }
}
