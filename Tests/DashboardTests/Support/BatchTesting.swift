import Foundation
import MarketClient
import SQLite
import Testing

@testable import Dashboard

/// One row of a batch page as the tests read it.
struct ShownBatchRow: Sendable {
    var productID: Int?
    var status: String
    var line: Int?
    /// The row's visible text.
    var text: String
}

enum BatchTesting {
    /// The rows of a batch page's table, in order.
    static func rows(_ html: String) -> [ShownBatchRow] {
        let body = HTMLScan.block(in: html, from: "<tbody>", to: "</tbody>")
        return HTMLScan.blocks(in: body, from: "<tr", to: "</tr>").compactMap { block in
            guard let tag = HTMLScan.tags("tr", in: block).first else { return nil }
            return ShownBatchRow(
                productID: tag["data-product-id"].flatMap { Int($0) }, status: tag["data-status"] ?? "",
                line: tag["data-row"].flatMap { Int($0) }, text: HTMLScan.text(block))
        }
    }

    /// The counts a batch page's summary carries (`<p data-progress data-done="1" …>`), by
    /// name (`done`, `not-sent`, …), and its words.
    static func progress(_ html: String) -> (counts: [String: Int], text: String)? {
        guard let start = html.range(of: "<p class=\"batch-state\"") else { return nil }
        let block = String(html[start.lowerBound...].prefix { $0 != "\n" })
        guard let tag = HTMLScan.tags("p", in: block).first else { return nil }
        var counts: [String: Int] = [:]
        for name in ["total", "done", "skipped", "failed", "pending", "checking", "not-sent", "unchanged", "invalid", "unknown"] {
            counts[name] = tag["data-\(name)"].flatMap { Int($0) }
        }
        return (counts, HTMLScan.text(block))
    }

    /// Checks that a batch page's summary counts are its rows' (every row on the page: the
    /// tests' batches fit one page), and that its total is their number.
    static func expectProgressMatchesRows(_ html: String, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let (counts, _) = progress(html) else {
            Issue.record("no summary with data-progress", sourceLocation: sourceLocation)
            return
        }
        let shown = rows(html)
        #expect(counts["total"] == shown.count, sourceLocation: sourceLocation)
        for status in ["done", "skipped", "failed", "pending", "checking", "not-sent", "unchanged", "invalid", "unknown"] {
            #expect(counts[status] == shown.filter { $0.status == status }.count, "\(status)", sourceLocation: sourceLocation)
        }
    }

    /// The batch id a `303` to `/batches/{id}` names.
    static func batchID(_ response: TestResponse) -> Int? {
        guard let location = response.header("Location"), location.hasPrefix("/batches/") else { return nil }
        return Int(location.dropFirst("/batches/".count).prefix { $0 != "?" })
    }

    /// Posts the list's bulk form as a browser would: the session's token and `fields`.
    static func bulk(_ session: FormSession, _ fields: [(String, String)]) async throws -> TestResponse {
        try await session.postURLEncoded("/products/bulk", fields)
    }

    /// The hidden fields every form of a batch page carries: the batch and the revision the
    /// page was drawn at (a post from an older page acts on nothing).
    static func drawn(_ html: String) -> [(String, String)] {
        ["batch_id", "batch_revision", "batch_state"].compactMap { name in FormSession.hidden(name, in: html).map { (name, $0) } }
    }

    /// Presses one of a batch page's buttons (`apply`, `cancel`, `retry`, `undo`, `again`,
    /// `unschedule`, `end-now`) as a browser does: the page as it is now, then its form.
    static func press(_ button: String, _ batch: Int, _ session: FormSession, fields: [(String, String)] = []) async throws -> TestResponse {
        let page = try await session.get("/batches/\(batch)")
        return try await press(button, batch, session, from: page.text, fields: fields)
    }

    /// Presses a button of a batch page drawn earlier (`page`): another tab, a page left open,
    /// with the token that page holds.
    static func press(
        _ button: String, _ batch: Int, _ session: FormSession, from page: String, fields: [(String, String)] = []
    ) async throws -> TestResponse {
        var tab = session
        if let token = FormSession.hidden("csrf_token", in: page) { tab.csrfToken = token }
        return try await tab.postURLEncoded("/batches/\(batch)/\(button)", drawn(page) + fields)
    }

    /// Four own products beside the live-shaped ones: three in KRW (one discounted), one in USD.
    static func stock(_ market: ScriptedMarket) {
        let own = LiveShapedData.ownVendor
        for product in [
            ScriptedMarket.product(id: 210, name: "Tea cup", vendor: own, price: 10000, discount: 0, stock: 5, description: "A cup."),
            ScriptedMarket.product(id: 211, name: "Tea pot", vendor: own, price: 8999, discount: 0, stock: 5, description: "A pot."),
            ScriptedMarket.product(id: 212, name: "Tea tray", vendor: own, price: 15000, discount: 1000, stock: 5, description: "A tray."),
            ScriptedMarket.product(
                id: 213, name: "Tea towel", vendor: own, price: Money(Decimal(string: "12.35")!), discount: 0, currency: .usd, stock: 5,
                description: "A towel."),
        ] { market.add(product) }
    }

    /// Which rows of `batch` (by number) carry the in-flight mark, read as the database file
    /// holds it (`batch_rows.in_flight`), beside the dashboard's own connection.
    static func inFlight(_ harness: DashboardHarness, _ batch: Int) throws -> [Bool] {
        let path = harness.app.configuration.dataDirectory.appendingPathComponent(StoredSentencesFixture.databaseFile).path
        return try SQLiteConnection(path: path).rows("SELECT in_flight FROM batch_rows WHERE batch_id = ? ORDER BY number", [.integer(batch)]) {
            $0.integer(0) != 0
        }
    }
}
