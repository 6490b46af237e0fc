import Foundation
import Testing

@testable import Dashboard
import DashboardEngine

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

        /// The field the problem is beside.
        var field: String {
            switch self {
            case .endNotAfterStart, .endOverAYearAhead, .garbageEnd: "ends_at"
            case .startPassed, .startOverAYearAhead, .garbageStart, .noStart: "starts_at"
            }
        }

        var says: (en: String, ko: String) {
            switch self {
            case .endNotAfterStart: ("The end must come after the start. Choose a later end.", "종료 시각을 시작 시각보다 늦게 입력해 주세요.")
            case .startPassed: ("The start has passed (it is now ", "시작 시각이 지났습니다. 지금은 ")
            case .startOverAYearAhead: ("A schedule can be at most a year ahead.", "예약은 1년 이내로만 할 수 있습니다.")
            case .endOverAYearAhead: ("An end can be at most a year ahead.", "종료 시각은 1년 이내로만 정할 수 있습니다.")
            case .garbageStart: ("Enter the start as a date and time, like 20", "시작 시각을 20")
            case .garbageEnd: ("Enter the end as a date and time, like 20", "종료 시각을 20")
            case .noStart: ("Enter when the batch starts.", "시작 시각을 입력해 주세요.")
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
                // The batch's own page again: the problem in the summary and beside its field,
                // and the times as they were typed.
                let summary = HTMLScan.text(HTMLScan.block(in: refused.text, from: "<div class=\"error-summary\"", to: "</div>"))
                #expect(summary.contains(language == "ko" ? "항목 1개를 확인해 주세요" : "There is 1 problem to fix"), "\(bad): \(summary)")
                #expect(summary.contains(language == "ko" ? bad.says.ko : bad.says.en), "\(bad): \(summary)")
                let field = bad.field
                #expect(refused.text.contains("id=\"\(field)-error\""), "\(bad): the message beside \(field)")
                let inputs = HTMLScan.tags("input", in: refused.text)
                #expect(inputs.first { $0["name"] == field }?["aria-invalid"] == "true", "\(bad)")
                #expect(inputs.first { $0["name"] == "starts_at" }?["value"] == times.starts, "\(bad): the start as typed")
                #expect(inputs.first { $0["name"] == "ends_at" }?["value"] == times.ends, "\(bad): the end as typed")
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
            let flash = HTMLScan.text(try await scene.follow(twice).text)
            #expect(flash.contains(language == "ko"
                ? "그날 01:30 시각은 두 번 있어(시계를 되돌리는 구간) 먼저 오는 시각으로 정했습니다(11월 1일(일) 01:30 EDT)"
                : "01:30 happens twice that night (clocks go back); the first one is used: Sun 1 Nov, 01:30 EDT."), "\(flash)")
            let schedule = try #require(try scene.batch(batch).schedule)
            // 01:30 daylight time (UTC-4), not the 01:30 an hour later (UTC-5).
            #expect(schedule.startsAt == ISO8601DateFormatter().date(from: "2026-11-01T05:30:00Z"))
            #expect(schedule.endsAt == ISO8601DateFormatter().date(from: "2026-11-01T05:45:00Z"))
        }
    }

    /// A schedule form left open on the preview's page (another tab) once the batch was
    /// applied: refused as a page of a batch that changed, while it runs and once it finished.
    @Test(arguments: ["en", "ko"])
    func aBatchRunningOrFinished_cannotBeScheduled(language: String) async throws {
        try await ScheduleScene.run { scene in
            let products = try await scene.register(1)
            let batch = try await scene.preview(products)
            let previewPage = try await scene.session.open("/batches/\(batch)").text
            let held = Gate()
            defer { held.open() }
            scene.harness.app.batchRunner.pauseAfterMarking { _, _ in await held.wait() }
            #expect(try await scene.press("apply", batch).status == 303)
            let says = language == "ko" ? "이미 적용한 일괄 작업입니다" : "Batch \(batch) was applied after this page was opened, so nothing more was done."
            let soon = ScheduleScene.typed(scene.minute(10))

            let whileRunning = try await scene.postSchedule(batch, from: previewPage, starts: soon, language: language)
            #expect(whileRunning.status == 409)
            #expect(HTMLScan.text(whileRunning.text).contains(says), "\(HTMLScan.text(whileRunning.text))")
            held.open()
            try await scene.waitForRun(batch)
            let whenFinished = try await scene.postSchedule(batch, from: previewPage, starts: soon, language: language)
            #expect(whenFinished.status == 409)
            #expect(HTMLScan.text(whenFinished.text).contains(says), "\(HTMLScan.text(whenFinished.text))")
            #expect(try scene.batch(batch).schedule == nil)
            #expect(scene.patchedPrices(products[0]) == [18000], "applied once, by Apply")
        }
    }

    /// Only edits can be put back: a batch that deletes takes no end, when it is scheduled or
    /// once it started. Its form has no end field; an end posted anyway is refused.
    @Test func aBatchThatDeletes_takesNoEnd_evenOnceStarted() async throws {
        try await ScheduleScene.run { scene in
            let products = try await scene.register(1)
            let batch = try await scene.preview(products, action: "delete", value: "")
            let previewPage = try await scene.session.open("/batches/\(batch)").text
            #expect(!previewPage.contains("name=\"ends_at\""), "no end is offered")
            #expect(HTMLScan.text(previewPage).contains("A batch that adds or deletes products can't have an end time."))
            let says = "A batch that adds or deletes products can't have an end time. Leave the end empty."
            let withEnd = try await scene.schedule(batch, from: scene.minute(2), until: scene.minute(60))
            #expect(withEnd.status == 422)
            #expect(HTMLScan.text(withEnd.text).contains(says))
            let start = scene.minute(2)
            #expect(try await scene.schedule(batch, from: start).status == 303)
            let scheduledPage = try await scene.session.open("/batches/\(batch)").text
            try await scene.move(to: start)
            #expect(try await scene.market.status(products[0]) == 404)

            let page = try await scene.page("/batches/\(batch)").text
            #expect(!page.contains("name=\"ends_at\""), "no end is offered")
            #expect(!page.contains("/batches/\(batch)/end-now"))
            let late = try await scene.postSchedule(batch, from: scheduledPage, starts: "", ends: ScheduleScene.typed(scene.minute(60)))
            #expect(late.status == 409, "a page from before the start acts on nothing")
            #expect(try scene.batch(batch).schedule?.endsAt == nil)
        }
    }

    @Test func theSameSchedulePostedTwice_schedulesOnce() async throws {
        try await ScheduleScene.run { scene in
            let products = try await scene.register(2)
            let batch = try await scene.preview(products)
            let (start, end) = (scene.minute(10), scene.minute(70))
            // One page's form sent twice at once (a double click without scripts): two
            // connections, each request complete at the same moment.
            let page = try await scene.session.open("/batches/\(batch)").text
            let (starts, ends) = (ScheduleScene.typed(start), ScheduleScene.typed(end))
            let statuses = try await scene.postScheduleAtOnce(batch, from: page, starts: starts, ends: ends).map(\.status)
            #expect(statuses.contains(303) && statuses.allSatisfy { $0 == 303 || $0 == 409 }, "\(statuses)")
            #expect(try scene.batch(batch).schedule.map { [$0.startsAt, $0.endsAt] } == [start, end])
            // Sent again later from the same page: the batch changed since, so nothing is done.
            let third = try await scene.postSchedule(batch, from: page, starts: starts, ends: ends)
            #expect(third.status == 409)
            let list = try await scene.page("/batches").text
            let steps = HTMLScan.tags("li", in: HTMLScan.block(in: list, from: "<section class=\"upcoming\"", to: "</section>"))
            #expect(steps.map { $0["data-step"] } == ["start", "end"])
            try await scene.waitForRun(batch)
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
            #expect(try await scene.nextWake() == start, "it sleeps on until the start")
            #expect(scene.allPatches == 0, "never before its minute")
            try await scene.move(to: start)
            #expect(scene.patchedPrices(products[0]) == [18000])
            try await scene.move(to: end.addingTimeInterval(-0.001))
            #expect(try await scene.nextWake() == end, "it sleeps on until the end")
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
