import DashboardEngine
import Foundation
import Testing

@testable import Dashboard

/// Honest sale prices end to end, as a seller meets them: products added and repriced through
/// the forms over four weeks, their earlier prices brought in from the seller's own records
/// (`/products/prices/import`), one changed on the market between two counts, then a 30% sale
/// put on all of them with the list's bulk form. The preview checks every row against the
/// lowest price of the days before the sale (`--reference-days`), a scheduled start at its
/// own time, and each product's price history lists every state with where it came from.
///
/// The products, the present being N (`ScheduleScene.thursday`), all at KRW 24,000 at first:
/// - `raised`: added N − 28 days, raised to 30,000 ten days before N;
/// - `steady`: added N − 28 days and never changed; without its past records, its prices
///   would be known for 28 days only, short of the 30 the reference needs;
/// - `early`: added N − 28 days, raised to 30,000 25 days before N (inside 30 days, outside 20);
/// - `moved`: added N − 28 days, changed to 30,000 on the market between a count six days
///   before N and one two days before N;
/// - `fresh`: added the day before N, with no past records.
/// The first four have past records at KRW 24,000 from 60 days before N.
@Suite struct HonestSalePricesTests {
    static let seoul = TimeZone(identifier: "Asia/Seoul") ?? .gmt
    static let day: TimeInterval = 86_400
    static let now = ScheduleScene.thursday

    struct Scene {
        var base: ReferencePreviewTests.Scene
        var raised = 0
        var steady = 0
        var early = 0
        var moved = 0
        var fresh = 0

        func at(daysBefore days: Double) {
            base.clock.set(HonestSalePricesTests.now.addingTimeInterval(-days * HonestSalePricesTests.day))
        }

        /// Counts the catalog again, as its button does, and waits for the count's prices.
        func count() async throws {
            var browser = try await base.session()
            _ = try await browser.open("/products")
            #expect(try await browser.postURLEncoded("/catalog/refresh", [("back", "/products")]).status == 303)
            await base.settle()
        }

        /// Imports the seller's past records of `ids` through the import page: previewed, then
        /// added.
        func importPastPrices(_ ids: [Int], at date: Date) async throws {
            var browser = try await base.session()
            _ = try await browser.open("/products/prices/import")
            let day = LocalTime.isoDay(date, zone: HonestSalePricesTests.seoul)
            let file = PastPriceImportTests.csv("id,at,price,discount", ids.map { "\($0),\(day),24000,0" })
            let preview = try await PastPriceImportTests.upload(browser, file)
            try #require(preview.status == 200, "the preview answered \(preview.status): \(HTMLScan.text(preview.text))")
            #expect(PastPriceImportTests.lines(preview.text).count == ids.count)
            let token = try #require(FormSession.hidden("import_token", in: preview.text))
            #expect(try await browser.postURLEncoded("/products/prices/import/add", [("import_token", token)]).status == 303)
            await base.settle()
        }
    }

    static func run(referenceDays: Int, _ body: (Scene) async throws -> Void) async throws {
        let clock = ManualWallClock(now.addingTimeInterval(-28 * day))
        try await withRecordingMarket { market in
            try await withDashboard(.recording(market), clock: clock, adjust: {
                $0.timeZone = seoul
                $0.referenceDays = referenceDays
            }) { harness in
                var scene = Scene(base: ReferencePreviewTests.Scene(market: market, harness: harness, clock: clock, accounts: false))
                scene.raised = try await scene.base.add("Raised Teapot")
                scene.steady = try await scene.base.add("Steady Teapot")
                scene.early = try await scene.base.add("Early Teapot")
                scene.moved = try await scene.base.add("Moved Teapot")
                try await scene.importPastPrices(
                    [scene.raised, scene.steady, scene.early, scene.moved], at: now.addingTimeInterval(-60 * day))
                scene.at(daysBefore: 25)
                try await scene.base.reprice(scene.early, name: "Early Teapot", to: "30000")
                scene.at(daysBefore: 10)
                try await scene.base.reprice(scene.raised, name: "Raised Teapot", to: "30000")
                scene.at(daysBefore: 6)
                try await scene.count()
                try await market.change(scene.moved, ["price": 30000, "discounted_price": 0])
                scene.at(daysBefore: 2)
                try await scene.count()
                scene.at(daysBefore: 1)
                scene.fresh = try await scene.base.add("Fresh Teapot")
                scene.at(daysBefore: 0)
                await scene.base.settle()
                try await body(scene)
            }
        }
    }

