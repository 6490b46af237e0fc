import HTTPServer

/// The parts of a create request: exactly one `params` part holding JSON and the `images`
/// parts, in order. Other parts are ignored, as Spring ignores parts no parameter names;
/// sending the product fields as separate form fields therefore fails for the missing
/// `params` part, with a 400.
struct CreateUpload {
    var params: [UInt8]
    var images: [[UInt8]]

    /// The parser's limits sit above the API's own (5 × 300 KB), so that an image over 300 KB
    /// gets the API's message. A body over the route's cap (`maxCreateBodyBytes`) is answered
    /// 413 by the server before it is read; one the parser refuses here is a 400, as Spring
    /// answers a multipart body it cannot read.
    static let limits = MultipartLimits(
        maxParts: 16,
        maxPartHeaderBytes: 8 * 1024,
        maxFieldBytes: 64 * 1024,
        maxFileBytes: MarketRoutes.maxCreateBodyBytes,
        maxTotalFileBytes: MarketRoutes.maxCreateBodyBytes)

    init(_ request: HTTPRequest) throws(MarketRefusal) {
        let contentType = request.headers["Content-Type"] ?? ""
        guard contentType.lowercased().hasPrefix("multipart/form-data") else {
            throw .unsupportedMediaType(
                contentType.isEmpty ? "Content-Type multipart/form-data is required"
                    : "Content-Type '\(contentType)' is not supported; send multipart/form-data")
        }
        guard let boundary = MultipartForm.boundary(fromContentType: contentType) else {
            throw .badRequest("the multipart boundary is missing or invalid")
        }
        let parts: [MultipartPart]
        do {
            parts = try MultipartForm.parse(request.body, boundary: boundary, limits: Self.limits)
        } catch {
            // CRLF is required: a body with bare LF line endings fails here (400).
            throw .badRequest(error.message)
        }
        let paramParts = parts.filter { $0.name == "params" }
        guard paramParts.count == 1, let paramPart = paramParts.first else {
            throw .badRequest(
                paramParts.isEmpty ? "Required part 'params' is not present."
                    : "exactly one 'params' part is allowed, got \(paramParts.count)")
        }
        if let type = paramPart.contentType {
            let media = type.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
            guard media == "application/json" || media == "text/plain" || media.isEmpty else {
                throw .unsupportedMediaType("the 'params' part must be application/json, got '\(type)'")
            }
        }
        params = paramPart.bytes
        images = parts.filter { $0.name == "images" }.map(\.bytes)
    }
}
