import Foundation
import LocalMarket
import Testing

@testable import Dashboard

/// What `POST /products/sheet` refuses, against the market that records every request: bad
/// cells come back 422 in place with every typed value, rows of products this dashboard may
/// not change or that are not on the market are marked and left out, posts past the limits are
/// 413, a forged or stale token is refused; in every case the sheet comes back with what was
/// typed, and nothing is stored and nothing is sent.
@Suite struct SheetInputTests {
    /// Checks that the refused post left no batch and sent nothing.
    static func expectNothingMade(_ market: RecordingMarket, _ session: FormSession, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        #expect(market.writes.isEmpty, "sent \(market.writes.map(\.path))", sourceLocation: sourceLocation)
        #expect(try await SheetTesting.sheetBatches(session).isEmpty, "a batch was stored", sourceLocation: sourceLocation)
    }

    @Test func badCells_comeBack422InPlace_withASummaryLinkingToEach_andEveryTypedValue() async throws {
        try await withRecordingMarket { market in
            try await withDashboard(.recording(market)) { harness in
                var session = FormSession(port: harness.port)
                let sheet = try await session.open("/products/sheet?lang=en")
                let opened = Dictionary(uniqueKeysWithValues: SheetTesting.rows(sheet.text).map { ($0.id, $0.cells) })
                // One bad cell of each kind, and good ones beside them.
                let bad: [String: (typed: String, message: String)] = [
                    "price.52": ("0", "The price must be more than 0."),
                    "discounted_price.46": ("80000", "The discount cannot be more than the price."),
                    "stock.43": ("-1", "The stock must be a whole number, 0 or more."),
                    "stock.49": ("2.5", "The stock must be a whole number, 0 or more."),
                    "name.49": ("ab", "The name must be 3 to 100 characters; it has 2."),
                    "discounted_price.49": ("20000", "The discount cannot be more than the price."),
                    "price.58": ("12.345", "Enter the price with up to 2 decimal places, like 249.99."),
                    "price.43": ("lots", "Enter the price as a number, like 15000."),
                    "name.52": ("Card\u{1B}[0m", "The name has an invisible control character (U+001B) at character 5."),
                ]
                let good = ["stock.46": "7", "name.43": "전기 자전거 새것"]
                let typed = bad.mapValues(\.typed).merging(good) { a, _ in a }
                let answer = try await SheetTesting.post(session, SheetTesting.form(sheet, typed), query: "?lang=en")
                #expect(answer.status == 422)
                #expect(answer.header("Cache-Control") == "no-store")

                let summary = HTMLScan.block(in: answer.text, from: "<div class=\"error-summary\"", to: "</div>")
                #expect(HTMLScan.text(summary).contains("There are 9 problems to fix"), "\(HTMLScan.text(summary))")
                let links = HTMLScan.tags("a", in: summary).compactMap { $0["href"] }
                #expect(Set(links) == Set(bad.keys.map { "#" + $0 }), "\(links)")
                // Each entry names the product, and the field once, in the message.
                let stockName = opened[43]?["name"]?.shown ?? ""
                #expect(HTMLScan.text(summary).contains("“\(BidiText.isolated(stockName))”: The stock must be a whole number, 0 or more."), "\(HTMLScan.text(summary))")
                let ids = Set(HTMLScan.tags("input", in: answer.text).compactMap { $0["id"] })
                #expect(links.allSatisfy { ids.contains(String($0.dropFirst())) }, "each link lands on its cell")

                let rows = Dictionary(uniqueKeysWithValues: SheetTesting.rows(answer.text).map { ($0.id, $0.cells) })
                #expect(Set(rows.keys) == Set(opened.keys), "every row of the sheet comes back")
                for (name, expected) in bad {
                    let parts = name.split(separator: ".")
                    let cell = rows[Int(parts[1]) ?? 0]?[String(parts[0])]
                    #expect(cell?.value == expected.typed, "\(name) keeps what was typed")
                    let described = try #require(cell?.describedBy, "\(name) has no message beside it")
                    let message = HTMLScan.block(in: answer.text, from: "<p id=\"\(described)\"", to: "</p>")
                    #expect(HTMLScan.text(message).contains(expected.message), "\(name): \(HTMLScan.text(message))")
                }
                for (name, value) in good {
                    let parts = name.split(separator: ".")
                    let cell = rows[Int(parts[1]) ?? 0]?[String(parts[0])]
                    #expect(cell?.value == value, "\(name) keeps what was typed")
                    #expect(cell?.describedBy == nil)
                }
                // What the sheet showed comes back too, so the next post compares with it.
                for (id, cells) in opened {
                    for (field, cell) in cells { #expect(rows[id]?[field]?.shown == cell.shown, "was.\(field).\(id)") }
                }
                try await Self.expectNothingMade(market, session)

                // Fixed and sent again: a preview of exactly the typed changes.
                session.take(answer)
                let fixed = [
                    "price.52": "710000", "discounted_price.46": "8000", "stock.43": "1", "stock.49": "61", "name.49": "Ramen Box",
                    "discounted_price.49": "0", "price.58": "199.99", "price.43": "1800000", "name.52": opened[52]?["name"]?.shown ?? "",
                ]
                let again = try await SheetTesting.post(session, SheetTesting.form(answer, fixed))
                #expect(again.status == 303, "\(HTMLScan.text(HTMLScan.block(in: again.text, from: "<div class=\"error-summary\"", to: "</div>")))")
                let batch = try #require(BatchTesting.batchID(again))
                let preview = BatchTesting.rows(try await session.get("/batches/\(batch)?lang=en").text)
                #expect(Set(preview.compactMap(\.productID)) == [58, 52, 49, 46, 43])
                #expect(market.writes.isEmpty)
            }
        }
    }

    /// A product deleted on the market after the sheet was opened: the sheet comes back (422)
    /// with every typed cell, the product's row named in the summary, marked and left out of
    /// the next post, and the other problems beside their cells; nothing is made or sent.
    @Test func aProductDeletedSinceTheSheetOpened_isLeftOut_andEveryTypedCellIsKept() async throws {
        try await withRecordingMarket { market in
            try await withDashboard(.recording(market)) { harness in
                var session = FormSession(port: harness.port)
                let sheet = try await session.open("/products/sheet?lang=en")
                let name = try #require(SheetTesting.rows(sheet.text).first { $0.id == 52 }?.cells["name"]?.value)
                // Deleted in another tab after the sheet was opened.
                #expect(try await session.postURLEncoded("/products/52/delete", []).status == 303)
                let writes = market.writes.count
                let typed = ["price.52": "710000", "stock.46": "7", "name.43": "전기 자전거 새것", "price.49": "0"]
                let answer = try await SheetTesting.post(session, SheetTesting.form(sheet, typed), query: "?lang=en")
                #expect(answer.status == 422)
                #expect(answer.header("Cache-Control") == "no-store")
                let summary = HTMLScan.block(in: answer.text, from: "<div class=\"error-summary\"", to: "</div>")
                #expect(HTMLScan.text(summary).contains("There are 2 problems to fix"))
                #expect(Set(HTMLScan.tags("a", in: summary).compactMap { $0["href"] }) == ["#price.49", "#row-52"])
                #expect(HTMLScan.text(summary).contains(
                    "“\(name)” was deleted from the Open Market after this sheet was opened, so it is left out. Your other changes are kept below: select Preview changes again."))
                // The row is there, marked, its typed value kept, its inputs off.
                let row = try #require(HTMLScan.tags("tr", in: answer.text).first { $0["id"] == "row-52" })
                #expect(row["data-left-out"] == "deleted")
                let rowBlock = HTMLScan.block(in: answer.text, from: "<tr id=\"row-52\"", to: "</tr>")
                #expect(HTMLScan.text(rowBlock).contains("Deleted from the Open Market: left out"))
                #expect(HTMLScan.tags("input", in: rowBlock).allSatisfy { $0["disabled"] != nil })
                let rows = Dictionary(uniqueKeysWithValues: SheetTesting.rows(answer.text).map { ($0.id, $0.cells) })
                for (cell, value) in typed {
                    let parts = cell.split(separator: ".")
                    #expect(rows[Int(parts[1]) ?? 0]?[String(parts[0])]?.value == value, "\(cell) keeps what was typed")
                }
                #expect(market.writes.count == writes, "nothing sent")
                #expect(try await SheetTesting.sheetBatches(session).isEmpty)

                // Fixed and sent again: a preview of the other changes, without the deleted product.
                session.take(answer)
                let again = try await SheetTesting.post(session, SheetTesting.form(answer, ["price.49": "1800000"]))
                #expect(again.status == 303)
                let batch = try #require(BatchTesting.batchID(again))
                let preview = BatchTesting.rows(try await session.get("/batches/\(batch)?lang=en").text)
                #expect(Set(preview.compactMap(\.productID)) == [49, 46, 43])
                #expect(market.writes.count == writes)
            }
        }
    }

    /// A forged post naming another vendor's product: 403, the sheet again with every typed
    /// cell, that row marked and left out; nothing made or sent.
    @Test func anotherVendorsProduct_is403_withItsRowLeftOut_andNothingIsSent() async throws {
        try await withRecordingMarket { market in
            try await withDashboard(.recording(market)) { harness in
                var session = FormSession(port: harness.port)
                let sheet = try await session.open("/products/sheet")
                // 59 is 서울상회's; a forged post names it beside a good change.
                let foreign = SheetTesting.form(sheet, ["stock.52": "5", "price.59": "1000", "was.price.59": "45000"])
                let refused = try await SheetTesting.post(session, foreign, query: "?lang=en")
                #expect(refused.status == 403)
                #expect(HTMLScan.text(refused.text).contains("is not one of your products, so it cannot be changed here and is left out."))
                #expect(HTMLScan.tags("tr", in: refused.text).first { $0["id"] == "row-59" }?["data-left-out"] == "not-own")
                let rows = Dictionary(uniqueKeysWithValues: SheetTesting.rows(refused.text).map { ($0.id, $0.cells) })
                #expect(rows[52]?["stock"]?.value == "5" && rows[59]?["price"]?.value == "1000")
                try await Self.expectNothingMade(market, session)
                #expect(SheetTesting.number(try await market.product(59)["price"]) != 1000)
            }
        }
    }

    /// A post changing every cell of `ids` (the four columns, `was.` values as the sheet showed
    /// them), and `repeats` more copies of the first product's stock cell.
    static func everyCellChanged(_ ids: ClosedRange<Int>, repeats: Int = 0) -> [(String, String)] {
        var fields: [(String, String)] = []
        for id in ids {
            fields += [
                ("name.\(id)", "Sheet product \(id) renamed"), ("was.name.\(id)", "Sheet product \(id)"),
                ("price.\(id)", "11000"), ("was.price.\(id)", "10000"),
                ("discounted_price.\(id)", "1000"), ("was.discounted_price.\(id)", "0"),
                ("stock.\(id)", "6"), ("was.stock.\(id)", "5"),
            ]
        }
        return fields + Array(repeating: ("stock.\(ids.lowerBound)", "6"), count: repeats)
    }

    /// The limits at both edges, over 401 own products: 400 products with every cell changed
    /// (1,600 cells, the most a sheet of four columns holds) make a preview, and so do 2,000
    /// cells; 401 products, or 2,001 cells, are refused whole (413) with what was typed, and
    /// nothing is made or sent.
    @Test func atMost400ProductsAnd2000Cells_areTaken_andOneMoreIs413() async throws {
        let market = LiveShapedData.market(
            (1...401).map {
                ScriptedMarket.product(
                    id: $0, name: "Sheet product \($0)", vendor: LiveShapedData.ownVendor, price: 10000, discount: 0, stock: 5,
                    description: "A product of the sheet's limits.", imageIDs: [$0 * 10])
            })
        try await withDashboard(.liveShaped(market, vendorID: LiveShapedData.ownVendorID)) { harness in
            var session = FormSession(port: harness.port)
            _ = try await session.open("/products/sheet")
            let tooMany = try await SheetTesting.post(session, Self.everyCellChanged(1...401), query: "?lang=en")
            #expect(tooMany.status == 413)
            #expect(HTMLScan.text(tooMany.text).contains("The sheet is too large"))
            #expect(HTMLScan.text(tooMany.text).contains("One sheet changes at most 400 products (2,000 cells)"))
            // The sheet again, with what was typed.
            let rows = SheetTesting.rows(tooMany.text)
            #expect(rows.count == 401)
            #expect(rows.allSatisfy { $0.cells["name"]?.value == "Sheet product \($0.id) renamed" && $0.cells["stock"]?.value == "6" })

            let tooLarge = try await SheetTesting.post(session, Self.everyCellChanged(1...400, repeats: 401))
            #expect(tooLarge.status == 413)
            #expect(market.writes.isEmpty)
            #expect(try await SheetTesting.sheetBatches(session).isEmpty, "a batch was stored")

            let most = try await SheetTesting.post(session, Self.everyCellChanged(1...400))
            let batch = try #require(BatchTesting.batchID(most), "400 products, 1,600 cells: \(most.status)")
            _ = try await session.open("/products/sheet")
            let most2000 = try await SheetTesting.post(session, Self.everyCellChanged(1...400, repeats: 400))
            let other = try #require(BatchTesting.batchID(most2000), "2,000 cells: \(most2000.status)")
            #expect(other != batch)
            #expect(try await SheetTesting.sheetBatches(session).count == 2)
            #expect(market.writes.isEmpty, "a preview sends nothing")
        }
    }

    /// A token from an old tab or another browser, or a post from another site: refused, the
    /// sheet shown again with what was typed (and a fresh token), nothing made.
    @Test func aForgedOrStaleToken_orAnotherSite_isRefused_andNothingIsMade() async throws {
        try await withRecordingMarket { market in
            try await withDashboard(.recording(market)) { harness in
                var session = FormSession(port: harness.port)
                let sheet = try await session.open("/products/sheet")
                let form = SheetTesting.form(sheet, ["stock.52": "5"])
                var forged = session
                forged.csrfToken = "0123456789abcdef0123456789abcdef"
                let refused = try await SheetTesting.post(forged, form, query: "?lang=en")
                #expect(refused.status == 403)
                #expect(HTMLScan.text(refused.text).contains("Nothing was saved This page was opened before your browser was restarted"))
                #expect(HTMLScan.text(refused.text).contains("Your changes are kept below: select Preview changes again."))
                #expect(SheetTesting.rows(refused.text).first { $0.id == 52 }?.cells["stock"]?.value == "5", "what was typed stays")

                // Another browser (its own cookie) with this page's token.
                var other = FormSession(port: harness.port)
                _ = try await other.open("/products/sheet")
                other.csrfToken = session.csrfToken
                #expect(try await SheetTesting.post(other, form).status == 403)

                var headers = session.browserHeaders
                headers["Origin"] = "http://evil.example"
                headers["Sec-Fetch-Site"] = "cross-site"
                #expect(try await session.postURLEncoded("/products/sheet", form, headers: headers).status == 403)
                try await Self.expectNothingMade(market, session)

                // The page it came back with carries a token that works.
                session.take(refused)
                #expect(try await SheetTesting.post(session, SheetTesting.form(refused)).status == 303)
            }
        }
    }
}
