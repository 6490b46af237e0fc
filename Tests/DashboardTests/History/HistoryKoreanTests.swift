import Foundation
import Testing

@testable import Dashboard
import DashboardEngine

/// The history, the recycle bin, an undo refusal and a restore's filled-in form, read by a
/// Korean browser: no English of the UI's texts, times as Koreans write them.
@Suite struct HistoryKoreanTests {
    /// The English words of the history's and the recycle bin's own texts, beside the rest of
    /// the UI's (`KoreanPageScan.englishWords`).
    static let englishWords: Set<String> = {
        let en = Wording(.en)
        var texts = WriteKind.allCases.map { en.entryKind($0, note: nil) }
        texts += [
            en.entryKind(.outside, note: .appeared), en.entryKind(.outside, note: .disappeared), en.historyIntro(days: 90),
            en.showingEntries(first: 1, last: 2, total: 3), en.historyEmpty(page: 1), en.undoneBy(entry: 1), en.undoes(entry: 1),
            en.undoLabel(entry: 1), en.undoBatch(1), en.batchLink(1), en.notRecorded(3),
            en.trashIntro(days: 30, budget: 1 << 29, used: 1000), en.showingItems(first: 1, last: 2, total: 3), en.deletedAt,
            en.wasProduct(1), en.picturesKept(2), en.picturesRemoved, en.deleteNotConfirmed, en.restoredAs(1),
            en.undoRefused(.noSuchEntry(1)).heading, en.undoRefused(.noSuchEntry(1)).message, en.restoreWithoutPictures.message,
        ]
        var words = KoreanPageScan.englishWords
        for text in texts {
            for word in text.split(whereSeparator: { !($0.isASCII && $0.isLetter) }) where word.count >= 3 { words.insert(word.lowercased()) }
        }
        return words.subtracting(["krw", "usd", "utc", "kst"])
    }()

    func expectKorean(_ response: TestResponse, _ what: String) {
        #expect(response.text.contains("<html lang=\"ko\">"), "\(what)")
        let found = KoreanPageScan.englishUIWords(response.text, allowed: KoreanPageScan.properNouns)
            .filter { Self.englishWords.contains($0) }
        #expect(found.isEmpty, "\(what) shows English: \(found)")
        // The scan sees words of this page's own texts too, not only the older pages'.
        #expect(Self.englishWords.contains("elsewhere") && Self.englishWords.contains("images"))
    }

    @Test func historyTrashUndoAndRestore_inKorean() async throws {
        try await withDashboard(adjust: { $0.trash.byteBudget = 100 }) { harness in
            try await KoreanPageScan.rewriteInKorean(harness)
            var flow = HistoryFlow(harness)
            let korean = [("name", "한국어 주전자"), ("description", "한국어로만 쓴 시험용 설명입니다.")]
            _ = try await flow.session.open("/products/new")
            flow.session.cookie += "; om_lang=ko"
            var fields = validProductFields
            for (name, value) in korean { fields = replacing(fields, name, with: value) }
            let created = try await flow.session.post("/products", fields, files: [.jpeg("사진.jpg", fill: 81)])
            let id = try #require(productID(fromLocation: created.header("Location")))
            _ = try await flow.session.open("/products/\(id)/edit")
            _ = try await flow.session.postURLEncoded("/products/\(id)/edit", replacing(fields, "stock", with: "2"))
            let history = try await flow.history("/history")
            expectKorean(history, "/history")
            #expect(HTMLScan.text(history.text).range(of: #"\d{4}\. \d{1,2}\. \d{1,2}\. \d\d:\d\d [A-Z]"#, options: .regularExpression) != nil)
            expectKorean(try await flow.history("/history?product=\(id)"), "/history?product=")

            let edit = try #require(HistoryHTML.entries(history.text).first { $0.kind == "edit" })
            _ = try await flow.session.postURLEncoded("/history/\(edit.id)/undo", [])
            let refused = try await flow.session.postURLEncoded("/history/\(edit.id)/undo", [])
            #expect(refused.status == 409)
            #expect(HTMLScan.text(refused.text).contains("이미 되돌렸습니다"))
            expectKorean(refused, "undo refused")

            _ = try await flow.session.open("/products/\(id)/delete")
            _ = try await flow.session.postURLEncoded("/products/\(id)/delete", [])
            let trash = try await flow.session.open("/trash")
            expectKorean(trash, "/trash")
            let entry = try #require(HTMLScan.tags("li", in: trash.text).first { $0["class"] == "trash-item" }?["data-entry-id"].flatMap { Int($0) })
            let form = try await flow.session.postURLEncoded("/trash/\(entry)/restore", [])
            #expect(form.status == 409)
            #expect(HTMLScan.text(form.text).contains("이미지를 더 이상 보관하고 있지 않습니다"))
            expectKorean(form, "restore without pictures")
        }
    }
}
