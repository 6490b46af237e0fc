import Foundation
import Testing

@testable import Dashboard
import DashboardEngine

/// A dashboard that was not running at a schedule's time (stopped, the clock moved, started
/// again on the same data) settles it at start-up: a window that passed whole is missed and
/// sends nothing; a start that passed is applied then, an end that passed is put back then,
/// and the batch's page says how late.
@Suite struct ScheduleOffAtTheTimeTests {
    @Test func aWindowThatPassedWhileOff_isMissed_andSendsNothing() async throws {
        try await ScheduleScene.run { scene in
            let sale = try await scene.sale(2, from: 10, until: 70)
            try await scene.restart(at: sale.end.addingTimeInterval(3600))
            try await scene.move(to: scene.clock.now())
            #expect(scene.allPatches == 0)
            #expect(try await scene.listedState(sale.batch) == "missed")
            let lines = try await scene.scheduleLines(sale.batch)
            #expect(lines.hasPrefix("The dashboard was off at the time this batch was scheduled for (") && lines.hasSuffix("so the batch did not run."), "\(lines)")
            #expect(!lines.contains("Ends"), "no end is to come: \(lines)")
            let page = try await scene.page("/batches/\(sale.batch)").text
            #expect(BatchTesting.rows(page).map(\.status) == ["not-sent", "not-sent"])
            #expect(BatchTesting.rows(page).allSatisfy { $0.text.contains("Missed") }, "each row says why it was not sent")
            #expect(HTMLScan.text(page).contains("Missed: nothing was changed."))
            let list = try await scene.page("/batches").text
            #expect(HTMLScan.text(list).contains("While the dashboard was off, a scheduled batch missed its time and nothing was changed:"))
            #expect(HTMLScan.hrefs(in: HTMLScan.block(in: list, from: "<div class=\"notice\"", to: "</div>")).contains("/batches/\(sale.batch)"))
            #expect(HTMLScan.tags("form", in: page).compactMap { $0["action"] } .contains("/batches/\(sale.batch)/again"), "a new preview is offered")
            #expect(!(try await scene.page("/batches").text.contains("class=\"upcoming\"")), "nothing is to come")

            // Its page offers no form; one posted from an older page is refused.
            #expect(!(try await scene.page("/batches/\(sale.batch)").text.contains("action=\"/batches/\(sale.batch)/schedule\"")))
            _ = try await scene.session.open("/products/new")
            #expect(try await scene.postSchedule(sale.batch, starts: ScheduleScene.typed(scene.minute(10))).status == 409)
            #expect(try scene.batch(sale.batch).state == .missed)
        }
    }

    @Test func aStartThatPassedWhileOff_isAppliedAtStartUp_sayingHowLate() async throws {
        try await ScheduleScene.run { scene in
            let sale = try await scene.sale(2, from: 10, until: 130)
            try await scene.restart(at: sale.start.addingTimeInterval(30 * 60 + 20))
            try await scene.move(to: scene.clock.now())
            #expect(sale.products.map(scene.patchedPrices) == [[18000], [18000]])
            let lines = try await scene.scheduleLines(sale.batch)
            #expect(lines.contains("Started 30 minutes late: the dashboard was not running at"), "\(lines)")

            // Its end comes as scheduled.
            #expect(try await scene.nextWake() == sale.end)
            try await scene.move(to: sale.end)
            #expect(sale.products.map(scene.patchedPrices) == [[18000, 20000], [18000, 20000]])
        }
    }

    @Test func anEndThatPassedWhileOff_isPutBackAtStartUp_sayingHowLate() async throws {
        try await ScheduleScene.run { scene in
            let sale = try await scene.sale(2, from: 2, until: 60)
            try await scene.move(to: sale.start)
            #expect(sale.products.map(scene.patchedPrices) == [[18000], [18000]])

            try await scene.restart(at: sale.end.addingTimeInterval(2 * 3600 + 5))
            try await scene.move(to: scene.clock.now())
            #expect(sale.products.map(scene.patchedPrices) == [[18000, 20000], [18000, 20000]])
            let lines = try await scene.scheduleLines(sale.batch)
            #expect(lines.contains("Ended 2 hours late: the dashboard was not running at"), "\(lines)")
            #expect(try await scene.rows(try scene.revert(of: sale.batch)).values.allSatisfy { $0.status == "done" })
        }
    }
}
