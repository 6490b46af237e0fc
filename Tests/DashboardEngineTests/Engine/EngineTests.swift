import Foundation
import MarketClient
import SQLite
import Testing

@testable import DashboardEngine

/// The engine through its root, without HTTP: what it opens, where a write lands, and that
/// shutdown leaves nothing running so the next engine opens the same folder.
@Suite struct EngineTests {
    static let start = Date(timeIntervalSince1970: 1_795_000_000)

    static func engine(_ folder: URL, _ market: ScriptedMarket, _ clock: ManualWallClock) throws -> Engine {
        var settings = Engine.Settings()
        settings.durable = false
        return try Engine(
            directory: folder, api: market, clock: clock, images: market,
            ownVendor: OwnVendor(id: ScriptedMarket.vendorID, source: .flag), settings: settings)
    }

    @Test func theMigrationsRunOnce_stampedByTheClock_andASecondEngineOpensTheSameFolder() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("engine-test-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let market = ScriptedMarket(products: [ScriptedMarket.product(id: 7, name: "Jar")])
        let clock = ManualWallClock(Self.start)
        let first = try Self.engine(folder, market, clock)
        first.start()
        first.shutdown()
        #expect(await finishes { await first.stopped() }, "every task the engine started ended")
        first.checkpoint()
        clock.advance(by: 3600)
        let second = try Self.engine(folder, market, clock)
        let applied = try second.database.use { db throws(SQLiteError) in
            try db.rows("SELECT name, applied_at FROM migrations") { ($0.text(0), $0.integer(1)) }
        }
        #expect(applied.map(\.0).sorted() == Engine.migrations.map(\.name).sorted(), "each migration once")
        #expect(applied.allSatisfy { $0.1 == Int(Self.start.timeIntervalSince1970) }, "stamped by the engine's clock at the first start")
        second.shutdown()
    }

    @Test func aDeleteThroughTheRoot_isJournaled_andItsProductKeptInTheBin() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("engine-test-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let market = ScriptedMarket(products: [ScriptedMarket.product(id: 7, name: "Jar", imageIDs: [])])
        let clock = ManualWallClock(Self.start)
        let engine = try Self.engine(folder, market, clock)
        engine.start()
        defer { engine.shutdown() }
        let product = try await market.product(id: 7)
        _ = try await engine.writer.delete(product, cause: .form)
        let entry = try #require(try await engine.journal.page(product: 7, offset: 0, limit: 1).entries.first)
        #expect(entry.kind == .delete && entry.outcome == .done)
        #expect(entry.at == Date(timeIntervalSince1970: (Self.start.timeIntervalSince1970 * 1000).rounded() / 1000), "on the engine's clock")
        let item = try #require(try await engine.recycleBin.item(entry.id))
        #expect(item.productID == 7 && item.state == .deleted)
    }
}
