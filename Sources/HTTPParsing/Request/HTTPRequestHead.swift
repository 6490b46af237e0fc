/// A parsed request head with its framing already decided (RFC 9112 §6).
public struct HTTPRequestHead: Sendable, Equatable {
    public var method: HTTPMethod
    public var target: String
    public var version: HTTPVersion
    public var headers: HTTPHeaders

    public enum Framing: Sendable, Equatable {
        /// No body (no `Content-Length`, no `Transfer-Encoding`), or `Content-Length: 0`.
        case none
        case contentLength(Int)
        case chunked
    }
    public var framing: Framing
    /// Whether the client wants the connection kept open after this exchange.
    public var keepAlive: Bool
    /// `Expect: 100-continue`: the client waits for a go-ahead before sending the body.
    public var expectsContinue: Bool

    /// The body length announced up front, if any.
    public var declaredBodyLength: Int? {
        switch framing {
        case .none: 0
        case .contentLength(let n): n
        case .chunked: nil
        }
    }
}

/// What the parser found next.
public enum HTTPParserEvent: Sendable, Equatable {
    case head(HTTPRequestHead)
    case body([UInt8])
    /// The current request is complete; the parser is ready for the next (pipelined) one.
    case end
    case needMoreData
}

/// A request the parser refuses. Every one of them closes the connection after the answer,
/// because the framing of whatever follows can no longer be trusted.
public struct HTTPParseError: Error, Sendable, Equatable, CustomStringConvertible {
    public var status: HTTPStatus
    public var reason: String
    public init(_ status: HTTPStatus, _ reason: String) {
        self.status = status
        self.reason = reason
    }
    public var description: String { "\(status.rawValue): \(reason)" }
}

/// Limits the parser enforces while reading (HTTPServer takes them from its `ServerConfiguration`).
public struct HTTPParserLimits: Sendable, Equatable {
    public var maxRequestLineBytes: Int
    public var maxHeaderBytes: Int
    public var maxHeaderFields: Int
    /// A chunk-size line (with extensions) longer than this is refused.
    public var maxChunkLineBytes: Int

    public init(
        maxRequestLineBytes: Int = 8 * 1024, maxHeaderBytes: Int = 32 * 1024,
        maxHeaderFields: Int = 100, maxChunkLineBytes: Int = 4 * 1024
    ) {
        self.maxRequestLineBytes = maxRequestLineBytes
        self.maxHeaderBytes = maxHeaderBytes
        self.maxHeaderFields = maxHeaderFields
        self.maxChunkLineBytes = maxChunkLineBytes
    }
}
