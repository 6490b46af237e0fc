import DashboardEngine
import Foundation
import Testing

@testable import Dashboard

/// A batch preview that starts a sale checks each row against the sale's reference price (the
/// lowest price of the days before it), end to end: a dashboard over a market that records
/// every request, its clock moved by hand over 40 days while products are added and edited
/// through the forms, then a bulk change, the sheet or an import that puts them on sale. Rows
/// carry `data-reference` and `data-reference-price` with the sentence; the page counts the
/// rows above their reference and offers to show the reference as the price before.
@Suite struct ReferencePreviewTests {
    static let seoul = TimeZone(identifier: "Asia/Seoul") ?? .gmt
    static let day: TimeInterval = 86_400
    /// 40 days before the scene's present (`ScheduleScene.thursday`).
    static let start = ScheduleScene.thursday.addingTimeInterval(-40 * day)

    /// Four own products with 40 days of prices, all made through the forms:
    /// - `raised`: KRW 24,000 for 30 days, raised to 30,000 ten days ago;
    /// - `steady`: KRW 24,000 all along;
    /// - `raisedEarlier`: KRW 24,000, raised to 30,000 25 days ago;
    /// - `recent`: KRW 24,000, added yesterday.
    struct Scene {
        let market: RecordingMarket
        let harness: DashboardHarness
        let clock: ManualWallClock
        let accounts: Bool
        var raised = 0
        var steady = 0
        var raisedEarlier = 0
        var recent = 0
        /// When `recent` was added.
        var recentAt = Date()

        var products: [Int] { [raised, steady, raisedEarlier, recent] }

        /// A browser that may write: with accounts on, a new owner signed in now (a session
        /// started 40 days ago would have ended).
        func session() async throws -> FormSession {
            accounts ? try await harness.signedIn(.owner) : FormSession(port: harness.port)
        }

        /// Waits until no count runs and every price state learned is written: each write
        /// is stamped at the clock's present, after whatever came before.
        func settle() async {
            await harness.app.catalog.countEnded()
            await harness.app.catalog.countsObserved()
            await harness.app.engine.prices.recorded()
        }

        /// Adds a product through the register form, at KRW 24,000 with no discount.
        func add(_ name: String) async throws -> Int {
            await settle()
            var browser = try await session()
            _ = try await browser.open("/products/new")
            var fields = replacing(replacing(validProductFields, "name", with: name), "price", with: "24000")
            fields = replacing(fields, "discounted_price", with: "0")
            let answer = try await browser.post("/products", fields, files: [.jpeg("r.jpg", fill: 61)])
            let id = try #require(productID(fromLocation: answer.header("Location")), "the register form answered \(answer.status)")
            await settle()
            return id
        }

        /// Sets a product's price through the edit form, with no discount.
        func reprice(_ id: Int, name: String, to price: String) async throws {
            await settle()
            var flow = HistoryFlow(harness)
            flow.session = try await session()
            let answer = try await flow.edit(id, name: name, [("price", price), ("discounted_price", "0")])
            try #require(answer.status == 303, "the edit form answered \(answer.status)")
            await settle()
        }

        func move(days: Double) {
            clock.set(ReferencePreviewTests.start.addingTimeInterval(days * ReferencePreviewTests.day))
        }

        /// The list's bulk form setting a 30% discount on `ids`: the preview's id.
        func discount(_ ids: [Int], percent: String = "30") async throws -> Int {
            await settle()
            var browser = try await session()
            _ = try await browser.open("/products")
            let posted = try await BatchTesting.bulk(
                browser, ids.map { ("ids", String($0)) } + [("action", "discount_set"), ("value", percent), ("unit", "percent")])
            return try #require(BatchTesting.batchID(posted), "the bulk form answered \(posted.status)")
        }

        /// The batch's page as a reader with write access sees it.
        func page(_ batch: Int, language: String = "en") async throws -> TestResponse {
            var browser = try await session()
            return try await browser.open("/batches/\(batch)?lang=\(language)")
        }
    }

