/// The market's refusals, each with the message sent in `{"code": N, "message": "..."}`.
/// The API layer maps them to status codes in one place (`API/MarketEndpoint.swift`).
enum MarketRefusal: Error, Equatable {
    /// 400: malformed request, missing part, unparsable JSON, a field that breaks a rule.
    case badRequest(String)
    /// 401: missing or unknown `identifier`, or a `secret` that does not match it.
    case unauthorized(String)
    /// 403: the vendor is known but the product belongs to another vendor.
    case forbidden(String)
    /// 404: unknown product, image or route.
    case notFound(String)
    /// 405: the path exists for other methods.
    case methodNotAllowed(allow: [String])
    /// 415: a body that is not the media type the endpoint reads.
    case unsupportedMediaType(String)
    /// 500: the data directory refused a write; nothing was committed.
    case storage(String)
}
