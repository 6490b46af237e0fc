import Foundation
import MarketClient
import SQLite

/// Reading the recycle bin: a page at a time, newest first, without the details (a page of
/// the bin costs the same however much it holds).
extension RecycleBin {
    package struct Page: Sendable {
        package var items: [TrashItem]
        package var total: Int
        /// Bytes of images the whole bin keeps.
        package var bytes: Int
    }

    package func page(offset: Int, limit: Int) async throws(DatabaseError) -> Page {
        try await database.background { db throws(SQLiteError) in
            let (total, bytes) = try db.first("SELECT COUNT(*), COALESCE(SUM(bytes), 0) FROM trash") { ($0.integer(0), $0.integer(1)) } ?? (0, 0)
            let items = try db.rows(
                """
                SELECT entry_id, product_id, name, kept_at, image_count, kept_images, bytes, state, images_evicted, restored_id
                FROM trash ORDER BY kept_at DESC, entry_id DESC LIMIT ? OFFSET ?
                """, [.integer(limit), .integer(offset)], Self.item(from:))
            return Page(items: items, total: total, bytes: bytes)
        }
    }

    /// Item `entry` with its detail, if the bin holds it.
    package func item(_ entry: Int) async throws(DatabaseError) -> TrashItem? {
        try await database.background { db throws(SQLiteError) in
            try db.first(
                """
                SELECT entry_id, product_id, name, kept_at, image_count, kept_images, bytes, state, images_evicted, restored_id, detail
                FROM trash WHERE entry_id = ?
                """, [.integer(entry)]
            ) { row in
                var item = Self.item(from: row)
                item.detail = try? JSONDecoder().decode(ProductDetail.self, from: Data(row.text(10).utf8))
                return item
            }
        }
    }

    /// The newest item the bin holds for the product numbered `productID` (without its
    /// detail), if any: what a page about that product says instead of "not found".
    package func item(productID: Int) async throws(DatabaseError) -> TrashItem? {
        try await database.background { db throws(SQLiteError) in
            try db.first(
                """
                SELECT entry_id, product_id, name, kept_at, image_count, kept_images, bytes, state, images_evicted, restored_id
                FROM trash WHERE product_id = ? ORDER BY kept_at DESC, entry_id DESC LIMIT 1
                """, [.integer(productID)], Self.item(from:))
        }
    }

    /// The kept images of item `entry`, in the product's order; nil when any of them is
    /// missing or unreadable (the item then restores through the register form).
    package func images(of item: TrashItem) -> [KeptImage]? {
        guard item.canRestoreImages else { return nil }
        let path = itemFolder(item.entry)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return nil }
        var images: [KeptImage] = []
        for name in names {
            guard let number = Int(name.split(separator: ".").first ?? ""),
                let data = FileManager.default.contents(atPath: path + "/" + name),
                let format = ImageFormat(sniffing: data)
            else { return nil }
            images.append(KeptImage(number: number, format: format, bytes: [UInt8](data)))
        }
        guard images.count == item.keptImages else { return nil }
        return images.sorted { $0.number < $1.number }
    }

    /// A row of the `SELECT entry_id, …, restored_id` lists above.
    static func item(from row: SQLiteRow) -> TrashItem {
        TrashItem(
            entry: row.integer(0), productID: row.integer(1), name: row.text(2), keptAt: StoredTime.date(milliseconds: row.integer(3)),
            imageCount: row.integer(4), keptImages: row.integer(5), bytes: row.integer(6),
            state: TrashItem.State(rawValue: row.text(7)) ?? .unknown, restoredID: row.isNull(9) ? nil : row.integer(9),
            imagesEvicted: row.integer(8) != 0)
    }
}
