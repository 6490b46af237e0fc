import Foundation
import Testing

@testable import Dashboard
@testable import DashboardEngine

/// What the schedule form takes and refuses. Times that cannot be used answer a 4xx page in
/// the reader's language saying what to do, the batch left as it was; a time the clocks skip
/// is refused, one they show twice is the earlier; a batch that is running or finished cannot
/// be scheduled; a double click schedules once; a start may be the next minute and a window a
/// minute long, and a start never fires before its minute.
@Suite struct ScheduleInputTests {
    /// Times a schedule cannot use, each with what the page says in English and in Korean.
    enum BadTimes: CaseIterable {
        case endNotAfterStart, startPassed, startOverAYearAhead, endOverAYearAhead, garbageStart, garbageEnd, noStart

        func typed(_ scene: ScheduleScene) -> (starts: String, ends: String) {
            let soon = ScheduleScene.typed(scene.minute(10))
            switch self {
            case .endNotAfterStart: return (soon, soon)
            case .startPassed: return (ScheduleScene.typed(scene.minute(-2)), "")
            case .startOverAYearAhead: return (ScheduleScene.typed(scene.minute(367 * 24 * 60)), "")
            case .endOverAYearAhead: return (soon, ScheduleScene.typed(scene.minute(367 * 24 * 60)))
            case .garbageStart: return ("next friday", "")
            case .garbageEnd: return (soon, "2027-02-30T10:00")
            case .noStart: return ("", ScheduleScene.typed(scene.minute(70)))
            }
        }

        var says: (en: String, ko: String) {
            switch self {
            case .endNotAfterStart: ("The end must come after the start", "종료 시각을 시작 시각보다 늦게 입력해 주세요")
            case .startPassed: ("The start has passed", "시작 시각이 이미 지났습니다")
            case .startOverAYearAhead, .endOverAYearAhead: ("at most a year ahead", "1년 이내로만")
            case .garbageStart, .garbageEnd: ("cannot be read. Enter them as 2026-11-28 09:00", "읽을 수 없습니다")
            case .noStart: ("Enter when the batch starts (KST)", "시작 시각(KST)을 입력한 뒤")
            }
        }
    }

    @Test(arguments: ["en", "ko"])
    func timesThatCannotBeUsed_areRefusedInTheReadersLanguage_andChangeNothing(language: String) async throws {
        try await ScheduleScene.run { scene in
            let products = try await scene.register(1)
            let batch = try await scene.preview(products)
            for bad in BadTimes.allCases {
                let times = bad.typed(scene)
                let refused = try await scene.schedule(batch, starts: times.starts, ends: times.ends, language: language)
                #expect(refused.status == 422, "\(bad)")
                #expect(refused.text.contains("<html lang=\"\(language)\""), "\(bad)")
                let text = HTMLScan.text(refused.text)
                #expect(text.contains(language == "ko" ? "예약하지 않았습니다" : "Nothing was scheduled"), "\(bad)")
                #expect(text.contains(language == "ko" ? bad.says.ko : bad.says.en), "\(bad): \(text)")
                #expect(HTMLScan.hrefs(in: refused.text).contains("/batches/\(batch)"), "\(bad): the way back to the batch")
            }
            #expect(try scene.batch(batch).state == .preview)
            #expect(try scene.batch(batch).schedule == nil)
            try await scene.move(to: scene.minute(24 * 60))
            #expect(scene.allPatches == 0)
        }
    }

