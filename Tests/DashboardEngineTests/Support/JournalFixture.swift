import Foundation
import MarketClient
import Synchronization
import Testing

@testable import DashboardEngine

/// The journal and the recycle bin over a database in a temp folder, with a hand-moved clock
/// and images served from memory (no market, no server). `reopen()` opens them again on the
/// same folder, as a restart does.
final class JournalFixture: Sendable {
    let folder: URL
    let calendar = FakeCalendar()
    let images = ScriptedMarket()
    let settings: RecycleBin.Settings
    let database: DashboardDatabase
    let bin: RecycleBin
    let journal: HistoryJournal
    /// Logs a delete and keeps its product as the dashboard does (`admitDelete`).
    let writer: MarketWriter

    init(settings: RecycleBin.Settings = RecycleBin.Settings(), folder: URL? = nil, calendar: FakeCalendar? = nil) throws {
        self.folder = folder ?? FileManager.default.temporaryDirectory.appendingPathComponent("journal-test-\(UUID().uuidString)")
        self.settings = settings
        let calendar = calendar ?? self.calendar
        database = try DashboardDatabase(directory: self.folder, migrations: Engine.migrations, durable: false, clock: calendar)
        let images = self.images
        bin = try RecycleBin(
            database: database, dataDirectory: self.folder, settings: settings, durable: false, clock: calendar, images: images)
        journal = try HistoryJournal(database: database, writeEnds: bin, retentionDays: 90, clock: calendar)
        writer = MarketWriter(api: images, log: journal, keeper: bin, observers: [])
    }

    /// The same folder opened again (a restart), with the same clock.
    func reopen(settings: RecycleBin.Settings? = nil) throws -> JournalFixture {
        try JournalFixture(settings: settings ?? self.settings, folder: folder, calendar: calendar)
    }

    func remove() {
        try? FileManager.default.removeItem(at: folder)
    }

    /// A product of vendor 1 with `imageCount` images served by `images` (each `imageBytes` long).
    func product(id: Int, name: String = "Kept Kettle", imageCount: Int = 2, imageBytes: Int = 1000) -> ProductDetail {
        let pictures = (1...max(1, imageCount)).prefix(imageCount).map { number in
            let url = URL(string: "http://images.test/\(id)/\(number)_origin")!
            images.serveImage(url, ImageFixtures.jpeg(imageBytes, fill: UInt8(truncatingIfNeeded: id &+ number)))
            return ProductImage(id: id * 10 + number, url: url, thumbnailURL: URL(string: "http://images.test/\(id)/\(number)_thumb")!)
        }
        let summary = ProductSummary(
            id: id, vendorID: 1, vendorName: "tests", name: name, description: "Boils water for tests.", thumbnail: pictures.first?.thumbnailURL,
            currency: .krw, price: 12000, discountedPrice: 2000, stock: 7)
        return ProductDetail(summary: summary, images: pictures, vendor: Vendor(id: 1, name: "tests"))
    }

    /// A delete of `detail` logged and kept as the writer does it, ending with `outcome`.
    @discardableResult
    func delete(_ detail: ProductDetail, outcome: WriteOutcome? = .done(nil, productID: 0)) async throws -> Int {
        let entry = try await writer.admitDelete(detail, cause: .form)
        if let outcome { await journal.recordOutcome(entry, outcome) }
        return try #require(entry).id
    }
}
