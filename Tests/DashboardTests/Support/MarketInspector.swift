@testable import Dashboard
import Foundation
import Testing

/// Reads what the embedded market stored, straight from its API (not through the dashboard).
struct MarketInspector {
    let port: Int

    init(_ harness: DashboardHarness) {
        port = harness.app.marketURL.port ?? 0
    }

    func product(_ id: Int) async throws -> [String: Any] {
        let response = try await HTTPTestClient.get(port, "/api/products/\(id)")
        guard response.status == 200,
            let object = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
        else { throw HTTPTestClient.Failure(description: "market answered \(response.status) for product \(id)") }
        return object
    }

    func status(_ id: Int) async throws -> Int {
        try await HTTPTestClient.get(port, "/api/products/\(id)").status
    }

    /// The bytes of each original image of a product, in order.
    func imageBytes(_ id: Int) async throws -> [[UInt8]] {
        let images = try await product(id)["images"] as? [[String: Any]] ?? []
        var result: [[UInt8]] = []
        for image in images {
            guard let text = image["url"] as? String, let url = URL(string: text) else { continue }
            let response = try await HTTPTestClient.get(url.port ?? port, url.path)
            result.append(response.body)
        }
        return result
    }

    func totalCount() async throws -> Int {
        let response = try await HTTPTestClient.get(port, "/api/products?page_no=1&items_per_page=1")
        let object = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
        return object?["totalCount"] as? Int ?? -1
    }
}

/// `/products/12` → 12.
func productID(fromLocation location: String?) -> Int? {
    guard let location, location.hasPrefix("/products/") else { return nil }
    return Int(location.dropFirst("/products/".count))
}
