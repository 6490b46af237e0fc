import SQLite

/// The `market_info` counters: `next_product_id`, `next_image_id`, `product_count` and
/// `installed` (1 once a catalog was seeded, generated or imported).
enum MarketInfo {
    enum Key: String {
        case nextProductId = "next_product_id"
        case nextImageId = "next_image_id"
        case productCount = "product_count"
        case installed
    }

    static func value(_ key: Key, on db: SQLiteConnection) throws(SQLiteError) -> Int {
        try db.first("SELECT value FROM market_info WHERE key = ?", [.text(key.rawValue)]) { $0.integer(0) } ?? 0
    }

    static func set(_ key: Key, _ value: Int, on db: SQLiteConnection) throws(SQLiteError) {
        try db.run("UPDATE market_info SET value = ? WHERE key = ?", [.integer(value), .text(key.rawValue)])
    }

    static func add(_ key: Key, _ amount: Int, on db: SQLiteConnection) throws(SQLiteError) {
        try db.run("UPDATE market_info SET value = value + ? WHERE key = ?", [.integer(amount), .text(key.rawValue)])
    }

    /// Inserts the market's vendors, and a nameless row for any other id a catalog uses.
    static func insertVendors(extraIds: Set<Int>, on db: SQLiteConnection) throws(SQLiteError) {
        for vendor in MarketVendor.all {
            try db.run(
                "INSERT OR IGNORE INTO vendors (id, name, identifier) VALUES (?, ?, ?)",
                [.integer(vendor.id), .text(vendor.name), .text(vendor.identifier)])
        }
        for id in extraIds {
            try db.run("INSERT OR IGNORE INTO vendors (id, name, identifier) VALUES (?, '', NULL)", [.integer(id)])
        }
    }
}
