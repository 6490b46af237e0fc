import Foundation

/// The answer of `POST /api/products/{id}/archived`: a `text/plain` path such as
/// `/api/products/MzJ8YTFi...` (base64 of `"{id}|{uuid}"`), to be used with `DELETE`.
///
/// Tolerated: surrounding whitespace, surrounding double quotes (a JSON string), and an
/// absolute URL on the market's own host. Refused: anything not under `/api/products/`, empty
/// tokens, `..` segments, queries, fragments, and characters outside base64 (standard and
/// URL-safe), `%` escapes and `/`; the client never sends a DELETE it cannot vouch for.
struct DeletePath: Equatable {
    static let prefix = "/api/products/"

    let path: String

    init(response body: [UInt8], baseURL: URL) throws(MarketError) {
        var text = String(decoding: body.prefix(2048), as: UTF8.self).trimmingASCIIWhitespace()
        if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") {
            text = String(text.dropFirst().dropLast()).trimmingASCIIWhitespace()
        }
        if text.hasPrefix("http://") || text.hasPrefix("https://") {
            guard let url = URL(string: text), url.host?.lowercased() == baseURL.host?.lowercased(),
                url.port == baseURL.port, url.query == nil, url.fragment == nil
            else { throw .malformedResponse("a delete path on another server") }
            text = url.path(percentEncoded: true)
        }
        guard text.hasPrefix(Self.prefix) else {
            throw .malformedResponse("a delete path outside /api/products/")
        }
        let token = text.dropFirst(Self.prefix.count)
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=-_%.".utf8)
        guard !token.isEmpty, token.utf8.allSatisfy(allowed.contains),
            !token.split(separator: "/", omittingEmptySubsequences: false).contains(where: { $0 == ".." || $0 == "." || $0.isEmpty })
        else { throw .malformedResponse("a delete path that is not a product token") }
        self.path = text
    }
}
