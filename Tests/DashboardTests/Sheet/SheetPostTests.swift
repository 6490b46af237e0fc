import Foundation
import LocalMarket
import Testing

@testable import Dashboard
import DashboardEngine

/// `POST /products/sheet` end to end, against the real market behind a server that records
/// every request: the changed cells become one batch in preview (nothing sent), Apply sends one
/// PATCH per product with only its changed fields, a field changed on the market after the
/// sheet was opened is never overwritten, and the whole sheet is undone in one step.
@Suite struct SheetPostTests {
    static let vendor = RecordingMarket.vendor.id

    /// The seed's own products on the first page that the tests edit, as the market holds them.
    static func expectSeed(_ market: RecordingMarket, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let figure = try await market.product(58)
        let card = try await market.product(52)
        let ramen = try await market.product(49)
        let tower = try await market.product(46)
        try #require(figure["currency"] as? String == "USD" && SheetTesting.number(figure["price"]) == 249.99, sourceLocation: sourceLocation)
        try #require(SheetTesting.number(card["price"]) == 720_000 && card["stock"] as? Int == 1, sourceLocation: sourceLocation)
        try #require(ramen["name"] as? String == "Ramen Variety Box 🍜" && SheetTesting.number(ramen["price"]) == 15900, sourceLocation: sourceLocation)
        try #require(SheetTesting.number(tower["discounted_price"]) == 9000, sourceLocation: sourceLocation)
    }

    /// The PATCHes the dashboard sent since `start` (the market's own record, the test's
    /// changes behind its back left out).
    static func patches(_ market: RecordingMarket, since start: Int) -> [RecordingMarket.Received] {
        Array(market.writes.dropFirst(start))
    }

    /// The rows of batch `id`'s page, by product.
    static func rows(_ session: FormSession, _ id: Int) async throws -> [Int: ShownBatchRow] {
        let page = try await session.get("/batches/\(id)?lang=en")
        return Dictionary(BatchTesting.rows(page.text).compactMap { row in row.productID.map { ($0, row) } }, uniquingKeysWith: { a, _ in a })
    }

    /// Presses Apply and waits for the run to end.
    static func apply(_ batch: Int, _ session: FormSession, _ harness: DashboardHarness) async throws {
        #expect(try await BatchTesting.press("apply", batch, session).status == 303)
        #expect(await harness.app.batchRunner.runEnds(batch))
    }

