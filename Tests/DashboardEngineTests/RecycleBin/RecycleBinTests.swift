import Foundation
import MarketClient
import Testing

@testable import DashboardEngine

/// The recycle bin on its own: what a delete keeps, the byte budget (oldest first), the days
/// it keeps an item (an injected clock), and what a restart cleans up.
@Suite struct RecycleBinTests {
    @Test func aDelete_keepsTheDetailAndEveryImageByte() async throws {
        let fixture = try JournalFixture()
        defer { fixture.remove() }
        let product = fixture.product(id: 12, imageCount: 3)
        let entry = try await fixture.delete(product)
        let item = try #require(try await fixture.bin.item(entry))
        #expect(item.productID == 12 && item.name == "Kept Kettle" && item.state == .deleted)
        #expect(item.imageCount == 3 && item.keptImages == 3 && item.canRestoreImages)
        #expect(item.detail == product)
        let kept = try #require(fixture.bin.images(of: item))
        #expect(kept.map(\.number) == [1, 2, 3])
        for (image, picture) in zip(kept, product.images) {
            #expect(image.bytes == (try await fixture.images.image(picture.url)).bytes)
        }
        #expect(item.bytes == 3000)
    }

    @Test func anImageThatCannotBeDownloaded_refusesTheDelete_andKeepsNothing() async throws {
        let fixture = try JournalFixture()
        defer { fixture.remove() }
        let product = fixture.product(id: 12, imageCount: 2)
        fixture.images.failImage(product.images[1].url)
        await #expect {
            _ = try await fixture.writer.admitDelete(product, cause: .form)
        } throws: { ($0 as? WriteRefusal)?.code == .imagesNotKept }
        let page = try await fixture.bin.page(offset: 0, limit: 10)
        #expect(page.total == 0 && page.bytes == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.bin.folder.path).isEmpty)
        // The journal says the delete was not sent, and why.
        let entry = try #require(try await fixture.journal.page(product: 12, offset: 0, limit: 1).entries.first)
        #expect(entry.kind == .delete && entry.outcome == .failed && entry.failure?.code == .imagesNotKept)
    }

    @Test func aDeleteTheMarketRefused_leavesNothingInTheBin_andAnUnknownOneStays() async throws {
        let fixture = try JournalFixture()
        defer { fixture.remove() }
        let refused = try await fixture.delete(fixture.product(id: 1), outcome: .failed(WriteError(MarketError.unauthorized)))
        let unknown = try await fixture.delete(fixture.product(id: 2), outcome: .unknown)
        #expect(try await fixture.bin.item(refused) == nil)
        #expect(!FileManager.default.fileExists(atPath: fixture.bin.itemFolder(refused)))
        #expect(try await fixture.bin.item(unknown)?.state == .unknown)
    }

    @Test func overTheByteBudget_theOldestItemsLoseTheirImagesFirst_andKeepTheirFields() async throws {
        let fixture = try JournalFixture(settings: RecycleBin.Settings(retentionDays: 30, byteBudget: 5000))
        defer { fixture.remove() }
        var entries: [Int] = []
        for id in 1...4 {
            entries.append(try await fixture.delete(fixture.product(id: id, imageCount: 2, imageBytes: 1000)))
            fixture.calendar.advance(days: 0.01)
        }
        // 4 items of 2,000 bytes in a budget of 5,000: the two oldest go, oldest first.
        let items = try await fixture.bin.page(offset: 0, limit: 10)
        #expect(items.bytes == 4000)
        #expect(items.items.map(\.entry) == entries.reversed())
        let byEntry = Dictionary(uniqueKeysWithValues: items.items.map { ($0.entry, $0) })
        #expect(byEntry[entries[0]]?.imagesEvicted == true && byEntry[entries[1]]?.imagesEvicted == true)
        #expect(byEntry[entries[2]]?.canRestoreImages == true && byEntry[entries[3]]?.canRestoreImages == true)
        #expect(!FileManager.default.fileExists(atPath: fixture.bin.itemFolder(entries[0])))
        let evicted = try #require(try await fixture.bin.item(entries[0]))
        #expect(evicted.detail?.name == "Kept Kettle")
        #expect(fixture.bin.images(of: evicted) == nil)
    }

    @Test func anItemLargerThanTheWholeBudget_keepsItsFieldsOnly() async throws {
        let fixture = try JournalFixture(settings: RecycleBin.Settings(retentionDays: 30, byteBudget: 1500))
        defer { fixture.remove() }
        let entry = try await fixture.delete(fixture.product(id: 1, imageCount: 2, imageBytes: 1000))
        let item = try #require(try await fixture.bin.item(entry))
        #expect(item.imagesEvicted && item.bytes == 0 && item.detail != nil)
    }

    @Test func itemsOlderThanTheRetention_goAtThePrune_withTheirFiles() async throws {
        let fixture = try JournalFixture(settings: RecycleBin.Settings(retentionDays: 30, byteBudget: 1 << 30))
        defer { fixture.remove() }
        let old = try await fixture.delete(fixture.product(id: 1))
        fixture.calendar.advance(days: 20)
        let recent = try await fixture.delete(fixture.product(id: 2))
        fixture.calendar.advance(days: 10.5)
        await fixture.bin.prune()
        #expect(try await fixture.bin.item(old) == nil)
        #expect(!FileManager.default.fileExists(atPath: fixture.bin.itemFolder(old)))
        #expect(try await fixture.bin.item(recent) != nil)
        // A restart past the next day prunes too.
        fixture.calendar.advance(days: 20)
        let restarted = try fixture.reopen()
        #expect(try await restarted.bin.item(recent) == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: restarted.bin.folder.path).isEmpty)
    }

    @Test func aRestart_finishesWhatACrashLeft() async throws {
        let fixture = try JournalFixture()
        defer { fixture.remove() }
        // A delete in flight at the crash, and image files with no row (a crash between them).
        let inFlight = try await fixture.delete(fixture.product(id: 1), outcome: nil)
        let stray = fixture.bin.folder.appendingPathComponent("999999")
        try FileManager.default.createDirectory(at: stray, withIntermediateDirectories: true)
        try Data(ImageFixtures.jpeg()).write(to: stray.appendingPathComponent("1.jpg"))
        let restarted = try fixture.reopen()
        #expect(try await restarted.bin.item(inFlight)?.state == .unknown)
        #expect(try await restarted.journal.entry(inFlight)?.outcome == .unknown)
        #expect(!FileManager.default.fileExists(atPath: stray.path))
        #expect(restarted.bin.images(of: try #require(try await restarted.bin.item(inFlight)))?.count == 2)
    }

    @Test func restoredAndForgotten() async throws {
        let fixture = try JournalFixture()
        defer { fixture.remove() }
        let first = try await fixture.delete(fixture.product(id: 1))
        let second = try await fixture.delete(fixture.product(id: 2))
        await fixture.bin.restored(entry: first, as: 77)
        let restored = try #require(try await fixture.bin.item(first))
        #expect(restored.restoredID == 77 && restored.bytes == 0)
        #expect(await fixture.bin.forget(second) != nil)
        #expect(await fixture.bin.forget(second) == nil)
        #expect(try await fixture.bin.item(second) == nil)
        #expect(!FileManager.default.fileExists(atPath: fixture.bin.itemFolder(second)))
    }
}
