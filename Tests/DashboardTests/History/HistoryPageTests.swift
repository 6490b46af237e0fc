import Foundation
import LocalMarket
import Testing

@testable import Dashboard
import DashboardEngine

/// `GET /history`: pages of the journal newest first, one product's history, and times in
/// the reader's language with the zone; the options that set how long things are kept.
@Suite struct HistoryPageTests {
    /// `count` edits saved through the edit form of products `products`, in turn, each
    /// renaming its product "Journaled <id>" and setting its stock to 100 + its index; their
    /// entry ids, in the order they were made, told apart on the history page by the stock
    /// each set.
    static func journal(_ harness: DashboardHarness, count: Int, products: [Int]) async throws -> [Int] {
        var flow = HistoryFlow(harness)
        for index in 0..<count {
            let product = products[index % products.count]
            let saved = try await flow.edit(product, name: "Journaled \(product)", [("stock", "\(100 + index)")])
            try #require(saved.status == 303, "edit \(index): \(saved.status)")
        }
        var ids = [Int?](repeating: nil, count: count)
        for entry in HistoryHTML.entries(try await harness.get("/history?per_page=50").text) where entry.kind == "edit" {
            let changes = HTMLScan.text(HTMLScan.block(in: entry.html, from: "<dl class=\"changes\">", to: "</dl>"))
            let stock = try #require(changes.firstMatch(of: #/Stock \S+ → (\d+)/#).flatMap { Int($0.1) }, "\(changes)")
            try #require(ids.indices.contains(stock - 100) && ids[stock - 100] == nil, "\(changes)")
            ids[stock - 100] = entry.id
        }
        return try ids.map { try #require($0, "every edit has its entry") }
    }

    /// Two products of the embedded market's own vendor, which its edit forms change.
    static func ownProducts(_ harness: DashboardHarness) async throws -> (Int, Int) {
        let own = try await harness.marketCatalogIDs(vendor: LocalMarket.defaultVendor.id)
        try #require(own.count >= 2)
        return (own[0], own[1])
    }

    @Test func pages_newestFirst_withTheListsPagination() async throws {
        try await withDashboard { harness in
            let (one, two) = try await Self.ownProducts(harness)
            let ids = try await Self.journal(harness, count: 45, products: [one, two])
            let first = try await harness.get("/history")
            #expect(first.status == 200)
            #expect(first.header("Cache-Control") == "no-store")
            #expect(HistoryHTML.entries(first.text).map(\.id) == Array(ids.reversed().prefix(20)))
            let nav = HTMLScan.block(in: first.text, from: "<nav class=\"pagination\"", to: "</nav>")
            #expect(nav.contains("aria-label=\"Pagination\""))
            #expect(nav.contains("<a rel=\"next\" href=\"/history?page=2\">"))
            #expect(nav.contains("href=\"/history\" aria-current=\"page\""))
            #expect(nav.contains("href=\"/history?page=3\""))
            #expect(HTMLScan.text(first.text).contains("Showing 1–20 of 45 entries"))

            let last = try await harness.get("/history?page=3")
            #expect(HistoryHTML.entries(last.text).map(\.id) == Array(ids.reversed().suffix(5)))
            #expect(last.text.contains("<a rel=\"prev\" href=\"/history?page=2\">"))
            #expect(!last.text.contains("rel=\"next\""))

            let whole = try await harness.get("/history?per_page=50")
            #expect(HistoryHTML.entries(whole.text).count == 45)
            #expect(!whole.text.contains("aria-label=\"Pagination\""))

            let nonsense = try await harness.get("/history?page=abc&per_page=7")
            #expect(HistoryHTML.entries(nonsense.text).map(\.id) == Array(ids.reversed().prefix(20)))
            let past = try await harness.get("/history?page=9")
            #expect(past.status == 200)
            #expect(HTMLScan.text(past.text).contains("There are no entries on page 9."))
        }
    }

    /// An entry's label says what happened, in the words of the buttons that did it: a product
    /// is added (as with Add product), an undo is undone (an event, not the Undo command).
    @Test func entryLabels_sayWhatHappened_inTheSellersWords() async throws {
        try await withDashboard { harness in
            var flow = HistoryFlow(harness)
            let id = try await flow.register(name: "Label Kettle")
            _ = try await flow.edit(id, name: "Label Kettle", [("stock", "3")])
            let edit = try #require(HistoryHTML.entries(try await flow.history("/history?product=\(id)").text).first { $0.kind == "edit" })
            #expect(try await flow.undo(edit.id).status == 303)
            let entries = HistoryHTML.entries(try await flow.history("/history?product=\(id)").text)
            func label(_ kind: String) -> String? {
                entries.first { $0.kind == kind }.map { HTMLScan.text(HTMLScan.block(in: $0.html, from: "<strong class=\"entry-kind\">", to: "</strong>")) }
            }
            #expect(label("create") == "Added")
            #expect(label("edit") == "Edited")
            #expect(label("undo") == "Put back")
            let korean = HistoryHTML.entries(try await HTTPTestClient.get(
                harness.port, "/history?product=\(id)", headers: KoreanPageScan.korean.merging(["Cookie": flow.session.cookie]) { a, _ in a }).text)
            #expect(korean.first { $0.kind == "undo" }.map { $0.html.contains(">되돌림</strong>") } == true)
            // Stock is counted in 개, and an entry's number says it is an entry, not a product.
            let koreanEdit = try #require(korean.first { $0.kind == "edit" })
            #expect(HTMLScan.text(koreanEdit.html).contains("3개"), "\(HTMLScan.text(koreanEdit.html))")
            #expect(HTMLScan.text(koreanEdit.html).contains("\(edit.id)번 기록"))
            #expect(HTMLScan.text(edit.html).contains("Entry \(edit.id)") && !edit.html.contains("#\(edit.id)<"))
        }
    }

    /// An edit reads "7 → 4", said once; an undo asked again names the undo that did it, and
    /// that nothing was changed; one product's history leads to the recycle bin while it holds
    /// the deleted product, and to the product it was restored as.
    @Test func changesReadOldToNew_andADeletedProductsHistoryLeadsToTheBin() async throws {
        try await withDashboard { harness in
            var flow = HistoryFlow(harness)
            let id = try await flow.register(name: "Arrow Kettle")
            _ = try await flow.edit(id, name: "Arrow Kettle", [("stock", "4")])
            let edit = try #require(HistoryHTML.entries(try await flow.history("/history?product=\(id)").text).first { $0.kind == "edit" })
            let changes = HTMLScan.text(HTMLScan.block(in: edit.html, from: "<dl class=\"changes\">", to: "</dl>"))
            #expect(changes == "Stock 7 → 4", "\(changes)")

            #expect(try await flow.undo(edit.id).status == 303)
            let undo = try #require(HistoryHTML.entries(try await flow.history("/history?product=\(id)").text).first { $0.kind == "undo" })
            let again = try await flow.undo(edit.id)
            #expect(again.status == 409)
            #expect(HTMLScan.text(again.text).contains("Entry \(edit.id) was already undone by entry \(undo.id). Nothing was changed."))

            let links = { (html: String) in HTMLScan.block(in: html, from: "<p class=\"page-links\">", to: "</p>") }
            let before = links(try await flow.history("/history?product=\(id)").text)
            #expect(HTMLScan.tags("a", in: before).first.map { "\($0["href"] ?? "") \(HTMLScan.text(before))" }?.hasPrefix("/products/\(id) Product page") == true)

            #expect(try await flow.delete(id).status == 303)
            let deleted = links(try await flow.history("/history?product=\(id)").text)
            #expect(HTMLScan.hrefs(in: deleted) == ["/trash", "/history"], "\(deleted)")
            #expect(HTMLScan.text(deleted).hasPrefix("Open the recycle bin"))

            let trash = try await flow.session.open("/trash")
            let entry = try #require(HTMLScan.tags("li", in: trash.text).first { $0["class"] == "trash-item" }?["data-entry-id"].flatMap { Int($0) })
            #expect(try await flow.restore(entry).status == 303)
            let restored = links(try await flow.history("/history?product=\(id)").text)
            let href = try #require(HTMLScan.hrefs(in: restored).first)
            #expect(href.hasPrefix("/products/") && href != "/products/\(id)")
            #expect(HTMLScan.text(restored).hasPrefix("Open product \(href.dropFirst("/products/".count))"), "\(restored)")
        }
    }

    @Test func oneProductsHistory_isLinkedFromItsPage_andKeepsTheProductInItsLinks() async throws {
        try await withDashboard { harness in
            let (three, four) = try await Self.ownProducts(harness)
            let ids = try await Self.journal(harness, count: 30, products: [three, four])
            let detail = try await harness.get("/products/\(three)")
            #expect(detail.text.contains("href=\"/history?product=\(three)\""))
            #expect(try await harness.get("/products/1").text.contains("href=\"/history?product=1\""), "on every product's page")

            let page = try await harness.get("/history?product=\(three)")
            let shown = HistoryHTML.entries(page.text)
            #expect(shown.map(\.id) == ids.enumerated().filter { $0.offset % 2 == 0 }.map(\.element).reversed())
            #expect(page.text.contains("<h1>History of “Journaled \(three)” (product \(three))</h1>"))
            #expect(page.text.contains("href=\"/products/\(three)\"") && page.text.contains("href=\"/history\""))
            #expect(HTMLScan.text(page.text).contains("Showing 1–15 of 15 entries"))

            let paged = try await harness.get("/history?product=\(four)&per_page=20")
            #expect(HistoryHTML.entries(paged.text).count == 15)
            let small = try await harness.get("/history?product=\(three)&page=1&per_page=20")
            #expect(HistoryHTML.entries(small.text).count == 15)
            #expect(try await harness.get("/history?product=777").text.contains("Nothing has been recorded yet."))
        }
    }

    @Test func timesAreInTheReadersLanguage_withTheZone() async throws {
        try await withDashboard { harness in
            _ = try await Self.journal(harness, count: 1, products: [try await Self.ownProducts(harness).0])
            let english = try await harness.get("/history?lang=en")
            let korean = try await harness.get("/history?lang=ko")
            let time = try #require(HTMLScan.tags("time", in: english.text).first?["datetime"])
            #expect(time.range(of: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$"#, options: .regularExpression) != nil)
            let zone = LocalTime.zoneLabel(.current, at: Date())
            #expect(HTMLScan.text(english.text).range(of: #"\d{4}-\d\d-\d\d \d\d:\d\d "# + zone, options: .regularExpression) != nil)
            #expect(HTMLScan.text(korean.text).range(of: #"\d{4}\. \d{1,2}\. \d{1,2}\. \d\d:\d\d "# + zone, options: .regularExpression) != nil)
            #expect(korean.text.contains("<h1>작업 기록</h1>"))
            #expect(korean.text.contains(">수정</strong>"))
        }
    }

    @Test func localTime_writesTheDateTimeAndZone() throws {
        let date = try #require(ISO8601DateFormatter().date(from: "2026-11-25T00:30:00Z"))
        let seoul = try #require(TimeZone(secondsFromGMT: 9 * 3600))
        #expect(LocalTime.timestamp(date, zone: seoul, Wording(.en)) == "2026-11-25 09:30 UTC+9")
        #expect(LocalTime.timestamp(date, zone: seoul, Wording(.ko)) == "2026. 11. 25. 09:30 UTC+9")
        #expect(LocalTime.machineReadable(date, zone: seoul) == "2026-11-25T09:30:00+09:00")
        let newfoundland = try #require(TimeZone(secondsFromGMT: -(3 * 3600 + 1800)))
        #expect(LocalTime.timestamp(date, zone: newfoundland, Wording(.en)) == "2026-11-24 21:00 UTC-3:30")
        #expect(LocalTime.timestamp(date, zone: try #require(TimeZone(secondsFromGMT: 0)), Wording(.en)) == "2026-11-25 00:30 UTC")
        let label = LocalTime.zoneLabel(.current, at: date)
        #expect(!label.isEmpty && label.allSatisfy { $0.isLetter || "+-:0123456789".contains($0) })
    }

    @Test func theOptions_setHowLongThingsAreKept() throws {
        func parse(_ arguments: [String], _ environment: [String: String] = [:]) throws(ConfigurationError) -> DashboardConfiguration {
            try DashboardConfiguration.parse(arguments: arguments, environment: environment)
        }
        let defaults = try parse([])
        #expect(defaults.historyDays == 90 && defaults.trash.retentionDays == 30 && defaults.trash.byteBudget == 512 * 1024 * 1024)
        let set = try parse(["--history-days", "7", "--trash-days=3", "--trash-bytes", "2G"])
        #expect(set.historyDays == 7 && set.trash.retentionDays == 3 && set.trash.byteBudget == 2 * 1024 * 1024 * 1024)
        let environment = try parse([], ["DASHBOARD_HISTORY_DAYS": "12", "DASHBOARD_TRASH_DAYS": "4", "DASHBOARD_TRASH_BYTES": "100MB"])
        #expect(environment.historyDays == 12 && environment.trash.retentionDays == 4 && environment.trash.byteBudget == 100 * 1024 * 1024)
        #expect(try parse(["--trash-bytes", "1000"]).trash.byteBudget == 1000)
        #expect(try parse(["--trash-bytes", "0"]).trash.byteBudget == 0)
        for bad in [["--history-days", "0"], ["--trash-days", "x"], ["--trash-bytes", "-1"], ["--trash-bytes", "12T"], ["--trash-bytes", "9999999999G"]] {
            #expect {
                _ = try parse(bad)
            } throws: { error in
                guard case ConfigurationError.invalid(let line) = error else { return false }
                return line.hasPrefix(bad[0]) && !line.contains("\n")
            }
        }
        for flag in ["--history-days", "--trash-days", "--trash-bytes"] {
            #expect(DashboardConfiguration.usage.contains(flag))
        }
    }

    @Test func aDamagedJournal_stopsStartUpWithOneLine_andIsLeftAsItWas() async throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let data = folder.url.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        let file = data.appendingPathComponent(StoredSentencesFixture.databaseFile)
        let garbage = Data(repeating: 0x5A, count: 16_384)
        try garbage.write(to: file)
        await #expect {
            try await withDashboard(adjust: { $0.dataDirectory = data }) { _ in }
        } throws: { error in
            let line = String(describing: error)
            return line.contains(file.path) && line.contains("cannot be used") && line.contains("history") && !line.contains("\n")
        }
        #expect(try Data(contentsOf: file) == garbage, "never reset silently")
    }
}
