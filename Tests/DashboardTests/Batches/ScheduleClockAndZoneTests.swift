import Foundation
import Testing

@testable import Dashboard
import DashboardEngine

/// Schedules against the clocks a vendor lives with: a window across the night the clocks
/// spring forward in New York, a wall clock set back (a time server's correction), the
/// dashboard's zone changed between scheduling and firing, and the batches other than a bulk
/// edit that a schedule carries out (an import, a sheet).
@Suite struct ScheduleClockAndZoneTests {
    static let newYork = TimeZone(identifier: "America/New_York") ?? .gmt

    static func instant(_ iso: String) throws -> Date {
        try #require(ISO8601DateFormatter().date(from: iso), "\(iso) is not an instant")
    }

    /// 01:30 to 03:30 on Sunday 14 March 2027 in New York, the night its clocks go from 02:00
    /// EST to 03:00 EDT: the window lasts one hour. The start is 06:30 UTC and the end 07:30
    /// UTC; a second before the end nothing is put back.
    @Test func aWindowAcrossTheSpringForwardInNewYork_startsAndEndsOnTheTypedClockTimes() async throws {
        let start = try Self.instant("2027-03-14T06:30:00Z")
        let end = try Self.instant("2027-03-14T07:30:00Z")
        try await ScheduleScene.run(zone: Self.newYork, startingAt: try Self.instant("2027-03-14T06:00:10Z")) { scene in
            let products = try await scene.register(2)
            let batch = try await scene.preview(products)
            let scheduled = try await scene.schedule(batch, starts: "2027-03-14T01:30", ends: "2027-03-14T03:30")
            try #require(scheduled.status == 303, "the schedule form answered \(scheduled.status)")
            let lines = try await scene.scheduleLines(batch)
            #expect(lines.contains("01:30") && lines.contains("03:30"), "the page says the times as typed: \(lines)")

            #expect(try await scene.nextWake() == start)
            try await scene.move(to: start)
            for id in products { #expect(scene.patchedPrices(id) == [18000], "product \(id)") }
            #expect(try await scene.nextWake() == end, "the end is one hour after the start, not two")
            try await scene.move(to: end.addingTimeInterval(-1))
            #expect(scene.allPatches == products.count, "nothing is put back a second before the end")
            try await scene.move(to: end)
            for id in products {
                #expect(scene.patchedPrices(id) == [18000, 20000], "product \(id)")
                #expect(try await scene.price(id) == 20000)
            }
        }
    }

    /// The wall clock set back an hour before the start, and again after the start and after
    /// the end: the start waits for its instant, and neither step is taken twice.
    @Test func aClockSetBack_neitherFiresEarlyNorTakesAStepTwice() async throws {
        try await ScheduleScene.run { scene in
            let sale = try await scene.sale(2, from: 2, until: 62)
            #expect(try await scene.nextWake() == sale.start)
            try await scene.move(to: ScheduleScene.thursday.addingTimeInterval(-3600))
            #expect(try await scene.nextWake() == sale.start, "set back, it still waits for the start")
            #expect(scene.allPatches == 0)
            #expect(try await scene.listedState(sale.batch) == "scheduled")

            try await scene.move(to: sale.start)
            try await scene.move(to: sale.start.addingTimeInterval(-600))
            #expect(try await scene.nextWake() == sale.end, "set back after the start, it waits for the end")
            try await scene.move(to: sale.start)
            for id in sale.products { #expect(scene.patchedPrices(id) == [18000], "product \(id): started once") }

            try await scene.move(to: sale.end)
            try await scene.move(to: sale.end.addingTimeInterval(-600))
            try await scene.move(to: sale.end.addingTimeInterval(60))
            for id in sale.products { #expect(scene.patchedPrices(id) == [18000, 20000], "product \(id): ended once") }
            #expect(try scene.batch(sale.batch).schedule?.revertID != nil)
        }
    }

    /// Scheduled in Seoul for 09:02 KST (00:02 UTC), then the dashboard restarted with
    /// `--time-zone America/New_York`: the window keeps its instants (its start is 19:02 EST
    /// the evening before) and starts and ends on them.
    @Test func aZoneChangedBetweenSchedulingAndFiring_keepsTheWindowsInstants() async throws {
        try await ScheduleScene.run { scene in
            let sale = try await scene.sale(2, from: 2, until: 62)
            _ = try await scene.harness.restart { $0.timeZone = Self.newYork }
            scene.session = FormSession(port: scene.harness.port)
            let lines = try await scene.scheduleLines(sale.batch)
            #expect(lines.contains("19:02") && lines.contains("20:02"), "the page says the window in New York's time: \(lines)")
            #expect(!lines.contains("09:02"), "\(lines)")

            #expect(try await scene.nextWake() == sale.start)
            try await scene.move(to: sale.start.addingTimeInterval(-1))
            #expect(scene.allPatches == 0)
            try await scene.move(to: sale.start)
            for id in sale.products { #expect(scene.patchedPrices(id) == [18000], "product \(id)") }
            #expect(try await scene.nextWake() == sale.end)
            try await scene.move(to: sale.end)
            for id in sale.products { #expect(scene.patchedPrices(id) == [18000, 20000], "product \(id)") }
        }
    }

    /// An import scheduled for the minute after next registers its products at that minute,
    /// once each, and not before.
    @Test func aScheduledImport_registersItsProductsAtItsStart() async throws {
        try await ScheduleScene.run { scene in
            _ = try await scene.session.open("/products/import")
            let csv = "name,description,price,currency,stock,images\n"
                + ["Timed lamp one", "Timed lamp two"].map { "\($0),Registered at the start of its schedule.,4000,KRW,2,p.jpg" }.joined(separator: "\n")
            let posted = try await ImportTesting.post(scene.session, csv: Array(csv.utf8), images: [.jpeg("p.jpg", size: 3000)])
            let batch = try #require(BatchTesting.batchID(posted), "the import answered \(posted.status)")
            let start = scene.minute(2)
            let scheduled = try await scene.schedule(batch, from: start)
            try #require(scheduled.status == 303, "the schedule form answered \(scheduled.status)")
            func creates() -> Int { scene.market.writes.filter { $0.method == "POST" && $0.path == "/api/products" }.count }

            try await scene.move(to: start.addingTimeInterval(-1))
            #expect(creates() == 0, "nothing is registered before the start")
            try await scene.move(to: start)
            #expect(creates() == 2)
            let rows = BatchTesting.rows(try await scene.page("/batches/\(batch)").text)
            #expect(rows.map(\.status) == ["done", "done"], "\(rows.map(\.text))")
            #expect(try await scene.listedState(batch) == "finished")
        }
    }

    /// Stock cells typed on the sheet, scheduled for an hour: set at the start, put back at the
    /// end, one PATCH each way.
    @Test func aScheduledSheet_setsItsCellsAtTheStart_andPutsThemBackAtTheEnd() async throws {
        try await ScheduleScene.run { scene in
            let products = try await scene.register(2, stock: 7)
            let sheet = try await scene.session.open("/products/sheet")
            let edits = Dictionary(uniqueKeysWithValues: products.map { ("stock.\($0)", "9") })
            let posted = try await SheetTesting.post(scene.session, SheetTesting.form(sheet, edits))
            let batch = try #require(BatchTesting.batchID(posted), "the sheet answered \(posted.status)")
            let (start, end) = (scene.minute(2), scene.minute(62))
            let scheduled = try await scene.schedule(batch, from: start, until: end)
            try #require(scheduled.status == 303, "the schedule form answered \(scheduled.status)")
            func stocks(_ id: Int) -> [Int] { scene.patches(id).compactMap { ($0["stock"] as? NSNumber)?.intValue } }

            try await scene.move(to: start.addingTimeInterval(-1))
            #expect(scene.allPatches == 0)
            try await scene.move(to: start)
            for id in products { #expect(stocks(id) == [9], "product \(id)") }
            try await scene.move(to: end)
            for id in products {
                #expect(stocks(id) == [9, 7], "product \(id)")
                #expect(try await scene.market.product(id)["stock"] as? Int == 7)
            }
        }
    }
}
