import SQLite
import Foundation
import Testing

@testable import Dashboard
import DashboardEngine

/// A dashboard started on the data directory of the version that stored sentences (the
/// fixture, its times moved to now) over the embedded market: it upgrades the database in
/// place, and every batch, history and bin page answers, in English and in Korean, with each
/// row's problems and warnings in the page's language as they read before. What they read
/// before is the one oracle: the stored sentences, in today's words by the fixture's hand-kept
/// rewordings, each of which must change some sentence of that version.
@Suite struct UpgradedDataDirectoryTests {
    /// A row's problems and warnings as a page shows them.
    struct ShownNotes: Equatable, CustomStringConvertible {
        var problems: [String]
        var warnings: [String]

        var description: String { "problems \(problems), warnings \(warnings)" }
    }

    @Test func theFixture_opensUpgraded_andEveryPageReadsInItsLanguage() async throws {
        // The sentences as they were stored, from a copy nothing upgrades.
        let scratch = TemporaryDirectory()
        defer { scratch.remove() }
        let reference = scratch.url.appendingPathComponent("reference")
        try StoredSentencesFixture.install(at: reference)
        var stored: [String: [StoredSentencesFixture.OldText]] = [:]
        var rewordingsUsed: Set<Int> = []
        for value in try StoredSentencesFixture.storedValues(in: reference) {
            let texts = try #require(StoredSentencesFixture.oldTexts(value.text), "\(value.place)")
            stored[value.place] = texts
            for text in texts {
                rewordingsUsed.formUnion(StoredSentencesFixture.OldText.rewording(text.en).used)
                rewordingsUsed.formUnion(StoredSentencesFixture.OldText.rewording(text.ko).used)
            }
        }
        for (english, _) in StoredSentencesFixture.sentencesNotInTheFixture {
            rewordingsUsed.formUnion(StoredSentencesFixture.OldText.rewording(english).used)
        }
        let rewordings = StoredSentencesFixture.OldText.rewordings
        let unused = rewordings.indices.filter { !rewordingsUsed.contains($0) }.map { rewordings[$0].old }
        #expect(unused.isEmpty, "rewordings that change no sentence of that version: \(unused)")

        var installFailure: (any Error)?
        try await withDashboard(adjust: { configuration in
            // The embedded market's own vendor, as the fixture was made (Fixtures/README.md).
            configuration.vendorID = 28
            do { try StoredSentencesFixture.install(at: configuration.dataDirectory) } catch { installFailure = error }
        }) { dash in
            if let installFailure { throw installFailure }
            let store = dash.app.engine.batchStore
            let batches = try store.recent()
            #expect(batches.map(\.id) == Array((1...8).reversed()), "no batch pruned at start-up")

            for language in [Language.en, .ko] {
                /// The stored sentences of `place` as `language` words them today.
                func before(_ place: String, in language: Language) -> [String] {
                    (stored[place] ?? []).map { language == .en ? $0.today.en : $0.today.ko }
                }
                let other = language == .en ? Language.ko : .en
                let list = try await dash.get("/batches?lang=\(language.rawValue)")
                #expect(list.status == 200, "/batches?lang=\(language.rawValue)")

                for batch in batches {
                    let rows = try store.rows(batch.id)
                    var shown: [ShownBatchRow] = []
                    var shownNotes: [ShownNotes] = []
                    var pageTexts: [String] = []
                    // A batch's page shows 100 rows (the number the docs promise, written
                    // here rather than read from the page so a change of it fails).
                    let lastPage = max(1, (rows.count + 99) / 100)
                    for page in 1...lastPage {
                        let path = "/batches/\(batch.id)?lang=\(language.rawValue)&page=\(page)"
                        let answer = try await dash.get(path)
                        try #require(answer.status == 200, "\(path)")
                        shown += BatchTesting.rows(answer.text)
                        shownNotes += Self.notes(answer.text)
                        pageTexts.append(HTMLScan.text(answer.text))
                    }
                    try #require(shown.count == rows.count, "batch \(batch.id): every row on its pages")
                    let invalidPath = "/batches/\(batch.id)?status=invalid&lang=\(language.rawValue)"
                    let invalidPage = try await dash.get(invalidPath)
                    #expect(invalidPage.status == 200, "\(invalidPath)")
                    #expect(BatchTesting.rows(invalidPage.text).count == rows.filter { $0.status == .invalid }.count, "\(invalidPath)")

                    // An applied batch's problems say what was left out, not what will be.
                    let applied = batch.state == .running || batch.state == .finished
                    func afterApply(_ text: String) -> String {
                        applied
                            ? text.replacingOccurrences(of: "It is left out when you apply.", with: "It was left out.")
                                .replacingOccurrences(of: "이 상품은 적용하지 않습니다.", with: "이 상품은 적용하지 않았습니다.") : text
                    }
                    for (index, row) in rows.enumerated() {
                        let place = "batch \(batch.id) row \(row.number) (\(language.rawValue))"
                        #expect(shown[index].status == row.status.rawValue, "\(place)")
                        if row.status == .invalid { #expect(!shownNotes[index].problems.isEmpty, "\(place): an invalid row says why") }
                        // As the sentences read, in today's words; a row left out of an applied
                        // batch in the past tense.
                        let rowPlace = "batch \(batch.id) row \(row.number)"
                        let expected = ShownNotes(
                            problems: before("\(rowPlace) problems", in: language).map(afterApply),
                            warnings: before("\(rowPlace) warnings", in: language))
                        #expect(shownNotes[index] == expected, "\(place)")
                    }
                    let text = pageTexts.joined(separator: " ")
                    for note in before("batch \(batch.id) notes", in: language) {
                        #expect(text.contains(note), "batch \(batch.id) notes (\(language.rawValue)): \(note)")
                    }
                    // Nothing of the other language's sentences of the same batch.
                    let places = ["batch \(batch.id) notes"] + rows.flatMap { ["batch \(batch.id) row \($0.number) problems", "batch \(batch.id) row \($0.number) warnings"] }
                    let strays = Set(places.flatMap { before($0, in: other) + before($0, in: other).map(afterApply) }).filter { text.contains($0) }
                    #expect(strays.isEmpty, "batch \(batch.id) (\(language.rawValue)) shows \(strays.sorted())")
                }

                let entries = try await Self.allPages(dash, "/history", language) { HistoryHTML.entries($0).count }
                #expect(entries == 42, "every history entry kept and shown (\(language.rawValue))")
                let items = try await Self.allPages(dash, "/trash", language) { HTMLScan.blocks(in: $0, from: "<li class=\"trash-item\"", to: "</li>").count }
                #expect(items == 4, "every bin item kept and shown (\(language.rawValue))")
            }

            let database = dash.app.configuration.dataDirectory.appendingPathComponent(StoredSentencesFixture.databaseFile)
            let sentencesLeft = try SQLiteConnection(path: database.path).first(
                """
                SELECT (SELECT count(*) FROM batches WHERE notes LIKE '%"en":%')
                    + (SELECT count(*) FROM batch_rows WHERE problems LIKE '%"en":%' OR warnings LIKE '%"en":%')
                """) { $0.integer(0) }
            #expect(sentencesLeft == 0)
        }
    }

    /// The problems and warnings of each row of a batch page, in order.
    static func notes(_ html: String) -> [ShownNotes] {
        let body = HTMLScan.block(in: html, from: "<tbody>", to: "</tbody>")
        return HTMLScan.blocks(in: body, from: "<tr", to: "</tr>").map { row in
            // Each text comes after its hidden "Error:" or its "Warning:".
            func texts(_ start: String, after marker: String) -> [String] {
                HTMLScan.blocks(in: row, from: start, to: "</p>").map { block in
                    HTMLScan.text(block.range(of: marker).map { block[$0.upperBound...] } ?? block)
                }
            }
            return ShownNotes(
                problems: texts("<p class=\"row-problem\">", after: "</span>"), warnings: texts("<p class=\"row-warning\">", after: "</strong>"))
        }
    }

    /// Follows a list's pages (20 a page) until the last, each answered 200; the sum of
    /// `count` over them.
    static func allPages(_ dash: DashboardHarness, _ path: String, _ language: Language, count: (String) -> Int) async throws -> Int {
        var total = 0
        for page in 1...100 {
            let url = "\(path)?lang=\(language.rawValue)&per_page=20&page=\(page)"
            let answer = try await dash.get(url)
            try #require(answer.status == 200, "\(url)")
            total += count(answer.text)
            if !answer.text.contains("rel=\"next\"") { return total }
        }
        Issue.record("\(path): more than 100 pages")
        return total
    }
}