    @Test func fiveCellsAcrossFourProducts_previewAsFourRows_thenOnePatchEachOfOnlyItsFields() async throws {
        try await withRecordingMarket { market in
            try await withDashboard(.recording(market)) { harness in
                try await Self.expectSeed(market)
                var session = FormSession(port: harness.port)
                let sheet = try await session.open("/products/sheet")
                #expect(sheet.status == 200)
                let edits = [
                    "price.52": "700000", "stock.52": "3", "name.49": "Ramen Variety Box XL", "discounted_price.46": "10,000",
                    "price.58": "199.50",
                ]
                let posted = try await SheetTesting.post(session, SheetTesting.form(sheet, edits))
                #expect(posted.status == 303)
                let batch = try #require(BatchTesting.batchID(posted), "303 to \(posted.header("Location") ?? "nowhere")")
                #expect(market.writes.isEmpty, "the preview sent \(market.writes.map(\.path))")

                let preview = try await session.get("/batches/\(batch)?lang=en")
                session.take(preview)
                let rows = BatchTesting.rows(preview.text)
                #expect(rows.compactMap(\.productID) == [58, 52, 49, 46], "one row per changed product, in the sheet's order")
                #expect(rows.allSatisfy { $0.status == "pending" })
                let byID = try await Self.rows(session, batch)
                #expect(byID[58]?.text.contains("Price: USD 249.99 → USD 199.50") == true, "\(byID[58]?.text ?? "")")
                #expect(byID[52]?.text.contains("Price: KRW 720,000 → KRW 700,000") == true, "\(byID[52]?.text ?? "")")
                #expect(byID[52]?.text.contains("Stock: 1 → 3") == true)
                #expect(byID[49]?.text.contains("Name: Ramen Variety Box 🍜 → Ramen Variety Box XL") == true, "\(byID[49]?.text ?? "")")
                #expect(byID[46]?.text.contains("KRW 9,000 → KRW 10,000") == true, "\(byID[46]?.text ?? "")")
                // Only the changed fields are shown: the card's name, the ramen's price are not.
                #expect(byID[49]?.text.contains("Price") == false && byID[52]?.text.contains("Name:") == false)
                #expect(market.writes.isEmpty)

                try await Self.apply(batch, session, harness)
                let sent = market.writes
                #expect(sent.count == 4, "\(sent.map { "\($0.method) \($0.path)" })")
                #expect(sent.allSatisfy { $0.method == "PATCH" })
                let bodies = Dictionary(sent.compactMap { write in
                    Int(write.path.split(separator: "/").last ?? "").map { ($0, write.json ?? [:]) }
                }, uniquingKeysWith: { a, _ in a })
                #expect(Set(bodies.keys) == [58, 52, 49, 46])
                #expect(Set(bodies[52]?.keys.map { $0 } ?? []) == ["price", "stock", "secret"])
                #expect(SheetTesting.number(bodies[52]?["price"]) == 700_000 && bodies[52]?["stock"] as? Int == 3)
                #expect(Set(bodies[49]?.keys.map { $0 } ?? []) == ["name", "secret"])
                #expect(bodies[49]?["name"] as? String == "Ramen Variety Box XL")
                #expect(Set(bodies[46]?.keys.map { $0 } ?? []) == ["discounted_price", "secret"])
                #expect(SheetTesting.number(bodies[46]?["discounted_price"]) == 10000)
                #expect(Set(bodies[58]?.keys.map { $0 } ?? []) == ["price", "secret"])
                #expect(SheetTesting.number(bodies[58]?["price"]) == 199.5)

                #expect(try await Self.rows(session, batch).values.map(\.status).sorted() == ["done", "done", "done", "done"])
                #expect(SheetTesting.number(try await market.product(52)["price"]) == 700_000)
                #expect(try await market.product(49)["name"] as? String == "Ramen Variety Box XL")
                // Each edit is in the product's history, as for every batch.
                let history = try await session.get("/history?product=52&lang=en")
                #expect(HistoryHTML.entries(history.text).map(\.kind).contains("edit"))
            }
        }
    }

    /// Where the market's change is first seen: by a count before the preview (the preview
    /// names it), or only when Apply reads the product again.
    enum SeenAt: String, CaseIterable, Sendable {
        case preview, apply
    }

    /// A price changed on the market after the sheet was opened survives while the stock of the
    /// same product is sent; a product whose only changed cell changed elsewhere is skipped.
    @Test(arguments: SeenAt.allCases)
    func aPriceChangedElsewhere_survives_whileTheProductsOtherFieldIsApplied(_ seen: SeenAt) async throws {
        try await withRecordingMarket { market in
            try await withDashboard(.recording(market)) { harness in
                try await Self.expectSeed(market)
                var session = FormSession(port: harness.port)
                let sheet = try await session.open("/products/sheet")
                let form = SheetTesting.form(sheet, ["price.52": "700000", "stock.52": "3", "price.49": "16900"])
                let elsewhere = { () async throws in
                    try await market.change(52, ["price": 750_000])
                    try await market.change(49, ["price": 17500])
                }
                if seen == .preview {
                    try await elsewhere()
                    // Counted again (as "Count again" does): the preview can know.
                    harness.app.catalog.startCount()
                    await harness.app.catalog.countEnded()
                }
                let posted = try await SheetTesting.post(session, form)
                let batch = try #require(BatchTesting.batchID(posted))
                let preview = try await session.get("/batches/\(batch)?lang=en")
                session.take(preview)
                let shown = try await Self.rows(session, batch)
                // The old values are the sheet's, whatever the market holds now.
                #expect(shown[52]?.text.contains("Price: KRW 720,000 → KRW 700,000") == true, "\(shown[52]?.text ?? "")")
                #expect(shown[49]?.text.contains("Price: KRW 15,900 → KRW 16,900") == true)
                let warned = "Changed elsewhere since the sheet was opened (now KRW 750,000), so the price is left as it is."
                #expect(shown[52]?.text.contains(warned) == (seen == .preview), "\(shown[52]?.text ?? "")")
                if seen == .apply { try await elsewhere() }
                let start = market.writes.count

                try await Self.apply(batch, session, harness)
                let sent = Self.patches(market, since: start)
                #expect(sent.map(\.path) == ["/api/products/52"], "only the stock of 52 goes: \(sent.map(\.path))")
                #expect(Set(sent.first?.json?.keys.map { $0 } ?? []) == ["stock", "secret"])
                let card = try await market.product(52)
                #expect(SheetTesting.number(card["price"]) == 750_000, "the other change survives")
                #expect(card["stock"] as? Int == 3)
                #expect(SheetTesting.number(try await market.product(49)["price"]) == 17500)

                let finished = try await Self.rows(session, batch)
                #expect(finished[52]?.status == "done")
                let card52 = finished[52]?.text ?? ""
                #expect(card52.contains("Price left as it is: changed elsewhere since the sheet was opened (now KRW 750,000)."), "\(card52)")
                #expect(finished[49]?.status == "skipped")
                let ramen = finished[49]?.text ?? ""
                #expect(ramen.contains("Price left as it is: changed elsewhere since the sheet was opened (now KRW 17,500)."), "\(ramen)")
                // Only what is so: the change was seen before the preview in one case.
                #expect(!ramen.contains("after the preview"), "\(ramen)")
            }
        }
    }

