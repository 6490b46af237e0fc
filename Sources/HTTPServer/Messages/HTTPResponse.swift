import Foundation

/// A response: status, headers and a body of bytes or a file to send as it is.
public struct HTTPResponse: Sendable {
    public enum Body: Sendable {
        case bytes([UInt8])
        /// A regular file sent with `sendfile(2)`; `size` is its length in bytes.
        case file(path: String, size: Int)
        /// Pieces made while sending (see `BodyStream`); its length is not known up front.
        case stream(BodyStream)

        /// The body's length in bytes; 0 for a stream, whose length is not known up front.
        public var count: Int {
            switch self {
            case .bytes(let b): b.count
            case .file(_, let size): size
            case .stream: 0
            }
        }
    }

    public var status: HTTPStatus
    public var headers: HTTPHeaders
    public var body: Body

    public init(status: HTTPStatus = .ok, headers: HTTPHeaders = HTTPHeaders(), body: Body = .bytes([])) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    public init(status: HTTPStatus = .ok, headers: HTTPHeaders = HTTPHeaders(), bytes: [UInt8]) {
        self.init(status: status, headers: headers, body: .bytes(bytes))
    }

    /// A `text/plain; charset=utf-8` response.
    public static func text(_ text: String, status: HTTPStatus = .ok) -> HTTPResponse {
        HTTPResponse(status: status, headers: plainTextHeaders, bytes: Array(text.utf8))
    }

    /// A `text/html; charset=utf-8` response. The caller escapes what it must.
    public static func html(_ html: String, status: HTTPStatus = .ok) -> HTTPResponse {
        HTTPResponse(status: status, headers: htmlHeaders, bytes: Array(html.utf8))
    }

    /// An `application/json` response from bytes already encoded.
    public static func json(_ bytes: [UInt8], status: HTTPStatus = .ok) -> HTTPResponse {
        HTTPResponse(status: status, headers: jsonHeaders, bytes: bytes)
    }

    // Made once: a response then shares them (a retain) instead of building an array of
    // header fields, and the literal's tuples, each time; and serialized once (`prepared`).
    public static let plainTextHeaders = (["Content-Type": "text/plain; charset=utf-8"] as HTTPHeaders).prepared()
    public static let htmlHeaders = (["Content-Type": "text/html; charset=utf-8"] as HTTPHeaders).prepared()
    public static let jsonHeaders = (["Content-Type": "application/json"] as HTTPHeaders).prepared()

    /// An `application/json` response from an `Encodable` value.
    public static func json<T: Encodable>(
        encoding value: T, status: HTTPStatus = .ok, encoder: JSONEncoder = JSONEncoder()
    ) throws -> HTTPResponse {
        try .json(Array(encoder.encode(value)), status: status)
    }

    /// A redirect with `Location` (303 See Other unless told otherwise).
    public static func redirect(to location: String, status: HTTPStatus = .seeOther) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Location": location], bytes: [])
    }
}

/// An error a handler throws to answer with a given status and a message a person can act on.
/// The server turns it into a response through its error responder.
public struct HTTPError: Error, Sendable, Equatable {
    public var status: HTTPStatus
    public var message: String
    public init(_ status: HTTPStatus, _ message: String = "") {
        self.status = status
        self.message = message.isEmpty ? status.reasonPhrase : message
    }
}
