import Foundation
import Testing

@testable import Dashboard
import DashboardEngine

/// The dashboard the standards checks and the batch pages' Korean scan seed their pages on: a
/// `ScheduleScene` (the embedded market behind a recording server, a clock moved by hand from
/// `ScheduleScene.thursday`), so a refusal in the market's words, a lost answer and a window
/// already open are reached the way the market and the clock bring them about.
enum StandardsScene {
    static func run<T: Sendable>(_ body: (ScheduleScene) async throws -> T) async throws -> T {
        let clock = ManualWallClock(ScheduleScene.thursday)
        return try await withRecordingMarket { market in
            try await withDashboard(.recording(market), clock: clock) { harness in
                try await body(ScheduleScene(market: market, harness: harness, clock: clock, session: FormSession(port: harness.port)))
            }
        }
    }

    /// `run` with a browser on the scene's dashboard (`withBrowser`).
    static func runInBrowser(_ body: (ScheduleScene, BrowserHarness) async throws -> Void) async throws {
        let clock = ManualWallClock(ScheduleScene.thursday)
        try await withRecordingMarket { market in
            try await withBrowser(.recording(market), clock: clock) { browser in
                let harness = browser.dashboard
                try await body(ScheduleScene(market: market, harness: harness, clock: clock, session: FormSession(port: harness.port)), browser)
            }
        }
    }
}

/// The batch pages the standards checks open, each made through the dashboard's forms: a
/// preview with a change, a problem and a warning (a price set far from one product's, to one
/// another already has, under a third one's discount); one whose window started (the form for
/// its end, End now), its start reached on the clock; one scheduled (its form to move it,
/// Unschedule, and the list's steps to come); an import finished with a failure in the
/// market's words and a skip (the product changed on the market after its preview); and one
/// applying, held at its first write until the dashboard stops, so its page keeps the progress
/// bar and the refresh.
struct StandardsBatches {
    var preview: Int
    var running: Int
    var finished: Int
    var scheduled: Int
    var windowOpen: Int

    /// The words the market refuses the import's second row with.
    static let marketWords = "price rejected by policy"

    /// Makes the batches over `own` and products registered straight on the market (Korean
    /// names). `beforeHolding` runs before the last batch is held at its write: what else a
    /// caller seeds through the forms, while no write waits.
    static func make(
        on scene: ScheduleScene, own: Int, beforeHolding: (inout ScheduleScene) async throws -> Void = { _ in }
    ) async throws -> StandardsBatches {
        var scene = scene
        // A session on the dashboard running now (a caller may have restarted it).
        scene.session = FormSession(port: scene.harness.port)
        let market = scene.market
        let zone = scene.harness.app.configuration.timeZone
        func picture(_ fill: UInt8) -> [[UInt8]] { [ImageFixtures.jpeg(600, fill: fill)] }
        let samePrice = try await market.register(name: "이미 이백만 원인 찻잔", images: picture(61), price: 2_000_000, discount: 0)
        let deepDiscount = try await market.register(name: "할인이 큰 찻주전자", images: picture(62), price: 3_000_000, discount: 2_500_000)
        var imported: [Int] = []
        for number in 1...3 {
            imported.append(try await market.register(name: "가져온 찻잔 \(number)호", images: picture(62 + UInt8(number)), price: 50_000, discount: 0))
        }

        // Own's price set to 900,000 from the next hour for a day, the clock then moved to the
        // start: the window is open, its first step done.
        let windowOpen = try await scene.preview([own], value: "900000")
        let start = scene.minute(60)
        let opened = try await scene.schedule(windowOpen, from: start, until: start.addingTimeInterval(86_400), zone: zone)
        try #require(opened.status == 303, "the window's schedule form answered \(opened.status)")
        try await scene.move(to: start)

        // Own's price set to 1,000,000 in two days, for a day: the product's page names it.
        let scheduled = try await scene.preview([own], value: "1000000")
        let inTwoDays = scene.minute(2 * 24 * 60)
        let later = try await scene.schedule(scheduled, from: inTwoDays, until: inTwoDays.addingTimeInterval(86_400), zone: zone)
        try #require(later.status == 303, "the later schedule form answered \(later.status)")

        // 2,000,000: more than double own's 900,000 (a warning), the price of `samePrice`
        // already (unchanged), under `deepDiscount`'s discount (a problem).
        let preview = try await scene.preview([own, samePrice, deepDiscount], value: "2000000")

        // An import from a spreadsheet with the vendor's column (ignored, said in a note): the
        // first row done, the second refused in the market's words, the third skipped, its
        // product's price changed on the market after the preview.
        var session = scene.session
        _ = try await session.open("/products/import")
        let csv = ImportTesting.write(
            ["id", "price", "vendor"], imported.enumerated().map { [String($1), String(51_000 + $0 * 1000), "28"] })
        let posted = try await ImportTesting.post(session, csv: csv, name: "상품 목록.csv")
        let finished = try #require(BatchTesting.batchID(posted), "the import answered \(posted.status)")
        market.refuse("PATCH", "/api/products/\(imported[1])", status: .badRequest, saying: marketWords)
        try await market.change(imported[2], ["price": 49_000])
        let applied = try await BatchTesting.press("apply", finished, session)
        try #require(applied.status == 303, "the import's Apply answered \(applied.status)")
        try await scene.waitForRun(finished)
        market.stopRefusing()

        try await beforeHolding(&scene)

        // Held at its first write until the dashboard stops (its runs cancelled): the page
        // stays "applying".
        let never = Gate()
        scene.harness.app.batchRunner.pauseAfterMarking { _, _ in
            await withTaskCancellationHandler { await never.wait() } onCancel: { never.open() }
        }
        let running = try await scene.preview([own, samePrice], action: "stock_adjust", value: "1")
        let pressed = try await scene.press("apply", running)
        try #require(pressed.status == 303, "the held batch's Apply answered \(pressed.status)")
        return StandardsBatches(preview: preview, running: running, finished: finished, scheduled: scheduled, windowOpen: windowOpen)
    }
}
