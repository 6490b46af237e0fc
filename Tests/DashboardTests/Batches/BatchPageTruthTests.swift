import Foundation
import MarketClient
import Testing

@testable import Dashboard
import DashboardEngine

/// What a batch's page says is what happened, against markets that record every request: a
/// button from a page of a discarded, applied or changed batch acts on nothing, and never on
/// another batch; the summary's numbers are the rows' and its words say the same; only the
/// buttons that can work are offered.
@Suite(.serialized) struct BatchPageTruthTests {
    static let own = LiveShapedData.ownVendorID

    /// A preview made from a narrowed list: discarding it returns to that list, not to all
    /// products; a post naming a place off the dashboard returns to the product list.
    @Test func discardingAPreview_returnsToTheListItWasMadeFrom() async throws {
        try await ScheduleScene.run { scene in
            let products = try await scene.register(2)
            _ = try await scene.session.open("/products?mine=1")
            let posted = try await BatchTesting.bulk(
                scene.session, [("ids", String(products[0])), ("action", "stock_set"), ("value", "9"), ("unit", "amount"), ("back", "/products?mine=1")])
            let batch = try #require(BatchTesting.batchID(posted), "answered \(posted.status)")
            let preview = try await scene.follow(posted).text
            let back = try #require(FormSession.hidden("back", in: preview), "the discard form names the list")
            #expect(back == "/products?mine=1")
            let discarded = try await BatchTesting.press("cancel", batch, scene.session, from: preview, fields: [("back", back)])
            #expect(discarded.status == 303)
            #expect(discarded.header("Location") == "/products?mine=1")
            #expect(try scene.batch(batch).state == .discarded)

            let other = try await scene.preview([products[1]], action: "stock_set", value: "9")
            let away = try await BatchTesting.press("cancel", other, scene.session, fields: [("back", "//example.com/")])
            #expect(away.header("Location") == "/products")
        }
    }

    /// A preview open in one tab and discarded in another; a new preview made: it gets a new
    /// number, and the first tab's Apply does nothing to it or to anything else.
    @Test func aDiscardedPreviewsApply_actsOnNothing_andNeverOnAnotherBatch() async throws {
        try await ScheduleScene.run { scene in
            let products = try await scene.register(2)
            let stock = try await scene.preview([products[0]], action: "stock_set", value: "9")
            let firstTab = try await scene.session.open("/batches/\(stock)").text
            #expect(try await scene.press("cancel", stock).status == 303)
            let delete = try await scene.preview([products[1]], action: "delete", value: "")
            #expect(delete != stock, "a discarded batch's number is not given again")

            let applied = try await BatchTesting.press("apply", stock, scene.session, from: firstTab)
            #expect(applied.status == 409)
            let text = HTMLScan.text(applied.text)
            #expect(text.contains("This preview was discarded") && text.contains("Batch \(stock) was discarded (perhaps in another tab), so nothing was done."), "\(text)")
            #expect(HTMLScan.hrefs(in: applied.text).contains("/batches"), "the way to the list of batches")
            try await scene.waitForRun(delete)
            let changes = scene.market.writes.filter { $0.method == "PATCH" || $0.method == "DELETE" }
            #expect(changes.isEmpty, "\(changes.map { "\($0.method) \($0.path)" })")
            #expect(try await scene.market.status(products[1]) == 200, "the other batch's product is still there")
            #expect(try scene.batch(delete).state == .preview)
            let discarded = BatchTesting.rows(try await scene.page("/batches/\(stock)").text)
            #expect(discarded.map(\.status) == ["not-sent"] && discarded.allSatisfy { $0.text.contains("Discarded") }, "\(discarded.map(\.text))")

            // The discarded batch's page says what became of it.
            let page = try await scene.page("/batches/\(stock)").text
            #expect(BatchTesting.rows(page).map(\.status) == ["not-sent"])
            #expect(HTMLScan.text(page).contains("Discarded: nothing was changed."))
            BatchTesting.expectProgressMatchesRows(page)
            #expect(!HTMLScan.tags("form", in: page).contains { ($0["action"] ?? "").hasPrefix("/batches/\(stock)/") }, "no button")
        }
    }

