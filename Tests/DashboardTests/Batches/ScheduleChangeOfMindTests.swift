import Foundation
import Testing

@testable import Dashboard
import DashboardEngine

/// A vendor changing their mind: the form posted again moves a scheduled batch's times,
/// Unschedule makes it a preview again with nothing sent, and once its window started its end
/// can be moved, removed, or brought forward to now ("End now").
@Suite struct ScheduleChangeOfMindTests {
    @Test func postingTheFormAgain_movesTheTimes() async throws {
        try await ScheduleScene.run { scene in
            let sale = try await scene.sale(2, from: 10, until: 70)
            let (moved, movedEnd) = (scene.minute(30), scene.minute(90))
            let again = try await scene.schedule(sale.batch, from: moved, until: movedEnd)
            #expect(again.status == 303)
            #expect(HTMLScan.text(try await scene.follow(again).text).contains("Scheduled: starts "))
            #expect(try await scene.nextWake() == moved)
            let inputs = HTMLScan.tags("input", in: try await scene.page("/batches/\(sale.batch)").text)
            #expect(inputs.first { $0["name"] == "starts_at" }?["value"] == ScheduleScene.typed(moved), "the form shows the new start")

            try await scene.move(to: sale.start)
            #expect(scene.allPatches == 0, "nothing at the old start")
            #expect(try scene.batch(sale.batch).state == .scheduled)
            try await scene.move(to: moved)
            #expect(sale.products.map(scene.patchedPrices) == [[18000], [18000]])
            try await scene.move(to: sale.end)
            #expect(try scene.batch(sale.batch).schedule?.revertID == nil, "nothing put back at the old end")
            try await scene.move(to: movedEnd)
            #expect(sale.products.map(scene.patchedPrices) == [[18000, 20000], [18000, 20000]])
        }
    }

    @Test func unscheduling_makesItAPreviewAgain_andSendsNothing() async throws {
        try await ScheduleScene.run { scene in
            let sale = try await scene.sale(1, from: 10, until: 70)
            let unscheduled = try await scene.press("unschedule", sale.batch)
            #expect(unscheduled.status == 303)
            let page = try await scene.follow(unscheduled).text
            #expect(HTMLScan.text(page).contains("The schedule was removed"))
            #expect(HTMLScan.tags("form", in: page).contains { $0["action"] == "/batches/\(sale.batch)/apply" }, "Apply is offered again")
            #expect(try await scene.listedState(sale.batch) == "preview")
            #expect(scene.clock.sleepers(.schedule) == 0, "nothing left to wait for")
            #expect(!(try await scene.page("/products/\(sale.products[0])").text.contains("scheduled-changes")))

            try await scene.move(to: scene.minute(120))
            #expect(scene.allPatches == 0)
            #expect(try scene.batch(sale.batch).state == .preview)
        }
    }

    @Test func whileItsWindowRuns_theEndMoves() async throws {
        try await ScheduleScene.run { scene in
            let sale = try await scene.sale(1, from: 2, until: 60)
            let later = scene.minute(90)
            try await scene.move(to: sale.start)
            #expect(scene.patchedPrices(sale.products[0]) == [18000])

            let page = try await scene.page("/batches/\(sale.batch)").text
            #expect(HTMLScan.tags("form", in: page).contains { $0["action"] == "/batches/\(sale.batch)/end-now" })
            let moved = try await scene.schedule(sale.batch, starts: "", ends: ScheduleScene.typed(later))
            #expect(moved.status == 303)
            #expect(HTMLScan.text(try await scene.follow(moved).text).contains("The end is now"))
            #expect(try await scene.nextWake() == later)

            try await scene.move(to: sale.end)
            #expect(scene.patchedPrices(sale.products[0]) == [18000], "nothing put back at the old end")
            try await scene.move(to: later)
            #expect(scene.patchedPrices(sale.products[0]) == [18000, 20000])
        }
    }

    /// The end came while the batch's run was still at the market; the vendor moves it later
    /// before the run finishes: what it set is put back at the new end, not at the old.
    @Test func anEndMovedWhileItWaitsForTheRun_comesAtItsNewTime() async throws {
        try await ScheduleScene.run { scene in
            let sale = try await scene.sale(1, from: 2, until: 10)
            let later = scene.minute(30)
            // Another start, far off, for the timer to sleep on once the end is under way.
            let other = try await scene.preview(try await scene.register(1))
            #expect(try await scene.schedule(other, from: scene.minute(120)).status == 303)
            let held = Gate()
            defer { held.open() }
            scene.harness.app.batchRunner.pauseAfterMarking { batch, _ in if batch == sale.batch { await held.wait() } }
            scene.clock.set(sale.start)
            #expect(await scene.clock.sleepersArrive(1, .schedule))
            scene.clock.set(sale.end)
            #expect(try await scene.nextWake() == scene.minute(110), "the end is under way; the timer waits for the other start")

            let moved = try await scene.schedule(sale.batch, starts: "", ends: ScheduleScene.typed(later))
            #expect(moved.status == 303)
            held.open()
            try await scene.move(to: sale.end)
            #expect(scene.patchedPrices(sale.products[0]) == [18000], "nothing put back at the old end")
            #expect(try scene.batch(sale.batch).schedule?.revertID == nil)
            try await scene.move(to: later)
            #expect(scene.patchedPrices(sale.products[0]) == [18000, 20000])
        }
    }

    @Test func whileItsWindowRuns_theEndGoes_andWhatItSetStays() async throws {
        try await ScheduleScene.run { scene in
            let sale = try await scene.sale(1, from: 2, until: 60)
            try await scene.move(to: sale.start)

            let removed = try await scene.schedule(sale.batch, starts: "", ends: "")
            #expect(removed.status == 303)
            #expect(HTMLScan.text(try await scene.follow(removed).text).contains("The end was removed"))
            try await scene.move(to: scene.minute(24 * 60))
            #expect(scene.patchedPrices(sale.products[0]) == [18000])
            #expect(try await scene.price(sale.products[0]) == 18000)
            #expect(try scene.batch(sale.batch).schedule?.revertID == nil)
            #expect(scene.clock.sleepers(.schedule) == 0)
        }
    }

    @Test func endNow_putsBackAtOnce() async throws {
        try await ScheduleScene.run { scene in
            let sale = try await scene.sale(2, from: 2, until: 60)
            try await scene.move(to: sale.start)
            scene.clock.set(scene.minute(10))

            let ended = try await scene.press("end-now", sale.batch)
            #expect(ended.status == 303)
            let revert = try scene.revert(of: sale.batch)
            #expect(ended.header("Location") == "/batches/\(revert)", "the page of the batch that puts back")
            try await scene.waitForRun(revert)
            #expect(sale.products.map(scene.patchedPrices) == [[18000, 20000], [18000, 20000]])
            #expect(try await scene.rows(revert).values.allSatisfy { $0.status == "done" })
            #expect(try await scene.scheduleLines(sale.batch).contains("Ended"))

            try await scene.move(to: sale.end)
            #expect(sale.products.map(scene.patchedPrices) == [[18000, 20000], [18000, 20000]], "the old end sends nothing more")
            #expect(try await scene.press("end-now", sale.batch).status == 409, "ended already")
        }
    }
}
