import Foundation
import ServerLogging
import MarketClient
import SQLite

/// The recycle bin: before this dashboard deletes a product (one, or a batch's rows), it keeps
/// the product's full detail and the bytes of its original images, so the product can be
/// registered again (`POST /trash/{entry}/restore`) with the same fields and pictures.
///
/// Rows live in `DashboardDatabase` (`trash`), images as files under `data-dir/trash/{entry}/`
/// written and fsynced before the row commits, and the row before the delete is sent. An item
/// stays `retentionDays` (30 by default); image bytes stay within `byteBudget` (512 MB), the
/// oldest items' images going first (their fields stay, so a restore can still offer the
/// register form filled in).
///
/// When an image cannot be downloaded (the market's image server is down), `keep` throws and
/// the delete is not sent: a careful vendor would rather retry the delete later than lose
/// pictures the market will never give back. The page says so (see `docs/pages.md`).
package final class RecycleBin: Sendable {
    package struct Settings: Sendable, Equatable {
        package var retentionDays = 30
        package var byteBudget = 512 * 1024 * 1024

        package init(retentionDays: Int = 30, byteBudget: Int = 512 * 1024 * 1024) {
            self.retentionDays = retentionDays
            self.byteBudget = byteBudget
        }
    }

    let database: DashboardDatabase
    let folder: URL
    package let settings: Settings
    let durable: Bool
    /// The items' times: the clock the journal stamps a delete's entry with.
    let clock: any WallClock
    /// Where a deleted product's original images are downloaded from.
    let images: any ImageSource
    let logger: ServerLogger

    /// The folder's name under the data directory.
    static let folderName = "trash"

    /// Opens the bin in `dataDirectory/trash`: deletes a crash interrupted become unknown,
    /// image files no row needs (a crash between the files and the row) are removed, and
    /// items past `retentionDays` go.
    init(
        database: DashboardDatabase, dataDirectory: URL, settings: Settings = Settings(), durable: Bool = true,
        clock: any WallClock, logger: ServerLogger = ServerLogger(level: .off), images: any ImageSource
    ) throws {
        self.database = database
        folder = dataDirectory.appendingPathComponent(Self.folderName, isDirectory: true)
        self.settings = settings
        self.durable = durable
        self.clock = clock
        self.images = images
        self.logger = logger
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let cutoff = cutoff
        try database.use { db throws(SQLiteError) in
            try db.run("UPDATE trash SET state = 'unknown' WHERE state = 'deleting'")
            _ = try Self.remove(keptBefore: cutoff, db)
        }
        // The pruned items' folders go with every other folder no row needs.
        removeUnneededFolders()
    }

    enum KeepError: Error, CustomStringConvertible {
        case image(number: Int, url: URL, reason: String)
        case storage(String)

        var description: String {
            switch self {
            case .image(let number, let url, let reason): "image \(number) (\(url.absoluteString)) could not be downloaded: \(reason)"
            case .storage(let reason): "the images could not be stored: \(reason)"
            }
        }
    }

    // MARK: Keeping

    /// Keeps `detail` and its original images as item `entry`, before the delete is sent.
    /// Throws, keeping nothing, when an image cannot be downloaded or stored.
    func keep(_ detail: ProductDetail, entry: Int) async throws(KeepError) {
        var images: [KeptImage] = []
        for (index, image) in detail.images.enumerated() {
            let bytes: [UInt8]
            do {
                bytes = try await self.images.imageBytes(at: image.url)
            } catch {
                throw .image(number: index + 1, url: image.url, reason: String(describing: error))
            }
            guard let format = ImageFormat(sniffing: bytes) else {
                throw .image(number: index + 1, url: image.url, reason: "not an image")
            }
            images.append(KeptImage(number: index + 1, format: format, bytes: bytes))
        }
        let path = itemFolder(entry)
        do throws(DurableFiles.FileError) {
            try DurableFiles.makeFolder(path, sync: durable)
            for image in images {
                try DurableFiles.create(image.bytes, at: path + "/" + Self.fileName(image), sync: durable)
            }
            if durable { try DurableFiles.syncFolder(path) }
        } catch {
            try? FileManager.default.removeItem(atPath: path)
            throw .storage(error.description)
        }
        let detailText = String(decoding: (try? JSONEncoder().encode(detail)) ?? Data(), as: UTF8.self)
        let bytes = images.reduce(0) { $0 + $1.bytes.count }
        let values: [SQLiteValue] = [
            .integer(entry), .integer(detail.id), .text(detail.name), .text(detailText),
            .integer(StoredTime.milliseconds(clock.now())), .integer(detail.images.count), .integer(images.count), .integer(bytes),
        ]
        do {
            try await database.background { db throws(SQLiteError) in
                try db.run(
                    """
                    INSERT INTO trash (entry_id, product_id, name, detail, kept_at, image_count, kept_images, bytes, state)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'deleting')
                    """, values)
            }
        } catch {
            try? FileManager.default.removeItem(atPath: path)
            throw .storage(error.description)
        }
        await evictOverBudget()
    }

    /// The delete of item `entry` ended: done, it stays; refused, the product is still on the
    /// market and the item goes; unknown, it stays, marked so.
    func deleteEnded(entry: Int, outcome: WriteOutcome) async {
        switch outcome {
        case .done: await setState(.deleted, entry: entry)
        case .unknown: await setState(.unknown, entry: entry)
        case .failed: await forget(entry)
        }
    }

    /// Item `entry` was registered again as product `productID`: remembered (a second restore
    /// leads there), and its image files are no longer needed.
    func restored(entry: Int, as productID: Int) async {
        let time = SQLiteValue.integer(StoredTime.milliseconds(clock.now()))
        do {
            try await database.background { db throws(SQLiteError) in
                try db.run(
                    "UPDATE trash SET restored_id = ?, restored_at = ?, kept_images = 0, bytes = 0 WHERE entry_id = ?",
                    [.integer(productID), time, .integer(entry)])
            }
            try? FileManager.default.removeItem(atPath: itemFolder(entry))
        } catch {
            logger.log(.error, "recycle bin: the restore of item \(entry) as product \(productID) could not be recorded: \(error)")
        }
    }

    /// Removes item `entry` and its images for good; returns the product's name, nil when there
    /// was no such item (or it could not be removed).
    @discardableResult
    package func forget(_ entry: Int) async -> String? {
        do {
            let removed = try await database.background { db throws(SQLiteError) -> String? in
                guard let name = try db.first("SELECT name FROM trash WHERE entry_id = ?", [.integer(entry)], { $0.text(0) }) else {
                    return nil
                }
                try db.run("DELETE FROM trash WHERE entry_id = ?", [.integer(entry)])
                return name
            }
            try? FileManager.default.removeItem(atPath: itemFolder(entry))
            return removed
        } catch {
            logger.log(.error, "recycle bin: item \(entry) could not be removed: \(error)")
            return nil
        }
    }

    private func setState(_ state: TrashItem.State, entry: Int) async {
        do {
            try await database.background { db throws(SQLiteError) in
                try db.run("UPDATE trash SET state = ? WHERE entry_id = ?", [.text(state.rawValue), .integer(entry)])
            }
        } catch {
            logger.log(.error, "recycle bin: item \(entry) could not be marked \(state.rawValue): \(error)")
        }
    }

    // MARK: Limits

    /// Drops the images of the oldest items until the kept bytes fit `byteBudget` (an item
    /// larger than the whole budget loses its own); their fields stay.
    func evictOverBudget() async {
        let budget = settings.byteBudget
        do {
            let evicted = try await database.background { db throws(SQLiteError) in
                try db.transaction(.immediate, mapError: { $0 }) { () throws(SQLiteError) -> [Int] in
                    var total = try db.first("SELECT COALESCE(SUM(bytes), 0) FROM trash") { $0.integer(0) } ?? 0
                    var evicted: [Int] = []
                    while total > budget,
                        case let (entry, bytes)? = try db.first(
                            "SELECT entry_id, bytes FROM trash WHERE bytes > 0 ORDER BY kept_at, entry_id LIMIT 1", [], { ($0.integer(0), $0.integer(1)) })
                    {
                        try db.run(
                            "UPDATE trash SET kept_images = 0, bytes = 0, images_evicted = 1 WHERE entry_id = ?", [.integer(entry)])
                        total -= bytes
                        evicted.append(entry)
                    }
                    return evicted
                }
            }
            // The rows say the images are gone first; a crash before the files go leaves files
            // that the next start removes.
            for entry in evicted { try? FileManager.default.removeItem(atPath: itemFolder(entry)) }
        } catch {
            logger.log(.error, "recycle bin: the byte budget could not be applied: \(error)")
        }
    }

    /// Drops the items kept longer than `retentionDays` (at start-up and once a day).
    func prune() async {
        let cutoff = cutoff
        do {
            let old = try await database.background { db throws(SQLiteError) in try Self.remove(keptBefore: cutoff, db) }
            for entry in old { try? FileManager.default.removeItem(atPath: itemFolder(entry)) }
        } catch {
            logger.log(.error, "recycle bin: old items could not be dropped: \(error)")
        }
    }

    /// Items kept before this are dropped.
    private var cutoff: Int {
        StoredTime.milliseconds(clock.now().addingTimeInterval(-Double(settings.retentionDays) * 86_400))
    }

    /// Deletes the rows kept before `cutoff` and returns their entries.
    private static func remove(keptBefore cutoff: Int, _ db: SQLiteConnection) throws(SQLiteError) -> [Int] {
        let entries = try db.rows("SELECT entry_id FROM trash WHERE kept_at < ?", [.integer(cutoff)]) { $0.integer(0) }
        try db.run("DELETE FROM trash WHERE kept_at < ?", [.integer(cutoff)])
        return entries
    }

    /// Removes the folders of items that no longer exist or no longer keep images.
    private func removeUnneededFolders() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        let needed = (try? database.use { db throws(SQLiteError) in
            try db.rows("SELECT entry_id FROM trash WHERE kept_images > 0") { String($0.integer(0)) }
        }).map(Set.init) ?? Set(names)
        for name in names where !needed.contains(name) {
            try? FileManager.default.removeItem(atPath: folder.path + "/" + name)
        }
    }

    // MARK: Files

    func itemFolder(_ entry: Int) -> String {
        folder.path + "/" + String(entry)
    }

    package static func fileName(_ image: KeptImage) -> String {
        "\(image.number).\(image.format == .jpeg ? "jpg" : image.format.rawValue)"
    }

    static let migrations: [SQLiteMigration] = [
        SQLiteMigration(
            name: "trash-1",
            sql: """
                CREATE TABLE trash (
                    entry_id INTEGER PRIMARY KEY,
                    product_id INTEGER NOT NULL,
                    name TEXT NOT NULL,
                    detail TEXT NOT NULL,
                    kept_at INTEGER NOT NULL,
                    image_count INTEGER NOT NULL,
                    kept_images INTEGER NOT NULL,
                    bytes INTEGER NOT NULL,
                    state TEXT NOT NULL,
                    images_evicted INTEGER NOT NULL DEFAULT 0,
                    restored_id INTEGER,
                    restored_at INTEGER
                );
                CREATE INDEX trash_by_time ON trash (kept_at, entry_id);
                """)
    ]
}
