import Foundation
import MarketClient
import Testing

@testable import Dashboard
import DashboardEngine

/// What bulk, sheet and undo batches and the history keep about their rows (the market's
/// refusal, a value changed elsewhere, a row not sent) is stored as codes and worded when a
/// page is drawn: after a restart on the same data directory every page says the same words,
/// in English and in Korean, and no row keeps a sentence.
@Suite struct StoredCodesAfterRestartTests {
    static let ids = [651, 652, 653]

    /// The visible text of each page, in both languages.
    static func words(_ harness: DashboardHarness, _ paths: [String]) async throws -> [String: String] {
        var words: [String: String] = [:]
        for path in paths {
            for language in ["en", "ko"] {
                let separator = path.contains("?") ? "&" : "?"
                let page = try await harness.get("\(path)\(separator)lang=\(language)")
                #expect(page.status == 200, "\(path) in \(language) answered \(page.status)")
                words["\(path) \(language)"] = HTMLScan.text(page.text)
            }
        }
        return words
    }

    @Test func bulkSheetAndUndoBatches_andTheHistory_sayTheSameWordsAfterARestart() async throws {
        let market = ScriptedMarket(products: Self.ids.map { ScriptedMarket.product(id: $0, name: "Kept jar \($0)", stock: 3) })
        let clock = ManualWallClock(Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down)))
        try await withDashboard(.scripted(market), clock: clock) { harness in
            var session = FormSession(port: harness.port)
            // A bulk edit the market refuses for one product.
            _ = try await session.open("/products?mine=1")
            let posted = try await BatchTesting.bulk(session, Self.ids.map { ("ids", String($0)) } + [("action", "stock_set"), ("value", "7"), ("unit", "amount")])
            let bulk = try #require(BatchTesting.batchID(posted), "the bulk form answered \(posted.status)")
            market.state.withLock { $0.refusedEdits = [653] }
            #expect(try await BatchTesting.press("apply", bulk, session).status == 303)
            await harness.settle(batch: bulk)
            market.state.withLock { $0.refusedEdits = [] }

            // A sheet's edit, applied; then a product it set is changed elsewhere, so its undo
            // skips it.
            let sheet = try await session.open("/products/sheet")
            let sheetPosted = try await SheetTesting.post(session, SheetTesting.form(sheet, ["stock.651": "9", "stock.652": "9"]))
            let sheetBatch = try #require(BatchTesting.batchID(sheetPosted), "the sheet answered \(sheetPosted.status)")
            #expect(try await BatchTesting.press("apply", sheetBatch, session).status == 303)
            await harness.settle(batch: sheetBatch)
            market.state.withLock { $0.products[652]?.summary.stock = 12 }
            let undo = try await BatchTesting.press("undo", sheetBatch, session)
            let undoBatch = try #require(BatchTesting.batchID(undo), "Undo answered \(undo.status)")
            #expect(try await BatchTesting.press("apply", undoBatch, session).status == 303)
            await harness.settle(batch: undoBatch)

            let store = harness.app.engine.batchStore
            #expect(try store.rows(bulk).map(\.status) == [.done, .done, .failed])
            #expect(try store.rows(undoBatch).map(\.status).sorted { "\($0)" < "\($1)" } == [.done, .skipped])
            for batch in [bulk, sheetBatch, undoBatch] {
                let kept = try store.rows(batch).flatMap { $0.problems + $0.warnings } + (try store.batch(batch)?.notes ?? [])
                #expect(!kept.contains { if case .sentence = $0.code { true } else { false } }, "batch \(batch) keeps a sentence")
            }

            let paths = [bulk, sheetBatch, undoBatch].map { "/batches/\($0)?refresh=off" } + ["/history", "/history?product=653", "/history?product=652"]
            let before = try await Self.words(harness, paths)
            // The pages say what happened, so the comparison below compares something.
            #expect(before["/batches/\(bulk)?refresh=off en"]?.contains("price rejected by policy") == true, "\(before["/batches/\(bulk)?refresh=off en"] ?? "")")
            #expect(before["/batches/\(undoBatch)?refresh=off en"]?.contains("changed to 12 after batch \(sheetBatch) set it") == true, "\(before["/batches/\(undoBatch)?refresh=off en"] ?? "")")

            _ = try await harness.restart()
            await harness.settle()
            let after = try await Self.words(harness, paths)
            for key in before.keys.sorted() {
                #expect(after[key] == before[key], "\(key) reads otherwise after a restart:\nbefore: \(before[key] ?? "")\nafter: \(after[key] ?? "")")
            }
        }
    }
}
