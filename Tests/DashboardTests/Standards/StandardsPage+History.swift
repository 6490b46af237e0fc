import Foundation
import SQLite
import Testing

@testable import Dashboard
import DashboardEngine

extension StandardsPage {
    /// Gives the history an entry of every kind and outcome the page shows (an edit and its
    /// undo, a batch's rows, a write refused in the market's words, a lost answer a count
    /// confirmed and one still unknown, changes made on the market and a count's "more not
    /// listed", a delete and a restore), and the recycle bin a deleted product, so the checks
    /// see every part of both pages. Each comes about as a person or the market brings it: the
    /// forms, the market refusing or losing an answer (`RecordingMarket.refuse`, `loseAnswers`),
    /// changes made straight on the market and counted (`POST /catalog/refresh`). Nothing moves
    /// the clock afterwards, so the last lost answer stays unknown.
    static func seedHistory(on scene: inout ScheduleScene, own: Int) async throws {
        let dashboard = scene.harness
        let market = scene.market
        var flow = HistoryFlow(dashboard)
        let kept = try await flow.register(name: "휴지통에 간 주전자")
        _ = try await flow.edit(kept, name: "휴지통에 간 주전자", [("price", "15000"), ("stock", "3")])
        _ = try await flow.delete(kept)
        let restored = try await flow.register(name: "Restored Kettle")
        _ = try await flow.delete(restored)
        let trash = try await dashboard.get("/trash")
        if let entry = HTMLScan.tags("li", in: trash.text).first(where: { $0["class"] == "trash-item" })?["data-entry-id"].flatMap({ Int($0) }) {
            _ = try await flow.restore(entry)
        }

        // A count that found more changes made elsewhere than one count lists (2,000) leaves
        // an entry saying how many more there were; more changes than that are more than a
        // test's market holds, so the entry is written as the journal keeps it, while the
        // dashboard is stopped, and the dashboard started again on it.
        let time = Int((scene.clock.now().timeIntervalSince1970 * 1000).rounded(.down))
        var written: (any Error)?
        try await dashboard.restart { configuration in
            do {
                try SQLiteConnection(path: configuration.dataDirectory.appendingPathComponent(StoredSentencesFixture.databaseFile).path).run(
                    """
                    INSERT INTO journal (at, kind, product_id, product_name, cause, before, after, outcome, note, finished_at)
                    VALUES (?, 'outside', NULL, '', 'outside', NULL, NULL, 'done', 'more:12', ?)
                    """, [.integer(time), .integer(time)])
            } catch {
                written = error
            }
        }
        if let written { throw written }
        scene.session = FormSession(port: dashboard.port)
        flow = HistoryFlow(dashboard)
        await dashboard.app.catalog.countEnded()

        // An edit of own's stock, and its undo.
        _ = try await Self.edit(own, [("stock", "3")], in: &flow.session)
        let ownHistory = HistoryHTML.entries(try await flow.history("/history?product=\(own)").text)
        let edit = try #require(ownHistory.first { $0.kind == "edit" }, "own's edit is not in its history")
        let undone = try await flow.undo(edit.id)
        try #require(undone.status == 303, "the undo answered \(undone.status)")

        // A price the market refuses, in its own words (above own's discount, so the form
        // sends it).
        market.refuse("PATCH", "/api/products/\(own)", status: .badRequest, saying: "price too low")
        let refused = try await Self.edit(own, [("price", "400000")], in: &flow.session)
        market.stopRefusing()
        try #require(market.writes.last?.path == "/api/products/\(own)", "the refused edit was not sent (\(refused.status))")

        // An edit the market did whose answer was lost: the count that follows an unknown
        // write finds it done.
        market.loseAnswers("PATCH", "/api/products/\(own)")
        _ = try await Self.edit(own, [("stock", "4")], in: &flow.session)
        market.stopRefusing()
        await dashboard.app.catalog.countEnded()
        await dashboard.app.catalog.countsObserved()

        // Own's price changed and a product registered straight on the market, then counted.
        try await market.change(own, ["price": 950_000])
        _ = try await market.register(name: "Phone Teapot", images: [ImageFixtures.jpeg(600, fill: 71)])
        let list = try await scene.session.open("/products")
        try #require(list.status == 200)
        let counted = try await scene.session.postURLEncoded("/catalog/refresh", [("back", "/products")])
        try #require(counted.status == 303, "the refresh answered \(counted.status)")
        await dashboard.app.catalog.countEnded()
        await dashboard.app.catalog.countsObserved()

        // An edit whose answer a gateway lost (504, the market never saw it): unknown, and
        // the check of it waits on a clock nothing moves.
        market.refuse("PATCH", "/api/products/\(own)", status: .gatewayTimeout)
        _ = try await Self.edit(own, [("stock", "5")], in: &flow.session)
        market.stopRefusing()
        await dashboard.app.catalog.countEnded()
        await dashboard.app.catalog.countsObserved()
    }

    /// Saves `id`'s edit form as shown with `changes` typed over it.
    private static func edit(_ id: Int, _ changes: [(String, String)], in session: inout FormSession) async throws -> TestResponse {
        let form = try await session.open("/products/\(id)/edit")
        var fields = form.formFields.filter { !["csrf_token", "form_token"].contains($0.0) }
        for (name, value) in changes { fields = replacing(fields, name, with: value) }
        return try await session.postURLEncoded("/products/\(id)/edit", fields)
    }
}
