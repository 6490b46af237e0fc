import Foundation
import SQLite
import Testing
@testable import LocalMarket

/// These tests use the production write path (`syncsToDisk: true`).
@Suite("Durable storage: restarts, interrupted writes, damaged files")
struct PersistenceTests {
    private let secret = MarketVendor.localTeam.secret

    private func everything(_ fixture: MarketFixture) async throws -> [UInt8] {
        try await fixture.get("/api/products?items_per_page=1000").bytes
    }

    @Test func everyChangeSurvivesARestart() async throws {
        let fixture = try MarketFixture(syncsToDisk: true)
        let kept = try await fixture.createProduct(name: "Kept across restarts", images: 2)
        let edited = try await fixture.createProduct(name: "Edited before restart")
        let deleted = try await fixture.createProduct(name: "Deleted before restart")
        let edit = try await fixture.sendJSON(.patch, "/api/products/\(edited)", ["secret": secret, "stock": 42, "price": 1234.56])
        #expect(edit.status == 200)
        let path = try await fixture.sendJSON(.post, "/api/products/\(deleted)/archived", ["secret": secret]).text
        #expect(try await fixture.send(.delete, path, headers: ["identifier": MarketVendor.localTeam.identifier]).status == 200)
        let before = try await everything(fixture)
        let keptDetail = try await fixture.get("/api/products/\(kept)").json

        try fixture.restart()

        #expect(try await everything(fixture) == before)
        #expect(try await fixture.get("/api/products/\(edited)").json["stock"]?.int == 42)
        #expect(try await fixture.get("/api/products/\(edited)").json["price"]?.literal == "1234.56")
        #expect(try await fixture.get("/api/products/\(deleted)").status == 404)
        for image in keptDetail["images"]?.array ?? [] {
            let served = try await fixture.imageBytes(at: try #require(image["url"]?.string))
            #expect(served.bytes == Images.jpeg(seed: 0) || served.bytes == Images.jpeg(seed: 1))
        }
        // Counters survive too: a deleted id is not handed out again.
        #expect(try await fixture.createProduct() == deleted + 1)
    }

    @Test func successfulWritesLeaveNoTemporaryFiles() async throws {
        let fixture = try MarketFixture(syncsToDisk: true)
        _ = try await fixture.createProduct(images: 3)
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: fixture.dataPath))
        #expect(names.isSubset(of: ["images", "incoming", "market.sqlite", "market.sqlite-wal", "market.sqlite-shm"]))
        #expect(names.contains("market.sqlite"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.dataPath + "/incoming").isEmpty)
        #expect(fixture.market.store.files.allImageFiles().count == 6)  // original + thumbnail each
    }

    @Test func anImageWriteACrashInterruptedIsRemovedAtRestart() async throws {
        let fixture = try MarketFixture(syncsToDisk: true)
        _ = try await fixture.createProduct(name: "Committed product")
        let committed = try await everything(fixture)
        // A crash mid-upload leaves the write's marker and a half-written image; and an
        // interrupted write of a legacy `market.json` left a temporary file beside the data.
        let key = String(repeating: "cd", count: 16)
        let folder = fixture.dataPath + "/images/28/20240101"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data([0xFF, 0xD8]).write(to: URL(fileURLWithPath: folder + "/\(key)_origin.jpg"))
        try Data().write(to: URL(fileURLWithPath: fixture.dataPath + "/incoming/28~20240101~\(key)_origin.jpg"))
        try Data("{".utf8).write(to: URL(fileURLWithPath: fixture.dataPath + "/market.json.tmp-crashed"))

        try fixture.restart()

        #expect(try await everything(fixture) == committed)
        #expect(!FileManager.default.fileExists(atPath: folder + "/\(key)_origin.jpg"))
        #expect(!FileManager.default.fileExists(atPath: fixture.dataPath + "/market.json.tmp-crashed"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.dataPath + "/incoming").isEmpty)
        #expect(fixture.market.store.files.allImageFiles().count == 2)
    }

    @Test func crashBetweenImageWriteAndRecordWriteLeavesTheLastCommittedState() async throws {
        let fixture = try MarketFixture(syncsToDisk: true)
        let id = try await fixture.createProduct(name: "Committed product")
        let committed = try await everything(fixture)
        // What a crash after the image files but before their row is committed leaves behind.
        let orphan = ImageNaming.paths(vendorId: 28, day: "20240101", key: String(repeating: "ab", count: 16), format: .jpeg)
        try fixture.market.store.files.writeImage(Images.jpeg(seed: 7), origin: orphan.origin, thumbnail: orphan.thumbnail, durable: true)

        try fixture.restart()

        #expect(try await everything(fixture) == committed)
        #expect(!fixture.market.store.files.allImageFiles().contains(orphan.origin))
        #expect(fixture.market.store.files.allImageFiles().count == 2)
        #expect(try await fixture.createProduct() == id + 1)
    }

    @Test func failedCommitChangesNothingAndCleansItsImages() async throws {
        let fixture = try MarketFixture(syncsToDisk: true)
        _ = try await fixture.createProduct(name: "Committed product")
        let committed = try await everything(fixture)
        // The database refuses the next product row, as a full disk would.
        let db = try SQLiteConnection(path: fixture.dataPath + "/market.sqlite")
        try db.execute("CREATE TRIGGER refuse BEFORE INSERT ON products BEGIN SELECT RAISE(ABORT, 'disk is full'); END")

        let reply = try await fixture.create(images: [Images.png(seed: 3)])

        #expect(reply.status == 500)
        #expect(reply.json["code"]?.int == 500)
        #expect(reply.message.hasPrefix("could not save the market"))
        #expect(reply.message.contains("disk is full"))
        #expect(try await everything(fixture) == committed)
        #expect(fixture.market.store.files.allImageFiles().count == 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.dataPath + "/incoming").isEmpty)

        try db.execute("DROP TRIGGER refuse")
        try fixture.restart()
        #expect(try await everything(fixture) == committed)
        #expect(try await fixture.createProduct() == 2)
    }

    /// A delete marks its images before it commits, so a crash between the commit and the
    /// files' removal cannot leave them behind for ever. Seen here through a delete the
    /// database refuses: the marks are there, the images (still referred to) stay, and the
    /// next start clears the marks. Then the state such a crash leaves (rows gone, files and
    /// marks still there): the next start removes the files.
    @Test func aDeleteMarksItsImagesBeforeItCommits_soACrashAfterTheCommitLeavesNone() async throws {
        let fixture = try MarketFixture(syncsToDisk: true)
        let id = try await fixture.createProduct(name: "Deleted product", images: 2)
        let files = fixture.market.store.files
        let incoming = fixture.dataPath + "/incoming"
        let withIt = Set(files.allImageFiles())
        let path = try await fixture.sendJSON(.post, "/api/products/\(id)/archived", ["secret": secret]).text

        let db = try SQLiteConnection(path: fixture.dataPath + "/market.sqlite")
        try db.execute("CREATE TRIGGER refuse BEFORE DELETE ON products BEGIN SELECT RAISE(ABORT, 'disk is full'); END")
        #expect(try await fixture.send(.delete, path, headers: ["identifier": MarketVendor.localTeam.identifier]).status == 500)
        let marks = try FileManager.default.contentsOfDirectory(atPath: incoming)
        #expect(marks.count == 2, "one mark per image, made before the commit: \(marks)")
        try db.execute("DROP TRIGGER refuse")
        try fixture.restart()
        #expect(Set(files.allImageFiles()) == withIt, "images a product still refers to stay")
        #expect(try FileManager.default.contentsOfDirectory(atPath: incoming).isEmpty)

        // The delete goes through: images and marks gone. Then what a crash right after its
        // commit would have left: the files and the marks, with no row naming them.
        #expect(withIt.count == 4, "its two images, original and thumbnail each: \(withIt)")
        let images = withIt.map { (path: files.imagesRoot + "/" + $0, bytes: FileManager.default.contents(atPath: files.imagesRoot + "/" + $0)) }
        #expect(try await fixture.send(.delete, path, headers: ["identifier": MarketVendor.localTeam.identifier]).status == 200)
        #expect(files.allImageFiles().isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: incoming).isEmpty)
        for image in images { #expect(FileManager.default.createFile(atPath: image.path, contents: image.bytes)) }
        files.markForRemoval(origins: withIt.filter { $0.contains("_origin.") }.sorted())
        try fixture.restart()
        #expect(files.allImageFiles().isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: incoming).isEmpty)
    }

    @Test("a damaged state file is a clear error, not a crash", arguments: [
        "garbage, not a market",
        #"{"format":1,"nextImageId":2,"nextProductId":2,"products":[{"id":1,"#,  // truncated
        #"{"format":1,"products":"none"}"#,
        #"{"format":99,"nextImageId":1,"nextProductId":1,"products":[]}"#,
    ])
    func damagedStateFileIsAClearError(text: String) throws {
        let bytes = Array(text.utf8)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lm-damaged-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(bytes).write(to: directory.appendingPathComponent("market.json"))

        let error = #expect(throws: StorageError.self) { try LocalMarket(dataDirectory: directory, seed: true) }
        guard case .corruptState(let path, _)? = error else {
            Issue.record("expected corruptState, got \(String(describing: error))")
            return
        }
        #expect(path.hasSuffix("/market.json"))
        #expect(error?.description.contains("is damaged") == true)
        // The damaged file is left alone for a person to inspect; nothing is seeded over it.
        #expect(try Data(contentsOf: directory.appendingPathComponent("market.json")) == Data(bytes))
    }

    @Test func aDataDirectoryThatIsAFileIsAClearError() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("lm-file-\(UUID().uuidString)")
        try Data("x".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(throws: StorageError.notADirectory(file.path)) { try LocalMarket(dataDirectory: file) }
    }
}
