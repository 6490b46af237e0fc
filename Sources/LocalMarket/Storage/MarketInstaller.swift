import Foundation
import SQLite

/// First-start work on a data directory: import a legacy `market.json` (once, in one
/// transaction, then rename it), or install the catalog; and at every start, remove images
/// whose write a crash interrupted before its row was committed.
struct MarketInstaller {
    let files: MarketFiles
    let database: MarketDatabase

    func install(_ catalog: MarketCatalog) throws(StorageError) {
        let installed = try database(
            { db throws(SQLiteError) in try MarketInfo.value(.installed, on: db) == 1 })
        if installed {
            // A crash between the import's commit and the rename: finish the rename.
            if FileManager.default.fileExists(atPath: files.legacyStatePath) {
                try sweepAndRetire(keeping: try referencedFiles())
            }
            return
        }
        if let legacy = try files.loadLegacyState() {
            try insert(legacy)
            try checkpoint()
            try sweepAndRetire(keeping: Set(legacy.products.flatMap { $0.images.flatMap { [$0.originPath, $0.thumbnailPath] } }))
            return
        }
        switch catalog {
        case .empty:
            try insert(MarketState())
        case .samples:
            let state = try MarketSeed.install(into: files)
            try insert(state)
            files.clearMarkers(origins: state.products.flatMap { $0.images.map(\.originPath) })
        case .generated(let count):
            try GeneratedCatalog(count: count).install(into: files, database: database)
        }
        try checkpoint()
    }

    private func checkpoint() throws(StorageError) {
        do {
            try database.checkpoint()
        } catch {
            throw .database(error.description)
        }
    }

    /// Writes a whole catalog (seed or imported) in one transaction, stored products as they
    /// are: they were accepted once (or by the real server), so no rule is applied again.
    func insert(_ state: MarketState) throws(StorageError) {
        try database { db throws(SQLiteError) in
            try db.transaction(.immediate, mapError: { $0 }) { () throws(SQLiteError) in
                try MarketInfo.insertVendors(extraIds: Set(state.products.map(\.vendorId)), on: db)
                for product in state.products { try ProductTable.insert(product, on: db) }
                let maxProductId = state.products.map(\.id).max() ?? 0
                let maxImageId = state.products.flatMap { $0.images.map(\.id) }.max() ?? 0
                try MarketInfo.set(.nextProductId, max(state.nextProductId, maxProductId + 1), on: db)
                try MarketInfo.set(.nextImageId, max(state.nextImageId, maxImageId + 1), on: db)
                try MarketInfo.set(.productCount, state.products.count, on: db)
                try MarketInfo.set(.installed, 1, on: db)
            }
        }
    }

    /// Images marked as being written are removed unless a committed row names them.
    func clearInterruptedWrites() throws(StorageError) {
        let origins = files.interruptedWrites()
        guard !origins.isEmpty else { return }
        let orphans = try database { db throws(SQLiteError) in
            var unreferenced: [String] = []
            for origin in origins where !(try ProductTable.isReferenced(originPath: origin, on: db)) {
                unreferenced.append(origin)
            }
            return unreferenced
        }
        for origin in orphans where ImageNaming.isValidRelativePath(origin) {
            files.removeImages([origin, origin.replacingOccurrences(of: "_origin.", with: "_thumb.")])
        }
        files.clearMarkers(origins: origins)
    }

    /// A legacy data directory may hold images no product refers to; the import removes them
    /// once, then retires `market.json`.
    private func sweepAndRetire(keeping referenced: Set<String>) throws(StorageError) {
        files.removeUnreferencedImages(keeping: referenced)
        try files.retireLegacyState()
    }

    private func referencedFiles() throws(StorageError) -> Set<String> {
        try database { db throws(SQLiteError) in
            Set(try db.rows("SELECT origin_path, thumbnail_path FROM images", []) { [$0.text(0), $0.text(1)] }.joined())
        }
    }

    private func database<Result: Sendable>(_ body: (SQLiteConnection) throws(SQLiteError) -> Result) throws(StorageError) -> Result {
        do {
            return try database.write(body)
        } catch {
            throw .database(error.description)
        }
    }
}
