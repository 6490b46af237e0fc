import Foundation
import Testing

@testable import Dashboard

/// Every time every page shows is in the configured zone, named the same way: a dashboard
/// configured for `Asia/Seoul` in a test process that runs in the machine's zone (UTC on CI).
/// The clock stands at 15:20 UTC on 28 November, which is 00:20 on 29 November in Seoul, so a
/// time shown in UTC has another day and hour and fails the checks, whichever page it is on.
/// (On a machine whose own zone is Seoul's the checks cannot tell the two apart.)
@Suite struct OneZoneTests {
    /// 2026-11-28 15:20:10 UTC: 2026-11-29 00:20:10 KST.
    static let instant = Date(timeIntervalSince1970: 1_795_879_210)

    /// What a page must not show: UTC's name, or the instant's UTC day and time.
    static func expectNoUTC(_ text: String, _ page: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!text.contains("UTC"), "\(page) names UTC", sourceLocation: sourceLocation)
        #expect(!text.contains("15:20") && !text.contains("2026-11-28") && !text.contains("2026. 11. 28."),
            "\(page) shows the UTC time", sourceLocation: sourceLocation)
    }

    @Test func everyPageShowsItsTimesInTheConfiguredZone() async throws {
        #expect(LocalTime.timestamp(Self.instant, zone: ScheduleScene.seoul, Wording(.en)) == "2026-11-29 00:20 KST")
        try await ScheduleScene.run(startingAt: Self.instant) { scene in
            var flow = HistoryFlow(scene.harness)
            let kept = try await flow.register(name: "Zone Kettle")
            let gone = try await flow.register(name: "Zone Teapot")
            #expect(try await flow.edit(kept, name: "Zone Kettle", [("stock", "9")]).status == 303)
            #expect(try await flow.delete(gone).status == 303)

            for path in ["/history", "/history?lang=ko", "/trash", "/trash?lang=ko"] {
                let html = try await scene.page(path).text
                let text = HTMLScan.text(html)
                #expect(text.contains(path.hasSuffix("ko") ? "2026. 11. 29. 00:20 KST" : "2026-11-29 00:20 KST"), "\(path): \(text)")
                let times = HTMLScan.tags("time", in: html).compactMap { $0["datetime"] }
                #expect(!times.isEmpty && times.allSatisfy { $0 == "2026-11-29T00:20:10+09:00" }, "\(path): \(times)")
                Self.expectNoUTC(text, path)
            }

            // A batch, scheduled: its flash, its page, the list of batches, a product's page.
            let batch = try await scene.preview([kept])
            let scheduled = try await scene.schedule(batch, from: scene.minute(60), until: scene.minute(120))
            #expect(scheduled.status == 303)
            let withFlash = try await scene.follow(scheduled)
            let flash = try #require(HTMLScan.blocks(in: withFlash.text, from: "<p class=\"flash\"", to: "</p>").first.map { HTMLScan.text($0) })
            #expect(flash.contains("Sun 29 Nov at 01:20 KST") && flash.contains("Sun 29 Nov at 02:20 KST"), "flash: \(flash)")
            Self.expectNoUTC(flash, "the schedule's flash")
            for path in ["/batches/\(batch)", "/batches", "/products/\(kept)"] {
                let text = HTMLScan.text(try await scene.page(path).text)
                #expect(text.contains("29 Nov") && text.contains("KST"), "\(path): \(text)")
                Self.expectNoUTC(text, path)
            }
            let made = HTMLScan.text(try await scene.page("/batches/\(batch)").text)
            #expect(made.contains("2026-11-29 00:20 KST"), "the batch's time made: \(made)")
            let listed = try await scene.page("/batches").text
            #expect(HTMLScan.tags("time", in: listed).contains { $0["datetime"] == "2026-11-29T00:20:10+09:00" })

            // The catalog's count: the list's line, the overview, the CSV's file name.
            let list = HTMLScan.text(try await scene.page("/products?sort=price").text)
            #expect(list.contains("Updated 00:20 KST"), "list: \(list)")
            Self.expectNoUTC(list, "the sorted list")
            let overviewHTML = try await scene.page("/overview").text
            let overview = HTMLScan.text(overviewHTML)
            #expect(overview.contains("2026-11-29 00:20 KST"), "overview: \(overview)")
            #expect(HTMLScan.tags("time", in: overviewHTML).contains { $0["datetime"] == "2026-11-29T00:20:10+09:00" })
            Self.expectNoUTC(overview, "the overview")
            let csv = try await scene.page("/products.csv")
            #expect(csv.status == 200)
            #expect(csv.header("Content-Disposition")?.contains("products-2026-11-29.csv") == true, "\(csv.header("Content-Disposition") ?? "")")
            #expect(!csv.text.contains("UTC"))
        }
    }
}
