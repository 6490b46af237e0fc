import Foundation
import Testing

@testable import Dashboard

/// A page about a product deleted through the dashboard says so, with when (in the configured
/// zone) and the way to the recycle bin, instead of "not found": the product's own page (also
/// reached from its history) and an undo of an edit to it. A product the bin does not hold
/// keeps a plain not-found.
@Suite struct DeletedProductPageTests {
    static let seoul = TimeZone(identifier: "Asia/Seoul") ?? .gmt

    /// The links of a page's main part.
    static func mainLinks(_ html: String) -> [String] {
        HTMLScan.hrefs(in: HTMLScan.block(in: html, from: "<main", to: "</main>"))
    }

    @Test func aDeletedProductsPage_saysItIsInTheBin_andLinksThere() async throws {
        // A machine in another zone: the page's times are the configured zone's.
        try await withDashboard(adjust: { $0.timeZone = Self.seoul }) { harness in
            var flow = HistoryFlow(harness)
            let id = try await flow.register(name: "Test Mug")
            #expect(try await flow.delete(id).status == 303)

            let page = try await harness.get("/products/\(id)", headers: ["Accept-Language": "en"])
            #expect(page.status == 404)
            let text = HTMLScan.text(page.text)
            #expect(text.contains("“Test Mug” was deleted on "), "\(text)")
            #expect(text.contains(" KST. It stays in the recycle bin until "), "\(text)")
            #expect(text.contains(": restore it from there."))
            #expect(!text.contains("does not exist"))
            #expect(Self.mainLinks(page.text).contains("/trash"))

            let korean = try await harness.get("/products/\(id)", headers: KoreanPageScan.korean)
            #expect(korean.status == 404)
            #expect(HTMLScan.text(korean.text).contains("“Test Mug” 상품은 "))
            #expect(HTMLScan.text(korean.text).contains(" KST에 삭제되어 휴지통에 있습니다."))
            KoreanPageScan.expectKorean(korean, "/products/\(id) deleted", allowed: KoreanPageScan.properNouns.union(["Test", "Mug"]))

            // The history's link to the product leads to the same page.
            let history = HistoryHTML.entries(try await flow.history("/history?product=\(id)").text)
            #expect(!history.isEmpty)
            for entry in history {
                #expect(HTMLScan.hrefs(in: entry.html).contains("/products/\(id)"))
            }
        }
    }

    /// The edit and delete forms of a product in the bin say where it is and what to do, as
    /// its own page does, never that the bin does not hold it: opened, and the edit form
    /// (opened before the delete) saved.
    @Test func theEditAndDeleteFormsOfADeletedProduct_sayItIsInTheBin() async throws {
        try await withDashboard(adjust: { $0.timeZone = Self.seoul }) { harness in
            var flow = HistoryFlow(harness)
            let id = try await flow.register(name: "Test Mug")
            var editing = flow.session
            _ = try await editing.open("/products/\(id)/edit")
            #expect(try await flow.delete(id).status == 303)

            let edit = try await harness.get("/products/\(id)/edit", headers: ["Accept-Language": "en"])
            #expect(edit.status == 404)
            let editText = HTMLScan.text(edit.text)
            #expect(editText.contains("“Test Mug” was deleted on "), "\(editText)")
            #expect(editText.contains(" KST and is in the recycle bin. To edit it, restore it from the recycle bin first."), "\(editText)")
            #expect(!editText.contains("does not hold it"))
            #expect(Self.mainLinks(edit.text).contains("/trash"))

            let korean = try await harness.get("/products/\(id)/edit", headers: KoreanPageScan.korean)
            #expect(korean.status == 404)
            let koreanText = HTMLScan.text(korean.text)
            #expect(koreanText.contains("삭제한 상품입니다"))
            #expect(koreanText.contains(" KST에 삭제되어 휴지통에 있습니다. 수정하려면 먼저 휴지통에서 다시 등록해 주세요."), "\(koreanText)")
            #expect(!koreanText.contains("휴지통에도 없습니다"))
            KoreanPageScan.expectKorean(korean, "/products/\(id)/edit deleted", allowed: KoreanPageScan.properNouns.union(["Test", "Mug"]))

            let delete = try await harness.get("/products/\(id)/delete", headers: ["Accept-Language": "en"])
            #expect(delete.status == 404)
            let deleteText = HTMLScan.text(delete.text)
            #expect(deleteText.contains("“Test Mug” was already deleted on "), "\(deleteText)")
            #expect(deleteText.contains("It stays in the recycle bin until "))
            #expect(Self.mainLinks(delete.text).contains("/trash"))

            var headers = editing.browserHeaders
            headers["Accept-Language"] = "en"
            let saved = try await editing.postURLEncoded(
                "/products/\(id)/edit", replacing(validProductFields, "name", with: "Test Mug") + [("stock", "9")], headers: headers)
            #expect(saved.status == 404)
            #expect(HTMLScan.text(saved.text).contains("To edit it, restore it from the recycle bin first."), "\(HTMLScan.text(saved.text))")
            #expect(Self.mainLinks(saved.text).contains("/trash"))
        }
    }

