import Foundation
import SQLite
import Testing
@testable import LocalMarket

@Suite("A market.json data directory is imported into SQLite once")
struct MigrationTests {
    /// A data directory in the legacy single-file format: `market.json` with its counters past
    /// deleted ids, a product the create rules refuse (as the live server holds some: empty
    /// description, price 0), images on disk, one orphan image.
    private func legacyDirectory() throws -> (directory: URL, state: MarketState, json: Data) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lm-legacy-\(UUID().uuidString)")
        let files = MarketFiles(directory: directory, syncsToDisk: false)
        try files.prepare()
        func image(_ vendor: Int, _ key: Character, _ bytes: [UInt8], id: Int) throws -> ImageRecord {
            let paths = ImageNaming.paths(vendorId: vendor, day: "20221104", key: String(repeating: key, count: 32), format: .jpeg)
            try files.writeImage(bytes, origin: paths.origin, thumbnail: paths.thumbnail, durable: false)
            files.clearMarkers(origins: [paths.origin])
            return ImageRecord(id: id, originPath: paths.origin, thumbnailPath: paths.thumbnail, issuedAt: "2022-11-04T00:00:00")
        }
        var state = MarketState()
        state.nextProductId = 7
        state.nextImageId = 10
        state.products = [
            ProductRecord(
                id: 1, uuid: "0f8e2a56-1111-4c3e-9d6a-0f7b2e5c8a91", vendorId: 28, name: "Imported 한국 ☕",
                description: "", currency: .krw, price: 0, discountedPrice: 0, stock: 0, thumbnailImageId: 1,
                images: [try image(28, "a", Images.jpeg(seed: 1), id: 1)],
                createdAt: "2022-11-04T00:00:00", issuedAt: "2022-11-04T00:00:00"),
            ProductRecord(
                id: 3, uuid: "0f8e2a56-3333-4c3e-9d6a-0f7b2e5c8a91", vendorId: 15, name: "Second \"quoted\" 50%_off",
                description: "Two images, the second one the thumbnail.", currency: .usd,
                price: Decimal(string: "12.5") ?? 0, discountedPrice: Decimal(string: "0.5") ?? 0, stock: 4,
                thumbnailImageId: 8,
                images: [try image(15, "b", Images.jpeg(seed: 2), id: 7), try image(15, "c", Images.jpeg(seed: 3), id: 8)],
                createdAt: "2022-11-04T00:00:00", issuedAt: "2022-11-05T00:00:00"),
        ]
        _ = try image(28, "d", Images.jpeg(seed: 9), id: 99)  // referenced by nothing
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let json = try encoder.encode(state)
        try json.write(to: directory.appendingPathComponent("market.json"))
        return (directory, state, json)
    }

    private func ids(_ fixture: MarketFixture) async throws -> [Int] {
        try await fixture.get("/api/products?items_per_page=100").json["pages"]?.array.compactMap { $0["id"]?.int } ?? []
    }

    @Test func importsEveryProductOnceKeepsImagesAndRenamesTheFile() async throws {
        let (directory, _, json) = try legacyDirectory()
        let fixture = try MarketFixture(seed: true, directory: directory)

        #expect(try await ids(fixture) == [3, 1])  // imported, not seeded over
        let first = try await fixture.get("/api/products/1").json
        #expect(first["name"]?.string == "Imported 한국 ☕")
        #expect(first["description"]?.string == "")
        #expect(first["price"]?.literal == "0.0")
        let second = try await fixture.get("/api/products/3").json
        #expect(second["bargain_price"]?.literal == "12.0")
        #expect(second["issued_at"]?.string == "2022-11-05T00:00:00")
        #expect(second["thumbnail"]?.string?.contains("cccc") == true)
        let urls = second["images"]?.array.compactMap { $0["url"]?.string } ?? []
        #expect(urls.count == 2)
        for (url, seed) in zip(urls, [UInt8(2), 3]) {
            #expect(try await fixture.imageBytes(at: url).bytes == Images.jpeg(seed: seed))
        }
        #expect(try await fixture.get("/api/products?search_value=50%25_OFF").json["totalCount"]?.int == 1)

        // The file is kept under a new name, byte for byte; the orphan image is gone.
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/market.json"))
        #expect(FileManager.default.contents(atPath: directory.path + "/market.json.imported") == json)
        #expect(fixture.market.store.files.allImageFiles().count == 6)
        // Counters carry over: deleted ids are not handed out again.
        let created = try await fixture.create()
        #expect(created.json["id"]?.int == 7)
        #expect(created.json["images"]?.array.first?["id"]?.int == 10)

        try fixture.restart()
        #expect(try await ids(fixture) == [7, 3, 1])
    }

    @Test func aCrashBetweenTheImportAndTheRenameDoesNotImportTwice() async throws {
        let (directory, _, json) = try legacyDirectory()
        let fixture = try MarketFixture(seed: true, directory: directory)
        #expect(try await ids(fixture) == [3, 1])
        // The import committed, then the process died before renaming the file.
        try json.write(to: directory.appendingPathComponent("market.json"))

        try fixture.restart()

        #expect(try await ids(fixture) == [3, 1])
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/market.json"))
        #expect(FileManager.default.contents(atPath: directory.path + "/market.json.imported-2") == json)
    }

    @Test func aDatabaseFromANewerBuildIsAClearError() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lm-newer-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = try LocalMarket(dataDirectory: directory, host: "127.0.0.1", port: 0, seed: false, syncsToDisk: false)
        let db = try SQLiteConnection(path: directory.path + "/market.sqlite")
        try db.execute("INSERT INTO migrations (name, applied_at) VALUES ('market-99', 0)")

        let error = #expect(throws: StorageError.self) {
            try LocalMarket(dataDirectory: directory, host: "127.0.0.1", port: 0, seed: false, syncsToDisk: false)
        }
        #expect(error?.description.contains("migrations market-99 are newer") == true)
    }
}