    /// Undo of a sheet's batch is one step for the whole sheet, and puts back only what the
    /// sheet set: not a field it left alone, nor one changed elsewhere since.
    @Test func undo_putsBackTheWholeSheetInOneStep_andOnlyWhatItSet() async throws {
        try await withRecordingMarket { market in
            try await withDashboard(.recording(market)) { harness in
                try await Self.expectSeed(market)
                var session = FormSession(port: harness.port)
                let sheet = try await session.open("/products/sheet")
                let edits = ["price.52": "700000", "stock.52": "3", "name.49": "Ramen Variety Box XL", "price.49": "16900", "stock.46": "9"]
                let batch = try #require(BatchTesting.batchID(try await SheetTesting.post(session, SheetTesting.form(sheet, edits))))
                session.take(try await session.get("/batches/\(batch)"))
                // After the preview: the card's price changes elsewhere (so it is not sent).
                try await market.change(52, ["price": 750_000])
                try await Self.apply(batch, session, harness)
                #expect(try await Self.rows(session, batch).values.map(\.status).sorted() == ["done", "done", "done"])
                // After the apply: the ramen's stock (untouched by the sheet) and the tower's
                // stock (set by it) change elsewhere.
                try await market.change(49, ["stock": 61])
                try await market.change(46, ["stock": 12])
                let start = market.writes.count

                let undo = try await BatchTesting.press("undo", batch, session)
                #expect(undo.status == 303)
                let undoBatch = try #require(BatchTesting.batchID(undo))
                #expect(undoBatch != batch)
                session.take(try await session.get("/batches/\(undoBatch)"))
                let preview = try await Self.rows(session, undoBatch)
                #expect(Set(preview.keys) == [52, 49, 46], "one batch puts back the whole sheet")
                #expect(preview[52]?.text.contains("Stock: 3 → 1") == true, "\(preview[52]?.text ?? "")")
                #expect(preview[52]?.text.contains("Price") == false, "the price was never sent, so it is not put back")
                #expect(preview[49]?.text.contains("Name: Ramen Variety Box XL → Ramen Variety Box 🍜") == true)
                #expect(Self.patches(market, since: start).isEmpty, "an undo is a preview first")

                try await Self.apply(undoBatch, session, harness)
                let sent = Self.patches(market, since: start)
                let bodies = Dictionary(sent.compactMap { write in
                    Int(write.path.split(separator: "/").last ?? "").map { ($0, Set(write.json?.keys.map { $0 } ?? [])) }
                }, uniquingKeysWith: { a, _ in a })
                #expect(bodies == [52: ["stock", "secret"], 49: ["name", "price", "secret"]], "\(sent.map { "\($0.path) \($0.json ?? [:])" })")
                let card = try await market.product(52)
                #expect(SheetTesting.number(card["price"]) == 750_000 && card["stock"] as? Int == 1)
                let ramen = try await market.product(49)
                #expect(ramen["name"] as? String == "Ramen Variety Box 🍜" && SheetTesting.number(ramen["price"]) == 15900)
                #expect(ramen["stock"] as? Int == 61, "a field the sheet did not set stays")
                #expect(try await market.product(46)["stock"] as? Int == 12, "a field changed since the apply stays")
                let undone = try await Self.rows(session, undoBatch)
                #expect(undone[46]?.status == "skipped")
                let tower = undone[46]?.text ?? ""
                #expect(tower.contains("Stock not put back: it was changed to 12 after batch \(batch) set it."), "\(tower)")
                #expect(tower.contains("Stock: 9 → 4 (not put back)"), "the field's arrow says it did not happen: \(tower)")
                #expect(!tower.contains("sheet was opened") && !tower.contains("after the preview"), "\(tower)")
            }
        }
    }