    /// New York's clocks skip 02:00–03:00 on 14 March 2027 and show 01:00–02:00 twice on
    /// 1 November 2026.
    @Test(arguments: ["en", "ko"])
    func aTimeTheClocksSkip_isRefused_andOneTheyShowTwice_isTheEarlier(language: String) async throws {
        let newYork = try #require(TimeZone(identifier: "America/New_York"))
        let october = try #require(ISO8601DateFormatter().date(from: "2026-10-20T12:00:10Z"))
        try await ScheduleScene.run(zone: newYork, startingAt: october) { scene in
            let products = try await scene.register(1)
            let batch = try await scene.preview(products)
            let skipped = try await scene.schedule(batch, starts: "2027-03-14T02:30", ends: "", language: language)
            #expect(skipped.status == 422)
            let text = HTMLScan.text(skipped.text)
            #expect(
                text.contains(language == "ko"
                    ? "2027년 3월 14일(일) 02:30 시각은 America/New_York 시간대에 없습니다"
                    : "02:30 does not exist on Sun 14 Mar 2027 in New York time"), "\(text)")
            #expect(try scene.batch(batch).schedule == nil)

            let twice = try await scene.schedule(batch, starts: "2026-11-01T01:30", ends: "2026-11-01T01:45", language: language)
            #expect(twice.status == 303)
            let schedule = try #require(try scene.batch(batch).schedule)
            // 01:30 daylight time (UTC-4), not the 01:30 an hour later (UTC-5).
            #expect(schedule.startsAt == ISO8601DateFormatter().date(from: "2026-11-01T05:30:00Z"))
            #expect(schedule.endsAt == ISO8601DateFormatter().date(from: "2026-11-01T05:45:00Z"))
        }
    }

    @Test(arguments: ["en", "ko"])
    func aBatchRunningOrFinished_cannotBeScheduled(language: String) async throws {
        try await ScheduleScene.run { scene in
            let products = try await scene.register(1)
            let batch = try await scene.preview(products)
            let held = Gate()
            defer { held.open() }
            scene.harness.app.batchRunner.hooks.withLock { $0.afterMark = { _, _ in await held.wait() } }
            #expect(try await scene.press("apply", batch).status == 303)
            let says = language == "ko" ? "지금은 이 일괄 작업을 예약할 수 없습니다" : "This batch cannot be scheduled now"

            let whileRunning = try await scene.schedule(batch, starts: ScheduleScene.typed(scene.minute(10)), language: language)
            #expect(whileRunning.status == 409)
            #expect(HTMLScan.text(whileRunning.text).contains(says))
            held.open()
            await scene.harness.app.batchRunner.waitForRun(batch)
            let whenFinished = try await scene.schedule(batch, starts: ScheduleScene.typed(scene.minute(10)), language: language)
            #expect(whenFinished.status == 409)
            #expect(HTMLScan.text(whenFinished.text).contains(says), "\(HTMLScan.text(whenFinished.text))")
            #expect(try scene.batch(batch).schedule == nil)
            #expect(scene.patchedPrices(products[0]) == [18000], "applied once, by Apply")
        }
    }

    /// Only edits can be put back: a batch that deletes takes no end, when it is scheduled or
    /// once it started.
    @Test func aBatchThatDeletes_takesNoEnd_evenOnceStarted() async throws {
        try await ScheduleScene.run { scene in
            let products = try await scene.register(1)
            let batch = try await scene.preview(products, action: "delete", value: "")
            let says = "An end puts back what was changed, and this batch also adds or deletes products"
            let withEnd = try await scene.schedule(batch, from: scene.minute(2), until: scene.minute(60))
            #expect(withEnd.status == 422)
            #expect(HTMLScan.text(withEnd.text).contains(says))
            let start = scene.minute(2)
            #expect(try await scene.schedule(batch, from: start).status == 303)
            try await scene.move(to: start)
            #expect(try await scene.market.status(products[0]) == 404)

            let page = try await scene.page("/batches/\(batch)").text
            #expect(!page.contains("name=\"ends_at\""), "no end is offered")
            #expect(!page.contains("/batches/\(batch)/end-now"))
            let late = try await scene.postSchedule(batch, starts: "", ends: ScheduleScene.typed(scene.minute(60)))
            #expect(late.status == 422)
            #expect(HTMLScan.text(late.text).contains(says))
            #expect(try scene.batch(batch).schedule?.endsAt == nil)
        }
    }

    @Test func theSameSchedulePostedTwice_schedulesOnce() async throws {
        try await ScheduleScene.run { scene in
            let products = try await scene.register(2)
            let batch = try await scene.preview(products)
            let (start, end) = (scene.minute(10), scene.minute(70))
            #expect(try await scene.schedule(batch, from: start, until: end).status == 303)
            #expect(try await scene.schedule(batch, from: start, until: end).status == 303)
            let list = try await scene.page("/batches").text
            let steps = HTMLScan.tags("li", in: HTMLScan.block(in: list, from: "<section class=\"upcoming\"", to: "</section>"))
            #expect(steps.map { $0["data-step"] } == ["start", "end"])
            await scene.harness.app.batchRunner.waitForRun(batch)
            #expect(scene.allPatches == 0, "nothing before the start")

            try await scene.move(to: start)
            #expect(products.map(scene.patchedPrices) == [[18000], [18000]])
            try await scene.move(to: end)
            #expect(products.map(scene.patchedPrices) == [[18000, 20000], [18000, 20000]])
        }
    }

    /// The clock is 10 seconds into a minute: the next minute is 50 seconds away.
    @Test func aStartTheNextMinute_andAWindowOfOneMinute_fireOnTheirMinutes() async throws {
        try await ScheduleScene.run { scene in
            let products = try await scene.register(1)
            let batch = try await scene.preview(products)
            let (start, end) = (scene.minute(1), scene.minute(2))
            let scheduled = try await scene.schedule(batch, from: start, until: end)
            #expect(scheduled.status == 303)
            #expect(HTMLScan.text(try await scene.follow(scheduled).text).contains("in under a minute"))

            try await scene.move(to: start.addingTimeInterval(-0.001))
            await scene.clock.waitForSleepers()
            #expect(scene.allPatches == 0, "never before its minute")
            try await scene.move(to: start)
            #expect(scene.patchedPrices(products[0]) == [18000])
            try await scene.move(to: end.addingTimeInterval(-0.001))
            await scene.clock.waitForSleepers()
            #expect(scene.patchedPrices(products[0]) == [18000])
            try await scene.move(to: end)
            #expect(scene.patchedPrices(products[0]) == [18000, 20000])
        }
    }

    /// Typed at 09:00:10 for 09:00, the form was filled in during the start's own minute: it
    /// starts at once.
    @Test func aStartInThePresentMinute_startsAtOnce() async throws {
        try await ScheduleScene.run { scene in
            let products = try await scene.register(1)
            let batch = try await scene.preview(products)
            #expect(try await scene.schedule(batch, from: scene.minute(0), until: scene.minute(30)).status == 303)
            try await scene.move(to: scene.clock.now())
            #expect(scene.patchedPrices(products[0]) == [18000])
        }
    }
}
