@testable import Dashboard
import Foundation
import HTTPServer

/// The market's own answer, read from its JSON over the socket (not through `MarketClient`,
/// so the dashboard's client cannot hide its own mistakes from the comparison).
extension DashboardHarness {
    var marketPort: Int { app.marketURL.port ?? 0 }

    /// The product ids of one list page, in the market's order.
    func marketPageIDs(page: Int, perPage: Int, search: String = "") async throws -> [Int] {
        var path = "/api/products?page_no=\(page)&items_per_page=\(perPage)"
        if !search.isEmpty { path += "&search_value=" + URLEncodedForm.encode(search) }
        let json = try await marketJSON(path)
        let products = json["pages"] as? [[String: Any]] ?? []
        return products.compactMap { $0["id"] as? Int }
    }

    /// One product's JSON as the market sends it.
    func marketProduct(_ id: Int) async throws -> [String: Any] {
        try await marketJSON("/api/products/\(id)")
    }

    func marketJSON(_ path: String) async throws -> [String: Any] {
        let response = try await HTTPTestClient.get(marketPort, path)
        guard response.status == 200,
            let object = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
        else { throw HTTPTestClient.Failure(description: "market answered \(response.status) to \(path)") }
        return object
    }

    /// The ids of one vendor's products, newest first, from the market's own JSON.
    func marketCatalogIDs(vendor: Int) async throws -> [Int] {
        let pages = try await marketJSON("/api/products?page_no=1&items_per_page=1000")["pages"] as? [[String: Any]] ?? []
        return pages.filter { $0["vendor_id"] as? Int == vendor }.compactMap { $0["id"] as? Int }
    }
}