    @Test func aRestoredProductsOldPage_leadsToItsNewNumber() async throws {
        try await withDashboard { harness in
            var flow = HistoryFlow(harness)
            let id = try await flow.register(name: "Test Mug")
            _ = try await flow.delete(id)
            let trash = try await flow.session.open("/trash")
            let entry = try #require(HTMLScan.tags("li", in: trash.text).first { $0["class"] == "trash-item" }?["data-entry-id"].flatMap { Int($0) })
            let restored = try await flow.restore(entry)
            let newID = try #require(productID(fromLocation: restored.header("Location")))

            let page = try await harness.get("/products/\(id)")
            #expect(page.status == 404)
            #expect(HTMLScan.text(page.text).contains("and later restored from the recycle bin as product \(newID)."))
            let korean = try await harness.get("/products/\(id)", headers: KoreanPageScan.korean)
            #expect(HTMLScan.text(korean.text).contains("휴지통에서 \(newID)번 상품으로 다시 등록되었습니다."), "\(HTMLScan.text(korean.text))")
            #expect(Self.mainLinks(page.text).contains("/products/\(newID)"))
        }
    }

    /// The delete question says that a restore gives the product a new number.
    @Test func theDeleteQuestion_saysARestoredProductGetsANewNumber() async throws {
        try await withDashboard(.shared) { dash in
            let english = try await dash.get("/products/16/delete", headers: ["Accept-Language": "en"])
            #expect(english.status == 200)
            #expect(HTMLScan.text(english.text).contains("you can restore the product from there. A restored product gets a new product number."))
            let korean = try await dash.get("/products/16/delete", headers: KoreanPageScan.korean)
            #expect(HTMLScan.text(korean.text).contains("휴지통에서 다시 등록할 수 있습니다. 다시 등록하면 새 상품 번호를 받습니다."))
        }
    }

    @Test func aProductTheBinDoesNotHold_isPlainlyNotFound() async throws {
        try await withDashboard(.shared) { dash in
            let page = try await dash.get("/products/987654", headers: ["Accept-Language": "en"])
            #expect(page.status == 404)
            #expect(HTMLScan.text(page.text).contains("There is no product 987654 on the Open Market"))
            #expect(!Self.mainLinks(page.text).contains("/trash"))
        }
    }

    /// Undoing an edit of a product deleted since: the refusal names the product and links
    /// the recycle bin; nothing is sent.
    @Test func undoingAnEditOfADeletedProduct_namesIt_andLinksTheBin() async throws {
        try await withRecordingMarket { market in
            try await withDashboard(.recording(market)) { harness in
                var flow = HistoryFlow(harness)
                let id = try await flow.register(name: "Test Mug")
                _ = try await flow.edit(id, name: "Test Mug", [("stock", "3")])
                let edit = try #require(HistoryHTML.entries(try await flow.history("/history?product=\(id)").text).first { $0.kind == "edit" })
                _ = try await flow.delete(id)
                let writes = market.writes.count

                let refused = try await flow.undo(edit.id)
                #expect(refused.status == 409)
                let text = HTMLScan.text(refused.text)
                #expect(text.contains("“Test Mug” was deleted, so this edit can't be undone"), "\(text)")
                #expect(text.contains("Restore it from the recycle bin first"))
                #expect(Self.mainLinks(refused.text).contains("/trash"))
                #expect(market.writes.count == writes, "nothing sent")
            }
        }
    }
}
