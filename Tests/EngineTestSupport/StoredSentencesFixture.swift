import DashboardEngine
import Foundation
import SQLite
import Testing

/// The data directory the dashboard wrote when it stored batch notes, row problems and
/// warnings as sentences in both languages (`Fixtures/data-directory-38621d7`, described in
/// `Fixtures/README.md`). Tests use a copy: SQLite writes beside a database it opens. The engine's
/// tests read its sentences as codes, the page tests word those codes.
package enum StoredSentencesFixture {
    /// The database's file in a data directory, as the fixture and every version name it.
    package static let databaseFile = "dashboard.sqlite"

    package static var source: URL {
        get throws { try #require(Bundle.module.resourceURL).appendingPathComponent("Fixtures/data-directory-38621d7") }
    }

    /// Copies the fixture to `directory` (not there yet) with its stored times moved so the
    /// newest is `now`: the dashboard drops batches, bin items and history older than its
    /// limits at start-up, by the real clock.
    package static func install(at directory: URL, now: Date = Date()) throws {
        try FileManager.default.createDirectory(at: directory.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: try source, to: directory)
        let db = try SQLiteConnection(path: directory.appendingPathComponent(Self.databaseFile).path)
        // Batches in seconds, the journal and the bin in milliseconds.
        let newest = try db.first(
            """
            SELECT max((SELECT max(coalesce(finished_at, created_at)) FROM batches), (SELECT max(at) FROM journal) / 1000,
                (SELECT max(kept_at) FROM trash) / 1000)
            """) { $0.integer(0) } ?? 0
        let seconds = Int(now.timeIntervalSince1970) - newest
        let milliseconds = seconds * 1000
        try db.transaction(.immediate, mapError: { $0 }) { () throws(SQLiteError) in
            try db.run("UPDATE batches SET created_at = created_at + ?, finished_at = finished_at + ?", [.integer(seconds), .integer(seconds)])
            try db.run("UPDATE journal SET at = at + ?, finished_at = finished_at + ?", [.integer(milliseconds), .integer(milliseconds)])
            try db.run("UPDATE trash SET kept_at = kept_at + ?, restored_at = restored_at + ?", [.integer(milliseconds), .integer(milliseconds)])
        }
    }

    /// A sentence as that version stored it.
    package struct OldText: Decodable, Hashable, Sendable {
        package var field: String?
        package var en: String
        package var ko: String
    }

    /// Each distinct English sentence of the fixture and the code it says.
    package static let codes: [String: BatchNote.Code] = [
        "A product has at most 5 images; this row names 6.": .row(.tooManyImages(6)),
        "Add 1 to 5 images (JPEG or PNG, each at most 300 KB).": .field(.imagesMissing),
        "Another product of yours has this name.": .warning(.duplicateName),
        "Choose KRW or USD.": .field(.currency),
        "Enter a description (10 to 1000 characters).": .field(.descriptionMissing),
        "Enter a number, like 1000 or 12.50.": .field(.notANumber),
        "Enter the price.": .field(.priceMissing),
        "Enter the product name (3 to 100 characters).": .field(.nameMissing),
        "Ignored: “color”, which this import does not know.": .columns(.unrecognised(["color"])),
        "Ignored: “price”, a column named twice (the first one was read).": .columns(.repeated(["price"])),
        "Ignored: “vendor”, “bargain_price”, which the market works out itself.": .columns(.computed(["vendor", "bargain_price"])),
        "Ignored: “등록일”, which the market works out itself.": .columns(.computed(["등록일"])),
        "Ignored: “비고”, which this import does not know.": .columns(.unrecognised(["비고"])),
        "Ignored: “재고”, a column named twice (the first one was read).": .columns(.repeated(["재고"])),
        "KRW amounts are whole numbers (no decimals).": .field(.krwWhole),
        "Row 10 of the file gives a product this name too.": .warning(.duplicateInFile(line: 10)),
        "Row 5 of the file gives a product this name too.": .warning(.duplicateInFile(line: 5)),
        "The description must be 10 to 1000 characters; it has 2.": .field(.descriptionLength(2)),
        "The description must be 10 to 1000 characters; it has 5.": .field(.descriptionLength(5)),
        "The description must be 10 to 1000 characters; it has 9.": .field(.descriptionLength(9)),
        "The discount cannot be more than the price.": .field(.discountOverPrice),
        "The discount is 112% of the price.": .warning(.deepDiscount(percent: 112)),
        "The discount is 204% of the price.": .warning(.deepDiscount(percent: 204)),
        "The discount is 92% of the price.": .warning(.deepDiscount(percent: 92)),
        "The discount is 95% of the price.": .warning(.deepDiscount(percent: 95)),
        "The id “12x” is not a product number; leave it empty to register a new product.": .row(.badID("12x")),
        "The id “abc” is not a product number; leave it empty to register a new product.": .row(.badID("abc")),
        "The name must be 3 to 100 characters; it has 1.": .field(.nameLength(1)),
        "The name must be 3 to 100 characters; it has 2.": .field(.nameLength(2)),
        "The price cannot be less than the discount (10000); lower the discount too.": .field(.priceUnderDiscount(10000)),
        "The price cannot be less than the discount (300000); lower the discount too.": .field(.priceUnderDiscount(300_000)),
        "The price cannot be less than the discount (5000); lower the discount too.": .field(.priceUnderDiscount(5000)),
        "The price goes down by 100%, more than half.": .warning(.priceJump(percent: 100, up: false)),
        "The price goes down by 55%, more than half.": .warning(.priceJump(percent: 55, up: false)),
        "The price goes down by 69%, more than half.": .warning(.priceJump(percent: 69, up: false)),
        "The price goes down by 80%, more than half.": .warning(.priceJump(percent: 80, up: false)),
        "The price goes down by 93%, more than half.": .warning(.priceJump(percent: 93, up: false)),
        "The price goes up by 100%, more than half.": .warning(.priceJump(percent: 100, up: true)),
        "The price must be at most 10,000,000,000.": .field(.priceTooHigh),
        "The price must be more than 0.": .field(.priceNotPositive),
        "The stock cannot be negative.": .field(.stockNegative),
        "The stock must be a whole number, 0 or more.": .field(.stockNotWhole),
        "The stock must be at most 2,147,483,647.": .field(.stockTooHigh),
        "There is no product 777777 on the market (it may have been deleted).": .row(.notFound(id: 777_777)),
        "There is no product 88888 on the market (it may have been deleted).": .row(.notFound(id: 88888)),
        "There is no product 99999 on the market (it may have been deleted).": .row(.notFound(id: 99999)),
        "There is no product 999999 on the market (it may have been deleted).": .row(.notFound(id: 999_999)),
        "This is another vendor's product: only your own products can be changed here.": .row(.notOwn),
        "USD amounts have at most 2 decimals (cents).": .field(.usdCents),
        "“not-uploaded.jpg” is not among the uploaded images; add it with the images.": .row(.imageNotUploaded("not-uploaded.jpg")),
        "“없는사진.jpg” is not among the uploaded images; add it with the images.": .row(.imageNotUploaded("없는사진.jpg")),
        "““broken.png”” is not a JPEG or PNG image, so it was not added.": .field(.imageRefused(name: "broken.png", .notJPEGOrPNG)),
        "““damaged.jpg”” is not a whole JPEG picture (it is cut short or damaged), so it was not added.":
            .field(.imageRefused(name: "damaged.jpg", .damaged(format: "JPEG"))),
        // 310 KB reads back as 310 × 1024 bytes, which is worded "310 KB" again.
        "““huge.jpg”” is 310 KB; each image must be at most 300 KB. Make it smaller (with JavaScript on, this page does that for you) and add it again.":
            .field(.imageRefused(name: "huge.jpg", .tooLarge(bytes: 317_440))),
        "““큰사진.jpg”” is 310 KB; each image must be at most 300 KB. Make it smaller (with JavaScript on, this page does that for you) and add it again.":
            .field(.imageRefused(name: "큰사진.jpg", .tooLarge(bytes: 317_440))),
    ]

    /// The fixture's distinct sentences (with their field and Korean), read from a copy of it
    /// installed at `directory`.
    package static func distinctTexts(copyingTo directory: URL) throws -> Set<OldText> {
        try install(at: directory)
        var texts = Set<OldText>()
        for value in try storedValues(in: directory) {
            texts.formUnion(try #require(oldTexts(value.text), "\(value.place): \(value.text)"))
        }
        return texts
    }

    /// English sentences that version could store which the fixture does not hold (the form's
    /// own, refusals the import never gives, an image without a name, an amount with cents, the
    /// quotes of the first version with imports), each with the note it stands for.
    package static let sentencesNotInTheFixture: [(String, BatchNote.Code)] = [
        ("The discount cannot be negative.", .field(.discountNegative)),
        ("An attached image expired; please add it again.", .field(.imageExpired)),
        ("Choose one of the product's images as its thumbnail.", .field(.thumbnailChoice)),
        ("The price cannot be less than the discount (12.5); lower the discount too.", .field(.priceUnderDiscount(Decimal(string: "12.5") ?? 0))),
        ("“a.png” is not a JPEG or PNG image, so it was not added.", .field(.imageRefused(name: "a.png", .notJPEGOrPNG))),
        ("The image is not a JPEG or PNG image, so it was not added.", .field(.imageRefused(name: nil, .notJPEGOrPNG))),
        ("“b.png” is not a whole PNG picture (it is cut short or damaged), so it was not added.", .field(.imageRefused(name: "b.png", .damaged(format: "PNG")))),
        (
            "“big.jpg” is 1.5 MB; each image must be at most 300 KB. Make it smaller (with JavaScript on, this page does that for you) and add it again.",
            .field(.imageRefused(name: "big.jpg", .tooLarge(bytes: 1_572_864)))
        ),
        ("A product has at most 5 images, so “f.jpg” was not added. Remove one to add another.", .field(.imageRefused(name: "f.jpg", .tooMany))),
        (
            "The server is keeping too many unfinished forms right now, so The image was not kept. Please add it again in a few minutes.",
            .field(.imageRefused(name: nil, .busy))
        ),
        ("“g.jpg” could not be kept on the server right now; please add it again.", .field(.imageRefused(name: "g.jpg", .unavailable))),
        // A name that holds the words after it.
        ("“x” is not a JPEG.png” is not a JPEG or PNG image, so it was not added.", .field(.imageRefused(name: "x” is not a JPEG.png", .notJPEGOrPNG))),
        ("Ignored: “a, b”, “c”, which this import does not know.", .columns(.unrecognised(["a, b", "c"]))),
    ]

    /// One stored list: where it is and its text.
    package struct StoredValue: Hashable, Sendable {
        /// `batch 5 notes`, `batch 5 row 12 problems`.
        package var place: String
        package var text: String
    }

    /// Every non-empty `batches.notes`, `batch_rows.problems` and `batch_rows.warnings` of
    /// the database in `directory`, in order.
    package static func storedValues(in directory: URL) throws -> [StoredValue] {
        let db = try SQLiteConnection(path: directory.appendingPathComponent(Self.databaseFile).path)
        var values = try db.rows("SELECT id, notes FROM batches WHERE notes <> '' ORDER BY id") {
            StoredValue(place: "batch \($0.integer(0)) notes", text: $0.text(1))
        }
        for row in try db.rows(
            "SELECT batch_id, number, problems, warnings FROM batch_rows ORDER BY batch_id, number", [],
            { ($0.integer(0), $0.integer(1), $0.text(2), $0.text(3)) })
        {
            if !row.2.isEmpty { values.append(StoredValue(place: "batch \(row.0) row \(row.1) problems", text: row.2)) }
            if !row.3.isEmpty { values.append(StoredValue(place: "batch \(row.0) row \(row.1) warnings", text: row.3)) }
        }
        return values
    }

    /// The sentences of one stored list (nil when it is not in the old format).
    package static func oldTexts(_ value: String) -> [OldText]? {
        try? JSONDecoder().decode([OldText].self, from: Data(value.utf8))
    }
}