    /// A finished batch with a product changed, one deleted after the preview, one changed
    /// elsewhere and one the market refused: the summary counts each as its row shows it, the
    /// deleted one is skipped (not failed) with the way to the bin, and Retry is only for the
    /// refused one.
    @Test func aFinishedBatchsSummary_isItsRows_andRetryIsOnlyForWhatCanWork() async throws {
        let market = LiveShapedData.market()
        BatchTesting.stock(market)
        try await withDashboard(.liveShaped(market, vendorID: Self.own)) { harness in
            var session = FormSession(port: harness.port)
            _ = try await session.open("/products?mine=1")
            let posted = try await BatchTesting.bulk(
                session, ["210", "211", "212", "213"].map { ("ids", $0) } + [("action", "stock_set"), ("value", "9"), ("unit", "amount")])
            let batch = try #require(BatchTesting.batchID(posted))
            let preview = try await session.open("/batches/\(batch)").text
            #expect(BatchTesting.progress(preview)?.text == "Preview: 4 products to change. Nothing has changed yet.")
            BatchTesting.expectProgressMatchesRows(preview)
            market.state.withLock { state in
                state.products[211] = nil
                state.products[212]?.stock = 3
                state.refusedEdits = [213]
            }
            #expect(try await BatchTesting.press("apply", batch, session).status == 303)
            #expect(await harness.app.batchRunner.runEnds(batch))

            let finished = try await session.get("/batches/\(batch)").text
            BatchTesting.expectProgressMatchesRows(finished)
            let summary = try #require(BatchTesting.progress(finished))
            #expect(summary.counts["done"] == 1 && summary.counts["skipped"] == 2 && summary.counts["failed"] == 1, "\(summary.counts)")
            #expect(summary.text == "Finished with problems: 1 product changed, 1 failed, 2 skipped.", "\(summary.text)")
            let rows = Dictionary(BatchTesting.rows(finished).compactMap { row in row.productID.map { ($0, row) } }) { a, _ in a }
            let tags = Dictionary(HTMLScan.tags("tr", in: finished).compactMap { tag in tag["data-product-id"].flatMap(Int.init).map { ($0, tag) } }) { a, _ in a }
            #expect(rows[210]?.status == "done" && tags[210]?["data-operation"] == "edit")
            #expect(rows[210]?.text.contains("Changed") == true)
            #expect(rows[211]?.status == "skipped" && tags[211]?["data-reason"] == "deleted")
            #expect(rows[211]?.text.contains("This product was deleted after the preview, so nothing was changed.") == true, "\(rows[211]?.text ?? "")")
            let deletedRow = HTMLScan.block(in: finished, from: "data-product-id=\"211\"", to: "</tr>")
            #expect(HTMLScan.hrefs(in: deletedRow).contains("/trash"), "the way to the recycle bin")
            #expect(rows[212]?.status == "skipped" && tags[212]?["data-reason"] == "changed-elsewhere")
            #expect(rows[213]?.status == "failed")
            let retry = try #require(HTMLScan.blocks(in: finished, from: "<form method=\"post\" action=\"/batches/\(batch)/retry\"", to: "</form>").first)
            #expect(HTMLScan.text(retry) == "Retry the failed product")

            market.state.withLock { state in
                state.refusedEdits = []
                state.received = []
            }
            #expect(try await BatchTesting.press("retry", batch, session).status == 303)
            #expect(await harness.app.batchRunner.runEnds(batch))
            #expect(market.writes.map(\.target) == ["/api/products/213"], "only the refused product is sent again")
            let after = try await session.get("/batches/\(batch)").text
            BatchTesting.expectProgressMatchesRows(after)
            #expect(BatchTesting.progress(after)?.text == "Finished: 2 products changed, 2 skipped.")
            #expect(!after.contains("/batches/\(batch)/retry"), "nothing a retry can carry out is left")
        }
    }

    /// A new price on a discounted product also shows the sale price it leads to: what the list
    /// shows buyers.
    @Test func aPriceChangeOnADiscountedProduct_showsItsSalePriceToo() async throws {
        let market = LiveShapedData.market()
        BatchTesting.stock(market)
        try await withDashboard(.liveShaped(market, vendorID: Self.own)) { harness in
            var session = FormSession(port: harness.port)
            _ = try await session.open("/products?mine=1")
            let posted = try await BatchTesting.bulk(session, [("ids", "212"), ("action", "price_set"), ("value", "20000"), ("unit", "amount")])
            let batch = try #require(BatchTesting.batchID(posted))
            let row = try #require(BatchTesting.rows(try await session.get("/batches/\(batch)").text).first)
            #expect(row.text.contains("Price: KRW 15,000 → KRW 20,000"), "\(row.text)")
            #expect(row.text.contains("Sale price: KRW 14,000 → KRW 19,000"), "\(row.text)")
        }
    }

