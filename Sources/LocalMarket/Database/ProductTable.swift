import Foundation
import SQLite

/// Rows of `products`, `images` and the search index, read and written as `ProductRecord`s.
/// Every statement is a literal with `?` parameters; callers hold the transaction.
enum ProductTable {
    private static let posix = Locale(identifier: "en_US_POSIX")

    static func insert(_ product: ProductRecord, on db: SQLiteConnection) throws(SQLiteError) {
        let key = ProductSearch.key(product.name)
        let exact = ProductSearch.exactKey(product.name)
        try db.run(
            """
            INSERT INTO products (id, uuid, vendor_id, name, search_key, exact_key, description, currency, price,
                discounted_price, stock, thumbnail_image_id, created_at, issued_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                .integer(product.id), .text(product.uuid), .integer(product.vendorId), .text(product.name), .text(key),
                .text(exact),
                .text(product.description), .text(product.currency.rawValue), .text(product.price.description),
                .text(product.discountedPrice.description), .integer(product.stock),
                .integer(product.thumbnailImageId), .text(product.createdAt), .text(product.issuedAt),
            ])
        try addToIndex(product.id, key: key, exact: exact, on: db)
        for (position, image) in product.images.enumerated() {
            try db.run(
                """
                INSERT INTO images (id, product_id, position, origin_path, thumbnail_path, issued_at)
                VALUES (?, ?, ?, ?, ?, ?)
                """,
                [
                    .integer(image.id), .integer(product.id), .integer(position), .text(image.originPath),
                    .text(image.thumbnailPath), .text(image.issuedAt),
                ])
        }
    }

    /// Writes an edited product's fields (images never change; the thumbnail id may).
    static func update(from old: ProductRecord, to product: ProductRecord, on db: SQLiteConnection) throws(SQLiteError) {
        let key = ProductSearch.key(product.name)
        let exact = ProductSearch.exactKey(product.name)
        try db.run(
            """
            UPDATE products SET name = ?, search_key = ?, exact_key = ?, description = ?, currency = ?, price = ?,
                discounted_price = ?, stock = ?, thumbnail_image_id = ?, issued_at = ?
            WHERE id = ?
            """,
            [
                .text(product.name), .text(key), .text(exact), .text(product.description), .text(product.currency.rawValue),
                .text(product.price.description), .text(product.discountedPrice.description), .integer(product.stock),
                .integer(product.thumbnailImageId), .text(product.issuedAt), .integer(product.id),
            ])
        if product.name != old.name {
            try removeFromIndex(old, on: db)
            try addToIndex(product.id, key: key, exact: exact, on: db)
        }
    }

    /// Deletes the product and (by cascade) its image rows.
    static func delete(_ product: ProductRecord, on db: SQLiteConnection) throws(SQLiteError) {
        try removeFromIndex(product, on: db)
        try db.run("DELETE FROM products WHERE id = ?", [.integer(product.id)])
    }

    private static func addToIndex(_ id: Int, key: String, exact: String, on db: SQLiteConnection) throws(SQLiteError) {
        try db.run(
            "INSERT INTO product_names (rowid, search_key, exact_key) VALUES (?, ?, ?)",
            [.integer(id), .text(key), .text(exact)])
    }

    /// An external-content FTS5 index forgets a row when told the values it indexed.
    private static func removeFromIndex(_ product: ProductRecord, on db: SQLiteConnection) throws(SQLiteError) {
        try db.run(
            "INSERT INTO product_names (product_names, rowid, search_key, exact_key) VALUES ('delete', ?, ?, ?)",
            [.integer(product.id), .text(ProductSearch.key(product.name)), .text(ProductSearch.exactKey(product.name))])
    }

    static func load(id: Int, on db: SQLiteConnection) throws(SQLiteError) -> ProductRecord? {
        let images = try db.rows(
            "SELECT id, origin_path, thumbnail_path, issued_at FROM images WHERE product_id = ? ORDER BY position",
            [.integer(id)]
        ) { row in
            ImageRecord(id: row.integer(0), originPath: row.text(1), thumbnailPath: row.text(2), issuedAt: row.text(3))
        }
        return try db.first(
            """
            SELECT id, uuid, vendor_id, name, description, currency, price, discounted_price, stock,
                thumbnail_image_id, created_at, issued_at
            FROM products WHERE id = ?
            """,
            [.integer(id)]
        ) { row throws(SQLiteError) in
            ProductRecord(
                id: row.integer(0), uuid: row.text(1), vendorId: row.integer(2), name: row.text(3),
                description: row.text(4), currency: try currency(row.text(5)), price: try money(row.text(6)),
                discountedPrice: try money(row.text(7)), stock: row.integer(8), thumbnailImageId: row.integer(9),
                images: images, createdAt: row.text(10), issuedAt: row.text(11))
        }
    }

    static func load(ids: [Int], on db: SQLiteConnection) throws(SQLiteError) -> [ProductRecord] {
        var products: [ProductRecord] = []
        products.reserveCapacity(ids.count)
        for id in ids {
            if let product = try load(id: id, on: db) { products.append(product) }
        }
        return products
    }

    /// Ids of the page `offset..<offset+limit`, newest first, stepping the id index only.
    static func newestIds(offset: Int, limit: Int, on db: SQLiteConnection) throws(SQLiteError) -> [Int] {
        try db.rows(
            "SELECT id FROM products INDEXED BY products_newest_first ORDER BY id DESC LIMIT ? OFFSET ?",
            [.integer(limit), .integer(offset)]
        ) { $0.integer(0) }
    }

    /// Whether any image row names this file (shared files of a generated catalog).
    static func isReferenced(originPath: String, on db: SQLiteConnection) throws(SQLiteError) -> Bool {
        try db.first("SELECT 1 FROM images WHERE origin_path = ? LIMIT 1", [.text(originPath)]) { _ in true } ?? false
    }

    private static func money(_ text: String) throws(SQLiteError) -> Decimal {
        guard let value = Decimal(string: text, locale: posix) else {
            throw SQLiteError(code: 0, message: "not a decimal amount: \(text)", operation: "read product")
        }
        return value
    }

    private static func currency(_ text: String) throws(SQLiteError) -> StoredCurrency {
        guard let currency = StoredCurrency(rawValue: text) else {
            throw SQLiteError(code: 0, message: "unknown currency \(text)", operation: "read product")
        }
        return currency
    }
}
