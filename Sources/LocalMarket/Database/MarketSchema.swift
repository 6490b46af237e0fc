import SQLite

/// The database's tables, created and upgraded by numbered migrations. `schema_version` holds
/// the number of the last one applied; each runs in the transaction that records it, so a
/// crash leaves the schema before or after a migration, never half of one. A database written
/// by a newer build (a higher version than we know) is refused rather than guessed at.
enum MarketSchema {
    /// The last migration. Add a case below and raise this; never edit one that has shipped.
    static let currentVersion = 1

    /// Applies migration `version` (from `version - 1`).
    static func apply(_ version: Int, on db: SQLiteConnection) throws(SQLiteError) {
        switch version {
        case 1:
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
        default:
            throw SQLiteError(code: 0, message: "no migration \(version)", operation: "migrate")
        }
    }

    /// Brings the database to `currentVersion`, one migration per transaction.
    static func migrate(_ db: SQLiteConnection) throws(SQLiteError) {
        try db.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
        while true {
            let applied = try db.first("SELECT max(version) FROM schema_version") { $0.integer(0) } ?? 0
            guard applied < currentVersion else {
                if applied > currentVersion {
                    throw SQLiteError(
                        code: 0, message: "schema version \(applied) is newer than this build knows (\(currentVersion))",
                        operation: "migrate")
                }
                return
            }
            try db.transaction(.immediate, mapError: { $0 }) { () throws(SQLiteError) in
                // Another process may have migrated meanwhile: re-read inside the lock.
                let now = try db.first("SELECT max(version) FROM schema_version") { $0.integer(0) } ?? 0
                guard now == applied else { return }
                try apply(applied + 1, on: db)
                try db.run("INSERT INTO schema_version (version) VALUES (?)", [.integer(applied + 1)])
            }
        }
    }
}
