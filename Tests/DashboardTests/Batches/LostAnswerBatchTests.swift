import Foundation
import MarketClient
import Testing

@testable import Dashboard
import DashboardEngine

/// Batch rows whose answers are lost: writes held at the market while the dashboard stops and
/// starts again, and writes the market answers with a timeout. The rows show "Checking with the
/// market" until each write's deadline, on a clock the test moves, while the rest of the batch
/// goes on; then the market decides, and every product ends with its write made exactly once.
@Suite struct LostAnswerBatchTests {
    static let ids = Array(601...606)

    /// Own products with stock 3.
    static func market(_ ids: [Int] = LostAnswerBatchTests.ids) -> ScriptedMarket {
        ScriptedMarket(products: ids.map { ScriptedMarket.product(id: $0, name: "Stock jar \($0)", stock: 3) })
    }

    /// The preview of a bulk action on `ids` made through the list's bulk form: nothing sent.
    static func preview(_ harness: DashboardHarness, _ session: inout FormSession, _ ids: [Int], action: [(String, String)]) async throws -> Int {
        _ = try await session.open("/products?mine=1")
        let posted = try await BatchTesting.bulk(session, ids.map { ("ids", String($0)) } + action)
        return try #require(BatchTesting.batchID(posted), "the bulk form answered \(posted.status)")
    }

    static let stockSeven = [("action", "stock_set"), ("value", "7"), ("unit", "amount")]

    /// The preview of an import registering one new product per name, each with one picture.
    static func previewImport(_ harness: DashboardHarness, _ session: inout FormSession, _ names: [String]) async throws -> Int {
        _ = try await session.open("/products/import")
        let csv = "name,description,price,currency,stock,images\n"
            + names.map { "\($0),Registered while its answer is lost.,4000,KRW,2,p.jpg" }.joined(separator: "\n")
        let posted = try await session.post(
            "/products/import", [],
            files: [TestFile(field: "csv", filename: "lost.csv", contentType: "text/csv", bytes: Array(csv.utf8)), .jpeg("p.jpg", size: 3000)])
        return try #require(BatchTesting.batchID(posted), "the import answered \(posted.status)")
    }

    static func apply(_ batch: Int, _ session: FormSession) async throws {
        #expect(try await BatchTesting.press("apply", batch, session).status == 303)
    }

    /// A dashboard over the six products on a clock the test moves, and the preview of "set
    /// stock to 7" on all six, made through the list's bulk form: `body` applies it.
    static func withStockSevenPreview(
        _ body: (DashboardHarness, ScriptedMarket, ManualWallClock, Int, FormSession) async throws -> Void
    ) async throws {
        let market = market()
        let clock = ManualWallClock()
        try await withDashboard(.scripted(market), clock: clock) { harness in
            var session = FormSession(port: harness.port)
            let batch = try await preview(harness, &session, ids, action: stockSeven)
            try await body(harness, market, clock, batch, session)
        }
    }

    /// Applies `batch` with the market holding the first four writes (the other two rows wait
    /// for a write slot), stops the dashboard while they are held and starts it again. The new
    /// start sends the other two while the held four wait for their deadline; then the market
    /// carries out the held four, and the clock passes their deadline.
    static func applyHoldingFourAcrossAStop(
        _ batch: Int, _ session: FormSession, _ harness: DashboardHarness, _ market: ScriptedMarket, _ clock: ManualWallClock,
        whileHeld: () async throws -> Void = {}
    ) async throws {
        let writes = Gate()
        market.state.withLock { $0.writeGate = writes }
        try await apply(batch, session)
        #expect(try await eventually { writes.waiting == 4 })

        market.state.withLock { $0.writeGate = nil }
        try await harness.restart()
        let store = harness.app.engine.batchStore
        #expect(try await eventually { (try? store.counts(batch)).map { $0[.done] == 2 && $0[.checking] == 4 } ?? false })
        try await whileHeld()

        writes.open()
        #expect(try await eventually { market.state.withLock { $0.writesInProgress } == 0 })
        harness.passWriteDeadlines(clock)
        await harness.settle(batch: batch)
    }

    // MARK: Held at the market across a stop

