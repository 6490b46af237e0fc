import Foundation
import LocalMarket
import MarketClient
import Testing

@testable import Dashboard
import DashboardEngine

/// `POST /history/{entry}/undo` against an independent market that records every request:
/// what an undo sends, and every refusal sending nothing.
@Suite struct UndoTests {
    static func patches(_ market: RecordingMarket, _ id: Int) -> [RecordingMarket.Received] {
        market.writes.filter { $0.method == "PATCH" && $0.path == "/api/products/\(id)" }
    }

    static func number(_ value: Any?) -> Double? { (value as? NSNumber)?.doubleValue }

    /// A product registered and its price edited to 15,000 through the dashboard; its id and
    /// the edit's entry.
    static func editedPrice(_ flow: inout HistoryFlow) async throws -> (id: Int, entry: Int) {
        let id = try await flow.register()
        _ = try await flow.edit(id, [("price", "15000")])
        let entry = try #require(HistoryHTML.entries(try await flow.history("/history?product=\(id)").text).first)
        return (id, entry.id)
    }

    @Test func anEditThenItsUndo_leaveTheProductAsItWas_withOnePATCHEachWay() async throws {
        try await withRecordingMarket { market in
            try await withDashboard(.recording(market)) { harness in
                var flow = HistoryFlow(harness)
                let id = try await flow.register()
                let before = try await market.product(id)
                let saved = try await flow.edit(id, [("price", "15000"), ("stock", "3")])
                #expect(saved.status == 303)
                #expect(Self.number(try await market.product(id)["price"]) == 15000)
                #expect(Self.patches(market, id).count == 1)

                let history = try await flow.history("/history?product=\(id)")
                let entries = HistoryHTML.entries(history.text)
                #expect(entries.map(\.kind) == ["edit", "create"])
                let edit = try #require(entries.first)
                #expect(edit.html.contains("<del><bdi>KRW 12,000</bdi></del>") && edit.html.contains("<ins><bdi>KRW 15,000</bdi></ins>"))
                #expect(edit.html.contains("<del><bdi>7</bdi></del>") && edit.html.contains("<ins><bdi>3</bdi></ins>"))
                #expect(edit.html.contains("action=\"/history/\(edit.id)/undo\""))

                let undone = try await flow.undo(edit.id)
                #expect(undone.status == 303)
                #expect(undone.header("Location") == "/history?product=\(id)")
                let after = try await market.product(id)
                for field in ["name", "description", "price", "discounted_price", "bargain_price", "stock", "currency"] {
                    #expect(String(describing: after[field] ?? "none") == String(describing: before[field] ?? "none"), "\(field)")
                }
                let patches = Self.patches(market, id)
                #expect(patches.count == 2, "one PATCH each way")
                let sent = try #require(patches.last?.json)
                #expect(Set(sent.keys) == ["price", "stock", "secret"], "only the fields the edit changed")
                #expect(Self.number(sent["price"]) == 12000 && sent["stock"] as? Int == 7)

                // The history shows the undo, the edit says it was undone and offers no button.
                let next = try await flow.session.get("/history?product=\(id)", extraCookie: undone.setCookie("om_flash"))
                #expect(next.text.contains("The change to “Undo Kettle” was undone."))
                let shown = HistoryHTML.entries(next.text)
                #expect(shown.map(\.kind) == ["undo", "edit", "create"])
                let undo = try #require(shown.first)
                #expect(undo.html.contains("Undoes entry \(edit.id)"))
                #expect(shown[1].html.contains("Undone by entry \(undo.id)"))
                #expect(!shown[1].html.contains("/history/\(edit.id)/undo"))

                // An undo is itself journaled, and can be undone: the edit's values come back.
                let redone = try await flow.undo(undo.id)
                #expect(redone.status == 303)
                #expect(Self.number(try await market.product(id)["price"]) == 15000)
                #expect(try await market.product(id)["stock"] as? Int == 3)
                #expect(Self.patches(market, id).count == 3)
            }
        }
    }

    @Test func anUndoAfterSomeoneElseChangedTheField_isRefusedNamingIt_andSendsNothing() async throws {
        try await withRecordingMarket { market in
            try await withDashboard(.recording(market)) { harness in
                var flow = HistoryFlow(harness)
                let (id, entry) = try await Self.editedPrice(&flow)
                // The iOS app lowers the price after the edit.
                try await market.change(id, ["price": 14000])
                let writes = market.writes.count

                let refused = try await flow.undo(entry)
                #expect(refused.status == 409)
                let text = HTMLScan.text(refused.text)
                #expect(text.contains("Changed again since this edit"))
                #expect(text.contains("The price of “Undo Kettle” was changed after this edit: it is now KRW 14,000, and the edit left it at KRW 15,000."))
                #expect(refused.text.contains("href=\"/history\""), "a way back to the history")
                #expect(market.writes.count == writes, "nothing sent")
                #expect(Self.number(try await market.product(id)["price"]) == 14000)
            }
        }
    }

    @Test func aFieldTheEditDidNotTouch_mayHaveChanged_andOnlyTheEditedFieldGoesBack() async throws {
        try await withRecordingMarket { market in
            try await withDashboard(.recording(market)) { harness in
                var flow = HistoryFlow(harness)
                let (id, entry) = try await Self.editedPrice(&flow)
                try await market.change(id, ["stock": 42])
                #expect(try await flow.undo(entry).status == 303)
                let product = try await market.product(id)
                #expect(Self.number(product["price"]) == 12000)
                #expect(product["stock"] as? Int == 42, "the other change stays")
            }
        }
    }