@Suite("A database from before named migrations opens with its data")
struct NumberedSchemaTests {
    /// A market database as builds with numbered migrations left it: the same tables, and
    /// `schema_version` instead of `migrations`.
    private func numberedDatabase(version: Int) throws -> (directory: URL, ids: [Int]) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lm-numbered-\(UUID().uuidString)")
        let market = try LocalMarket(dataDirectory: directory, host: "127.0.0.1", port: 0, catalog: .samples, syncsToDisk: false)
        market.shutdown()
        let db = try SQLiteConnection(path: directory.path + "/market.sqlite")
        let ids = try db.rows("SELECT id FROM products ORDER BY id DESC") { $0.integer(0) }
        try db.execute("DROP TABLE migrations")
        try db.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
        try db.run("INSERT INTO schema_version (version) VALUES (?)", [.integer(version)])
        return (directory, ids)
    }

    @Test func itsVersionIsRecordedByNameAndItsProductsStay() async throws {
        let (directory, ids) = try numberedDatabase(version: 1)
        #expect(!ids.isEmpty)

        // The fixture removes the directory when it goes.
        let fixture = try MarketFixture(seed: true, directory: directory)

        let listed = try await fixture.get("/api/products?items_per_page=100").json["pages"]?.array.compactMap { $0["id"]?.int } ?? []
        #expect(listed == ids)
        let db = try SQLiteConnection(path: directory.path + "/market.sqlite")
        #expect(try db.appliedMigrations() == ["market-1"])
        #expect(try db.first("SELECT 1 FROM sqlite_master WHERE name = 'schema_version'") { $0.integer(0) } == nil)
    }

    @Test func aVersionPastTheLastMigrationIsAClearError() throws {
        let (directory, _) = try numberedDatabase(version: 99)
        defer { try? FileManager.default.removeItem(at: directory) }

        let error = #expect(throws: StorageError.self) {
            try LocalMarket(dataDirectory: directory, host: "127.0.0.1", port: 0, seed: false, syncsToDisk: false)
        }
        #expect(error?.description.contains("schema version 99 is newer") == true)
    }
}
