import Foundation
@testable import Dashboard
import LocalMarket
import Testing

/// `/healthz` for monitors, and the security headers every page carries.
@Suite struct HealthAndHeaderTests {
    @Test func health_reportsStatusUpstreamAndImageCache() async throws {
        try await withDashboard(.shared) { dash in
            let response = try await dash.get("/healthz")
            #expect(response.status == 200)
            #expect(response.header("Content-Type")?.hasPrefix("application/json") == true)
            #expect(response.header("Cache-Control") == "no-store")
            let json = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
            #expect(json["status"] as? String == "ok")
            let upstream = try #require(json["upstream"] as? [String: Any])
            #expect(upstream["reachable"] as? Bool == true)
            let images = try #require(json["image_cache"] as? [String: Any])
            for key in ["memory", "disk", "hits", "misses", "hit_rate"] {
                #expect(images[key] != nil, "image_cache.\(key)")
            }
            #expect((images["memory"] as? [String: Any])?["capacity_bytes"] as? Int == 32 * 1024 * 1024)
        }
    }

    /// Monitors read `vendor.id` as null while the own vendor is unknown: the key is there.
    @Test func healthReport_saysNullForAnUnknownVendor_andKeepsURLsReadable() throws {
        let tier = ImageCacheStats.Tier(entries: 0, bytes: 0, capacityBytes: 1, hits: 0)
        let report = HealthReport(
            market: .init(url: "http://127.0.0.1:8081", reachable: false, latencyMilliseconds: 2),
            imageCache: ImageCacheStats(memory: tier, disk: tier, imageFetches: 0, imageFetchFailures: 0, refused: 0),
            vendor: .init(id: nil, source: "unknown"))
        let text = String(decoding: try report.json(), as: UTF8.self)
        #expect(text.contains(#""vendor":{"id":null,"source":"unknown"}"#))
        #expect(text.contains(#""upstream":{"latency_ms":2,"reachable":false,"url":"http://127.0.0.1:8081"}"#))
    }

    /// An image fetched through the dashboard shows up in the cache's numbers.
    @Test func health_countsImageFetches() async throws {
        try await withDashboard { dash in
            let src = try #require(HTMLScan.tags("img", in: try await dash.get("/products/1").text).first?["src"])
            _ = try await dash.get(src)
            _ = try await dash.get(src)
            let json = try JSONSerialization.jsonObject(with: Data(try await dash.get("/healthz").body)) as? [String: Any]
            let images = json?["image_cache"] as? [String: Any]
            #expect(images?["misses"] as? Int == 1)
            #expect(images?["hits"] as? Int ?? 0 >= 1)
            #expect((images?["memory"] as? [String: Any])?["entries"] as? Int == 1)
        }
    }

    @Test(arguments: ["/products", "/products?view=grid&page=2", "/products/1", "/products/99999", "/products/abc", "/nowhere"])
    func pages_carryTheSecurityHeaders(_ path: String) async throws {
        try await withDashboard(.shared) { dash in
            let response = try await dash.get(path)
            #expect(response.header("X-Content-Type-Options") == "nosniff")
            let csp = try #require(response.header("Content-Security-Policy"))
            #expect(csp.contains("default-src 'self'"))
            #expect(!csp.contains("unsafe-inline"))
            #expect(response.header("Referrer-Policy") != nil)
        }
    }

    /// The vendor credentials stay on the server.
    @Test(arguments: ["/products", "/products/1", "/healthz", "/products/99999"])
    func noPage_revealsTheVendorCredentials(_ path: String) async throws {
        try await withDashboard(.shared) { dash in
            let response = try await dash.get(path)
            for vendor in LocalMarket.vendors {
                #expect(!response.text.contains(vendor.secret))
                #expect(!response.text.contains(vendor.identifier))
            }
        }
    }
}
