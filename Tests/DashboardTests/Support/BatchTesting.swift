import Foundation
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

    /// The batch id a `303` to `/batches/{id}` names.
    static func batchID(_ response: TestResponse) -> Int? {
        guard let location = response.header("Location"), location.hasPrefix("/batches/") else { return nil }
        return Int(location.dropFirst("/batches/".count))
    }

    /// Posts the list's bulk form as a browser would: the session's token and `fields`.
    static func bulk(_ session: FormSession, _ fields: [(String, String)]) async throws -> TestResponse {
        try await session.postURLEncoded("/products/bulk", fields)
    }

    /// Presses one of a batch page's buttons (`apply`, `cancel`, `retry`, `undo`).
    static func press(_ button: String, _ batch: Int, _ session: FormSession) async throws -> TestResponse {
        try await session.postURLEncoded("/batches/\(batch)/\(button)", [])
    }
}
