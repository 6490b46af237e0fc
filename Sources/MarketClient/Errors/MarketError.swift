import Foundation

/// What went wrong talking to the market, in terms a page can explain and act on.
///
/// No case ever carries the vendor identifier or secret: upstream messages are passed through
/// `MarketCredentials.redact` before they are stored here.
public enum MarketError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// The product (or path) does not exist: 404 not about credentials.
    case notFound
    /// The upstream refused the request; `message` is its own words (`{code,message}` or a plain
    /// body, trimmed to at most `MarketError.maxMessageLength` characters), or the status's
    /// reason phrase when it said nothing useful.
    case rejected(status: Int, message: String)
    /// Wrong identifier or secret, or not the owner of the product (see `MarketError.from`).
    case unauthorized
    /// No answer within the deadline (connect or request), or a 504 from a gateway; for a
    /// write, also a connection lost after the request was sent. A write that ends so may have
    /// been carried out.
    case timeout
    /// The market could not be reached: connection refused or reset, unknown host, or a 502/503
    /// from a gateway in front of it.
    case unreachable
    /// The market answered, but not with what the API promises (undecodable JSON, a bad delete
    /// path). The text says what was expected, never the body.
    case malformedResponse(String)
    /// The client refused to send the request (e.g. not 1–5 images); nothing reached the market.
    case invalidRequest(String)

    /// Upstream messages longer than this are cut (with `…`).
    public static let maxMessageLength = 200

    /// Worth trying again later: the market may be back (timeouts, unreachable).
    public var isTransient: Bool {
        switch self {
        case .timeout, .unreachable: true
        default: false
        }
    }

    public var description: String {
        switch self {
        case .notFound: "The product was not found."
        case .rejected(let status, let message): "The market refused the request (\(status)): \(message)"
        case .unauthorized: "The market did not accept the vendor identifier or secret for this product."
        case .timeout: "The market did not answer in time."
        case .unreachable: "The market could not be reached."
        case .malformedResponse(let what): "The market sent an unexpected answer: \(what)"
        case .invalidRequest(let what): "The request was not sent: \(what)"
        }
    }

    public var errorDescription: String? { description }
}