    /// An edit of a product deleted and then removed from the bin for good: the refusal says the
    /// product is neither on the market nor in the bin, in one sentence with its number.
    @Test func anUndoOfAProductGoneForGood_saysItIsNowhere() async throws {
        try await withDashboard { harness in
            var flow = HistoryFlow(harness)
            let (id, entry) = try await Self.editedPrice(&flow)
            #expect(try await flow.delete(id).status == 303)
            let trash = try await flow.session.open("/trash")
            let item = try #require(HTMLScan.tags("li", in: trash.text).first { $0["class"] == "trash-item" }?["data-entry-id"])
            #expect(try await flow.session.postURLEncoded("/trash/\(item)/forget", [("confirm", "1")]).status == 303)
            _ = try await flow.session.open("/history?lang=ko")
            let refused = try await flow.session.postURLEncoded("/history/\(entry)/undo?lang=ko", [])
            #expect(refused.status == 409)
            #expect(HTMLScan.text(refused.text).contains("“Undo Kettle” 상품(\(id)번)은 오픈마켓에도 휴지통에도 없어 되돌릴 수 없습니다. 아무것도 반영하지 않았습니다."),
                "\(HTMLScan.text(refused.text).suffix(300))")
        }
    }

    @Test func undoRefusals_areFourHundreds_thatSayWhy_andSendNothing() async throws {
        try await withRecordingMarket { market in
            try await withDashboard(.recording(market)) { harness in
                var flow = HistoryFlow(harness)
                let id = try await flow.register()
                _ = try await flow.edit(id, [("stock", "3")])
                let entries = HistoryHTML.entries(try await flow.history("/history?product=\(id)").text)
                let edit = try #require(entries.first { $0.kind == "edit" })
                let create = try #require(entries.first { $0.kind == "create" })
                #expect(!create.html.contains("/undo\""), "no Undo button on a registration")
                let notAnEdit = try await flow.undo(create.id)
                #expect(notAnEdit.status == 409)
                #expect(HTMLScan.text(notAnEdit.text).contains("To take the product off the Open Market, delete it from its page."))

                // An edit of another vendor's product, saved while the dashboard ran as that
                // vendor, and one the market refused (it answers that edit 503).
                let others = try #require(LocalMarket.vendors.first { $0.id != RecordingMarket.vendor.id })
                let listed = try await harness.marketJSON("/api/products?page_no=1&items_per_page=100")["pages"] as? [[String: Any]] ?? []
                let othersProduct = try #require(listed.first { $0["vendor_id"] as? Int == others.id }?["id"] as? Int)
                try await harness.restart { ($0.identifier, $0.secret, $0.vendorID) = (others.identifier, others.secret, others.id) }
                var asOthers = HistoryFlow(harness)
                #expect(try await asOthers.edit(othersProduct, name: "Their Kettle", [("stock", "2")]).status == 303)
                try await harness.restart { ($0.identifier, $0.secret, $0.vendorID) = (RecordingMarket.vendor.identifier, RecordingMarket.vendor.secret, RecordingMarket.vendor.id) }
                flow = HistoryFlow(harness)
                let foreign = try #require(HistoryHTML.entries(try await flow.history("/history?product=\(othersProduct)").text).first { $0.kind == "edit" })
                market.refuse("PATCH", "/api/products/\(id)")
                _ = try await flow.edit(id, [("stock", "2")])
                market.stopRefusing()
                let refused = try #require(HistoryHTML.entries(try await flow.history("/history?product=\(id)").text).first { $0.kind == "edit" && $0.id != edit.id })
                // The refused edit's label says it was not made, so its arrow is not read as done.
                let shown = try #require(HistoryHTML.entries(try await flow.history("/history?product=\(id)").text).first { $0.id == refused.id })
                #expect(HTMLScan.text(HTMLScan.block(in: shown.html, from: "<strong class=\"entry-kind\">", to: "</strong>")) == "Not edited")

                let writes = market.writes.count
                #expect(try await flow.undo(edit.id).status == 303)
                let undoWrites = market.writes.count
                #expect(undoWrites == writes + 1)
                let cases: [(path: String, status: Int, heading: String)] = [
                    ("/history/\(edit.id)/undo", 409, "Already undone"),
                    ("/history/\(create.id)/undo", 409, "Only an edit can be undone"),
                    ("/history/99999999/undo", 404, "No such entry"),
                    ("/history/abc/undo", 404, "No such entry"),
                    ("/history/\(foreign.id)/undo", 403, "This is not your product"),
                    ("/history/\(refused.id)/undo", 409, "This change cannot be undone"),
                ]
                for item in cases {
                    let response = try await flow.session.postURLEncoded(item.path, [])
                    #expect(response.status == item.status, "\(item.path)")
                    #expect(HTMLScan.text(response.text).contains(item.heading), "\(item.path)")
                    #expect(response.text.contains("Nothing was changed"), "\(item.path)")
                }
                // A POST whose token does not match the browser's is refused too.
                var stale = flow.session
                stale.csrfToken = SecureToken.make()
                let expired = try await stale.postURLEncoded("/history/\(edit.id)/undo", [])
                #expect(expired.status == 403)
                #expect(HTMLScan.text(expired.text).contains("Nothing was undone"))
                #expect(HTMLScan.text(expired.text).contains("Open the history again and select Undo again."))
                #expect(market.writes.count == undoWrites, "no refusal sent anything")
            }
        }
    }
}
