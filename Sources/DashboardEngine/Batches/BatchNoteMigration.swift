import Foundation
import SQLite

/// The migration `batches-2`: every `batches.notes`, `batch_rows.problems` and
/// `batch_rows.warnings` a version that stored sentences wrote
/// (`[{"field":"price","en":"…","ko":"…"}]`) is written again as codes (`BatchNote`), each
/// sentence recognised from its English text (`LegacyBatchText`). A sentence the table does
/// not know is kept as `.sentence(en:ko:)`, both texts as they were, so no page loses a word.
///
/// A value in codes already, empty, or not a JSON list of notes is left as it is (the last
/// still reads as no notes), so the step can run on any database, twice or more.
enum BatchNoteMigration {
    static func run(_ db: SQLiteConnection) throws(SQLiteError) {
        let batches = try db.rows("SELECT id, notes FROM batches WHERE notes <> ''") { ($0.integer(0), $0.text(1)) }
        for (id, notes) in batches {
            guard let upgraded = upgraded(notes) else { continue }
            try db.run("UPDATE batches SET notes = ? WHERE id = ?", [.text(upgraded), .integer(id)])
        }
        let rows = try db.rows(
            "SELECT batch_id, number, problems, warnings FROM batch_rows WHERE problems <> '' OR warnings <> ''"
        ) { (batch: $0.integer(0), number: $0.integer(1), problems: $0.text(2), warnings: $0.text(3)) }
        for row in rows {
            let problems = upgraded(row.problems)
            let warnings = upgraded(row.warnings)
            guard problems != nil || warnings != nil else { continue }
            try db.run(
                "UPDATE batch_rows SET problems = ?, warnings = ? WHERE batch_id = ? AND number = ?",
                [.text(problems ?? row.problems), .text(warnings ?? row.warnings), .integer(row.batch), .integer(row.number)])
        }
    }

    /// `stored` in codes, or nil when it is left as it is: empty, not a JSON list of notes,
    /// or holding no sentence.
    static func upgraded(_ stored: String) -> String? {
        guard !stored.isEmpty, let items = try? JSONDecoder().decode([StoredItem].self, from: Data(stored.utf8)),
            items.contains(where: { $0.code == nil })
        else { return nil }
        var notes: [Note] = []
        for item in items {
            if let code = item.code {
                notes.append(.kept(item.field, CodeAndArguments(code: code, arguments: item.args ?? [])))
            } else if let en = item.en {
                let field = item.field.flatMap(ProductField.init(rawValue:))
                notes += Self.notes(en: en, ko: item.ko ?? en, field: field).map(Note.note)
            } else {
                // Neither a sentence nor a code: not ours to guess at.
                return nil
            }
        }
        guard let data = try? JSONEncoder().encode(notes) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// The notes an old sentence about `field` says, or the sentence itself when the table
    /// does not know it.
    static func notes(en: String, ko: String, field: ProductField?) -> [BatchNote] {
        guard let codes = LegacyBatchText.codes(en) else { return [BatchNote(.sentence(en: en, ko: ko), field: field)] }
        return codes.map { BatchNote($0, field: field) }
    }

    /// One element of a stored list, in either format.
    private struct StoredItem: Decodable {
        var field: String?
        var en: String?
        var ko: String?
        var code: String?
        var args: [String]?
    }

    /// One element written back: a recognised note, or a code kept exactly as it was stored
    /// (one this version may not know).
    private enum Note: Encodable {
        case note(BatchNote)
        case kept(String?, CodeAndArguments)

        private enum CodingKeys: String, CodingKey { case field, code, args }

        func encode(to encoder: any Encoder) throws {
            switch self {
            case .note(let note): try note.encode(to: encoder)
            case .kept(let field, let stored):
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encodeIfPresent(field, forKey: .field)
                try container.encode(stored.code, forKey: .code)
                if !stored.args.isEmpty { try container.encode(stored.args, forKey: .args) }
            }
        }
    }
}
