import HTTPServer

/// One route of the market: a synchronous body (the store never waits on anything but its own
/// disk) that the server runs on the connection's event loop. A `MarketRefusal` becomes the API's
/// `{"code": N, "message": "..."}` reply here, so no error reaches the server's own pages.
struct MarketEndpoint: ImmediateHTTPHandler {
    let body: @Sendable (HTTPRequest) throws(MarketRefusal) -> HTTPResponse

    init(_ body: @escaping @Sendable (HTTPRequest) throws(MarketRefusal) -> HTTPResponse) {
        self.body = body
    }

    func respondImmediately(_ request: HTTPRequest) throws -> HTTPResponse? {
        respond(request)
    }

    func handle(_ request: HTTPRequest) async throws -> HTTPResponse {
        respond(request)
    }

    func respond(_ request: HTTPRequest) -> HTTPResponse {
        do {
            return try body(request)
        } catch {
            return error.response
        }
    }
}

extension MarketRefusal {
    var status: HTTPStatus {
        switch self {
        case .badRequest: .badRequest
        case .unauthorized: .unauthorized
        case .forbidden: .forbidden
        case .notFound: .notFound
        case .methodNotAllowed: .methodNotAllowed
        case .unsupportedMediaType: .unsupportedMediaType
        case .storage: .internalServerError
        }
    }

    var message: String {
        switch self {
        case .badRequest(let text), .unauthorized(let text), .forbidden(let text), .notFound(let text),
            .unsupportedMediaType(let text), .storage(let text):
            text
        case .methodNotAllowed:
            "Request method is not supported for this address"
        }
    }

    var response: HTTPResponse {
        var response = MarketRefusalBody.response(status, message)
        if case .methodNotAllowed(let allow) = self {
            response.headers["Allow"] = allow.joined(separator: ", ")
        }
        return response
    }
}

/// The API's error body, `{"code":404,"message":"..."}`, for the market's own refusals and
/// for the errors the server answers by itself (unknown route, 405, 413, 408...).
public enum MarketRefusalBody {
    public static func response(_ status: HTTPStatus, _ message: String) -> HTTPResponse {
        var json = JSONWriter()
        json.beginObject()
        json.field("code", status.rawValue)
        json.field("message", message)
        json.endObject()
        return .json(json.bytes, status: status)
    }

    /// Pass to `HTTPServer(configuration:router:errorResponder:)` when serving `makeRouter()`.
    public static let responder: HTTPServer.ErrorResponder = { status, message, _ in
        response(status, message)
    }
}
