import Foundation
import SQLite
import Testing

@testable import DashboardEngine

/// `batches-2` on the fixture's database: every stored sentence becomes its code (the one the
/// fixture's table gives it, which the pages word as it was stored: `StoredSentenceWordingTests`
/// in DashboardTests), and a second run changes nothing.
@Suite struct BatchNoteMigrationTests: ~Copyable {
    let folder = TemporaryDirectory()

    deinit { folder.remove() }

    var data: URL { folder.url.appendingPathComponent("data") }

    @Test func theFixturesSentences_becomeTheCodesOfItsTable() throws {
        try StoredSentencesFixture.install(at: data)
        // A value that is not JSON, which reads as no problems before and after.
        try SQLiteConnection(path: data.appendingPathComponent(DashboardDatabase.fileName).path)
            .run("UPDATE batch_rows SET problems = 'not json' WHERE batch_id = 2 AND number = 1")
        let before = try StoredSentencesFixture.storedValues(in: data)
        // Two imports' notes and the problems or warnings of 84 rows, and the value above.
        try #require(before.count == 87)

        let clock = ManualWallClock()
        let store = BatchStore(database: try DashboardDatabase(directory: data, migrations: Engine.migrations, durable: false, clock: clock), clock: clock)
        let after = try StoredSentencesFixture.storedValues(in: data)
        #expect(after.map(\.place) == before.map(\.place))
        for (old, new) in zip(before, after) {
            guard let texts = StoredSentencesFixture.oldTexts(old.text) else {
                #expect(new.text == old.text, "\(old.place): not a list of sentences, left as it was")
                continue
            }
            #expect(!new.text.contains(#""en":"#) && !new.text.contains(#""ko":"#), "\(new.place): \(new.text)")
            let notes = try JSONDecoder().decode([BatchNote].self, from: Data(new.text.utf8))
            try #require(notes.count == texts.count, "\(new.place)")
            for (text, note) in zip(texts, notes) {
                if case .sentence = note.code { Issue.record("\(new.place): kept as a sentence: \(text.en)") }
                #expect(note.field?.rawValue == text.field, "\(new.place)")
                #expect(note.code == StoredSentencesFixture.codes[text.en], "\(new.place): \(text.en)")
            }
        }
        #expect(try store.row(2, 1)?.problems == [])
        // The store reads what the step wrote: the import's notes, a row's problems.
        #expect(try store.batch(5)?.notes.map(\.code) == [
            .columns(.computed(["vendor", "bargain_price"])), .columns(.unrecognised(["color"])), .columns(.repeated(["price"])),
        ])
        #expect(try store.row(5, 33)?.problems == [
            .field(.nameLength(2), on: .name), .field(.descriptionLength(5), on: .description), .field(.priceNotPositive, on: .price),
            .field(.stockNegative, on: .stock), .field(.currency, on: .currency), .field(.imagesMissing, on: .images),
        ])

        // Run again, by hand and by opening the database again: nothing changes.
        try store.database.use { db throws(SQLiteError) in try BatchNoteMigration.run(db) }
        _ = try DashboardDatabase(directory: data, migrations: Engine.migrations, durable: false, clock: clock)
        #expect(try StoredSentencesFixture.storedValues(in: data) == after)
        let applied = try store.database.use { db throws(SQLiteError) in try db.rows("SELECT name FROM migrations ORDER BY rowid") { $0.text(0) } }
        // Each migration once; the fixture's version had the first of each table's, so the
        // later ones follow them in the order they came.
        #expect(applied.sorted() == Engine.migrations.map(\.name).sorted())
        #expect(applied.filter { $0.hasPrefix("batches-") } == Engine.migrations.map(\.name).filter { $0.hasPrefix("batches-") })
        #expect(applied.contains("batches-2"))
    }
}
