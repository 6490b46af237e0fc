import DashboardEngine
import Foundation
import Testing

@testable import Dashboard

/// The codes the sentences of a version that stored sentences stand for, worded by the pages
/// today as that version stored them, in both languages: the pages say what they said. Which
/// code each sentence reads as is `LegacyBatchTextTests` and `BatchNoteMigrationTests` in
/// DashboardEngineTests; the codes are the fixture's table (`StoredSentencesFixture.codes`).
@Suite struct StoredSentenceWordingTests: ~Copyable {
    let folder = TemporaryDirectory()

    deinit { folder.remove() }

    /// Each sentence's code on its field reads as the sentence did (the doubled quotes of an
    /// import's refused image aside).
    @Test func everySentenceOfTheFixture_isWordedTodayAsItWasStored() throws {
        for text in try StoredSentencesFixture.distinctTexts(copyingTo: folder.url.appendingPathComponent("data")) {
            let code = try #require(StoredSentencesFixture.codes[text.en], "\(text.en)")
            let field = try text.field.map { try #require(ProductField(rawValue: $0), "\(text.en)") }
            let note = BatchNote(code, field: field)
            #expect(Wording(.en).note(note) == text.today.en)
            #expect(Wording(.ko).note(note) == text.today.ko)
        }
    }

    /// The sentences the fixture could not produce, worded today as they were, in the words
    /// the glossary uses now (no doubled quotes here).
    @Test(arguments: StoredSentencesFixture.sentencesNotInTheFixture)
    func sentencesTheFixtureDoesNotHold_areWordedTodayAsTheyWere(english: String, code: BatchNote.Code) {
        #expect(Wording(.en).note(BatchNote(code)) == StoredSentencesFixture.OldText.reworded(english))
    }

    /// A sentence no code stands for is kept with both languages and worded as it was.
    @Test func aSentenceNotInTheTable_isWordedInBothLanguagesAsStored() {
        let en = "The market is closed on Sundays."
        let ko = "오픈마켓은 일요일에 쉽니다."
        let note = BatchNote(.sentence(en: en, ko: ko), field: .stock)
        #expect(Wording(.en).note(note) == en)
        #expect(Wording(.ko).note(note) == ko)
    }
}
