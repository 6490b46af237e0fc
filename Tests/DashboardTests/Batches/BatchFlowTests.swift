import Foundation
import MarketClient
import Testing

@testable import Dashboard
import DashboardEngine

/// Bulk actions end to end, against an independent market that records every request: the
/// preview sends nothing; Apply sends one PATCH per changed product with only the changed
/// field and the secret; products changed behind our back are skipped; retry sends only what
/// failed; Apply twice applies once. One test at a time (each runs a market and a dashboard).
@Suite(.serialized) struct BatchFlowTests {
    static let own = LiveShapedData.ownVendorID

    /// Opens the filtered list (own KRW products) and previews a 10% price cut of every match.
    static func previewCut(_ harness: DashboardHarness, _ session: inout FormSession) async throws -> Int {
        let list = try await session.open("/products?mine=1&currency=KRW")
        #expect(list.status == 200)
        let boxes = HTMLScan.tags("input", in: list.text).filter { $0["name"] == "ids" }
        #expect(boxes.allSatisfy { $0["form"] == "bulk" && $0["aria-label"] != nil })
        #expect(Set(boxes.compactMap { $0["value"] }).isSuperset(of: ["210", "211", "212"]))
        #expect(!boxes.contains { $0["value"] == "213" })  // USD: filtered out
        let hidden = HTMLScan.tags("input", in: HTMLScan.block(in: list.text, from: "<form id=\"bulk\"", to: "</form>"))
            .filter { $0["type"] == "hidden" && !["csrf_token", "page_ids"].contains($0["name"] ?? "") }
            .compactMap { tag in tag["name"].map { ($0, tag["value"] ?? "") } }
        let posted = try await BatchTesting.bulk(
            session, hidden + [("scope", "matching"), ("action", "price_adjust"), ("value", "-10"), ("unit", "percent")])
        #expect(posted.status == 303)
        return try #require(BatchTesting.batchID(posted))
    }

    @Test func aTenPercentCut_isPreviewedWithoutSending_thenAppliedAsOnePatchOfPriceEach() async throws {
        let market = LiveShapedData.market()
        BatchTesting.stock(market)
        try await withDashboard(.liveShaped(market, vendorID: Self.own)) { harness in
            var session = FormSession(port: harness.port)
            let batch = try await Self.previewCut(harness, &session)
            let preview = try await session.get("/batches/\(batch)")
            session.take(preview)
            let rows = BatchTesting.rows(preview.text)
            let byID = Dictionary(uniqueKeysWithValues: rows.compactMap { row in row.productID.map { ($0, row) } })
            #expect(byID[210]?.status == "pending")
            #expect(byID[210]?.text.contains("KRW 10,000 → KRW 9,000") == true)
            #expect(byID[211]?.text.contains("KRW 8,999 → KRW 8,099") == true)  // 8,099.1 rounds to whole won
            #expect(byID[212]?.text.contains("KRW 15,000 → KRW 13,500") == true)
            // The live-shaped products of price 0 cannot lose 10%: unchanged, not sent.
            #expect(byID[201]?.status == "unchanged")
            #expect(byID[213] == nil && byID[203] == nil)
            #expect(market.writes.isEmpty, "the preview sent \(market.writes.map(\.target))")

            // Changed behind our back after the preview: skipped, not overwritten.
            market.state.withLock { $0.products[212]?.price = 16000 }
            let applied = try await BatchTesting.press("apply", batch, session, from: preview.text)
            #expect(applied.status == 303)
            #expect(await harness.app.batchRunner.runEnds(batch))
            // Apply again from the same page (a second click, another tab): refused, nothing
            // more is sent.
            let again = try await BatchTesting.press("apply", batch, session, from: preview.text)
            #expect(again.status == 409)
            #expect(HTMLScan.text(again.text).contains("Batch \(batch) was applied after this page was opened, so nothing more was done."))
            #expect(await harness.app.batchRunner.runEnds(batch))

            let writes = market.writes
            #expect(Set(writes.map(\.target)) == ["/api/products/210", "/api/products/211", "/api/products/202"])
            #expect(writes.count == 3)
            for write in writes {
                #expect(write.method == "PATCH")
                #expect(Set(write.json?.keys.map { $0 } ?? []) == ["price", "secret"])
                #expect(write.json?["secret"] as? String == ScriptedMarket.secret)
            }
            #expect(writes.first { $0.target.hasSuffix("/211") }?.json?["price"] as? Int == 8099)
            let finished = try await session.get("/batches/\(batch)")
            let after = Dictionary(uniqueKeysWithValues: BatchTesting.rows(finished.text).compactMap { row in row.productID.map { ($0, row) } })
            #expect(after[210]?.status == "done" && after[211]?.status == "done")
            #expect(after[212]?.status == "skipped")
            #expect(market.state.withLock { $0.products[212]?.price } == 16000)
            // Settled, the page says the outcome; the bar was for the sending.
            #expect(HTMLScan.tags("progress", in: finished.text).isEmpty)
            BatchTesting.expectProgressMatchesRows(finished.text)
            let outcome = BatchTesting.progress(finished.text)?.text ?? ""
            #expect(outcome.hasPrefix("Finished: 3 products changed, ") && outcome.contains("1 skipped"), "\(outcome)")
        }
    }

