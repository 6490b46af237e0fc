import Foundation
import SQLite

/// The market's products, images and counters, in SQLite (`MarketDatabase`) with image files
/// beside it. A write is one transaction, its images written and fsynced before it; a crash
/// at any point leaves the last committed state (see `MarketFiles` for the images).
final class MarketStore: Sendable {
    let files: MarketFiles
    let database: MarketDatabase
    private let today: @Sendable () -> StoredDate

    /// Opens the data directory: migrates the database, installs `catalog` (or imports an old
    /// `market.json`) when it holds no market yet, and clears writes a crash interrupted.
    init(
        files: MarketFiles, catalog: MarketCatalog,
        today: @escaping @Sendable () -> StoredDate = { StoredDate(Date()) }
    ) throws(StorageError) {
        self.files = files
        self.today = today
        try files.prepare()
        do {
            database = try MarketDatabase(path: files.databasePath, durable: files.syncsToDisk)
        } catch {
            throw .database(error.description)
        }
        let installer = MarketInstaller(files: files, database: database)
        // First: an install a crash interrupted left marked images (a generated catalog's at
        // fixed names, which it is about to write again).
        try installer.clearInterruptedWrites()
        try installer.install(catalog)
    }

    /// Every product, oldest first, with the counters (tests and small tools; pages use `page`).
    func snapshot() throws(MarketRefusal) -> MarketState {
        try read { db throws(SQLiteError) in
            let ids = try db.rows("SELECT id FROM products ORDER BY id", []) { $0.integer(0) }
            var state = MarketState()
            state.nextProductId = try MarketInfo.value(.nextProductId, on: db)
            state.nextImageId = try MarketInfo.value(.nextImageId, on: db)
            state.products = try ProductTable.load(ids: ids, on: db)
            return state
        }
    }

    func product(id: Int) throws(MarketRefusal) -> ProductRecord? {
        try read { db throws(SQLiteError) in try ProductTable.load(id: id, on: db) }
    }

    /// One page, newest first, of every product or of those whose name matches `search`
    /// (`ProductSearch`), with the count of all of them.
    func page(search: String, offset: Int, limit: Int) throws(MarketRefusal) -> (totalCount: Int, products: [ProductRecord]) {
        try read { db throws(SQLiteError) in
            if search.isEmpty {
                let total = try MarketInfo.value(.productCount, on: db)
                guard offset < total else { return (total, []) }
                return (total, try ProductTable.load(ids: ProductTable.newestIds(offset: offset, limit: limit, on: db), on: db))
            }
            let ids = try ProductSearch.matchingIds(query: search, on: db)
            guard offset < ids.count else { return (ids.count, []) }
            return (ids.count, try ProductTable.load(ids: Array(ids[offset..<min(ids.count, offset + limit)]), on: db))
        }
    }

    /// Stores the uploaded images (in parallel with other writers' images), then the product
    /// that refers to them in one transaction.
    func create(
        vendor: MarketVendor, product new: ProductRules.NewProduct, images: [(bytes: [UInt8], format: StoredImageFormat)]
    ) throws(MarketRefusal) -> ProductRecord {
        let date = today()
        var written: [(origin: String, thumbnail: String)] = []
        for (offset, image) in images.enumerated() {
            let key = UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
            let paths = ImageNaming.paths(vendorId: vendor.id, day: date.folder, key: key, format: image.format)
            do {
                try files.writeImage(image.bytes, origin: paths.origin, thumbnail: paths.thumbnail, durable: true)
            } catch {
                discard(written)
                throw .storage("could not store image \(offset + 1): \(error)")
            }
            written.append(paths)
        }
        do {
            let record = try database.write { db throws(SQLiteError) -> ProductRecord in
                try db.transaction(.immediate, mapError: { $0 }) { () throws(SQLiteError) -> ProductRecord in
                    let firstImageId = try MarketInfo.value(.nextImageId, on: db)
                    let records = written.enumerated().map { offset, paths in
                        ImageRecord(
                            id: firstImageId + offset, originPath: paths.origin, thumbnailPath: paths.thumbnail,
                            issuedAt: date.timestamp)
                    }
                    let record = ProductRecord(
                        id: try MarketInfo.value(.nextProductId, on: db), uuid: UUID().uuidString.lowercased(),
                        vendorId: vendor.id, name: new.name, description: new.description, currency: new.currency,
                        price: new.price, discountedPrice: new.discountedPrice, stock: new.stock,
                        thumbnailImageId: records.first?.id ?? 0, images: records,
                        createdAt: date.timestamp, issuedAt: date.timestamp)
                    try ProductTable.insert(record, on: db)
                    try MarketInfo.add(.nextProductId, 1, on: db)
                    try MarketInfo.add(.nextImageId, records.count, on: db)
                    try MarketInfo.add(.productCount, 1, on: db)
                    return record
                }
            }
            files.clearMarkers(origins: written.map(\.origin))
            return record
        } catch {
            discard(written)
            throw .storage("could not save the market: \(error)")
        }
    }

