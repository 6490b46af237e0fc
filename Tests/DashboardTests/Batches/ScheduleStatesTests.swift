import Foundation
import Templating
import Testing

@testable import Dashboard
import DashboardEngine

/// What a vendor sees of schedules: each batch's state on `/batches`, the starts and ends to
/// come listed first in time order with their times in words naming the zone, the note that the
/// dashboard must be running then, and a product's page naming the change scheduled for it.
/// The scene's clock starts at Thursday 26 November 2026, 09:00:10 KST, so the expected times
/// are literals.
@Suite struct ScheduleStatesTests {
    static let needsRunning = "Keep the dashboard running at these times: it makes the changes, not the Open Market."

    /// The visible text of each step to come on `/batches` (in `language`), in order.
    static func upcoming(_ scene: ScheduleScene, language: String = "en") async throws -> [String] {
        let list = try await scene.page("/batches?lang=\(language)").text
        let section = HTMLScan.block(in: list, from: "<section class=\"upcoming\"", to: "</section>")
        return HTMLScan.blocks(in: section, from: "<li", to: "</li>").map { HTMLScan.text($0) }
    }

    @Test func theList_showsEachState_andTheStepsToComeInTimeOrder() async throws {
        try await ScheduleScene.run { scene in
            let products = try await scene.register(4)
            let later = try await scene.preview([products[0]])
            let startOnly = try await scene.preview([products[1]])
            let started = try await scene.preview([products[2]])
            let preview = try await scene.preview([products[3]])
            let at = (
                now: scene.minute(2), startOnly: scene.minute(60), startedEnds: scene.minute(120), laterStarts: scene.minute(180),
                laterEnds: scene.minute(300))
            #expect(try await scene.schedule(later, from: at.laterStarts, until: at.laterEnds).status == 303)
            #expect(try await scene.schedule(startOnly, from: at.startOnly).status == 303)
            #expect(try await scene.schedule(started, from: at.now, until: at.startedEnds).status == 303)
            let listed = try await scene.page("/batches").text
            #expect(listed.contains(Self.needsRunning), "while a schedule waits, the list says the dashboard must run")

            // The started window's run is held at its first write: it is running.
            let held = Gate()
            defer { held.open() }
            scene.harness.app.batchRunner.pauseAfterMarking { _, _ in await held.wait() }
            scene.clock.set(at.now)
            #expect(await scene.harness.app.scheduler.dueStepsTaken())
            #expect(try await scene.listedState(later) == "scheduled")
            #expect(try await scene.listedState(startOnly) == "scheduled")
            #expect(try await scene.listedState(started) == "running")
            #expect(try await scene.listedState(preview) == "preview")

            #expect(try await Self.upcoming(scene) == [
                "Batch \(startOnly) starts Thu 26 Nov, 10:00 KST, in 58 minutes",
                "Batch \(started) ends Thu 26 Nov, 11:00 KST, in 1 hour",
                "Batch \(later) starts Thu 26 Nov, 12:00 KST, in 2 hours",
                "Batch \(later) ends Thu 26 Nov, 14:00 KST, in 4 hours",
            ])
            let list = try await scene.page("/batches").text
            let upcoming = HTMLScan.block(in: list, from: "<section class=\"upcoming\"", to: "</section>")
            #expect(upcoming.contains(Self.needsRunning))
            let upcomingAt = try #require(list.range(of: "class=\"upcoming\""))
            let batchesAt = try #require(list.range(of: "class=\"batch-list\""))
            #expect(upcomingAt.lowerBound < batchesAt.lowerBound, "the steps to come are listed first")