    /// While a row waits for the check of a lost answer, the batch is not finished, and the
    /// summary counts it as being checked.
    @Test func aRowBeingChecked_keepsTheBatchApplying() async throws {
        let market = LiveShapedData.market()
        BatchTesting.stock(market)
        // The market makes the first write it gets and loses its answer; the clock stays
        // before its deadline, so its row is being checked while the other is done.
        market.state.withLock { $0.lostAnswers = 1 }
        let clock = ManualWallClock()
        try await withDashboard(.liveShaped(market, vendorID: Self.own), clock: clock) { harness in
            var session = FormSession(port: harness.port)
            _ = try await session.open("/products?mine=1")
            let posted = try await BatchTesting.bulk(session, [("ids", "210"), ("ids", "211"), ("action", "stock_set"), ("value", "9"), ("unit", "amount")])
            let batch = try #require(BatchTesting.batchID(posted))
            _ = try await session.open("/batches/\(batch)")
            #expect(try await BatchTesting.press("apply", batch, session).status == 303)
            let store = harness.app.engine.batchStore
            #expect(try await eventually { (try? store.counts(batch)).map { $0[.done] == 1 && $0[.checking] == 1 } ?? false })
            let page = try await session.get("/batches/\(batch)?refresh=off").text
            BatchTesting.expectProgressMatchesRows(page)
            let summary = try #require(BatchTesting.progress(page))
            #expect(summary.counts["checking"] == 1)
            #expect(summary.text == "Applying: 1 product changed, 1 being checked with the Open Market.", "\(summary.text)")
            #expect(!summary.text.contains("Finished"))
        }
    }

    /// Undo is offered once: its preview is shown instead of a second one, and once it is
    /// applied the batch links it and offers no Undo; an Undo from a page drawn before does
    /// nothing.
    @Test func undo_isOfferedUntilSomethingPutTheBatchBack() async throws {
        try await ScheduleScene.run { scene in
            let products = try await scene.register(1)
            let batch = try await scene.preview(products)
            #expect(try await scene.press("apply", batch).status == 303)
            try await scene.waitForRun(batch)
            let finished = try await scene.session.open("/batches/\(batch)").text
            #expect(finished.contains("action=\"/batches/\(batch)/undo\""))

            let undo = try #require(BatchTesting.batchID(try await BatchTesting.press("undo", batch, scene.session, from: finished)))
            let again = try await BatchTesting.press("undo", batch, scene.session, from: finished)
            #expect(BatchTesting.batchID(again) == undo, "the undo already made is shown, not a second one")
            let waiting = try await scene.page("/batches/\(batch)").text
            #expect(!waiting.contains("action=\"/batches/\(batch)/undo\""))
            #expect(HTMLScan.hrefs(in: waiting).contains("/batches/\(undo)"))

            #expect(try await scene.press("apply", undo).status == 303)
            try await scene.waitForRun(undo)
            #expect(scene.patchedPrices(products[0]) == [18000, 20000])
            let undone = try await scene.page("/batches/\(batch)").text
            #expect(!undone.contains("action=\"/batches/\(batch)/undo\""), "no Undo of what was put back")
            #expect(HTMLScan.text(undone).contains("Undone by batch \(undo)"))
            #expect(BatchTesting.progress(undone)?.text == "Finished: 1 product changed.")
            let late = try await BatchTesting.press("undo", batch, scene.session, from: finished)
            #expect(late.status == 409)
            #expect(HTMLScan.text(late.text).contains("Batch \(undo) already put back what batch \(batch) changed, so nothing was done."))
            #expect(scene.patchedPrices(products[0]) == [18000, 20000], "nothing more was sent")
        }
    }

