import Foundation
import SQLite

/// The database's tables, created and upgraded by named migrations (`SQLiteMigration`, the one
/// scheme the dashboard's database uses too): each runs once, in order, in the transaction that
/// records it in `migrations`, so a crash leaves the schema before or after a migration, never
/// half of one. A database written by a newer build (a migration this build does not know) is
/// refused rather than guessed at.
enum MarketSchema {
    /// Every migration, in order. Add one at the end; never edit one that has shipped.
    static let migrations = [
        SQLiteMigration(name: "market-1") { db throws(SQLiteError) in
            // Counters that outlive deletes and restarts (ids are never reused), the product
            // count (so a page needs no count(*) over 100,000 rows) and whether the catalog was
            // installed (seed, generated catalog or imported market.json).
            try db.execute("""
                CREATE TABLE market_info (key TEXT PRIMARY KEY, value INTEGER NOT NULL) WITHOUT ROWID;
                INSERT INTO market_info (key, value) VALUES
                    ('next_product_id', 1), ('next_image_id', 1), ('product_count', 0), ('installed', 0);
                CREATE TABLE vendors (
                    id INTEGER PRIMARY KEY,
                    name TEXT NOT NULL,
                    identifier TEXT
                );
                CREATE TABLE products (
                    id INTEGER PRIMARY KEY,
                    uuid TEXT NOT NULL,
                    vendor_id INTEGER NOT NULL REFERENCES vendors (id),
                    name TEXT NOT NULL,
                    -- The name folded for the search index (ProductSearch.key): a superset
                    -- filter, confirmed by today's exact rule on each candidate.
                    search_key TEXT NOT NULL,
                    -- Plain names only (ProductSearch.exactKey): where a trigram match is the
                    -- rule itself, so matches need no check; '' for other names.
                    exact_key TEXT NOT NULL,
                    description TEXT NOT NULL,
                    currency TEXT NOT NULL,
                    -- Exact decimal text ("12.5"): no Double rounding in storage.
                    price TEXT NOT NULL,
                    discounted_price TEXT NOT NULL,
                    stock INTEGER NOT NULL,
                    thumbnail_image_id INTEGER NOT NULL,
                    created_at TEXT NOT NULL,
                    issued_at TEXT NOT NULL
                );
                -- Newest-first paging steps this small index (ids only) to the page's offset
                -- instead of every full row before it.
                CREATE INDEX products_newest_first ON products (id DESC);
                -- Search candidates read names from this small index, not from the full rows
                -- (40% faster for a query matching 4,000 of 100,000), and short queries scan it.
                CREATE INDEX products_search ON products (id, search_key, name);
                CREATE TABLE images (
                    id INTEGER PRIMARY KEY,
                    product_id INTEGER NOT NULL REFERENCES products (id) ON DELETE CASCADE,
                    position INTEGER NOT NULL,
                    origin_path TEXT NOT NULL,
                    thumbnail_path TEXT NOT NULL,
                    issued_at TEXT NOT NULL
                );
                CREATE INDEX images_of_product ON images (product_id, position);
                -- Whether a file is still referenced (files shared by generated catalogs, and
                -- the start-up check of writes a crash interrupted).
                CREATE INDEX images_by_file ON images (origin_path);
                -- Substring search at 100,000 names: trigrams of both keys (external content,
                -- kept in step by ProductTable's writes).
                CREATE VIRTUAL TABLE product_names USING fts5 (
                    search_key, exact_key, content = 'products', content_rowid = 'id', tokenize = 'trigram'
                );
                """)
        }
    ]

    /// Brings the database to the last migration. A database from before named migrations
    /// (a `schema_version` table holding the last number applied) has its numbers recorded as
    /// `market-N` first, in the same transaction that drops the old table.
    static func migrate(_ db: SQLiteConnection, at time: Date) throws(SQLiteError) {
        try adoptNumberedVersions(db, at: time)
        let unknown = try db.migrate(migrations, appliedAt: time)
        if !unknown.isEmpty {
            throw SQLiteError(
                code: 0, message: "migrations \(unknown.joined(separator: ", ")) are newer than this build knows", operation: "migrate")
        }
    }

    /// Records a `schema_version` database's applied numbers under their names and drops the
    /// table; a number past the last migration this build has is refused, as a name it does not
    /// know is.
    private static func adoptNumberedVersions(_ db: SQLiteConnection, at time: Date) throws(SQLiteError) {
        let legacy: StaticString = "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_version'"
        guard try db.first(legacy, [], { $0.integer(0) }) != nil else { return }
        try db.transaction(.immediate, mapError: { $0 }) { () throws(SQLiteError) in
            guard try db.first(legacy, [], { $0.integer(0) }) != nil else { return }
            let version = try db.first("SELECT max(version) FROM schema_version") { $0.integer(0) } ?? 0
            guard version <= migrations.count else {
                throw SQLiteError(
                    code: 0, message: "schema version \(version) is newer than this build knows (\(migrations.count))",
                    operation: "migrate")
            }
            try db.recordApplied(migrations.prefix(version), appliedAt: time)
            try db.execute("DROP TABLE schema_version")
        }
    }
}
