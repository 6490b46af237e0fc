import Foundation
import Synchronization
import Testing

@testable import Dashboard
import DashboardEngine

/// A dashboard stopped at the very moment a schedule fires, its rows held at the runner's crash
/// points (after a row's in-flight mark is committed, nothing sent; after the market did the
/// write, its answer not recorded), then started again on the same data: each product is
/// written exactly once, at the start and at the end. The stop is a graceful shutdown in the
/// test process; `ScheduleKillTests` kills the `dashboard` executable with SIGKILL instead.
@Suite struct ScheduleStopTests {
    enum Moment: CaseIterable, Sendable {
        case start
        case end
    }

    enum CrashPoint: CaseIterable, Sendable {
        case afterMark
        case afterWrite
    }

    /// Holds every row of every batch at `point` from now on; `reached` opens once `rows` rows
    /// are held.
    static func hold(_ app: DashboardApp, at point: CrashPoint, rows: Int, reached: Gate, never: Gate) {
        let count = Mutex(0)
        let stop: @Sendable (Int, Int) async -> Void = { _, _ in
            let held = count.withLock { count in
                count += 1
                return count
            }
            if held == rows { reached.open() }
            await never.wait()
        }
        switch point {
        case .afterMark: app.batchRunner.pauseAfterMarking(stop)
        case .afterWrite: app.batchRunner.pauseAfterAnswer(stop)
        }
    }

    @Test(arguments: Moment.allCases, CrashPoint.allCases)
    func stoppedAsAScheduleFires_eachProductIsWrittenOnce(moment: Moment, point: CrashPoint) async throws {
        try await ScheduleScene.run { scene in
            let sale = try await scene.sale(3, from: 2, until: 62)
            if moment == .end { try await scene.move(to: sale.start) }
            let at = moment == .start ? sale.start : sale.end
            let reached = Gate()
            let never = Gate()
            defer { never.open() }
            Self.hold(scene.harness.app, at: point, rows: sale.products.count, reached: reached, never: never)
            scene.clock.set(at)
            try #require(await ScheduleScene.passes(reached), "every row reached the crash point")
            let held = moment == .start ? sale.batch : try scene.revert(of: sale.batch)

            let old = try await scene.restart()
            // Past the writes' deadline, the market is asked what was done.
            try await scene.move(to: at.addingTimeInterval(scene.harness.writeDeadline + 1))
            let written = moment == .start ? [18000] : [18000, 20000]
            #expect(sale.products.map(scene.patchedPrices) == Array(repeating: written, count: 3))
            #expect(try await scene.rows(held).values.allSatisfy { $0.status == "done" })
            #expect(try scene.batch(sale.batch).schedule?.revertID == (moment == .start ? nil : held), "one batch puts back")
            // The stopped dashboard's rows, let go now, send nothing.
            never.open()
            try await scene.waitForRun(held, in: old)
            #expect(sale.products.map(scene.patchedPrices) == Array(repeating: written, count: 3))

            if moment == .start {
                try await scene.move(to: sale.end)
                #expect(sale.products.map(scene.patchedPrices) == Array(repeating: [18000, 20000], count: 3))
            }
        }
    }
}