    /// The reported case: "set stock to 7" on six products, two writes held at the market when
    /// the dashboard stops. The next start reads and writes the rest at once, and only after
    /// that does the market let the held writes through; past their deadline the check finds
    /// them done. No product gets a second PATCH.
    @Test func editsHeldAtTheMarketAcrossAStop_areCheckedAfterTheirDeadline_andWrittenOnce() async throws {
        try await Self.withStockSevenPreview { harness, market, clock, batch, session in
            // Two rows reach the market and are held there; two more are held while they read
            // their product; the last two wait for a write slot.
            let writes = Gate()
            let reads = Gate()
            market.state.withLock { state in
                state.writeGate = writes
                state.readGate = reads
            }
            reads.admit(2)
            try await Self.apply(batch, session)
            #expect(try await eventually { writes.waiting == 2 && reads.waiting == 2 })
            let marked = try BatchTesting.inFlight(harness, batch)
            let held = zip(try harness.app.engine.batchStore.rows(batch), marked).filter(\.1).compactMap(\.0.productID).sorted()
            try #require(held.count == 2)

            // Stopped while they are held, and started again on the same data.
            market.state.withLock { state in
                state.writeGate = nil
                state.readGate = nil
            }
            let first = try await harness.restart()
            let store = harness.app.engine.batchStore
            // The start-up reads the other four products and writes them; the held two wait.
            #expect(try await eventually { (try? store.counts(batch)).map { $0[.done] == 4 && $0[.checking] == 2 } ?? false })
            let meanwhile = try await harness.batchRows(batch)
            let checking = meanwhile.filter { $0.status == "checking" }
            #expect(checking.compactMap(\.productID).sorted() == held)
            #expect(checking.allSatisfy { $0.text.contains("Checking with the Open Market") }, "\(checking.map(\.text))")
            #expect(meanwhile.filter { $0.status == "done" }.count == 4)
            #expect(market.requests("PATCH").values.allSatisfy { $0 == 1 })

            // The held writes land only now, after the start-up read.
            writes.open()
            #expect(try await eventually { market.state.withLock { $0.writesInProgress } == 0 })
            harness.passWriteDeadlines(clock)
            await harness.settle(batch: batch)

            let patches = market.requests("PATCH")
            #expect(patches == Dictionary(uniqueKeysWithValues: Self.ids.map { ("/api/products/\($0)", 1) }), "PATCHes per product: \(patches)")
            #expect(market.state.withLock { state in Self.ids.map { state.products[$0]?.stock } } == Array(repeating: 7, count: 6))
            #expect(try await harness.batchRows(batch).map(\.status) == Array(repeating: "done", count: 6))
            #expect(try store.batch(batch)?.state == .finished)
            // The first dashboard's rows still reading find the stock set and send nothing:
            // once its run has ended, every product still has its one PATCH.
            reads.open()
            #expect(await finishes { await first.batchRunner.waitForRun(batch) }, "the first dashboard's run ends")
            #expect(market.requests("PATCH") == patches, "the first dashboard sent nothing after its rows read")
        }
    }

    /// An import's creates held at the market across a stop: found by their values after the
    /// deadline, each row done with the product the market registered; none registered twice.
    @Test func importCreatesHeldAtTheMarketAcrossAStop_areFound_notRegisteredTwice() async throws {
        let market = Self.market([])
        let clock = ManualWallClock()
        try await withDashboard(.scripted(market), clock: clock) { harness in
            var session = FormSession(port: harness.port)
            let names = (1...6).map { "Lost jar \($0)" }
            let batch = try await Self.previewImport(harness, &session, names)
            try await Self.applyHoldingFourAcrossAStop(batch, session, harness, market, clock) { () async throws in
                #expect(try await harness.batchRows(batch).filter { $0.status == "checking" }.count == 4)
                #expect(market.requests("POST")["/api/products"] == 6)
            }

            #expect(market.requests("POST")["/api/products"] == 6, "six creates for six rows")
            let registered = market.state.withLock { state in state.products.values.map { ($0.name, $0.id) } }
            #expect(registered.map(\.0).sorted() == names, "each name registered once")
            let byName = Dictionary(uniqueKeysWithValues: registered)
            for row in try harness.app.engine.batchStore.rows(batch) {
                #expect(row.status == .done, "row \(row.number): \(row.status)")
                #expect(row.productID != nil && row.productID == byName[row.name], "row \(row.number) names the product it registered")
            }
            // One registration a row in the history: the stopped dashboard started no other row.
            let history = HistoryHTML.entries(try await harness.get("/history").text).filter { $0.kind == "create" }
            #expect(history.count == 6, "\(history.map(\.html))")
        }
    }