    /// Runs `body` with the four products' history made: the clock ends at the scene's
    /// present, 40 days after the first product was added.
    static func run(
        referenceDays: Int? = nil, accounts: Bool = false, _ body: (inout Scene) async throws -> Void
    ) async throws {
        let clock = ManualWallClock(start)
        try await withRecordingMarket { market in
            try await withDashboard(.recording(market), clock: clock, adjust: {
                $0.timeZone = seoul
                if let referenceDays { $0.referenceDays = referenceDays }
                if accounts {
                    $0.accounts = .required
                    $0.passwordHashing = .testsOnly(iterations: 2)
                }
            }) { harness in
                var scene = Scene(market: market, harness: harness, clock: clock, accounts: accounts)
                scene.raised = try await scene.add("Raised Kettle")
                scene.steady = try await scene.add("Steady Kettle")
                scene.raisedEarlier = try await scene.add("Early Kettle")
                scene.move(days: 15)
                try await scene.reprice(scene.raisedEarlier, name: "Early Kettle", to: "30000")
                scene.move(days: 30)
                try await scene.reprice(scene.raised, name: "Raised Kettle", to: "30000")
                scene.move(days: 39)
                scene.recentAt = clock.now()
                scene.recent = try await scene.add("Recent Kettle")
                scene.move(days: 40)
                await scene.settle()
                try await body(&scene)
            }
        }
    }

    /// One `<tr>` of a batch page: its product, its reference hooks and its text.
    struct ShownReference: Equatable {
        var hook: String?
        var price: String?
        var text: String
        /// The per-row offer's `row` field, when the row has one.
        var offerRow: String?
    }

    static func references(_ html: String) -> [Int: ShownReference] {
        let body = HTMLScan.block(in: html, from: "<tbody>", to: "</tbody>")
        var found: [Int: ShownReference] = [:]
        for block in HTMLScan.blocks(in: body, from: "<tr", to: "</tr>") {
            guard let tag = HTMLScan.tags("tr", in: block).first, let id = tag["data-product-id"].flatMap({ Int($0) }) else { continue }
            let reference = HTMLScan.block(in: block, from: "<p class=\"row-reference", to: "</p>")
            let offer = HTMLScan.tags("input", in: block).first { $0["name"] == "row" }?["value"]
            found[id] = ShownReference(
                hook: tag["data-reference"], price: tag["data-reference-price"], text: HTMLScan.text(reference), offerRow: offer)
        }
        return found
    }

    /// The summary above the rows: its count and words, and whether it offers the button.
    static func summary(_ html: String) -> (count: String?, text: String, offers: Bool)? {
        guard html.contains("data-references-above") else { return nil }
        let block = HTMLScan.block(in: html, from: "<div class=\"batch-references\"", to: "</div>")
        let tag = HTMLScan.tags("div", in: block).first
        return (tag?["data-references-above"], HTMLScan.text(block), block.contains("/reference\""))
    }

    // MARK: The checks

    @Test func aBulkDiscount_flagsTheRaisedProduct_withItsReferenceAndTrueDiscount_inBothLanguages() async throws {
        try await Self.run { scene in
            let batch = try await scene.discount(scene.products)
            let page = try await scene.page(batch)
            #expect(page.status == 200)
            let shown = Self.references(page.text)
            let raised = try #require(shown[scene.raised])
            #expect(raised.hook == "above")
            #expect(raised.price == "24000")
            #expect(raised.text.hasPrefix("Warning:"), "\(raised.text)")
            #expect(raised.text.contains("KRW 30,000") && raised.text.contains("KRW 24,000"), "\(raised.text)")
            #expect(raised.text.contains("the real discount is 12.5%, not 30%"), "\(raised.text)")
            #expect(raised.offerRow != nil, "the row offers to show the reference")

            #expect(shown[scene.steady] == ShownReference(
                hook: "ok", price: "24000", text: Wording(.en).referenceOK("KRW 24,000", days: 30), offerRow: nil))
            // Raised 25 days ago: inside the 30 days, the lowest is still the old price.
            #expect(shown[scene.raisedEarlier]?.hook == "above")
            #expect(shown[scene.raisedEarlier]?.price == "24000")

            let recent = try #require(shown[scene.recent])
            #expect(recent.hook == "insufficient")
            #expect(recent.price == nil)
            let since = LocalTime.timestamp(scene.recentAt, zone: Self.seoul, Wording(.en))
            // The sentence, then the way on: the import of the seller's earlier prices.
            #expect(recent.text == "\(Wording(.en).referenceInsufficient(knownFrom: since, days: 30)) \(Wording(.en)[.pastPricesLink])", "\(recent.text)")
            #expect(HTMLScan.hrefs(in: page.text).contains("/products/prices/import"))

            let summary = try #require(Self.summary(page.text))
            #expect(summary.count == "2")
            #expect(summary.text.contains("2 products would show a crossed-out price above their reference price, the lowest price in the 30 days before the sale."), "\(summary.text)")
            #expect(summary.offers)

