import Foundation
import LocalMarket
import Testing

@testable import Dashboard
import DashboardEngine

/// Who did what: with accounts on, every write records the account that asked for it (a form,
/// a batch applied, undone or scheduled), `/history` names it (`data-by`) and keeps one
/// account's entries (`?by=`), and `/history.csv` exports the same; with accounts off the
/// history is as it was.
@Suite struct HistoryWhoTests {
    /// The body of a streamed answer with its chunked coding undone (RFC 9112 §7.1).
    static func csvText(_ response: TestResponse) -> String {
        guard response.header("Transfer-Encoding") == "chunked" else { return response.text }
        var body: [UInt8] = []
        var rest = response.body[...]
        while let lineEnd = rest.firstIndex(of: 0x0D), let size = Int(String(decoding: rest[..<lineEnd], as: UTF8.self), radix: 16), size > 0 {
            let start = lineEnd + 2
            body += rest[start..<start + size]
            rest = rest[(start + size + 2)...]
        }
        return String(decoding: body, as: UTF8.self)
    }

    /// The records of a `/history.csv` answer after its header, each as its cells (RFC 4180:
    /// quoted cells, doubled quotes, line breaks inside quotes).
    static func csvLines(_ response: TestResponse) -> [[String]] {
        var records: [[String]] = []
        var record: [String] = []
        var cell = ""
        var quoted = false
        var text = csvText(response).unicodeScalars[...]
        if text.first == "\u{FEFF}" { text = text.dropFirst() }
        var iterator = text.makeIterator()
        var pending: Unicode.Scalar?
        while let scalar = pending ?? iterator.next() {
            pending = nil
            if quoted {
                if scalar == "\"" {
                    let next = iterator.next()
                    if next == "\"" { cell.unicodeScalars.append("\"") } else { quoted = false; pending = next }
                } else {
                    cell.unicodeScalars.append(scalar)
                }
            } else if scalar == "\"" {
                quoted = true
            } else if scalar == "," {
                record.append(cell)
                cell = ""
            } else if scalar == "\r" {
                continue
            } else if scalar == "\n" {
                record.append(cell)
                records.append(record)
                record = []
                cell = ""
            } else {
                cell.unicodeScalars.append(scalar)
            }
        }
        return Array(records.dropFirst())
    }

    /// The `by` of each entry of a history page, by entry id (nil: no `data-by`).
    static func shownBy(_ html: String) -> [Int: String?] {
        Dictionary(uniqueKeysWithValues: HistoryHTML.entries(html).map { entry in
            (entry.id, HTMLScan.tags("li", in: entry.html).first?["data-by"])
        })
    }

    @Test func anEditorsEdit_andAnOwnersDelete_showTheirNames_onTheHistory_andInTheCSV() async throws {
        try await withAccountsDashboard { dash in
            let (one, two) = try await HistoryPageTests.ownProducts(dash)
            var editor = HistoryFlow(dash)
            editor.session = try await dash.signedIn(.editor, name: "Mina")
            #expect(try await editor.edit(one, name: "Edited by Mina", [("stock", "41")]).status == 303)
            var owner = HistoryFlow(dash)
            owner.session = try await dash.signedIn(.owner, name: "Sora")
            #expect(try await owner.delete(two).status == 303)

            let page = try await owner.history()
            #expect(page.status == 200)
            let entries = HistoryHTML.entries(page.text)
            let edit = try #require(entries.first { $0.kind == "edit" })
            let delete = try #require(entries.first { $0.kind == "delete" })
            #expect(Self.shownBy(page.text)[edit.id] == "Mina")
            #expect(Self.shownBy(page.text)[delete.id] == "Sora")
            #expect(HTMLScan.text(edit.html).contains("By Mina"))
            #expect(HTMLScan.text(delete.html).contains("By Sora"))
            // The filter offers both names, with accounts on.
            let filter = HTMLScan.block(in: page.text, from: "<nav class=\"who-filter\"", to: "</nav>")
            #expect(HTMLScan.hrefs(in: filter) == ["/history", "/history?by=Mina", "/history?by=Sora"])
            #expect(page.text.contains("href=\"/history.csv\""))

            let ko = try await owner.session.client.get("/history", headers: ["Cookie": owner.session.cookies, "Accept-Language": "ko"])
            let koEdit = try #require(HistoryHTML.entries(ko.text).first { $0.kind == "edit" })
            #expect(HTMLScan.text(koEdit.html).contains("작업자: Mina"))

            let csv = try await owner.session.get("/history.csv")
            #expect(csv.status == 200)
            #expect(csv.header("Content-Type") == "text/csv; charset=utf-8")
            #expect(Self.csvText(csv).hasPrefix("\u{FEFF}id,at,by,kind,product_id,product_name,field,old,new,outcome\r\n"))
            let lines = Self.csvLines(csv)
            let editLine = try #require(lines.first { $0[0] == String(edit.id) && $0[6] == "stock" })
            #expect(editLine[2] == "Mina")
            #expect(editLine[3] == "edit")
            #expect(editLine[4] == String(one))
            #expect(editLine[8] == "41")
            #expect(editLine[9] == "done")
            #expect(editLine[1].hasSuffix("+09:00"), "the seller's zone's offset: \(editLine[1])")
            let deleteLines = lines.filter { $0[0] == String(delete.id) }
            #expect(deleteLines.count == 1, "a delete is one line")
            #expect(deleteLines.first.map { [$0[2], $0[3], $0[6], $0[7], $0[8]] } == ["Sora", "delete", "", "", ""])
        }
    }