    /// A sale's window: in effect until its end (not "Finished"), then ended and put back, with
    /// no Undo or Retry of what the end put back.
    @Test func aWindowInEffect_saysUntilWhen_andOnceEndedOffersNoUndo() async throws {
        try await ScheduleScene.run { scene in
            let sale = try await scene.sale(2, from: 2, until: 60)
            try await scene.move(to: sale.start)
            let running = try await scene.page("/batches/\(sale.batch)").text
            let summary = try #require(BatchTesting.progress(running))
            #expect(summary.text.hasPrefix("In effect until ") && summary.text.hasSuffix(" KST: 2 products changed."), "\(summary.text)")
            #expect(!running.contains("action=\"/batches/\(sale.batch)/undo\""), "End now is its undo while it runs")
            #expect(running.contains("action=\"/batches/\(sale.batch)/end-now\""))

            try await scene.move(to: sale.end)
            let revert = try scene.revert(of: sale.batch)
            let ended = try await scene.page("/batches/\(sale.batch)").text
            let endedSummary = BatchTesting.progress(ended)?.text ?? ""
            #expect(
                endedSummary.hasPrefix("Ended ") && endedSummary.hasSuffix(" KST: 2 products changed, then put back by batch \(revert)."), "\(endedSummary)")
            // Its rows say the change is no longer there.
            #expect(BatchTesting.rows(ended).map(\.status) == ["done", "done"])
            #expect(BatchTesting.rows(ended).allSatisfy { $0.text.contains("Changed, then put back") }, "\(BatchTesting.rows(ended).map(\.text))")
            #expect(HTMLScan.text(ended).contains("Put back by batch \(revert)"))
            #expect(try scene.batch(revert).kind == .revert)
            #expect(HTMLScan.text(try await scene.page("/batches/\(revert)").text).contains("Batch \(revert) – End of batch \(sale.batch)"))
            #expect(!ended.contains("action=\"/batches/\(sale.batch)/undo\""))
            #expect(HTMLScan.hrefs(in: ended).contains("/batches/\(revert)"))
            let put = try await scene.page("/batches/\(revert)").text
            #expect(BatchTesting.rows(put).allSatisfy { $0.status == "done" && $0.text.contains("Put back") }, "\(BatchTesting.rows(put).map(\.text))")
            // The history names the end's writes as the scheduled putting back, not as an undo.
            let written = HistoryHTML.entries(try await scene.page("/history").text).filter { entry in
                HTMLScan.hrefs(in: entry.html).first { $0.hasPrefix("/batches/") } == "/batches/\(revert)"
            }
            #expect(written.count == 2)
            #expect(written.allSatisfy { HTMLScan.text($0.html).contains("Put back (scheduled end)") }, "\(written.map { HTMLScan.text($0.html) })")
        }
    }

    /// A batch that missed its time sent nothing and never will: its rows are not sent, and it
    /// offers a new preview of the same changes, read from the products as they are now.
    @Test func aMissedBatch_offersANewPreview_readAfresh() async throws {
        try await ScheduleScene.run { scene in
            let sale = try await scene.sale(2, from: 10, until: 70)
            // Changed elsewhere while the dashboard was off: the count at its start reads it.
            try await scene.market.change(sale.products[0], ["price": 25000])
            try await scene.restart(at: sale.end.addingTimeInterval(3600))
            try await scene.move(to: scene.clock.now())
            let patches = scene.allPatches
            let missed = try await scene.session.open("/batches/\(sale.batch)").text
            BatchTesting.expectProgressMatchesRows(missed)
            #expect(BatchTesting.progress(missed)?.counts["not-sent"] == 2)

            let made = try await BatchTesting.press("again", sale.batch, scene.session, from: missed)
            let fresh = try #require(BatchTesting.batchID(made))
            #expect(fresh != sale.batch)
            let page = try await scene.follow(made).text
            #expect(HTMLScan.text(page).contains("This is a new preview of batch \(sale.batch)'s changes"))
            let rows = try await scene.rows(fresh)
            #expect(rows[sale.products[0]]?.text.contains("KRW 25,000 → KRW 18,000") == true, "\(rows[sale.products[0]]?.text ?? "")")
            #expect(rows[sale.products[1]]?.text.contains("KRW 20,000 → KRW 18,000") == true)
            #expect(rows.values.allSatisfy { $0.status == "pending" })
            #expect(scene.allPatches == patches, "a new preview sends nothing")
            #expect(try scene.batch(sale.batch).state == .missed)
        }
    }

    /// Every problem of a schedule form at once, each beside its field, the times as typed.
    @Test func aScheduleWithTwoProblems_listsBoth() async throws {
        try await ScheduleScene.run { scene in
            let products = try await scene.register(1)
            let batch = try await scene.preview(products)
            let refused = try await scene.schedule(batch, starts: "next friday", ends: "2027-02-30T10:00")
            #expect(refused.status == 422)
            let summary = HTMLScan.text(HTMLScan.block(in: refused.text, from: "<div class=\"error-summary\"", to: "</div>"))
            #expect(summary.contains("There are 2 problems to fix"))
            #expect(summary.contains("Enter the start as a date and time") && summary.contains("Enter the end as a date and time"), "\(summary)")
            let invalid = HTMLScan.tags("input", in: refused.text).filter { $0["aria-invalid"] == "true" }.compactMap { $0["name"] }
            #expect(invalid == ["starts_at", "ends_at"])
            #expect(try scene.batch(batch).schedule == nil)
        }
    }
}
