import Foundation
import Testing

@testable import DashboardEngine

/// The sentences a version that stored sentences wrote, read back into codes
/// (`LegacyBatchText`, `BatchNoteMigration.upgraded`): every kind the fixture holds, the kinds
/// it could not produce, sentences joined for one field, and what is not recognised. How the
/// pages word those codes is `StoredSentenceWordingTests` in DashboardTests.
@Suite struct LegacyBatchTextTests: ~Copyable {
    let folder = TemporaryDirectory()

    deinit { folder.remove() }

    /// The fixture's distinct sentences (with their field and Korean), from its database.
    func fixtureTexts() throws -> Set<StoredSentencesFixture.OldText> {
        try StoredSentencesFixture.distinctTexts(copyingTo: folder.url.appendingPathComponent("data"))
    }

    @Test func everySentenceOfTheFixture_isRecognised_asTheCodeItSays() throws {
        let texts = try fixtureTexts()
        #expect(Set(texts.map(\.en)) == Set(StoredSentencesFixture.codes.keys), "the fixture's table lists its sentences")
        for text in texts {
            let codes = LegacyBatchText.codes(text.en)
            #expect(codes == StoredSentencesFixture.codes[text.en].map { [$0] }, "\(text.en)")
        }
    }

    /// Each stored sentence, with its Korean and field, becomes one note: its code, on its
    /// field, never kept as a sentence.
    @Test func everySentenceOfTheFixture_becomesOneNote_onItsField() throws {
        for text in try fixtureTexts() {
            let notes = BatchNoteMigration.notes(en: text.en, ko: text.ko, field: text.field.flatMap(ProductField.init(rawValue:)))
            try #require(notes.count == 1, "\(text.en)")
            #expect(notes[0].field?.rawValue == text.field, "\(text.en)")
            if case .sentence = notes[0].code { Issue.record("kept as a sentence: \(text.en)") }
            #expect(notes[0].code == StoredSentencesFixture.codes[text.en], "\(text.en)")
        }
    }

    /// The sentences the fixture could not produce (the form's own, refusals the import never
    /// gives, an image without a name, an amount with cents, the quotes of the first version
    /// with imports) are in the table too.
    @Test(arguments: StoredSentencesFixture.sentencesNotInTheFixture)
    func sentencesTheFixtureDoesNotHold_areRecognisedToo(english: String, code: BatchNote.Code) {
        #expect(LegacyBatchText.codes(english) == [code])
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