    @Test func byFilters_toEachAccount_withoutCase_andPagingKeepsIt() async throws {
        try await withAccountsDashboard { dash in
            let (one, two) = try await HistoryPageTests.ownProducts(dash)
            var mina = HistoryFlow(dash)
            mina.session = try await dash.signedIn(.editor, name: "Mina")
            for index in 0..<21 {
                #expect(try await mina.edit(one, name: "Mina's kettle", [("stock", "\(index + 1)")]).status == 303)
            }
            var sora = HistoryFlow(dash)
            sora.session = try await dash.signedIn(.owner, name: "Sora")
            #expect(try await sora.edit(two, name: "Sora's kettle", [("stock", "5")]).status == 303)

            let first = try await sora.history("/history?by=mina")
            #expect(first.status == 200)
            let shown = Self.shownBy(first.text)
            #expect(shown.count == 20)
            #expect(shown.values.allSatisfy { $0 == "Mina" })
            let nav = HTMLScan.block(in: first.text, from: "<nav class=\"pagination\"", to: "</nav>")
            #expect(nav.contains("href=\"/history?by=mina&amp;page=2\""), "the name as typed: \(nav)")
            let second = try await sora.history("/history?by=Mina&page=2")
            #expect(Self.shownBy(second.text).values.map { $0 } == ["Mina"])

            let soras = try await sora.history("/history?by=SORA")
            #expect(Self.shownBy(soras.text).values.map { $0 } == ["Sora"])
            // With ?product=: Mina's entries of Sora's product are none.
            let none = try await sora.history("/history?product=\(two)&by=Mina")
            #expect(none.status == 200)
            #expect(HistoryHTML.entries(none.text).isEmpty)
            let stranger = try await sora.history("/history?by=Nobody")
            #expect(stranger.status == 200)
            #expect(HTMLScan.text(stranger.text).contains("No changes by Nobody are in the history."))
            #expect(stranger.text.contains("href=\"/history.csv?by=Nobody\""))

            let csv = Self.csvLines(try await sora.session.get("/history.csv?by=sora"))
            #expect(!csv.isEmpty)
            #expect(csv.allSatisfy { $0[2] == "Sora" })
        }
    }