    /// A sheet of another page than the first: its post comes back to that page, whether no
    /// cell changed or one was bad (and then its way back is to that page of the table).
    @Test func aPostOfAnotherPage_comesBackToThatPage() async throws {
        try await withRecordingMarket { market in
            try await withDashboard(.recording(market)) { harness in
                var session = FormSession(port: harness.port)
                let state = "page=2&per_page=10&sort=-price"
                let sheet = try await session.open("/products/sheet?\(state)")
                let first = try #require(SheetTesting.rows(sheet.text).first)
                let unchanged = try await SheetTesting.post(session, SheetTesting.form(sheet))
                #expect(unchanged.status == 303)
                #expect(PageLink(unchanged.header("Location") ?? "") == PageLink("/products/sheet?\(state)"))

                let again = try await session.open("/products/sheet?\(state)")
                let bad = try await SheetTesting.post(session, SheetTesting.form(again, ["price.\(first.id)": "0"]), query: "?lang=en")
                #expect(bad.status == 422)
                #expect(SheetTesting.rows(bad.text).map(\.id) == SheetTesting.rows(sheet.text).map(\.id))
                let back = HTMLScan.tags("a", in: HTMLScan.block(in: bad.text, from: "<p class=\"back\">", to: "</p>")).first?["href"]
                #expect(PageLink(back ?? "") == PageLink("/products?view=table&\(state)"))
                // Typed back as it was: nothing changed, and the answer still knows the page.
                let fixed = try await SheetTesting.post(session, SheetTesting.form(bad, ["price.\(first.id)": first.cells["price"]?.value ?? ""]))
                #expect(PageLink(fixed.header("Location") ?? "") == PageLink("/products/sheet?\(state)"))
                #expect(market.writes.isEmpty)
            }
        }
    }

    /// A double click, or Back and send again: one batch, and both answers lead to it.
    @Test func aSheetPostedTwice_makesOneBatch() async throws {
        try await withRecordingMarket { market in
            try await withDashboard(.recording(market)) { harness in
                var session = FormSession(port: harness.port)
                let sheet = try await session.open("/products/sheet")
                let form = SheetTesting.form(sheet, ["stock.52": "4"])
                let browser = session
                async let first = SheetTesting.post(browser, form)
                async let second = SheetTesting.post(browser, form)
                let answers = try await [first, second]
                let third = try await SheetTesting.post(session, form)
                #expect(answers.map(\.status) == [303, 303] && third.status == 303)
                let locations = Set((answers + [third]).compactMap { $0.header("Location") })
                #expect(locations.count == 1, "\(locations)")
                #expect(try await SheetTesting.sheetBatches(session).count == 1)
                #expect(market.writes.isEmpty)
            }
        }
    }

    /// Back, a cell changed, and the same sheet sent again: no second preview and no silent
    /// lead to the first; the sheet comes back as typed (409) with the link to the preview made.
    @Test func aSheetSentAgainWithOtherCells_comesBackAsTyped() async throws {
        try await withRecordingMarket { market in
            try await withDashboard(.recording(market)) { harness in
                var session = FormSession(port: harness.port)
                let sheet = try await session.open("/products/sheet?lang=en")
                let first = try await SheetTesting.post(session, SheetTesting.form(sheet, ["stock.52": "4"]), query: "?lang=en")
                #expect(first.status == 303)
                let preview = try #require(first.header("Location"))

                let again = try await SheetTesting.post(session, SheetTesting.form(sheet, ["stock.52": "6"]), query: "?lang=en")
                #expect(again.status == 409)
                let text = HTMLScan.text(again.text)
                #expect(text.contains("This sheet was already sent and its preview made, so the changes you sent now are not in it."), "\(text)")
                #expect(HTMLScan.tags("a", in: HTMLScan.block(in: again.text, from: "class=\"problem\"", to: "</div>")).compactMap { $0["href"] } == [preview])
                #expect(SheetTesting.rows(again.text).first { $0.id == 52 }?.cells["stock"]?.value == "6")
                #expect(try await SheetTesting.sheetBatches(session).count == 1)
                #expect(market.writes.isEmpty)
            }
        }
    }
}
