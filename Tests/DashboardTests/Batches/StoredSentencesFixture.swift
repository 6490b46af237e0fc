import Foundation
import SQLite
import Testing

@testable import Dashboard
import DashboardEngine

/// The data directory the dashboard wrote when it stored batch notes, row problems and
/// warnings as sentences in both languages (`Fixtures/data-directory-38621d7`, described in
/// `Fixtures/README.md`). Tests use a copy: SQLite writes beside a database it opens.
enum StoredSentencesFixture {
    /// The database's file in a data directory, as the fixture and every version name it.
    static let databaseFile = "dashboard.sqlite"

    static var source: URL {
        get throws { try #require(Bundle.module.resourceURL).appendingPathComponent("Fixtures/data-directory-38621d7") }
    }

    /// Copies the fixture to `directory` (not there yet) with its stored times moved so the
    /// newest is `now`: the dashboard drops batches, bin items and history older than its
    /// limits at start-up, by the real clock.
    static func install(at directory: URL, now: Date = Date()) throws {
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
    struct OldText: Decodable, Hashable {
        var field: String?
        var en: String
        var ko: String

        /// The English and Korean of the same note as today's wording gives it: the same
        /// sentence, with an import's refused image named in single quotes, not doubled ones,
        /// and the words the glossary has since replaced (`rewordings`) replaced.
        var today: (en: String, ko: String) {
            (Self.reworded(en), Self.reworded(ko))
        }

        /// `text` in today's words (`today`).
        static func reworded(_ text: String) -> String {
            rewording(text).text
        }

        /// `text` in today's words, and the indices of the `rewordings` that changed it on the
        /// way (each applies to what the ones before it made).
        static func rewording(_ text: String) -> (text: String, used: Set<Int>) {
            var current = text.replacingOccurrences(of: "““", with: "“").replacingOccurrences(of: "””", with: "”")
            var used: Set<Int> = []
            for (index, rewording) in rewordings.enumerated() where current.range(of: rewording.old, options: .regularExpression) != nil {
                current = current.replacingOccurrences(of: rewording.old, with: rewording.new, options: .regularExpression)
                used.insert(index)
            }
            return (current, used)
        }

        /// What the texts said then, and say now (`docs/korean-ui.md`, `docs/english-ui.md`):
        /// regular expressions and their templates.
        static let rewordings: [(old: String, new: String)] = [
            (#"A product has at most 5 images; this row names (\d+)\."#, "A product has at most 5 images, and this line of the file names $1. Name fewer, then import again."),
            (#"(There is no product \d+ on the market \(it may have been deleted\)\.)"#, "$1 It is left out when you apply."),
            (
                #"This is another vendor's product: only your own products can be changed here\."#,
                "This is another vendor's product, and only your own products can be changed here. It is left out when you apply."
            ),
            (#"(“.*”) is not among the uploaded images; add it with the images\."#, "$1 is not among the images you chose. Choose it with the other images, then import again."),
            (#"(오픈마켓에 이 번호의 상품이 없습니다\(삭제되었을 수 있습니다\)\.)"#, "$1 적용할 때 이 상품은 건너뜁니다."),
            (#"다른 판매자의 상품입니다\. 여기서는 내 상품만 수정할 수 있습니다\."#, "다른 판매자의 상품입니다. 여기서는 내 상품만 수정할 수 있어 적용할 때 건너뜁니다."),
            (#"상품 이미지는 5장까지입니다\. 이 행의 이미지 수는 (\d+)장입니다\."#, "상품 이미지는 5장까지입니다. 이 상품에 적은 이미지는 $1장이니 줄인 뒤 다시 가져와 주세요."),
            (#"업로드한 이미지 중에 (“.*”) 파일이 없습니다\. 이미지와 함께 올려 주세요\."#, "선택한 이미지 중에 $1 파일이 없습니다. 다른 이미지와 함께 선택한 뒤 다시 가져와 주세요."),
            (#"Row (\d+) of the file gives a product this name too\."#, "Line $1 of the file gives a product this name too."),
            (#"파일의 (\d+)행에도"#, "파일의 $1번째 줄에도"),
            (
                #"The id (“[^”]*”) is not a product number; leave it empty to register a new product\."#,
                "$1 is not a product number. Correct it in the file, or leave it empty to add a new product, then import again."
            ),
            (
                #"(상품 번호 칸에 쓴 “[^”]*” 값은 상품 번호가 아닙니다\.) 새 상품을 등록하려면 칸을 비워 주세요\."#,
                "$1 파일에서 번호를 고치거나, 새 상품을 등록하려면 칸을 비운 뒤 다시 가져와 주세요."
            ),
            (#" picture \(it is cut short or damaged\)"#, " image (it is cut short or damaged)"),
            (#"An attached image expired; please add it again\."#, "An attached image is no longer kept. Add it again."),
            (#"Choose one of the product's images as its thumbnail\."#, "Choose one of the product's images as the main image."),
            (
                #"The server is keeping too many unfinished forms right now, so (.*) was not kept\. Please add it again in a few minutes\."#,
                "The dashboard is holding too many unfinished forms right now, so $1 was not kept. Add it again in a few minutes."
            ),
            (#"so The image was not"#, "so the image was not"),
            (#"(“[^”]*”) could not be kept on the server right now; please add it again\."#, "$1 could not be kept right now. Add it again."),
            ("10 to 1000 characters", "10 to 1,000 characters"),
            ("The stock cannot be negative.", "The stock must be a whole number, 0 or more."),
            ("재고를 0 이상으로 입력해 주세요.", "재고를 0 이상의 정수로 입력해 주세요."),
            (#"the discount \((\d+)(\d{3})\)"#, "the discount ($1,$2)"),
            (#"할인 금액\((\d+)(\d{3})\) 이상"#, "할인 금액($1,$2) 이상"),
            (#"KRW amounts are whole numbers \(no decimals\)\."#, "Enter KRW amounts in whole won, with no decimals."),
            (#"USD amounts have at most 2 decimals \(cents\)\."#, "Enter USD amounts with at most 2 decimal places, like 249.99."),
            (#" Make it smaller \(with JavaScript on, this page does that for you\) and add it again\."#, " Make it smaller and add it again."),
            (#"소수점 둘째 자리\(센트\)까지"#, "소수점 둘째 자리까지"),
            (#"다시 추가해 주세요\(자바스크립트를 켜면 이 페이지에서 자동으로 줄입니다\)\."#, "다시 추가해 주세요."),
            (#"This is another vendor's product, and only your own products can be changed here\."#, "This is not one of your products, so it cannot be changed here."),
            (#"다른 판매자의 상품입니다\. 여기서는 내 상품만 수정할 수 있어 적용할 때 건너뜁니다\."#, "내 상품이 아니어서 여기서 수정할 수 없습니다. 적용할 때 이 상품은 건너뜁니다."),
            (#"(The price goes (?:up|down) by \d+%, more than half)\."#, "$1: check the value."),
            (#"(판매가가 \d+% (?:오릅니다|내립니다))\. 절반 넘게 달라지는 수정입니다\."#, "$1. 값을 다시 확인해 주세요."),
            (#"(is not a JPEG or PNG image, so it was not added\.)"#, "$1 Choose a JPEG or PNG file instead."),
            (#"(JPEG이나 PNG 이미지가 아니어서 추가하지 않았습니다\.)"#, "$1 JPEG이나 PNG 파일을 선택해 주세요."),
            (#"적용할 때 이 상품은 건너뜁니다\."#, "이 상품은 적용하지 않습니다."),
        ]
    }

    /// English sentences that version could store which the fixture does not hold (the form's
    /// own, refusals the import never gives, an image without a name, an amount with cents, the
    /// quotes of the first version with imports), each with the note it stands for.
    static let sentencesNotInTheFixture: [(String, BatchNote.Code)] = [
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
    struct StoredValue: Hashable {
        /// `batch 5 notes`, `batch 5 row 12 problems`.
        var place: String
        var text: String
    }

    /// Every non-empty `batches.notes`, `batch_rows.problems` and `batch_rows.warnings` of
    /// the database in `directory`, in order.
    static func storedValues(in directory: URL) throws -> [StoredValue] {
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
    static func oldTexts(_ value: String) -> [OldText]? {
        try? JSONDecoder().decode([OldText].self, from: Data(value.utf8))
    }
}