    /// Applies an edit by the product's own vendor. Stored fields are not checked again: only
    /// the fields the edit sends must follow the rules.
    func edit(id: Int, vendor: MarketVendor, fields: ProductFields) throws(MarketRefusal) -> ProductRecord {
        try writeTransaction { db throws(MarketRefusal) -> ProductRecord in
            guard let old = try Self.sql({ () throws(SQLiteError) in try ProductTable.load(id: id, on: db) }) else {
                throw .notFound("product \(id) not found")
            }
            try Self.checkOwner(old, vendor)
            var product = old
            try ProductRules.apply(fields, to: &product)
            product.issuedAt = today().timestamp
            try Self.sql { () throws(SQLiteError) in try ProductTable.update(from: old, to: product, on: db) }
            return product
        }
    }

    /// The path a vendor DELETEs to remove its product: `/api/products/<token>`, where the
    /// token is base64 of `"{id}|{product uuid}"`.
    func deletePath(id: Int, vendor: MarketVendor) throws(MarketRefusal) -> String {
        guard let product = try product(id: id) else { throw .notFound("product \(id) not found") }
        try Self.checkOwner(product, vendor)
        return "/api/products/" + DeleteToken.make(id: product.id, uuid: product.uuid)
    }

    /// Removes the product a delete token names; its image files go after the commit (unless
    /// another product shares them, as a generated catalog's products do).
    func delete(token: String, vendor: MarketVendor) throws(MarketRefusal) -> ProductRecord {
        guard let (id, uuid) = DeleteToken.parse(token) else {
            throw .notFound("no product for this delete path")
        }
        let removed = try writeTransaction { db throws(MarketRefusal) -> ProductRecord in
            let found = try Self.sql { () throws(SQLiteError) in try ProductTable.load(id: id, on: db) }
            guard let product = found, product.uuid == uuid else {
                throw .notFound("no product for this delete path")
            }
            try Self.checkOwner(product, vendor)
            files.markForRemoval(origins: product.images.map(\.originPath))  // before the commit
            try Self.sql { () throws(SQLiteError) in
                try ProductTable.delete(product, on: db)
                try MarketInfo.add(.productCount, -1, on: db)
            }
            return product
        }
        let unshared = (try? database.write { db throws(SQLiteError) -> [ImageRecord] in
            var unshared: [ImageRecord] = []
            for image in removed.images where !(try ProductTable.isReferenced(originPath: image.originPath, on: db)) {
                unshared.append(image)
            }
            return unshared
        }) ?? []
        files.removeImages(unshared.flatMap { [$0.originPath, $0.thumbnailPath] })
        files.clearMarkers(origins: removed.images.map(\.originPath))
        return removed
    }

    private static func checkOwner(_ product: ProductRecord, _ vendor: MarketVendor) throws(MarketRefusal) {
        guard product.vendorId == vendor.id else {
            throw .forbidden("product \(product.id) belongs to another vendor")
        }
    }

    /// Image files written for a write that did not commit: removed, with their markers.
    private func discard(_ written: [(origin: String, thumbnail: String)]) {
        files.removeImages(written.flatMap { [$0.origin, $0.thumbnail] })
        files.clearMarkers(origins: written.map(\.origin))
    }

    /// One write transaction; a database failure is a 500 and changes nothing.
    private func writeTransaction<Result: Sendable>(
        _ body: (SQLiteConnection) throws(MarketRefusal) -> Result
    ) throws(MarketRefusal) -> Result {
        try database.write { db throws(MarketRefusal) -> Result in
            try db.transaction(.immediate, mapError: { MarketRefusal.storage("could not save the market: \($0)") }) {
                () throws(MarketRefusal) -> Result in try body(db)
            }
        }
    }

    private func read<Result: Sendable>(_ body: (SQLiteConnection) throws(SQLiteError) -> Result) throws(MarketRefusal) -> Result {
        do {
            return try database.read(body)
        } catch {
            throw .storage("could not read the market: \(error)")
        }
    }

    private static func sql<Result>(_ body: () throws(SQLiteError) -> Result) throws(MarketRefusal) -> Result {
        do {
            return try body()
        } catch {
            throw .storage("could not save the market: \(error)")
        }
    }
}
