import Foundation
import MarketClient
import Testing

@testable import Dashboard
import DashboardEngine

/// `/trash`: a deleted product comes back whole, once; what happens without its pictures; a
/// delete refused when the pictures cannot be kept; removing an item for good.
@Suite struct TrashRouteTests {
    static func creates(_ market: RecordingMarket) -> Int {
        market.writes.filter { $0.method == "POST" && $0.path == "/api/products" }.count
    }

    @Test func aDeletedProduct_restoredFromTheBin_hasTheSameFieldsAndImageBytes() async throws {
        try await withRecordingMarket { market in
            try await withDashboard(.recording(market)) { harness in
                var flow = HistoryFlow(harness)
                let id = try await flow.register(name: "Restorable Teapot", pictures: [.jpeg("t1.jpg", size: 3000, fill: 61), .png("t2.png", size: 2500, fill: 62)])
                _ = try await flow.edit(id, name: "Restorable Teapot", [("price", "9900"), ("discounted_price", "900"), ("stock", "4")])
                let original = try await market.product(id)
                let originalImages = try await market.imageBytes(id)
                #expect(originalImages.count == 2)

                let deleted = try await flow.delete(id)
                #expect(deleted.status == 303)
                #expect(try await market.status(id) == 404)

                let trash = try await flow.session.open("/trash")
                let item = try #require(HTMLScan.tags("li", in: trash.text).first { $0["class"] == "trash-item" })
                let entry = try #require(item["data-entry-id"].flatMap { Int($0) })
                #expect(trash.text.contains("<h2><bdi>Restorable Teapot</bdi></h2>"))
                #expect(trash.text.contains("data-image-count=\"2\""))
                #expect(trash.text.contains("up to 512 MB"))

                let restored = try await flow.restore(entry)
                #expect(restored.status == 303)
                let newID = try #require(productID(fromLocation: restored.header("Location")))
                #expect(newID != id)
                let page = try await flow.session.get("/products/\(newID)", extraCookie: restored.setCookie("om_flash"))
                #expect(page.text.contains("“Restorable Teapot” was restored as product \(newID): the Open Market gives a restored product a new number (it was product \(id))."))

                let copy = try await market.product(newID)
                for field in ["name", "description", "price", "discounted_price", "bargain_price", "stock", "currency", "vendor_id"] {
                    #expect(String(describing: copy[field] ?? "none") == String(describing: original[field] ?? "none"), "\(field)")
                }
                #expect(try await market.imageBytes(newID) == originalImages, "the same picture bytes, in order")

                // Restoring again leads to the same product and registers nothing more.
                let creates = Self.creates(market)
                let again = try await flow.restore(entry)
                #expect(again.status == 303)
                #expect(again.header("Location") == "/products/\(newID)")
                #expect(Self.creates(market) == creates)
                let shownAgain = try await flow.session.get("/products/\(newID)", extraCookie: again.setCookie("om_flash"))
                #expect(shownAgain.text.contains("“Restorable Teapot” was restored already, as product \(newID)."), "not the first restore's words again")

                let history = HistoryHTML.entries(try await flow.history("/history").text)
                #expect(history.first?.kind == "restore")
                let listed = try await flow.session.open("/trash")
                #expect(listed.text.contains("Restored as product \(newID)"))
                #expect(!listed.text.contains("action=\"/trash/\(entry)/restore\""))
            }
        }
    }

    /// The bin in Korean: its count line as the list's ("2개 중 1~2번째", "상품 1개"); a restored
    /// item's button and its flash use one verb; a button for an item gone says nothing was
    /// done without speaking of the market.
    @Test func theBinInKorean_countsAsTheListDoes_andSaysOneVerbForARemovedItem() async throws {
        try await withDashboard { harness in
            var flow = HistoryFlow(harness)
            let first = try await flow.register(name: "Korean Bin Cup")
            let second = try await flow.register(name: "Korean Bin Pot")
            _ = try await flow.delete(first)
            _ = try await flow.delete(second)
            flow.session.cookie += "; om_lang=ko"
            let trash = try await flow.session.open("/trash?lang=ko")
            #expect(HTMLScan.text(HTMLScan.block(in: trash.text, from: "<p class=\"summary\">", to: "</p>")) == "2개 중 1~2번째")
            let entries = HTMLScan.tags("li", in: trash.text).filter { $0["class"] == "trash-item" }.compactMap { $0["data-entry-id"].flatMap { Int($0) } }
            try #require(entries.count == 2)
            #expect(try await flow.session.postURLEncoded("/trash/\(entries[0])/restore", []).status == 303)

            let listed = try await flow.session.open("/trash?lang=ko")
            let button = HTMLScan.block(in: listed.text, from: "action=\"/trash/\(entries[0])/forget\"", to: "</form>")
            #expect(HTMLScan.text(button).contains("휴지통에서 지우기"))
            let removed = try await flow.session.postURLEncoded("/trash/\(entries[0])/forget", [])
            #expect(removed.status == 303)
            let after = try await flow.session.get("/trash?lang=ko", extraCookie: removed.setCookie("om_flash"))
            #expect(HTMLScan.text(after.text).contains("상품을 휴지통에서 지웠습니다."), "\(HTMLScan.text(after.text).prefix(400))")
            #expect(!HTMLScan.text(after.text).contains("휴지통 목록에서 삭제"))
            #expect(HTMLScan.text(HTMLScan.block(in: after.text, from: "<p class=\"summary\">", to: "</p>")) == "상품 1개")

            let gone = try await flow.session.postURLEncoded("/trash/\(entries[0])/forget", [])
            #expect(HTMLScan.text(gone.text).contains("아무것도 하지 않았습니다. 휴지통을 열어 남아 있는 상품을 확인해 주세요."), "\(gone.status)")
        }
    }