    @Test(arguments: [30, 20])
    func aThirtyPercentSale_isCheckedAgainstTheLowestPriceOfTheDaysBefore(referenceDays: Int) async throws {
        try await Self.run(referenceDays: referenceDays) { scene in
            let products = [scene.raised, scene.steady, scene.early, scene.moved, scene.fresh]
            let batch = try await scene.base.discount(products)
            let page = try await scene.base.page(batch)
            #expect(page.status == 200)
            let shown = ReferencePreviewTests.references(page.text)
            #expect(Set(shown.keys) == Set(products), "every row starts a sale")

            // Raised ten days ago, then 30% off 30,000: the buyer pays 21,000, 12.5% under 24,000.
            let raised = try #require(shown[scene.raised])
            #expect(raised.hook == "above")
            #expect(raised.price == "24000")
            #expect(raised.text.contains("the real discount is 12.5%, not 30%"), "\(raised.text)")

            // Steady since its past records: its reference is its one price.
            #expect(shown[scene.steady]?.hook == "ok")
            #expect(shown[scene.steady]?.price == "24000")

            // Raised 25 days ago: inside 30 days the old price counts, outside 20 it does not.
            let early = try #require(shown[scene.early])
            #expect(early.hook == (referenceDays == 30 ? "above" : "ok"))
            #expect(early.price == (referenceDays == 30 ? "24000" : "30000"))

            // Changed on the market between two counts: the price before the change counts
            // too, since it may have lasted until the second count.
            let moved = try #require(shown[scene.moved])
            #expect(moved.hook == "above")
            #expect(moved.price == "24000")

            // Added yesterday, with no earlier record: no reference, and the page says from when.
            let fresh = try #require(shown[scene.fresh])
            #expect(fresh.hook == "insufficient")
            #expect(fresh.price == nil)
            #expect(fresh.text.contains("less than the \(referenceDays) days before the sale"), "\(fresh.text)")

            let above = referenceDays == 30 ? 3 : 2
            #expect(ReferencePreviewTests.summary(page.text)?.count == String(above))
        }
    }

    @Test func aScheduledSale_isCheckedAtItsOwnStart() async throws {
        try await Self.run(referenceDays: 30) { scene in
            let batch = try await scene.base.discount([scene.raised, scene.steady])
            var browser = try await scene.base.session()
            let preview = try await browser.open("/batches/\(batch)")
            #expect(ReferencePreviewTests.references(preview.text)[scene.raised]?.hook == "above")
            // Starting 25 days from now, the 30 days before the start hold only 30,000.
            let starts = ScheduleScene.typed(Self.now.addingTimeInterval(25 * Self.day), in: Self.seoul)
            let scheduled = try await BatchTesting.press("schedule", batch, browser, from: preview.text, fields: [("starts_at", starts), ("ends_at", "")])
            try #require(scheduled.status == 303, "the schedule form answered \(scheduled.status)")
            let shown = ReferencePreviewTests.references(try await browser.get("/batches/\(batch)").text)
            #expect(shown[scene.raised]?.hook == "ok")
            #expect(shown[scene.raised]?.price == "30000")
            #expect(shown[scene.steady]?.hook == "ok")
            #expect(shown[scene.steady]?.price == "24000")
        }
    }

    @Test func eachProductsHistory_listsEveryStateWithItsSource() async throws {
        try await Self.run(referenceDays: 30) { scene in
            let expected: [(Int, [String], [String])] = [
                (scene.raised, ["dashboard", "dashboard", "imported"], ["30000", "24000", "24000"]),
                (scene.steady, ["dashboard", "imported"], ["24000", "24000"]),
                (scene.moved, ["elsewhere", "dashboard", "imported"], ["30000", "24000", "24000"]),
                (scene.fresh, ["dashboard"], ["24000"]),
            ]
            for (id, sources, prices) in expected {
                let page = try await scene.base.harness.get("/products/\(id)/prices")
                #expect(page.status == 200)
                let states = PriceHistoryPageTests.shownStates(page.text)
                #expect(states.map(\.source) == sources, "product \(id)")
                #expect(states.map(\.price) == prices, "product \(id)")
            }
            // The change on the market lies between the two counts, and the page says both.
            let moved = PriceHistoryPageTests.shownStates(try await scene.base.harness.get("/products/\(scene.moved)/prices").text)
            let between = try #require(moved.first)
            let after = try #require(between.seenAfter.flatMap(PriceHistoryPageTests.instant))
            let at = try #require(PriceHistoryPageTests.instant(between.at))
            #expect(after == Self.now.addingTimeInterval(-6 * Self.day))
            #expect(at == Self.now.addingTimeInterval(-2 * Self.day))
            // The past records are dated from the start of their day in the seller's zone.
            let imported = try #require(moved.last)
            #expect(imported.at.hasSuffix("T00:00:00+09:00"), "\(imported.at)")
        }
    }
}