            let korean = try await scene.page(batch, language: "ko")
            let ko = Self.references(korean.text)
            #expect(ko[scene.raised]?.text.contains("종전 가격") == true)
            #expect(ko[scene.raised]?.text.contains("실제 할인율은 30%가 아니라 12.5%입니다") == true, "\(ko[scene.raised]?.text ?? "")")
            #expect(ko[scene.raised]?.text.hasPrefix("주의:") == true)
            #expect(Self.summary(korean.text)?.text.contains("상품 2개는 할인 전 가격으로 표시되는 판매가가 종전 가격(할인 시작 전 30일 동안의 최저가)보다 높습니다") == true)
            KoreanPageScan.expectKorean(
                korean, "/batches/\(batch)?lang=ko", status: 200, allowed: KoreanPageScan.properNouns.union(["raised", "steady", "early", "recent", "kettle"]))
        }
    }

    @Test func rowsThatStartNoSale_carryNoHooks() async throws {
        try await Self.run { scene in
            // A stock change, and a price cut with no discount, start no sale.
            for (action, value) in [("stock_set", "3"), ("price_set", "20000")] {
                var browser = try await scene.session()
                _ = try await browser.open("/products")
                let posted = try await BatchTesting.bulk(
                    browser, scene.products.map { ("ids", String($0)) } + [("action", action), ("value", value), ("unit", "amount")])
                let batch = try #require(BatchTesting.batchID(posted), "\(action): \(posted.status)")
                let page = try await scene.page(batch)
                #expect(BatchTesting.rows(page.text).count == 4, "\(action)")
                #expect(!page.text.contains("data-reference"), "\(action)")
                #expect(Self.summary(page.text) == nil, "\(action)")
            }
        }
    }

    @Test func theSheetAndTheImport_giveTheSameHooks() async throws {
        try await Self.run { scene in
            await scene.settle()
            // The sheet: only the discount typed (9,000 off 30,000; 7,200 off 24,000).
            var browser = try await scene.session()
            let sheet = try await browser.open("/products/sheet?mine=1")
            #expect(sheet.status == 200)
            let posted = try await SheetTesting.post(
                browser, SheetTesting.form(sheet, ["discounted_price.\(scene.raised)": "9000", "discounted_price.\(scene.steady)": "7200"]),
                query: "?mine=1")
            let sheetBatch = try #require(BatchTesting.batchID(posted), "the sheet answered \(posted.status)")
            let fromSheet = Self.references(try await scene.page(sheetBatch).text)
            #expect(fromSheet[scene.raised]?.hook == "above")
            #expect(fromSheet[scene.raised]?.price == "24000")
            #expect(fromSheet[scene.raised]?.text.contains("12.5%") == true)
            #expect(fromSheet[scene.steady]?.hook == "ok")

            // The import: an id and a discount.
            var importer = try await scene.session()
            _ = try await importer.open("/products/import")
            let csv = ImportTesting.write(["id", "discount"], [[String(scene.raised), "9000"], [String(scene.recent), "7200"]])
            let imported = try await ImportTesting.post(importer, csv: csv)
            let importBatch = try #require(BatchTesting.batchID(imported), "the import answered \(imported.status)")
            let fromImport = Self.references(try await scene.page(importBatch).text)
            #expect(fromImport[scene.raised]?.hook == "above")
            #expect(fromImport[scene.raised]?.price == "24000")
            #expect(fromImport[scene.recent]?.hook == "insufficient")
            #expect(fromImport[scene.recent]?.price == nil)
        }
    }

    @Test func aScheduledStart_isCheckedAtItsOwnTime() async throws {
        try await Self.run { scene in
            let batch = try await scene.discount([scene.raised, scene.steady])
            #expect(Self.references(try await scene.page(batch).text)[scene.raised]?.hook == "above")
            // 35 days ahead, the 30 days before the start hold only the new price.
            var browser = try await scene.session()
            _ = try await browser.open("/batches/\(batch)")
            let page = try await browser.get("/batches/\(batch)")
            let starts = ScheduleScene.typed(scene.clock.now().addingTimeInterval(35 * Self.day), in: Self.seoul)
            let scheduled = try await BatchTesting.press("schedule", batch, browser, from: page.text, fields: [("starts_at", starts), ("ends_at", "")])
            try #require(scheduled.status == 303, "the schedule form answered \(scheduled.status)")
            let later = try await browser.get("/batches/\(batch)")
            let shown = Self.references(later.text)
            #expect(shown[scene.raised]?.hook == "ok")
            #expect(shown[scene.raised]?.price == "30000")
            #expect(shown[scene.steady]?.hook == "ok")
            #expect(shown[scene.steady]?.price == "24000")
            #expect(Self.summary(later.text) == nil)
            // A scheduled batch is no longer a preview: nothing to offer, and a post is refused.
            #expect(shown.values.allSatisfy { $0.offerRow == nil })
            let refused = try await BatchTesting.press("reference", batch, browser, from: later.text)
            #expect(refused.status == 409)
        }
    }

    @Test func referenceDays20_movesTheWindow() async throws {
        try await Self.run(referenceDays: 20) { scene in
            let batch = try await scene.discount(scene.products)
            let page = try await scene.page(batch)
            let shown = Self.references(page.text)
            // Raised 25 days ago: before the 20 days, so 30,000 is the lowest of them.
            #expect(shown[scene.raisedEarlier]?.hook == "ok")
            #expect(shown[scene.raisedEarlier]?.price == "30000")
            #expect(shown[scene.raised]?.hook == "above")
            #expect(shown[scene.raised]?.text.contains("in the 20 days before") == true, "\(shown[scene.raised]?.text ?? "")")
            #expect(Self.summary(page.text)?.count == "1")
        }
    }

    // MARK: The offer

    @Test func theOffer_keepsTheSalePrice_andApplyingSendsIt() async throws {
        try await Self.run { scene in
            let batch = try await scene.discount(scene.products)
            var browser = try await scene.session()
            let before = try await browser.open("/batches/\(batch)")
            // One row's button first, then every other such row's.
            let one = try await BatchTesting.press("reference", batch, browser, from: before.text, fields: [("row", "1")])
            #expect(one.status == 303)
            // The page drawn before the change acts on nothing.
            let stale = try await BatchTesting.press("reference", batch, browser, from: before.text)
            #expect(stale.status == 409)
            let middle = try await browser.get("/batches/\(batch)")
            #expect(Self.references(middle.text)[scene.raised]?.hook == "ok")
            #expect(Self.references(middle.text)[scene.raisedEarlier]?.hook == "above")
            let all = try await BatchTesting.press("reference", batch, browser, from: middle.text)
            #expect(all.status == 303)

            let after = try await browser.get("/batches/\(batch)")
            let shown = Self.references(after.text)
            #expect(shown[scene.raised]?.hook == "ok")
            #expect(shown[scene.raisedEarlier]?.hook == "ok")
            #expect(shown[scene.raised]?.price == "24000")
            #expect(Self.summary(after.text) == nil)
            let rows = try scene.harness.app.engine.batchStore.rows(batch)
            let raised = try #require(rows.first { $0.productID == scene.raised })
            #expect(raised.after.price == 24000 && raised.after.discountedPrice == 3000, "the buyer still pays 21,000: \(raised.after)")
            #expect(rows.first { $0.productID == scene.steady }?.after.price == nil, "an ok row is left as it was")

            let applied = try await BatchTesting.press("apply", batch, browser)
            #expect(applied.status == 303)
            #expect(await scene.harness.app.batchRunner.runEnds(batch))
            let product = try await scene.market.product(scene.raised)
            #expect((product["price"] as? NSNumber)?.intValue == 24000)
            #expect((product["discounted_price"] as? NSNumber)?.intValue == 3000)
            let early = try await scene.market.product(scene.raisedEarlier)
            #expect((early["price"] as? NSNumber)?.intValue == 24000)
            #expect((early["discounted_price"] as? NSNumber)?.intValue == 3000)
            // Applied: no longer a preview.
            #expect(try await BatchTesting.press("reference", batch, browser).status == 409)
        }
    }

    @Test func aViewer_seesTheWarning_butNoButton_andIsRefused() async throws {
        try await Self.run(accounts: true) { scene in
            let batch = try await scene.discount(scene.products)
            var viewer = try await scene.harness.signedIn(.viewer)
            let page = try await viewer.open("/batches/\(batch)")
            #expect(page.status == 200)
            let shown = Self.references(page.text)
            #expect(shown[scene.raised]?.hook == "above")
            #expect(shown.values.allSatisfy { $0.offerRow == nil })
            #expect(Self.summary(page.text)?.offers == false)
            let refused = try await BatchTesting.press("reference", batch, viewer, from: page.text)
            #expect(refused.status == 403)
            let rows = try scene.harness.app.engine.batchStore.rows(batch)
            #expect(rows.first { $0.productID == scene.raised }?.after.price == nil, "nothing changed")
        }
    }
}