    @Test func aBulkChange_appliedByOne_andUndoneByAnother_recordsEach() async throws {
        try await ScheduleScene.run(accounts: true) { scene in
            let products = try await scene.register(2)
            scene.session = try await scene.harness.signedIn(.editor, name: "Mina")
            let batch = try await scene.preview(products)
            #expect(try await scene.press("apply", batch).status == 303)
            try await scene.waitForRun(batch)

            scene.session = try await scene.harness.signedIn(.owner, name: "Sora")
            _ = try await scene.session.open("/batches/\(batch)")
            let pressed = try await BatchTesting.press("undo", batch, scene.session)
            let undo = try #require(BatchTesting.batchID(pressed), "answered \(pressed.status)")
            #expect(try await scene.press("apply", undo).status == 303)
            try await scene.waitForRun(undo)

            let store = scene.harness.app.engine.batchStore
            let applied = try #require(try store.batch(batch))
            #expect(applied.madeBy?.text == "Mina")
            #expect(applied.appliedBy?.text == "Mina")
            let undone = try #require(try store.batch(undo))
            #expect(undone.madeBy?.text == "Sora")
            #expect(undone.appliedBy?.text == "Sora")

            let history = try await scene.page("/history").text
            for entry in HistoryHTML.entries(history) {
                let by = HTMLScan.tags("li", in: entry.html).first?["data-by"]
                // The batch that wrote the entry is its first link to a batch.
                let writer = HTMLScan.hrefs(in: entry.html).first { $0.hasPrefix("/batches/") }
                if writer == "/batches/\(batch)" { #expect(by == "Mina") }
                if writer == "/batches/\(undo)" { #expect(by == "Sora") }
            }
            #expect(HistoryHTML.entries(history).filter { $0.html.contains("data-by=") }.count == 4)
            let page = try await scene.page("/batches/\(batch)").text
            #expect(page.contains("data-made-by=\"Mina\" data-applied-by=\"Mina\""))
            #expect(HTMLScan.text(page).contains("Made and applied by Mina"))
            let list = try await scene.page("/batches").text
            #expect(list.contains("data-made-by=\"Sora\" data-applied-by=\"Sora\""))
        }
    }

    @Test func aScheduleMadeByAnEditor_firedByTheClock_recordsTheEditor() async throws {
        try await ScheduleScene.run(accounts: true) { scene in
            scene.session = try await scene.harness.signedIn(.editor, name: "Mina")
            let sale = try await scene.sale(2, from: 2, until: 5)
            scene.session = try await scene.harness.signedIn(.owner, name: "Sora")
            try await scene.move(to: sale.start)
            try await scene.move(to: sale.end)

            let store = scene.harness.app.engine.batchStore
            let batch = try #require(try store.batch(sale.batch))
            #expect(batch.appliedBy?.text == "Mina")
            let revertID = try #require(batch.schedule?.revertID)
            #expect(try store.batch(revertID)?.appliedBy?.text == "Mina")
            let history = try await scene.page("/history").text
            let shown = Self.shownBy(history)
            #expect(shown.count == 4, "two prices set, two put back")
            #expect(shown.values.allSatisfy { $0 == "Mina" }, "\(shown)")
            let page = try await scene.page("/batches/\(sale.batch)").text
            #expect(HTMLScan.text(page).contains("scheduled by Mina"))
        }
    }

    /// With accounts off the history says nothing about who, offers no filter, and the CSV's
    /// `by` is empty.
    @Test func withAccountsOff_entriesAreAsBefore() async throws {
        try await withDashboard { dash in
            let (one, _) = try await HistoryPageTests.ownProducts(dash)
            var flow = HistoryFlow(dash)
            #expect(try await flow.edit(one, name: "Nobody's kettle", [("stock", "9")]).status == 303)
            let page = try await flow.history()
            #expect(!HistoryHTML.entries(page.text).isEmpty)
            #expect(!page.text.contains("data-by"))
            #expect(!page.text.contains("entry-by"))
            #expect(!page.text.contains("who-filter"))
            #expect(HistoryHTML.entries(page.text).allSatisfy { !HTMLScan.text($0.html).contains("By ") })
            let lines = Self.csvLines(try await flow.session.get("/history.csv"))
            #expect(!lines.isEmpty)
            #expect(lines.allSatisfy { $0[2].isEmpty })
        }
    }

    /// A product whose name is a formula is text in the export: a `'` before it, the cell
    /// quoted, its quotes doubled.
    @Test func theCSV_keepsAHostileName_text() async throws {
        try await withDashboard { dash in
            var flow = HistoryFlow(dash)
            let hostile = "=HYPERLINK(\"http://evil.example\",\"x\")"
            let id = try await flow.register(name: hostile)
            let csv = try await flow.session.get("/history.csv?product=\(id)")
            #expect(csv.status == 200)
            #expect(Self.csvLines(csv).first?[5] == "'" + hostile, "a quote before it, as /products.csv writes it")
            #expect(Self.csvText(csv).contains(",\"'=HYPERLINK(\"\"http://evil.example\"\",\"\"x\"\")\","), "\(csv.text)")
            #expect(!Self.csvText(csv).contains(",=HYPERLINK"))
        }
    }

    /// A data directory from before the journal knew who (the stored-sentences fixture) opens,
    /// and its entries read on the page and in the CSV with nobody named.
    @Test func anUpgradedDatabase_opens_andItsEntriesNameNobody() async throws {
        var installFailure: (any Error)?
        try await withDashboard(adjust: { configuration in
            configuration.vendorID = 28
            do { try StoredSentencesFixture.install(at: configuration.dataDirectory) } catch { installFailure = error }
        }) { dash in
            if let installFailure { throw installFailure }
            let page = try await dash.get("/history?per_page=100")
            #expect(page.status == 200)
            #expect(!HistoryHTML.entries(page.text).isEmpty)
            #expect(!page.text.contains("data-by"))
            let csv = try await dash.get("/history.csv")
            #expect(csv.status == 200)
            let lines = Self.csvLines(csv)
            #expect(!lines.isEmpty)
            #expect(lines.allSatisfy { $0.count >= 10 && $0[2].isEmpty })
            let filtered = try await dash.get("/history?by=Mina")
            #expect(filtered.status == 200)
            #expect(HistoryHTML.entries(filtered.text).isEmpty)
        }
    }
}