    /// Bulk deletes held at the market across a stop: each delete sent once.
    @Test func deletesHeldAtTheMarketAcrossAStop_areSentOnce() async throws {
        let market = Self.market()
        let clock = ManualWallClock()
        try await withDashboard(.scripted(market), clock: clock) { harness in
            var session = FormSession(port: harness.port)
            let batch = try await Self.preview(harness, &session, Self.ids, action: [("action", "delete")])
            try await Self.applyHoldingFourAcrossAStop(batch, session, harness, market, clock)

            let deletes = market.requests("DELETE")
            #expect(deletes == Dictionary(uniqueKeysWithValues: Self.ids.map { ("/api/products/\($0)", 1) }), "DELETEs per product: \(deletes)")
            #expect(market.state.withLock { $0.products.isEmpty })
            #expect(try harness.app.engine.batchStore.rows(batch).map(\.status) == Array(repeating: .done, count: 6))
        }
    }

    // MARK: Lost while the batch runs

    /// Four writes answered with a timeout take no write slot while they wait for their
    /// deadline: the other rows are sent meanwhile.
    @Test func rowsWhoseAnswersAreLost_doNotHoldUpTheRestOfTheBatch() async throws {
        try await Self.withStockSevenPreview { harness, market, clock, batch, session in
            let writes = Gate()
            market.state.withLock { $0.writeGate = writes }
            try await Self.apply(batch, session)
            #expect(try await eventually { writes.waiting == 4 })
            // The four writes at the market are not done, and their answers are lost.
            market.state.withLock { $0.editFailure = .timeout }
            writes.admit(4)
            #expect(try await eventually { market.state.withLock { $0.edits.count } == 4 })
            market.state.withLock { $0.editFailure = nil }

            // The last two rows reach the market before any deadline has passed.
            #expect(try await eventually { writes.waiting == 2 }, "the rest of the batch waits for the lost answers")
            writes.open()
            let store = harness.app.engine.batchStore
            #expect(try await eventually { (try? store.counts(batch)).map { $0[.done] == 2 && $0[.checking] == 4 } ?? false })
            #expect(try await harness.batchRows(batch).filter { $0.status == "checking" }.count == 4)

            // Past the deadline the four still hold the old stock: each is sent again, once.
            harness.passWriteDeadlines(clock)
            await harness.settle(batch: batch)
            #expect(market.requests("PATCH").values.sorted() == [1, 1, 2, 2, 2, 2])
            #expect(market.state.withLock { state in Self.ids.map { state.products[$0]?.stock } } == Array(repeating: 7, count: 6))
            #expect(try store.rows(batch).map(\.status) == Array(repeating: .done, count: 6))
        }
    }

    /// A row in flight at a stop, whose check past the deadline finds it not done, is sent again
    /// by its check alone, even while the rows before it are still being sent.
    @Test func aRowSentAgainAfterItsCheck_isSentOnce_whileTheRestOfTheBatchIsSent() async throws {
        let market = Self.market()
        let clock = ManualWallClock()
        try await withDashboard(.scripted(market), clock: clock) { harness in
            // Rows 1 to 5 waiting; row 6 marked in flight at a stop, its write never sent: the
            // preview made through the list's bulk form and applied, and row 6's mark and send
            // time as a dashboard stopped between its mark and its write leaves them on disk.
            var session = FormSession(port: harness.port)
            let batch = try await Self.preview(harness, &session, Self.ids, action: Self.stockSeven)
            #expect(try harness.app.engine.batchStore.startApplying(batch))
            try BatchTesting.markInFlight(harness, batch, row: 6, sentAt: clock.now())
            let sixthProduct = try #require(try harness.app.engine.batchStore.rows(batch).first { $0.number == 6 }?.productID)
            // At the next start rows 1 to 4 are held at the market, row 5 waits for a write
            // slot, and row 6 waits for its deadline.
            let writes = Gate()
            market.state.withLock { $0.writeGate = writes }
            try await harness.restart()
            let restarted = harness.app.engine.batchStore
            #expect(try await eventually { writes.waiting == 4 && (try? restarted.rows(batch).first { $0.number == 6 }?.status) == .checking })
            // Its send, once its check found it not done, is held after its mark until the
            // rows before it are done.
            let sixth = Gate()
            harness.app.batchRunner.pauseAfterMarking { _, row in if row == 6 { await sixth.wait() } }
            harness.passWriteDeadlines(clock)
            #expect(try await eventually { (try? restarted.rows(batch).first { $0.number == 6 }?.status) == .pending })
            writes.open()
            #expect(try await eventually { (try? restarted.counts(batch)[.done]) == 5 && sixth.waiting >= 1 })
            sixth.open()
            await harness.settle(batch: batch)
            #expect(market.requests("PATCH")["/api/products/\(sixthProduct)"] == 1)
            #expect(try restarted.rows(batch).map(\.status) == Array(repeating: .done, count: 6))
        }
    }