    @Test func aRestoreWhosePicturesAreGone_offersTheRegisterFormFilledIn() async throws {
        try await withRecordingMarket { market in
            // A budget smaller than one product's pictures: its images go at once.
            try await withDashboard(.recording(market), adjust: { $0.trash.byteBudget = 100 }) { harness in
                var flow = HistoryFlow(harness)
                let id = try await flow.register(name: "Pictureless Pot")
                _ = try await flow.delete(id)
                let trash = try await flow.session.open("/trash")
                #expect(trash.text.contains("Its images are no longer kept"))
                let entry = try #require(HTMLScan.tags("li", in: trash.text).first { $0["class"] == "trash-item" }?["data-entry-id"].flatMap { Int($0) })

                let creates = Self.creates(market)
                let form = try await flow.restore(entry)
                #expect(form.status == 409)
                #expect(HTMLScan.text(form.text).contains("The images are no longer kept"))
                #expect(form.text.contains("value=\"Pictureless Pot\""))
                #expect(form.text.contains("value=\"12000\"") && form.text.contains("value=\"2000\"") && form.text.contains("value=\"7\""))
                #expect(form.text.contains("name=\"restore_entry\" value=\"\(entry)\""))
                #expect(Self.creates(market) == creates, "nothing sent")

                // The person picks pictures and registers: that restores the item.
                flow.session.take(form)
                let fields = replacing(validProductFields, "name", with: "Pictureless Pot") + [("restore_entry", String(entry))]
                let registered = try await flow.session.post("/products", fields, files: [.jpeg("new.jpg", fill: 71)])
                #expect(registered.status == 303)
                let newID = try #require(productID(fromLocation: registered.header("Location")))
                let listed = try await flow.session.open("/trash")
                #expect(listed.text.contains("Restored as product \(newID)"))
                #expect(HistoryHTML.entries(try await flow.history("/history").text).first?.kind == "restore")
                let again = try await flow.restore(entry)
                #expect(again.header("Location") == "/products/\(newID)")
            }
        }
    }

