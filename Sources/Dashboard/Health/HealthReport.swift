import Foundation

/// The body of `/healthz`, encoded once by `JSONEncoder` (sorted keys):
///
///     {"image_cache": {...}, "status": "ok",
///      "upstream": {"latency_ms": 3, "reachable": true, "url": "http://127.0.0.1:8081"},
///      "vendor": {"id": 7, "source": "embedded"}}
///
/// `vendor.id` is `null` while the own vendor is unknown (no --vendor-id, no registration yet).
struct HealthReport: Encodable, Sendable {
    /// The market the dashboard talks to; its JSON key is `upstream`, which scripts and
    /// monitors read.
    struct Market: Encodable, Sendable {
        var url: String
        var reachable: Bool
        var latencyMilliseconds: Int

        enum CodingKeys: String, CodingKey {
            case url, reachable, latencyMilliseconds = "latency_ms"
        }
    }

    /// Whose products get Edit and Delete, and how the dashboard knows (flag, learned,
    /// embedded; unknown until --vendor-id or the first registration).
    struct Vendor: Encodable, Sendable {
        var id: Int?
        var source: String

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)  // null, not left out, while unknown
            try container.encode(source, forKey: .source)
        }

        enum CodingKeys: String, CodingKey {
            case id, source
        }
    }

    var status = "ok"
    var market: Market
    var imageCache: ImageCacheStats
    var vendor: Vendor

    enum CodingKeys: String, CodingKey {
        case status, market = "upstream", imageCache = "image_cache", vendor
    }

    /// The JSON, keys sorted, URLs with plain slashes.
    func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }
}