    // MARK: What the check finds

    /// A batch of one row whose write's answer the market loses (as `market` is scripted),
    /// applied through the pages of a dashboard whose clock the test moves: `body` runs once
    /// the row waits for its deadline, then moves the clock past it.
    /// The clock starts on a whole second, so that the row's send time, kept in milliseconds,
    /// is exactly the clock's start.
    static func withOneLostRow(
        _ market: ScriptedMarket, preview: (DashboardHarness, inout FormSession) async throws -> Int,
        _ body: (DashboardHarness, ManualWallClock, Int) async throws -> Void
    ) async throws {
        let clock = ManualWallClock(Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down)))
        try await withDashboard(.scripted(market), clock: clock) { harness in
            var session = FormSession(port: harness.port)
            let batch = try await preview(harness, &session)
            try await apply(batch, session)
            let store = harness.app.engine.batchStore
            #expect(try await eventually { (try? store.counts(batch)[.checking]) == 1 })
            try await body(harness, clock, batch)
        }
    }

    static func stockSevenOf601(_ harness: DashboardHarness, _ session: inout FormSession) async throws -> Int {
        try await preview(harness, &session, [601], action: stockSeven)
    }

    /// An edit the market did not make (the old stock is there) is sent again, once, and not
    /// before its deadline: 130 s after the send, the harness's two-minute write timeout and
    /// the 10 s margin. A second before it, the row is still checking and nothing was sent.
    @Test func anEditNotMade_isSentAgainOnce() async throws {
        let market = Self.market([601])
        market.state.withLock { $0.editFailure = .timeout }
        try await Self.withOneLostRow(market, preview: Self.stockSevenOf601) { (harness: DashboardHarness, clock: ManualWallClock, batch: Int) async throws in
            market.state.withLock { $0.editFailure = nil }
            // The clock has not moved since the send. The row's check and the history's check
            // of the same write sleep on it until the deadline.
            let sent = clock.now()
            #expect(try await eventually { clock.sleepers(.outcomeCheck) == 2 }, "\(clock.sleepers(.outcomeCheck)) checks asleep")
            #expect(clock.nextWake(.outcomeCheck) == sent.addingTimeInterval(130), "the checks wake at the deadline")
            clock.advance(by: 129)
            #expect(clock.sleepers(.outcomeCheck) == 2, "no check wakes a second before the deadline")
            #expect(try await harness.batchRows(batch).map(\.status) == ["checking"])
            #expect(market.requests("PATCH")["/api/products/601"] == 1, "nothing is sent before the deadline")

            harness.passWriteDeadlines(clock)
            await harness.settle(batch: batch)
            #expect(market.requests("PATCH")["/api/products/601"] == 2)
            #expect(market.state.withLock { $0.products[601]?.stock } == 7)
            #expect(try await harness.batchRows(batch).map(\.status) == ["done"])
        }
    }

    /// An edit whose product holds a third value is left alone: changed elsewhere.
    @Test func anEditFoundChangedElsewhere_isSkipped_notSentAgain() async throws {
        let market = Self.market([601])
        market.state.withLock { $0.editFailure = .timeout }
        try await Self.withOneLostRow(market, preview: Self.stockSevenOf601) { (harness: DashboardHarness, clock: ManualWallClock, batch: Int) async throws in
            market.state.withLock { state in
                state.editFailure = nil
                state.products[601]?.summary.stock = 40
            }
            harness.passWriteDeadlines(clock)
            await harness.settle(batch: batch)
            #expect(market.requests("PATCH")["/api/products/601"] == 1)
            #expect(market.state.withLock { $0.products[601]?.stock } == 40)
            let row = try #require(try await harness.batchRows(batch).first)
            #expect(row.status == "skipped" && row.text.contains("changed elsewhere"), "\(row.text)")
        }
    }

    /// A create the market made, its answer lost: found once, done with that product.
    @Test func aCreateFoundOnce_isDone_withThatProduct() async throws {
        let market = Self.market([])
        market.state.withLock { $0.lostAnswers = 1 }
        try await Self.withOneLostRow(market, preview: { try await Self.previewImport($0, &$1, ["Found jar"]) }) { (harness: DashboardHarness, clock: ManualWallClock, batch: Int) async throws in
            harness.passWriteDeadlines(clock)
            await harness.settle(batch: batch)
            let made = try #require(market.state.withLock { $0.products.values.first { $0.name == "Found jar" }?.id })
            #expect(market.requests("POST")["/api/products"] == 1)
            let row = try #require(try harness.app.engine.batchStore.rows(batch).first)
            #expect(row.status == .done && row.productID == made)
            #expect(try await harness.batchRows(batch).first?.productID == made)
        }
    }

    /// A create whose look-up finds two products that may be it: `unknown`, both listed with
    /// links, and nothing sent again.
    @Test func aCreateFoundTwice_isLeftToTheVendor_listingBoth() async throws {
        let market = Self.market([])
        market.state.withLock { $0.lostAnswers = 1 }
        try await Self.withOneLostRow(market, preview: { try await Self.previewImport($0, &$1, ["Twin jar"]) }) {
            (harness: DashboardHarness, clock: ManualWallClock, batch: Int) async throws in
            // Another tool of the same vendor registered the same product meanwhile.
            let made = try #require(market.state.withLock { $0.products.values.first { $0.name == "Twin jar" } })
            var twin = made
            twin.summary.id = 950
            market.add(twin)

            harness.passWriteDeadlines(clock)
            await harness.settle(batch: batch)
            #expect(market.requests("POST")["/api/products"] == 1, "nothing sent again")
            let row = try #require(try harness.app.engine.batchStore.rows(batch).first)
            #expect(row.status == .unknown && row.found == [made.id, 950].sorted())
            for language in ["en", "ko"] {
                let page = try await harness.get("/batches/\(batch)?refresh=off&lang=\(language)")
                let shown = try #require(BatchTesting.rows(page.text).first)
                #expect(shown.status == "unknown")
                let links = HTMLScan.block(in: page.text, from: "data-status=\"unknown\"", to: "</tr>")
                #expect(links.contains("href=\"/products/\(made.id)\"") && links.contains("href=\"/products/950\""), "\(language): \(links)")
                #expect(shown.text.contains(language == "en" ? "keep one and delete the others" : "하나만 남기고 나머지는 삭제해 주세요"), "\(shown.text)")
            }
        }
    }

    /// Two rows of one import register the same name, price and currency, and the market makes
    /// both and loses both answers: past the deadline each check finds the two products. None
    /// is sent again and none is taken by both rows: a row is done with a product no other row
    /// has, or left to the vendor with both listed.
    @Test func twoLostCreatesWithOneName_areNotSentAgain_norTakenTwice() async throws {
        let market = Self.market([])
        market.state.withLock { $0.lostAnswers = 2 }
        let clock = ManualWallClock()
        try await withDashboard(.scripted(market), clock: clock) { harness in
            var session = FormSession(port: harness.port)
            let batch = try await Self.previewImport(harness, &session, ["Twin jar", "Twin jar"])
            try await Self.apply(batch, session)
            let store = harness.app.engine.batchStore
            #expect(try await eventually { (try? store.counts(batch)[.checking]) == 2 })
            harness.passWriteDeadlines(clock)
            await harness.settle(batch: batch)

            #expect(market.requests("POST")["/api/products"] == 2, "nothing sent again")
            let made = market.state.withLock { state in state.products.values.filter { $0.name == "Twin jar" }.map(\.id).sorted() }
            #expect(made.count == 2, "each row registered once")
            let rows = try store.rows(batch)
            let done = rows.filter { $0.status == .done }.compactMap(\.productID)
            #expect(Set(done).count == done.count, "a product taken by two rows: \(done)")
            for row in rows {
                let decided = (row.status == .done && row.productID.map(made.contains) == true) || (row.status == .unknown && row.found == made)
                #expect(decided, "row \(row.number): \(row.status), product \(row.productID.map(String.init) ?? "none"), found \(row.found)")
            }
        }
    }

    /// A create the market did not make is not found, and is sent again once.
    @Test func aCreateNotFound_isSentAgainOnce() async throws {
        let market = Self.market([])
        market.state.withLock { $0.createFailure = .timeout }
        try await Self.withOneLostRow(market, preview: { try await Self.previewImport($0, &$1, ["Missing jar"]) }) { (harness: DashboardHarness, clock: ManualWallClock, batch: Int) async throws in
            market.state.withLock { $0.createFailure = nil }
            #expect(market.requests("POST")["/api/products"] == 1)
            harness.passWriteDeadlines(clock)
            await harness.settle(batch: batch)
            #expect(market.requests("POST")["/api/products"] == 2)
            let made = market.state.withLock { state in state.products.values.filter { $0.name == "Missing jar" }.map(\.id) }
            #expect(made.count == 1)
            let row = try #require(try harness.app.engine.batchStore.rows(batch).first)
            #expect(row.status == .done && row.productID == made.first)
        }
    }

    /// A delete the market made is done; one it did not make is sent again, once.
    @Test(arguments: [true, false]) func aDelete_isDoneWhenGone_andSentAgainWhenStillThere(marketDeletedIt: Bool) async throws {
        let market = Self.market([601])
        market.state.withLock { state in
            if marketDeletedIt { state.lostAnswers = 1 } else { state.deleteFailure = .timeout }
        }
        try await Self.withOneLostRow(market, preview: { try await Self.preview($0, &$1, [601], action: [("action", "delete")]) }) { (harness: DashboardHarness, clock: ManualWallClock, batch: Int) async throws in
            market.state.withLock { $0.deleteFailure = nil }
            #expect(try await harness.batchRows(batch).map(\.status) == ["checking"])
            harness.passWriteDeadlines(clock)
            await harness.settle(batch: batch)
            #expect(market.requests("DELETE")["/api/products/601"] == (marketDeletedIt ? 1 : 2))
            #expect(market.state.withLock { $0.products[601] } == nil)
            #expect(try harness.app.engine.batchStore.rows(batch).map(\.status) == [.done])
        }
    }

    // MARK: Lost at a scheduled start

    /// A sale of three own products at 20,000, their price cut to 18,000 from the next minute
    /// for an hour, scheduled through the batch's page on a clock the test moves; then the
    /// market loses the answers of the start's writes, having made them (`madeThem`) or not.
    /// Past their deadline (130 s after the start: the two-minute timeout and the 10 s cap)
    /// the checks decide: writes made are done, writes not made are sent again, once. At the
    /// end each product is put back once.
    @Test(arguments: [true, false]) func writesLostAtAScheduledStart_areChecked_andPutBackOnce(madeThem: Bool) async throws {
        let ids = [611, 612, 613]
        try await ScriptedSale.run(ids) { harness, market, clock, batch, start, end in
            market.state.withLock { state in
                if madeThem { state.lostAnswers = ids.count } else { state.editFailure = .timeout }
            }
            clock.set(start)
            let scheduler = harness.app.scheduler
            #expect(await finishes { await scheduler.waitForDueSteps() }, "the start is carried out")
            let store = harness.app.engine.batchStore
            #expect(try await eventually { (try? store.counts(batch)[.checking]) == ids.count }, "every row waits for its check")
            market.state.withLock { $0.editFailure = nil }
            #expect(try await eventually { clock.nextWake(.outcomeCheck) == start.addingTimeInterval(130) }, "the checks wake at the deadline")
            clock.set(start.addingTimeInterval(129))
            #expect(try await harness.batchRows(batch).map(\.status) == Array(repeating: "checking", count: ids.count))
            #expect(market.requests("PATCH").values.sorted() == [1, 1, 1], "nothing is sent again before the deadline")

            clock.set(start.addingTimeInterval(131))
            await harness.settle(batch: batch)
            let atStart = madeThem ? 1 : 2
            #expect(market.requests("PATCH") == Dictionary(uniqueKeysWithValues: ids.map { ("/api/products/\($0)", atStart) }))
            #expect(market.state.withLock { state in ids.map { state.products[$0]?.price } } == [18000, 18000, 18000])
            #expect(try store.rows(batch).map(\.status) == [.done, .done, .done])

            clock.set(end)
            #expect(await finishes { await scheduler.waitForDueSteps() }, "the end is carried out")
            let revert = try #require(try store.batch(batch)?.schedule?.revertID, "the end puts the prices back")
            await harness.settle(batch: revert)
            #expect(market.requests("PATCH") == Dictionary(uniqueKeysWithValues: ids.map { ("/api/products/\($0)", atStart + 1) }))
            #expect(market.state.withLock { state in ids.map { state.products[$0]?.price } } == [20000, 20000, 20000])
        }
    }
}
