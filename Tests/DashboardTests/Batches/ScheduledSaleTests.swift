import Foundation
import Testing

@testable import Dashboard
import DashboardEngine

/// A timed sale as a vendor in Seoul runs it: a price cut previewed, scheduled for a window typed
/// in KST, applied at its start's minute and not before, and put back at its end except where
/// the market changed meanwhile; every step in the pages and the history.
@Suite struct ScheduledSaleTests {
    @Test func aSale_startsOnItsMinute_andEndsPuttingBackOnlyWhatTheMarketStillHolds() async throws {
        try await ScheduleScene.run { scene in
            let products = try await scene.register(3)
            let (kept, alsoKept, changed) = (products[0], products[1], products[2])
            let batch = try await scene.preview(products)
            let start = scene.minute(2)
            let end = scene.minute(62)

            let scheduled = try await scene.schedule(batch, from: start, until: end)
            #expect(scheduled.status == 303)
            let flash = HTMLScan.text(try await scene.follow(scheduled).text)
            #expect(flash.contains("Scheduled: starts ") && flash.contains(" KST (in 1 minute), ends ") && flash.contains("KST (in 1 hour)"), "\(flash)")
            #expect(scene.allPatches == 0, "scheduling sends nothing")
            #expect(try await scene.listedState(batch) == "scheduled")

            // Before its minute: the timer sleeps until the start, and a second before it
            // nothing is sent.
            #expect(try await scene.nextWake() == start)
            try await scene.move(to: start.addingTimeInterval(-1))
            #expect(try await scene.nextWake() == start, "a second before, it sleeps on until the start")
            #expect(try scene.batch(batch).state == .scheduled)
            #expect(scene.allPatches == 0)

            // At its minute: every product's price is cut, one PATCH each.
            try await scene.move(to: start)
            for id in products {
                #expect(scene.patchedPrices(id) == [18000], "product \(id)")
                #expect(try await scene.price(id) == 18000)
            }
            #expect(try await scene.rows(batch).values.allSatisfy { $0.status == "done" })
            #expect(try await scene.scheduleLines(batch).contains("Ends"))

            // Another app changes one price during the sale.
            try await scene.market.change(changed, ["price": 19000])

            try await scene.move(to: end)
            let revert = try scene.revert(of: batch)
            #expect(scene.patchedPrices(kept) == [18000, 20000])
            #expect(scene.patchedPrices(alsoKept) == [18000, 20000])
            // The cut, then the other app's change; the end sends nothing over it.
            #expect(scene.patchedPrices(changed) == [18000, 19000])
            #expect(try await scene.price(kept) == 20000)
            #expect(try await scene.price(changed) == 19000)

            // The revert is a batch of its own, named for the end it carries out, linked both ways.
            #expect(try scene.batch(revert).kind == .revert)
            let rows = try await scene.rows(revert)
            #expect(rows[kept]?.status == "done" && rows[alsoKept]?.status == "done")
            let skipped = try #require(rows[changed])
            #expect(skipped.status == "skipped")
            #expect(skipped.text.contains("KRW 18,000") && skipped.text.contains("KRW 19,000"), "both values: \(skipped.text)")
            let revertPage = try await scene.page("/batches/\(revert)").text
            #expect(HTMLScan.hrefs(in: revertPage).contains("/batches/\(batch)"))
            let batchPage = try await scene.page("/batches/\(batch)").text
            #expect(HTMLScan.hrefs(in: batchPage).contains("/batches/\(revert)"))

            // The history has every write, each with its batch.
            let entries = HistoryHTML.entries(try await scene.page("/history").text).filter { $0.html.contains("/batches/") }
            // Each entry's first batch link is the batch that wrote it; the sale's entries also
            // link the end that put them back.
            func writer(_ html: String) -> String? { HTMLScan.hrefs(in: HTMLScan.block(in: html, from: "<p class=\"entry-batch\"", to: "</p>")).first }
            #expect(entries.filter { writer($0.html) == "/batches/\(batch)" }.count == 3)
            #expect(entries.filter { writer($0.html) == "/batches/\(revert)" }.count == 2)
            #expect(entries.filter { writer($0.html) == "/batches/\(batch)" }.allSatisfy { !$0.html.contains("/batches/\(batch)/undo") },
                "no whole-batch Undo of what the end put back")
        }
    }

    /// Once a window's end put back what it set, Retry of a row that failed during the sale is
    /// neither offered nor carried out: it would set the sale price again with nothing to put
    /// it back.
    @Test func aWindowPutBack_offersNoRetry_andARetryPostSendsNothing() async throws {
        try await ScheduleScene.run { scene in
            let products = try await scene.register(2)
            let batch = try await scene.preview(products)
            let (start, end) = (scene.minute(2), scene.minute(10))
            _ = try await scene.schedule(batch, from: start, until: end)
            // The market is unavailable for the second product's write at the start: its row fails.
            scene.market.refuse("PATCH", "/api/products/\(products[1])")
            try await scene.move(to: start)
            scene.market.stopRefusing()
            #expect(try scene.harness.app.engine.batchStore.rows(batch).map(\.status) == [.done, .failed])
            let retry = "/batches/\(batch)/retry"
            let whileOn = try await scene.page("/batches/\(batch)").text
            #expect(whileOn.contains(retry), "offered while the sale runs")

            try await scene.move(to: end)
            let patches = scene.allPatches
            #expect(try await !scene.page("/batches/\(batch)").text.contains(retry))
            // From a page drawn while the sale ran: its end changed the batch since.
            let retried = try await BatchTesting.press("retry", batch, scene.session, from: whileOn)
            #expect(retried.status == 409)
            #expect(HTMLScan.text(retried.text).contains("Batch \(batch) changed after this page was opened, so nothing was done"), "\(HTMLScan.text(retried.text))")
            try await scene.move(to: end.addingTimeInterval(60))
            #expect(scene.allPatches == patches, "nothing sent after the end")
            #expect(try scene.batch(batch).state == .finished)
        }
    }

    /// A window's end waits for its batch's run to finish before putting back what it set;
    /// another batch's start at that minute goes ahead meanwhile.
    @Test func anEndWaitingForItsRun_holdsUpNoOtherStart() async throws {
        try await ScheduleScene.run { scene in
            let products = try await scene.register(2)
            let slow = try await scene.preview([products[0]])
            let next = try await scene.preview([products[1]])
            let (start, end) = (scene.minute(2), scene.minute(10))
            #expect(try await scene.schedule(slow, from: start, until: end).status == 303)
            #expect(try await scene.schedule(next, from: end).status == 303)
            let slowRow = Gate()
            let nextSent = Gate()
            defer { slowRow.open() }
            scene.harness.app.batchRunner.pauseAfterMarking { batch, _ in if batch == slow { await slowRow.wait() } }
            scene.harness.app.batchRunner.pauseAfterAnswer { batch, _ in if batch == next { nextSent.open() } }
            scene.clock.set(start)
            #expect(await scene.harness.app.scheduler.dueStepsTaken())

            // The slow batch's row is still at the market when its end and the next start come.
            scene.clock.set(end)
            #expect(await ScheduleScene.passes(nextSent), "the next batch started while the slow one still ran")
            #expect(scene.patchedPrices(products[1]) == [18000])

            slowRow.open()
            try await scene.move(to: end)
            #expect(scene.patchedPrices(products[0]) == [18000, 20000])
        }
    }
}
