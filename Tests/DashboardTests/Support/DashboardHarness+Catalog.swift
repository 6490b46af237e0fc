import Foundation
import LocalMarket
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@testable import Dashboard

/// The embedded market's whole catalog, read from its JSON (not through the dashboard), and
/// the catalog pages' numbers read back from their HTML.
extension DashboardHarness {
    /// Waits until no count of the catalog runs, the price timeline heard every count, and
    /// every price state it learned is written and its sales worked out: after it, a page
    /// drawn twice gives the same answer (an on-sale product's line against its reference
    /// price is not learned between the two).
    func countSettled() async {
        await app.catalog.countEnded()
        await app.catalog.countsObserved()
        await app.engine.prices.recorded()
    }

    /// Every product the market lists, newest first.
    func marketCatalog(search: String = "") async throws -> [[String: Any]] {
        var path = "/api/products?page_no=1&items_per_page=1000"
        if !search.isEmpty { path += "&search_value=" + FormSession.encode(search) }
        return try await marketJSON(path)["pages"] as? [[String: Any]] ?? []
    }

    /// A GET through URLSession, which undoes the chunked coding as any HTTP client does. Its
    /// timeout is the tests' hang guard, not URLSession's 60 s: on a machine busy with other
    /// builds a streamed export may pause longer without being wrong.
    func fetch(_ path: String) async throws -> (status: Int, headers: [AnyHashable: Any], body: [UInt8]) {
        let url = try #require(URL(string: "http://127.0.0.1:\(port)\(path)"))
        var request = URLRequest(url: url)
        request.timeoutInterval = TimeInterval(Patience.hangGuard.components.seconds)
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        return (http.statusCode, http.allHeaderFields, Array(data))
    }
}

/// The `data-metric` numbers of one part of the overview (`value` attributes).
func metrics(in html: some StringProtocol) -> [String: String] {
    var found: [String: String] = [:]
    for tag in HTMLScan.tags("data", in: html) {
        if let name = tag["data-metric"], found[name] == nil { found[name] = tag["value"] }
    }
    return found
}
