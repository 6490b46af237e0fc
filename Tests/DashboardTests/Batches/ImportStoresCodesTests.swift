import SQLite
import Foundation
import Testing

@testable import Dashboard
import DashboardEngine

/// An import made by a person reading Korean keeps its notes, problems and warnings as codes:
/// the database holds no sentence of either language, and the pages word them for whoever
/// reads them later.
@Suite struct ImportStoresCodesTests {
    @Test func aKoreanReadersImport_storesNoKoreanSentence() async throws {
        try await withDashboard { dash in
            let own = try #require(try await dash.marketCatalogIDs(vendor: 28).first)
            let another = try #require(try await dash.marketCatalogIDs(vendor: 15).first)
            var session = FormSession(port: dash.port)
            _ = try await session.open("/products/import?lang=ko")
            session.cookie += "; om_lang=ko"
            // ASCII only: any Hangul in the database would be the dashboard's own words.
            let header = ["id", "name", "description", "price", "currency", "discounted_price", "stock", "images", "vendor", "color", "price"]
            let described = "Described well enough"
            let rows = [
                ["", "ab", described, "1000", "KRW", "0", "1", "a.jpg", "", "", ""],
                ["", "Fine Lamp", described, "1000", "KRW", "950", "3", "a.jpg", "", "", ""],
                ["", "Fine Lamp", described, "1000", "KRW", "0", "3", "a.jpg", "", "", ""],
                ["", "Broken Picture", described, "1000", "KRW", "0", "1", "broken.png", "", "", ""],
                ["", "Missing Picture", described, "1000", "KRW", "0", "1", "nothere.jpg", "", "", ""],
                ["", "Bad Price", described, "12x", "KRW", "0", "1", "a.jpg", "", "", ""],
                ["", "", "short", "0", "EUR", "0", "-1", "", "", "", ""],
                ["12x", "Bad Id", described, "1000", "KRW", "0", "1", "", "", "", ""],
                ["999999", "", "", "", "", "", "", "", "", "", ""],
                ["\(another)", "", "", "5", "", "", "", "", "", "", ""],
                ["\(own)", "", "", "", "", "", "-5", "", "", "", ""],
            ]
            let broken = TestFile(filename: "broken.png", contentType: "image/png", bytes: Array("not a picture at all".utf8))
            let posted = try await ImportTesting.post(
                session, csv: ImportTesting.write(header, rows), images: [.jpeg("a.jpg"), broken], path: "/products/import?lang=ko")
            #expect(posted.status == 303)
            let batch = try #require(BatchTesting.batchID(posted))

            // The Korean reader sees Korean words…
            let preview = try await session.get("/batches/\(batch)?lang=ko")
            #expect(preview.status == 200)
            #expect(HTMLScan.text(preview.text).contains("무시한 열: “vendor”(오픈마켓이 정하는 값)."))
            let shown = BatchTesting.rows(preview.text)
            #expect(shown.count == rows.count)
            #expect(shown.filter { $0.status == "invalid" }.count == 9, "\(shown.map(\.status))")

            // …and the database keeps codes: no Hangul in the notes, problems and warnings.
            // Read as the file holds it, beside the dashboard's own connection.
            let path = dash.app.configuration.dataDirectory.appendingPathComponent(StoredSentencesFixture.databaseFile).path
            let db = try SQLiteConnection(path: path)
            let kept = try db.rows("SELECT notes FROM batches WHERE id = ?", [.integer(batch)]) { $0.text(0) }
                + db.rows("SELECT problems || warnings FROM batch_rows WHERE batch_id = ?", [.integer(batch)]) { $0.text(0) }
            let store = dash.app.engine.batchStore
            #expect(kept.joined().contains(#""code":"#), "the batch has notes")
            let hangul = kept.filter { text in text.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) || (0x1100...0x11FF).contains($0.value) || (0x3130...0x318F).contains($0.value) } }
            #expect(hangul.isEmpty, "\(hangul)")
            let notes = try #require(try store.batch(batch)).notes.map(\.code)
            #expect(notes == [.columns(.computed(["vendor"])), .columns(.unrecognised(["color"])), .columns(.repeated(["price"]))])
            let problems = try store.rows(batch).flatMap { $0.problems + $0.warnings }
            #expect(!problems.contains { if case .sentence = $0.code { true } else { false } })

            // Nor anywhere in the database's files a Korean sentence's ending.
            var bytes: [UInt8] = []
            for file in [path, path + "-wal"] where FileManager.default.fileExists(atPath: file) {
                bytes += try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
            }
            try #require(!bytes.isEmpty)
            for ending in ["습니다", "주세요", "입니다"] {
                #expect(!Self.contains(bytes, Array(ending.utf8)), "\(ending) in the database")
            }
        }
    }

    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, haystack.count >= needle.count else { return false }
        return (0...(haystack.count - needle.count)).contains { start in haystack[start..<(start + needle.count)].elementsEqual(needle) }
    }
}
