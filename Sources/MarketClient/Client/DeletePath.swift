import Foundation

/// The answer of `POST /api/products/{id}/archived`, turned into the path to `DELETE`:
/// always `/api/products/TOKEN`, where TOKEN is base64 of `"{id}|{uuid}"`.
///
/// The documentation shows a `text/plain` path, `/api/products/TOKEN`; public clients of the
/// API show other forms, all accepted: `api/products/TOKEN` (no leading slash), an absolute
/// URL on the market's own scheme, host and port, and the bare token. Tolerated around any of
/// them: whitespace and double quotes (a JSON string).
///
/// Refused: another scheme, host or port, a path outside `/api/products/`, user info, queries,
/// fragments, empty tokens, `.`/`..`/empty segments, and characters outside base64 (standard
/// and URL-safe), `%` escapes and `/`; the client never sends a DELETE it cannot vouch for.
/// A bare token holds no `/` (a token of `"{id}|{uuid}"` never does: no 6-bit group of its
/// characters is all ones), so anything with a `/` must name the path.
struct DeletePath: Equatable {
    static let prefix = "/api/products/"

    let path: String

    init(response body: [UInt8], baseURL: URL) throws(MarketError) {
        var text = String(decoding: body.prefix(2048), as: UTF8.self).trimmingASCIIWhitespaceAndNewlines()
        if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") {
            text = String(text.dropFirst().dropLast()).trimmingASCIIWhitespaceAndNewlines()
        }
        let token: Substring
        if text.lowercased().hasPrefix("http://") || text.lowercased().hasPrefix("https://") {
            token = try Self.token(inURL: text, baseURL: baseURL)
        } else if text.hasPrefix(Self.prefix) {
            token = text.dropFirst(Self.prefix.count)
        } else if text.hasPrefix(Self.prefix.dropFirst()) {
            token = text.dropFirst(Self.prefix.count - 1)
        } else if !text.contains("/") {
            token = Substring(text)
        } else {
            throw .malformedResponse("a delete path outside /api/products/")
        }
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=-_%.".utf8)
        // Segments are checked as sent and as a server would decode them (`%2e%2e` is `..`).
        func hasDotOrEmptySegment(_ text: some StringProtocol) -> Bool {
            text.split(separator: "/", omittingEmptySubsequences: false).contains { $0 == ".." || $0 == "." || $0.isEmpty }
        }
        guard !token.isEmpty, token.utf8.allSatisfy(allowed.contains), !hasDotOrEmptySegment(token),
            let decoded = String(token).removingPercentEncoding, !hasDotOrEmptySegment(decoded)
        else { throw .malformedResponse("a delete path that is not a product token") }
        self.path = Self.prefix + token
    }

    /// The token of an absolute URL on the market itself (same scheme, host and port, the
    /// default port counting as named), under the base URL's own path, if it has one.
    private static func token(inURL text: String, baseURL: URL) throws(MarketError) -> Substring {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
            scheme == baseURL.scheme?.lowercased(), url.host?.lowercased() == baseURL.host?.lowercased(),
            effectivePort(url) == effectivePort(baseURL),
            url.user == nil, url.password == nil, url.query == nil, url.fragment == nil
        else { throw .malformedResponse("a delete path on another server") }
        var path = url.path(percentEncoded: true)
        var basePath = baseURL.path(percentEncoded: true)
        while basePath.hasSuffix("/") { basePath.removeLast() }
        if !basePath.isEmpty, path.hasPrefix(basePath + "/") { path.removeFirst(basePath.count) }
        guard path.hasPrefix(prefix) else { throw .malformedResponse("a delete path outside /api/products/") }
        return Substring(path).dropFirst(prefix.count)
    }

    private static func effectivePort(_ url: URL) -> Int? {
        url.port ?? (url.scheme?.lowercased() == "https" ? 443 : url.scheme?.lowercased() == "http" ? 80 : nil)
    }
}
