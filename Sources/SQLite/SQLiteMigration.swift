import Foundation

/// One step of a database's schema or data, applied once, in order, in one transaction with the
/// row that records it in the `migrations` table, and never changed after release. Most are
/// SQL; a step that rewrites stored values from one format to the next is Swift, run with the
/// connection. The embedded market's database and the dashboard's use this one scheme.
package struct SQLiteMigration: Sendable {
    /// Unique and stable within its database: `market-1`, `batches-1`, `journal-1`, …
    package let name: String
    let run: @Sendable (SQLiteConnection) throws(SQLiteError) -> Void

    package init(name: String, sql: StaticString) {
        self.name = name
        run = { db throws(SQLiteError) in try db.execute(sql) }
    }

    package init(name: String, run: @escaping @Sendable (SQLiteConnection) throws(SQLiteError) -> Void) {
        self.name = name
        self.run = run
    }
}

extension SQLiteConnection {
    /// Applies the migrations of `list` not applied yet, in the list's order, each in its own
    /// immediate transaction with the row that records it (`migrations (name, applied_at)`,
    /// `appliedAt` in seconds since 1970), so a crash leaves the schema before or after a
    /// migration, never half of one. Another process that migrated meanwhile is seen inside the
    /// lock and not repeated. Returns the names the table holds that `list` does not know: a
    /// database written by a newer build, which the caller refuses or accepts.
    @discardableResult
    package func migrate(_ list: [SQLiteMigration], appliedAt: Date) throws(SQLiteError) -> [String] {
        try createMigrationsTable()
        let applied = try appliedMigrations()
        let known = Set(list.map(\.name))
        for migration in list where !applied.contains(migration.name) {
            try transaction(.immediate, mapError: { $0 }) { () throws(SQLiteError) in
                guard try first("SELECT 1 FROM migrations WHERE name = ?", [.text(migration.name)], { $0.integer(0) }) == nil else {
                    return
                }
                try migration.run(self)
                try record(migration, appliedAt: appliedAt)
            }
        }
        return applied.filter { !known.contains($0) }.sorted()
    }

    /// Records `applied` as applied at `appliedAt` without running them, creating the
    /// `migrations` table when there is none: for a database whose schema an older scheme built,
    /// adopted by its owner (in the owner's transaction, with whatever the record replaces). A
    /// name already recorded keeps its row.
    package func recordApplied(_ applied: some Sequence<SQLiteMigration>, appliedAt: Date) throws(SQLiteError) {
        try createMigrationsTable()
        for migration in applied { try record(migration, appliedAt: appliedAt) }
    }

    /// The table that records what was applied: its shape, written once.
    private func createMigrationsTable() throws(SQLiteError) {
        try execute("CREATE TABLE IF NOT EXISTS migrations (name TEXT PRIMARY KEY, applied_at INTEGER NOT NULL)")
    }

    /// The row of one migration applied, `appliedAt` in seconds since 1970; a row already there stays.
    private func record(_ migration: SQLiteMigration, appliedAt: Date) throws(SQLiteError) {
        try run(
            "INSERT OR IGNORE INTO migrations (name, applied_at) VALUES (?, ?)",
            [.text(migration.name), .integer(Int(appliedAt.timeIntervalSince1970))])
    }

    /// The names in the `migrations` table (empty before the first `migrate`).
    package func appliedMigrations() throws(SQLiteError) -> Set<String> {
        guard try first("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'migrations'", [], { $0.integer(0) }) != nil else {
            return []
        }
        return Set(try rows("SELECT name FROM migrations", [], { $0.text(0) }))
    }
}
