import Foundation
import Testing

@testable import Dashboard
@testable import DashboardEngine

/// The sentences a version that stored sentences wrote, read back into codes
/// (`LegacyBatchText`, `BatchNoteMigration.upgraded`): every kind the fixture holds, the kinds
/// it could not produce, sentences joined for one field, and what is not recognised.
@Suite struct LegacyBatchTextTests: ~Copyable {
    let folder = TemporaryDirectory()

    deinit { folder.remove() }

    /// Each distinct English sentence of the fixture and the code it says.
    static let fixtureSentences: [String: BatchNote.Code] = [
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

    /// The fixture's distinct sentences (with their field and Korean), from its database.
    func fixtureTexts() throws -> Set<StoredSentencesFixture.OldText> {
        let copy = folder.url.appendingPathComponent("data")
        try StoredSentencesFixture.install(at: copy)
        var texts = Set<StoredSentencesFixture.OldText>()
        for value in try StoredSentencesFixture.storedValues(in: copy) {
            texts.formUnion(try #require(StoredSentencesFixture.oldTexts(value.text), "\(value.place): \(value.text)"))
        }
        return texts
    }

    @Test func everySentenceOfTheFixture_isRecognised_asTheCodeItSays() throws {
        let texts = try fixtureTexts()
        #expect(Set(texts.map(\.en)) == Set(Self.fixtureSentences.keys), "the table above lists the fixture's sentences")
        for text in texts {
            let codes = LegacyBatchText.codes(text.en)
            #expect(codes == Self.fixtureSentences[text.en].map { [$0] }, "\(text.en)")
        }
    }

    /// The recognised code worded today reads as the sentence did, in both languages (the
    /// doubled quotes of an import's refused image aside): the pages say what they said.
    @Test func everySentenceOfTheFixture_isWordedTodayAsItWasStored() throws {
        for text in try fixtureTexts() {
            let notes = BatchNoteMigration.notes(en: text.en, ko: text.ko, field: text.field.flatMap(ProductField.init(rawValue:)))
            try #require(notes.count == 1, "\(text.en)")
            #expect(notes[0].field?.rawValue == text.field, "\(text.en)")
            if case .sentence = notes[0].code { Issue.record("kept as a sentence: \(text.en)") }
            #expect(Wording(.en).note(notes[0]) == text.today.en)
            #expect(Wording(.ko).note(notes[0]) == text.today.ko)
        }
    }

    /// The sentences the fixture could not produce (the form's own, refusals the import never
    /// gives, an image without a name, an amount with cents, the quotes of the first version
    /// with imports) are in the table too.
    @Test(arguments: StoredSentencesFixture.sentencesNotInTheFixture)
    func sentencesTheFixtureDoesNotHold_areRecognisedToo(english: String, code: BatchNote.Code) {
        #expect(LegacyBatchText.codes(english) == [code])
        // Worded today as it was, in the words the glossary uses now (no doubled quotes here).
        #expect(Wording(.en).note(BatchNote(code)) == StoredSentencesFixture.OldText.reworded(english))
    }

    /// A field with two problems kept them as one text, joined with a space: two notes.
    @Test func twoSentencesJoinedForOneField_areTwoNotes() {
        let notes = BatchNoteMigration.notes(
            en: "The price must be more than 0. USD amounts have at most 2 decimals (cents).",
            ko: "판매가를 0보다 큰 금액으로 입력해 주세요. USD 금액은 소수점 둘째 자리(센트)까지 입력해 주세요.", field: .price)
        #expect(notes == [.field(.priceNotPositive, on: .price), .field(.usdCents, on: .price)])
        // The refusal's own two sentences stay one note.
        #expect(
            LegacyBatchText.codes(
                "The name must be 3 to 100 characters; it has 2. “h.jpg” is 400 KB; each image must be at most 300 KB. "
                    + "Make it smaller (with JavaScript on, this page does that for you) and add it again.")
                == [.field(.nameLength(2)), .field(.imageRefused(name: "h.jpg", .tooLarge(bytes: 409_600)))])
    }

    @Test func aSentenceNotInTheTable_isKeptWithBothLanguages() {
        let en = "The market is closed on Sundays."
        let ko = "오픈마켓은 일요일에 쉽니다."
        let notes = BatchNoteMigration.notes(en: en, ko: ko, field: .stock)
        #expect(notes == [BatchNote(.sentence(en: en, ko: ko), field: .stock)])
        #expect(Wording(.en).note(notes[0]) == en)
        #expect(Wording(.ko).note(notes[0]) == ko)
        // Almost a sentence of the table is not one: a value that does not read as its kind.
        for almost in [
            "The name must be 3 to 100 characters; it has two.", "The price goes sideways by 60%, more than half.",
            "The price cannot be less than the discount (1e3); lower the discount too.", "There is no product 07 on the market (it may have been deleted).",
            "Choose KRW or USD. And smile.", "“a.png” is 3 parsecs; each image must be at most 300 KB. Make it smaller (with JavaScript on, this page does that for you) and add it again.",
        ] {
            #expect(LegacyBatchText.codes(almost) == nil, "\(almost)")
        }
    }

    @Test func aStoredList_isRewrittenOnce_andWhatIsNotAnOldListIsLeftAsItIs() throws {
        let old = #"[{"field":"name","en":"The name must be 3 to 100 characters; it has 2.","ko":"상품명을 3~100자로 입력해 주세요. 지금 2자입니다."},"#
            + #"{"en":"Sold by the kilo.","ko":"킬로그램 단위로 팝니다."}]"#
        let new = try #require(BatchNoteMigration.upgraded(old))
        let notes = try JSONDecoder().decode([BatchNote].self, from: Data(new.utf8))
        #expect(notes == [.field(.nameLength(2), on: .name), BatchNote(.sentence(en: "Sold by the kilo.", ko: "킬로그램 단위로 팝니다."))])
        #expect(!new.contains(#""en":"#))
        // Codes already: left alone, so a second run changes nothing.
        #expect(BatchNoteMigration.upgraded(new) == nil)
        // A code this version does not know is kept exactly when its list is rewritten.
        let mixed = #"[{"code":"from-the-future","args":["1"]},{"field":"stock","en":"The stock cannot be negative.","ko":"재고를 0 이상으로 입력해 주세요."}]"#
        let rewritten = try JSONDecoder().decode([Shape].self, from: Data(try #require(BatchNoteMigration.upgraded(mixed)).utf8))
        #expect(rewritten == [Shape(code: "from-the-future", args: ["1"]), Shape(field: "stock", code: "stock-negative")])
        for untouched in ["", "not json", "{\"en\":\"a\"}", "[1, 2]", "[{\"field\":\"name\"}]", "[]"] {
            #expect(BatchNoteMigration.upgraded(untouched) == nil, "\(untouched)")
        }
    }

    /// A stored note as JSON has it.
    struct Shape: Decodable, Equatable {
        var field: String?
        var code: String
        var args: [String]?
    }
}