    @Test func aRefusedRow_showsTheMarketsWords_andRetrySendsOnlyIt() async throws {
        let market = LiveShapedData.market()
        BatchTesting.stock(market)
        market.state.withLock { $0.refusedEdits = [211] }
        try await withDashboard(.liveShaped(market, vendorID: Self.own)) { harness in
            var session = FormSession(port: harness.port)
            _ = try await session.open("/products?mine=1")
            let posted = try await BatchTesting.bulk(
                session, [("ids", "210"), ("ids", "211"), ("action", "stock_set"), ("value", "9"), ("unit", "amount")])
            let batch = try #require(BatchTesting.batchID(posted))
            _ = try await BatchTesting.press("apply", batch, session)
            #expect(await harness.app.batchRunner.runEnds(batch))
            let failed = try await session.get("/batches/\(batch)")
            let rows = BatchTesting.rows(failed.text)
            #expect(rows.map(\.status) == ["done", "failed"])
            #expect(rows[1].text.contains("price rejected by policy"))
            #expect(failed.text.contains("class=\"market-words\""))
            #expect(HTMLScan.tags("form", in: failed.text).contains { $0["action"] == "/batches/\(batch)/retry" })

            market.state.withLock { state in
                state.refusedEdits = []
                state.received = []
            }
            let retried = try await BatchTesting.press("retry", batch, session)
            #expect(retried.status == 303)
            #expect(await harness.app.batchRunner.runEnds(batch))
            #expect(market.writes.map(\.target) == ["/api/products/211"])
            // The page it leads to says once that the retry ran, and when.
            let after = try await session.get(try #require(retried.header("Location")), extraCookie: retried.setCookie("om_flash"))
            let said = HTMLScan.text(after.text)
            #expect(said.contains("The failed product was tried again at ") && said.contains(": see below how it went."), "\(said)")
            #expect(BatchTesting.rows(try await session.get("/batches/\(batch)").text).map(\.status) == ["done", "done"])
        }
    }

    /// The market failing midway: what finished stays done, the rest fails, retryable.
    @Test func theMarketFailingMidway_leavesTheFinishedRowsDone_andTheRestRetryable() async throws {
        let market = LiveShapedData.market()
        BatchTesting.stock(market)
        market.state.withLock { $0.failWritesAfter = 2 }
        try await withDashboard(.liveShaped(market, vendorID: Self.own)) { harness in
            var session = FormSession(port: harness.port)
            _ = try await session.open("/products?mine=1")
            let posted = try await BatchTesting.bulk(
                session, ["210", "211", "212", "213"].map { ("ids", $0) } + [("action", "stock_adjust"), ("value", "+1"), ("unit", "amount")])
            let batch = try #require(BatchTesting.batchID(posted))
            _ = try await BatchTesting.press("apply", batch, session)
            #expect(await harness.app.batchRunner.runEnds(batch))
            let statuses = BatchTesting.rows(try await session.get("/batches/\(batch)").text).map(\.status)
            #expect(statuses.filter { $0 == "done" }.count == 2)
            #expect(statuses.filter { $0 == "failed" }.count == 2)
            market.state.withLock { $0.failWritesAfter = nil }
            _ = try await BatchTesting.press("retry", batch, session)
            #expect(await harness.app.batchRunner.runEnds(batch))
            #expect(BatchTesting.rows(try await session.get("/batches/\(batch)").text).map(\.status) == ["done", "done", "done", "done"])
            // Each product got one more, once.
            #expect(market.state.withLock { state in [210, 211, 212, 213].map { state.products[$0]?.stock } } == [6, 6, 6, 6])
        }
    }

    @Test func idsOfOtherVendorsAndUnknownIds_areRefusedInThePreview() async throws {
        let market = LiveShapedData.market()
        BatchTesting.stock(market)
        try await withDashboard(.liveShaped(market, vendorID: Self.own)) { harness in
            var session = FormSession(port: harness.port)
            _ = try await session.open("/products?mine=1")
            let posted = try await BatchTesting.bulk(
                session, [("ids", "203"), ("ids", "99999"), ("ids", "210"), ("action", "delete")])
            let batch = try #require(BatchTesting.batchID(posted))
            let page = try await session.get("/batches/\(batch)?lang=en")
            let rows = BatchTesting.rows(page.text)
            #expect(rows.map(\.status) == ["invalid", "invalid", "pending"])
            #expect(rows[0].text.contains("This is not one of your products"))
            #expect(rows[1].text.contains("no product 99999"))
            #expect(page.text.contains("Delete 1 product"))
            #expect(market.writes.isEmpty)
        }
    }

    /// The list's bulk form carries one token for every reader, so the kept list page is the
    /// same bytes for all and sets no cookie; that token makes a preview without any cookie
    /// from a browser on this server's pages, while a made-up one, or the token from a client
    /// that does not say where it posts from, sends the reader back with nothing made and says
    /// why; another site is refused.
    @Test func theListsBulkForm_carriesOneTokenForEveryReader() async throws {
        let market = LiveShapedData.market()
        BatchTesting.stock(market)
        try await withDashboard(.liveShaped(market, vendorID: Self.own)) { harness in
            let first = try await HTTPTestClient.get(harness.port, "/products")
            let second = try await HTTPTestClient.get(harness.port, "/products", headers: ["Cookie": "om_csrf=0123456789abcdef0123456789abcdef"])
            let form = { (page: TestResponse) in String(HTMLScan.block(in: page.text, from: "<form id=\"bulk\"", to: "</form>")) }
            let token = try #require(FormSession.hidden("csrf_token", in: form(first)))
            #expect(token.utf8.count == 32)
            #expect(FormSession.hidden("csrf_token", in: form(second)) == token)
            #expect(first.body == second.body, "one page for both readers")
            #expect(first.setCookie("om_csrf") == nil)
            #expect(first.header("Cache-Control") == "private, no-cache")

            let origin = "http://127.0.0.1:\(harness.port)"
            func post(_ token: String, origin: String?) async throws -> TestResponse {
                let body = "csrf_token=\(token)&ids=210&action=delete&back=%2Fproducts"
                var headers = ["Content-Type": "application/x-www-form-urlencoded"]
                if let origin { headers["Origin"] = origin }
                return try await HTTPTestClient.request(harness.port, "POST", "/products/bulk", headers: headers, body: Array(body.utf8))
            }
            let made = try await post(token, origin: origin)
            #expect(made.status == 303)
            let batch = try #require(BatchTesting.batchID(made))
            let refusals = [
                (try await post("0123456789abcdef0123456789abcdef", origin: origin), "opened before the dashboard restarted"),
                (try await post(token, origin: nil), "Your browser did not say that the form came from this list"),
            ]
            for (refused, why) in refusals {
                #expect(refused.status == 303 && refused.header("Location") == "/products", "back to the list, nothing made")
                let flash = try #require(refused.setCookie(FlashMessages.cookieName))
                let list = try await HTTPTestClient.get(harness.port, "/products?lang=en", headers: ["Cookie": flash])
                #expect(HTMLScan.text(list.text).contains(why), "the list says why")
                #expect(HTMLScan.text(list.text).contains("select Preview the change"), "and what to do")
            }
            let elsewhere = try await post(token, origin: "http://evil.example")
            #expect(elsewhere.status == 403)
            let batches = try await HTTPTestClient.get(harness.port, "/batches")
            #expect(batches.text.contains("/batches/\(batch)"))
            #expect(!batches.text.contains("/batches/\(batch + 1)"), "only the first post made a batch")
            #expect(market.writes.isEmpty, "a preview sends nothing")
        }
    }

    /// A list answered from the catalog snapshot (`mine=1`) carries the same token in its
    /// bulk form as the market's list, and it works there too without a cookie.
    @Test func theSnapshotListsBulkForm_carriesTheListToken() async throws {
        let market = LiveShapedData.market()
        BatchTesting.stock(market)
        try await withDashboard(.liveShaped(market, vendorID: Self.own)) { harness in
            let plain = try await HTTPTestClient.get(harness.port, "/products")
            let mine = try await HTTPTestClient.get(harness.port, "/products?mine=1")
            #expect(mine.status == 200)
            let form = { (page: TestResponse) in String(HTMLScan.block(in: page.text, from: "<form id=\"bulk\"", to: "</form>")) }
            let token = try #require(FormSession.hidden("csrf_token", in: form(mine)))
            #expect(FormSession.hidden("csrf_token", in: form(plain)) == token)
            let body = "csrf_token=\(token)&ids=211&action=delete&back=%2Fproducts%3Fmine%3D1"
            let posted = try await HTTPTestClient.request(
                harness.port, "POST", "/products/bulk",
                headers: ["Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "same-origin"], body: Array(body.utf8))
            #expect(posted.status == 303)
            let batch = try #require(BatchTesting.batchID(posted), "a preview was made")
            // The preview deletes product 211, and only it; nothing is sent before Apply.
            let rows = try harness.app.engine.batchStore.rows(batch)
            #expect(rows.map(\.productID) == [211])
            #expect(rows.map(\.operation) == [.delete])
            let preview = try await HTTPTestClient.get(harness.port, "/batches/\(batch)?lang=en")
            #expect(BatchTesting.rows(preview.text).map(\.productID) == [211])
            #expect(preview.text.contains("Delete 1 product"))
            #expect(market.writes.isEmpty)
        }
    }

    /// Undo opens a preview of the reverse, applied like any batch.
    @Test func undo_previewsTheReverse_andAppliesIt() async throws {
        let market = LiveShapedData.market()
        BatchTesting.stock(market)
        try await withDashboard(.liveShaped(market, vendorID: Self.own)) { harness in
            var session = FormSession(port: harness.port)
            _ = try await session.open("/products?mine=1")
            let posted = try await BatchTesting.bulk(session, [("ids", "210"), ("action", "price_set"), ("value", "7000")])
            let batch = try #require(BatchTesting.batchID(posted))
            _ = try await BatchTesting.press("apply", batch, session)
            #expect(await harness.app.batchRunner.runEnds(batch))
            #expect(market.state.withLock { $0.products[210]?.price } == 7000)
            let undo = try await BatchTesting.press("undo", batch, session)
            let reverse = try #require(BatchTesting.batchID(undo))
            #expect(reverse != batch)
            let preview = try await session.get("/batches/\(reverse)?lang=en")
            #expect(BatchTesting.rows(preview.text).first?.text.contains("KRW 7,000 → KRW 10,000") == true)
            _ = try await BatchTesting.press("apply", reverse, session)
            #expect(await harness.app.batchRunner.runEnds(reverse))
            #expect(market.state.withLock { $0.products[210]?.price } == 10000)
        }
    }

    /// 1,000 deletes ask for the confirmation in words, in both languages.
    @Test func aThousandDeletes_askInWords() {
        var counts = BatchCounts()
        counts.byStatus[.pending] = 1000
        counts.pendingDeletes = 1000
        #expect(Wording(.en).applyLabel(counts) == "Delete 1,000 products")
        #expect(Wording(.ko).applyLabel(counts) == "상품 1,000개 삭제")
    }
}
