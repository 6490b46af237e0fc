import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension MarketError {
    /// Maps an answer that is not 2xx. The one place statuses become errors:
    /// - 401, 403: `.unauthorized`.
    /// - any other 4xx whose message speaks of credentials or ownership: `.unauthorized`. The real
    ///   server is not documented to use 401/403 for a wrong identifier or secret; clients saw 400
    ///   and 404 with a message instead, so the message decides (see `mentionsCredentials`).
    /// - 3xx: `.malformedResponse` (redirects are never followed).
    /// - 404: `.notFound`. 502, 503: `.unreachable`. 504: `.timeout`.
    /// - anything else: `.rejected` with the upstream's message, redacted and bounded.
    static func from(status: Int, body: [UInt8], credentials: MarketCredentials) -> MarketError {
        let message = marketMessage(body).map { bounded(credentials.redact($0)) }
        switch status {
        case 300..<400:
            // The client follows no redirect (see `BoundedTransfer`): the API never sends one,
            // and a write redirected elsewhere would carry the vendor header there.
            return .malformedResponse("a redirect (\(status)), which the client does not follow")
        case 401, 403:
            return .unauthorized
        case 400..<500 where message.map(mentionsCredentials) ?? false:
            return .unauthorized
        case 404:
            return .notFound
        case 502, 503:
            return .unreachable
        case 504:
            return .timeout
        default:
            let fallback = HTTPURLResponse.localizedString(forStatusCode: status)
            return .rejected(status: status, message: message ?? (fallback.isEmpty ? "HTTP \(status)" : fallback))
        }
    }

    /// Maps a failure below HTTP: URLSession errors and our own deadline.
    static func from(transport error: any Error) -> MarketError {
        if let error = error as? MarketError { return error }
        guard let urlError = error as? URLError else { return .unreachable }
        switch urlError.code {
        case .timedOut:
            return .timeout
        case .badServerResponse, .cannotParseResponse, .cannotDecodeRawData, .cannotDecodeContentData,
            .zeroByteResource, .dataLengthExceedsMaximum, .httpTooManyRedirects, .redirectToNonExistentLocation:
            return .malformedResponse("an answer that is not valid HTTP (\(urlError.code.rawValue))")
        default:
            // cannotConnectToHost, cannotFindHost, dnsLookupFailed, networkConnectionLost,
            // notConnectedToInternet, secureConnectionFailed, ...
            return .unreachable
        }
    }

    /// The upstream's own words: `message` (or `error`, `detail`) of a JSON object as Spring and
    /// the API send them, a JSON string, or a plain-text body. Nil for HTML pages and empty bodies.
    static func marketMessage(_ body: [UInt8]) -> String? {
        let data = Data(body)
        if let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) {
            if let dictionary = object as? [String: Any] {
                for key in ["message", "error", "detail"] {
                    if let text = dictionary[key] as? String, !text.trimmingASCIIWhitespaceAndNewlines().isEmpty {
                        return text
                    }
                }
                return nil
            }
            if let text = object as? String { return text.trimmingASCIIWhitespaceAndNewlines().isEmpty ? nil : text }
            return nil
        }
        let text = String(decoding: body.prefix(4096), as: UTF8.self).trimmingASCIIWhitespaceAndNewlines()
        if text.isEmpty || text.hasPrefix("<") { return nil }
        return text
    }

    /// One line, no control characters, at most `maxMessageLength` characters.
    static func bounded(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            scalars.append(scalar.properties.generalCategory == .control ? " " : scalar)
        }
        let clean = String(scalars).trimmingASCIIWhitespaceAndNewlines()
        return clean.count <= maxMessageLength ? clean : String(clean.prefix(maxMessageLength - 1)) + "…"
    }

    /// Words the real server (English or Korean) uses when the identifier or secret is wrong
    /// or the vendor is not the product's owner.
    static func mentionsCredentials(_ message: String) -> Bool {
        let lower = message.lowercased()
        let words = [
            "secret", "identifier", "vendor", "password", "unauthori", "forbidden", "permission",
            "not authorized", "credential", "owner", "권한", "비밀번호", "판매자", "인증",
        ]
        return words.contains { lower.contains($0) }
    }
}