    /// Seed product 16 ("무선 충전기 15W") has a 3-character description, which the market's
    /// create rules refuse: Restore answers the form headed as a restore,
    /// the cause above it and the problem beside the Description field, in both languages;
    /// once it is changed, the restore's flash names the new number and the old one.
    @Test func aRestoreTheMarketsRulesRefuse_isARestoreForm_withTheProblemBesideItsField() async throws {
        try await withRecordingMarket { market in
            try await withDashboard(.recording(market)) { harness in
                var flow = HistoryFlow(harness)
                #expect(try await flow.delete(16).status == 303)
                let trash = try await flow.session.open("/trash")
                let entry = try #require(HTMLScan.tags("li", in: trash.text).first { $0["class"] == "trash-item" }?["data-entry-id"].flatMap { Int($0) })
                #expect(HTMLScan.text(trash.text).contains("Was product 16"))

                let creates = Self.creates(market)
                let form = try await flow.restore(entry)
                #expect(form.status == 422)
                #expect(Self.creates(market) == creates + 1, "sent once, and refused")
                let text = HTMLScan.text(form.text)
                #expect(HTMLScan.text(HTMLScan.block(in: form.text, from: "<title>", to: "</title>")).hasPrefix("Error: Restore “"))
                #expect(HTMLScan.text(HTMLScan.block(in: form.text, from: "<h1>", to: "</h1>")).hasPrefix("Restore “"))
                #expect(HTMLScan.text(HTMLScan.block(in: form.text, from: "<h1>", to: "</h1>")).contains("무선 충전기 15W"))
                #expect(text.contains("The Open Market won't restore this product because its description is too short: it takes 10 to 1,000 characters. "
                    + "Change the description below, then select Restore."), "\(text)")
                #expect(text.contains("The description is too short to restore"), "the problem's heading")
                #expect(!text.contains("the market's words"))
                #expect(!HTMLScan.text(HTMLScan.block(in: form.text, from: "<main", to: "</main>")).contains("Add product"), "a restore, not a registration")
                let beside = HTMLScan.text(HTMLScan.block(in: form.text, from: "<p id=\"description-error\"", to: "</p>"))
                #expect(beside.contains("The description must be 10 to 1,000 characters; it has 3."))
                #expect(HTMLScan.text(HTMLScan.block(in: form.text, from: "<button type=\"submit\">", to: "</button>")) == "Restore")
                #expect(form.text.contains("name=\"restore_entry\" value=\"\(entry)\""))

                let korean = try await flow.session.postURLEncoded("/trash/\(entry)/restore", [], headers: flow.session.browserHeaders.merging(["Accept-Language": "ko"]) { _, new in new })
                #expect(korean.status == 422)
                let koreanText = HTMLScan.text(korean.text)
                #expect(koreanText.contains("상품 설명이 너무 짧아(10~1,000자) 오픈마켓이 이 상품을 다시 등록하지 않습니다. 아래에서 상품 설명을 수정한 뒤 [다시 등록]을 눌러 주세요."), "\(koreanText)")
                #expect(HTMLScan.text(HTMLScan.block(in: korean.text, from: "<h1>", to: "</h1>")).hasSuffix("상품 다시 등록"))
                #expect(HTMLScan.text(HTMLScan.block(in: korean.text, from: "<p id=\"description-error\"", to: "</p>")).contains("상품 설명을 10~1,000자로 입력해 주세요. 지금 3자입니다."))

                // The description changed, the kept images still attached: the product is back.
                flow.session.take(form)
                #expect(form.text.contains("value=\"19900\"") && form.text.contains("value=\"4900\"") && form.text.contains("value=\"30\""))
                let fields = [
                    ("name", "무선 충전기 15W"), ("description", "A wireless charger, 15 W."), ("price", "19900"), ("discounted_price", "4900"),
                    ("stock", "30"), ("currency", "KRW"), ("restore_entry", String(entry)),
                ]
                let restored = try await flow.session.post("/products", fields)
                #expect(restored.status == 303, "\(HTMLScan.text(restored.text).prefix(600))")
                let newID = try #require(productID(fromLocation: restored.header("Location")))
                let page = try await flow.session.get("/products/\(newID)", extraCookie: restored.setCookie("om_flash"))
                #expect(HTMLScan.text(page.text).contains("was restored as product \(newID): the Open Market gives a restored product a new number (it was product 16)."))
                #expect(!HTMLScan.text(page.text).contains("Product added."))
            }
        }
    }

    @Test func forget_removesTheItemForGood() async throws {
        try await withRecordingMarket { market in
            try await withDashboard(.recording(market)) { harness in
                var flow = HistoryFlow(harness)
                let id = try await flow.register(name: "Forgettable Cup")
                _ = try await flow.delete(id)
                let trash = try await flow.session.open("/trash")
                let entry = try #require(HTMLScan.tags("li", in: trash.text).first { $0["class"] == "trash-item" }?["data-entry-id"].flatMap { Int($0) })
                // The bin keeps an item's images in the data directory's trash/<entry>.
                let folder = harness.app.configuration.dataDirectory.appendingPathComponent("trash/\(entry)").path
                #expect(FileManager.default.fileExists(atPath: folder))

                // The list's button asks first; nothing is removed until the question's button.
                let question = try await flow.session.postURLEncoded("/trash/\(entry)/forget", [])
                #expect(question.status == 200)
                #expect(HTMLScan.text(question.text).contains("Remove “Forgettable Cup” for good? It can't be restored afterwards"))
                let form = try #require(HTMLScan.tags("form", in: question.text).first { $0["action"] == "/trash/\(entry)/forget" })
                #expect(form["method"] == "post")
                #expect(FormSession.hidden("confirm", in: question.text) == "1")
                #expect(FileManager.default.fileExists(atPath: folder), "asking removes nothing")
                let korean = try await flow.session.postURLEncoded(
                    "/trash/\(entry)/forget", [], headers: flow.session.browserHeaders.merging(KoreanPageScan.korean) { a, _ in a })
                KoreanPageScan.expectKorean(korean, "the question before removing for good", status: 200,
                    allowed: KoreanPageScan.properNouns.union(["Forgettable", "Cup"]))
                #expect(HTMLScan.text(korean.text).contains("“Forgettable Cup” 상품을 휴지통에서 완전히 삭제하시겠습니까?"))
                #expect(try await flow.session.open("/trash").text.contains("data-entry-id=\"\(entry)\""))

                let forgotten = try await flow.session.postURLEncoded("/trash/\(entry)/forget", [("confirm", "1")])
                #expect(forgotten.status == 303)
                #expect(forgotten.header("Location") == "/trash")
                let after = try await flow.session.get("/trash", extraCookie: forgotten.setCookie("om_flash"))
                #expect(after.text.contains("“Forgettable Cup” was removed from the recycle bin for good."))
                #expect(after.text.contains("The recycle bin is empty."))
                #expect(!FileManager.default.fileExists(atPath: folder))
                let writes = market.writes.count
                #expect(try await flow.restore(entry).status == 404)
                #expect(try await flow.session.postURLEncoded("/trash/\(entry)/forget", [("confirm", "1")]).status == 404)
                #expect(market.writes.count == writes)
            }
        }
    }

    /// An item already restored is removed from the bin at once, with words that say the
    /// product it became is not touched (the Korean "완전히 삭제" beside "62번 상품으로 다시
    /// 등록했습니다" read as deleting product 62).
    @Test func aRestoredItem_isRemovedFromTheBin_withoutTouchingItsProduct() async throws {
        try await withRecordingMarket { market in
            try await withDashboard(.recording(market)) { harness in
                var flow = HistoryFlow(harness)
                let id = try await flow.register(name: "Twice Cup")
                _ = try await flow.delete(id)
                let trash = try await flow.session.open("/trash")
                let entry = try #require(HTMLScan.tags("li", in: trash.text).first { $0["class"] == "trash-item" }?["data-entry-id"].flatMap { Int($0) })
                let newID = try #require(productID(fromLocation: try await flow.restore(entry).header("Location")))

                let korean = try await HTTPTestClient.get(
                    harness.port, "/trash", headers: KoreanPageScan.korean.merging(["Cookie": flow.session.cookie]) { a, _ in a })
                let item = String(try #require(HTMLScan.blocks(in: korean.text, from: "<li class=\"trash-item\"", to: "</li>").first))
                #expect(HTMLScan.text(item).contains("휴지통에서 지우기"))
                #expect(HTMLScan.text(item).contains("\(newID)번 상품에는 영향이 없습니다."))
                #expect(!HTMLScan.text(item).contains("완전히 삭제"))

                let writes = market.writes.count
                let removed = try await flow.session.postURLEncoded("/trash/\(entry)/forget", [])
                #expect(removed.status == 303, "nothing to lose, so no question")
                let after = try await flow.session.get("/trash", extraCookie: removed.setCookie("om_flash"))
                #expect(after.text.contains("“Twice Cup” was removed from the recycle bin. Product \(newID) is not affected."))
                #expect(market.writes.count == writes)
                #expect(try await market.status(newID) == 200)
            }
        }
    }

    @Test func aDeleteWhosePicturesCannotBeKept_isRefused_andTheProductStays() async throws {
        let market = ScriptedMarket(products: [ScriptedMarket.product(id: 7)])
        market.state.withLock { $0.imagesDown = true }
        try await withDashboard(.scripted(market)) { harness in
            var session = FormSession(port: harness.port)
            _ = try await session.open("/products/7/delete")
            let response = try await session.postURLEncoded("/products/7/delete", [])
            #expect(response.status == 502)
            let text = HTMLScan.text(response.text)
            #expect(text.contains("The product was not deleted"))
            #expect(text.contains("Nothing was deleted, so nothing is lost"))
            #expect(market.state.withLock { $0.deletes }.isEmpty, "the market was not asked")
            let history = try await session.get("/history")
            let entry = try #require(HistoryHTML.entries(history.text).first)
            #expect(entry.kind == "delete")
            #expect(entry.html.contains("Not sent: the images could not be kept in the recycle bin"))
            // Once the pictures load again, the delete goes through and the bin holds them.
            market.state.withLock { $0.imagesDown = false }
            _ = try await session.open("/products/7/delete")
            #expect(try await session.postURLEncoded("/products/7/delete", []).status == 303)
            #expect(market.state.withLock { $0.deletes } == [7])
            #expect(try await session.get("/trash").text.contains("data-image-count=\"2\""))
        }
    }
}