            held.open()
            try await scene.waitForRun(started)
            #expect(try await scene.listedState(started) == "finished")
        }
    }

    /// An end whose minute has come while its batch still runs is being carried out: it is
    /// not listed among the steps to come ("ends 1 minute ago" would read as missed).
    @Test func aStepWhoseTimeHasCome_isNotListedAsToCome() throws {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let ending = Batch(
            id: 1, kind: .bulk, state: .running, createdAt: now, source: "", notes: [],
            schedule: Batch.Schedule(startsAt: now - 3600, endsAt: now - 60, startedAt: now - 3600))
        let waiting = Batch(
            id: 2, kind: .bulk, state: .scheduled, createdAt: now, source: "", notes: [],
            schedule: Batch.Schedule(startsAt: now + 600, endsAt: now + 7200))
        var context = TemplateObject()
        BatchPage.addUpcoming([ending, waiting], to: &context, now: now, zone: try #require(TimeZone(identifier: "Asia/Seoul")), Wording(.en))
        guard case .list(let steps)? = context["upcoming"] else {
            Issue.record("no steps to come")
            return
        }
        let listed = steps.compactMap { step -> String? in
            guard case .string(let href)? = step["href"], case .string(let kind)? = step["kind"] else { return nil }
            return "\(href) \(kind)"
        }
        #expect(listed == ["/batches/2 start", "/batches/2 end"])
    }

    @Test func aProductsPage_namesTheChangeScheduledForIt() async throws {
        try await ScheduleScene.run { scene in
            let products = try await scene.register(2)
            let batch = try await scene.preview([products[0]])
            let start = scene.minute(48 * 60)
            let end = scene.minute(50 * 60)
            #expect(try await scene.schedule(batch, from: start, until: end).status == 303)

            let page = try await scene.page("/products/\(products[0])").text
            let named = HTMLScan.block(in: page, from: "<div class=\"scheduled-changes\"", to: "</div>")
            #expect(HTMLScan.text(named).contains("On Sat 28 Nov, 09:00–11:00 KST: price KRW 20,000 → KRW 18,000 (batch \(batch))."),
                "\(HTMLScan.text(named))")
            #expect(HTMLScan.hrefs(in: named).contains("/batches/\(batch)"))
            let other = try await scene.page("/products/\(products[1])").text
            #expect(!other.contains("scheduled-changes"), "a product the batch does not change names nothing")

            // The batch's own page says when it starts, and offers to move or unschedule it.
            let batchPage = try await scene.page("/batches/\(batch)").text
            let lines = try await scene.scheduleLines(batch)
            #expect(lines.hasPrefix("Starts Sat 28 Nov at 09:00 KST (in 2 days)."), "\(lines)")
            let actions = HTMLScan.tags("form", in: batchPage).compactMap { $0["action"] }
            #expect(actions.contains("/batches/\(batch)/schedule") && actions.contains("/batches/\(batch)/unschedule"))
            #expect(!actions.contains("/batches/\(batch)/apply"))
        }
    }

    /// While its window runs, the product's page says the value is the batch's until its end,
    /// and what comes back then; once the end put it back, the page names nothing.
    @Test func aProductsPage_duringItsWindow_saysTheValueIsTemporary() async throws {
        try await ScheduleScene.run { scene in
            let products = try await scene.register(1)
            let batch = try await scene.preview(products)
            let start = scene.minute(60)
            let end = scene.minute(120)
            #expect(try await scene.schedule(batch, from: start, until: end).status == 303)

            try await scene.move(to: start)
            let page = try await scene.page("/products/\(products[0])?lang=en").text
            let named = HTMLScan.text(HTMLScan.block(in: page, from: "<div class=\"scheduled-changes\"", to: "</div>"))
            #expect(named.contains("Until Thu 26 Nov, 11:00 KST: price KRW 18,000 (batch \(batch)), then back to KRW 20,000."), "\(named)")
            let korean = try await scene.page("/products/\(products[0])?lang=ko").text
            let koreanNamed = HTMLScan.text(HTMLScan.block(in: korean, from: "<div class=\"scheduled-changes\"", to: "</div>"))
            #expect(koreanNamed.contains("판매가 20,000원 → 18,000원, 11월 26일(목) 11:00 KST에 원래대로 돌아감(일괄 작업 \(batch))"), "\(koreanNamed)")

            try await scene.move(to: end)
            #expect(!(try await scene.page("/products/\(products[0])").text.contains("scheduled-changes")))
        }
    }

    /// New Year in Seoul: at 23:00 on 31 December a window from 00:30 on 1 January to 09:00
    /// on 2 January is written with its year; once Seoul is in 2027 (UTC still in 2026) it is
    /// not, and the start fires at 00:30 Seoul time.
    @Test func aWindowAcrossNewYearInSeoul_namesTheYearOnlyWhileItIsAnotherYear() async throws {
        // Thursday 31 December 2026, 23:00:10 KST (14:00:10 UTC).
        let eve = Date(timeIntervalSince1970: 1_798_725_610)
        try await ScheduleScene.run(startingAt: eve) { scene in
            let products = try await scene.register(1)
            let batch = try await scene.preview(products)
            let scheduled = try await scene.schedule(batch, starts: "2027-01-01T00:30", ends: "2027-01-02T09:00")
            #expect(scheduled.status == 303)
            let flash = HTMLScan.text(try await scene.follow(scheduled).text)
            #expect(flash.contains("Scheduled: starts Fri 1 Jan 2027 at 00:30 KST (in 1 hour), ends Sat 2 Jan 2027 at 09:00 KST (in 2 days)."),
                "\(flash)")
            #expect(try await Self.upcoming(scene) == [
                "Batch \(batch) starts Fri 1 Jan 2027, 00:30 KST, in 1 hour",
                "Batch \(batch) ends Sat 2 Jan 2027, 09:00 KST, in 2 days",
            ])
            #expect(try await Self.upcoming(scene, language: "ko") == [
                "일괄 작업 \(batch) 시작: 2027년 1월 1일(금) 00:30 KST, 1시간 후",
                "일괄 작업 \(batch) 종료: 2027년 1월 2일(토) 09:00 KST, 2일 후",
            ])
            #expect(try await scene.scheduleLines(batch).hasPrefix("Starts Fri 1 Jan 2027 at 00:30 KST (in 1 hour)."))
            #expect(scene.allPatches == 0)

            // 00:30 on 1 January in Seoul is 15:30 on 31 December in UTC.
            let start = try #require(ISO8601DateFormatter().date(from: "2026-12-31T15:30:00Z"))
            #expect(try await scene.nextWake() == start)
            try await scene.move(to: start)
            #expect(scene.patchedPrices(products[0]) == [18000])
            #expect(try await Self.upcoming(scene) == ["Batch \(batch) ends Sat 2 Jan, 09:00 KST, tomorrow"])
            let lines = try await scene.scheduleLines(batch)
            #expect(lines.contains("Sat 2 Jan at 09:00 KST (tomorrow)") && !lines.contains("2027"), "\(lines)")

            try await scene.move(to: try #require(ISO8601DateFormatter().date(from: "2027-01-02T00:00:00Z")))
            #expect(scene.patchedPrices(products[0]) == [18000, 20000])
        }
    }
}
