import HTTPServer

/// Writes: each first checks the `identifier` header (401), then reads the body (400/415),
/// then the `secret` (400 when missing, 401 when wrong), then the product (404) and its owner
/// (403), then the field rules (400).
extension MarketRoutes {
    /// `POST /api/products`: multipart with one `params` JSON part and 1–5 `images` parts.
    func create(_ request: HTTPRequest) throws(MarketRefusal) -> HTTPResponse {
        let vendor = try VendorCredentials.vendor(identifier: request.headers["identifier"])
        let upload = try CreateUpload(request)
        let fields = try ProductFields(json: upload.params, what: "params")
        try VendorCredentials.check(secret: fields.secret, of: vendor)
        let product = try ProductRules.newProduct(fields)
        let formats = try ProductRules.checkImages(upload.images)
        let created = try store.create(
            vendor: vendor, product: product,
            images: zip(upload.images, formats).map { (bytes: $0, format: $1) })
        return .json(productJSON(for: request).detail(created), status: .created)
    }

    /// `PATCH /api/products/{id}`: JSON, every field optional but `secret`.
    func edit(_ request: HTTPRequest) throws(MarketRefusal) -> HTTPResponse {
        let vendor = try VendorCredentials.vendor(identifier: request.headers["identifier"])
        let id = try Self.productId(request)
        let fields = try Self.jsonBody(request)
        try VendorCredentials.check(secret: fields.secret, of: vendor)
        let edited = try store.edit(id: id, vendor: vendor, fields: fields)
        return .json(productJSON(for: request).detail(edited))
    }

    /// `POST /api/products/{id}/archived` with `{"secret": "..."}`: the path to DELETE, as
    /// `text/plain`.
    func deletePath(_ request: HTTPRequest) throws(MarketRefusal) -> HTTPResponse {
        let vendor = try VendorCredentials.vendor(identifier: request.headers["identifier"])
        let id = try Self.productId(request)
        let fields = try Self.jsonBody(request)
        try VendorCredentials.check(secret: fields.secret, of: vendor)
        return .text(try store.deletePath(id: id, vendor: vendor))
    }

    /// `DELETE /api/products/{token}` with the `identifier` header: the deleted product.
    func delete(_ request: HTTPRequest) throws(MarketRefusal) -> HTTPResponse {
        let vendor = try VendorCredentials.vendor(identifier: request.headers["identifier"])
        let removed = try store.delete(token: request.parameter("token") ?? "", vendor: vendor)
        return .json(productJSON(for: request).detail(removed))
    }

    /// A JSON object body; the `Content-Type` must say JSON (`application/json` or `+json`),
    /// as Spring's `@RequestBody` requires, else 415.
    static func jsonBody(_ request: HTTPRequest) throws(MarketRefusal) -> ProductFields {
        let mediaType = (request.headers["Content-Type"] ?? "")
            .split(separator: ";", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        guard mediaType == "application/json" || (mediaType.hasPrefix("application/") && mediaType.hasSuffix("+json")) else {
            throw .unsupportedMediaType(
                mediaType.isEmpty ? "Content-Type application/json is required"
                    : "Content-Type '\(mediaType)' is not supported; send application/json")
        }
        guard !request.body.isEmpty else { throw .badRequest("Required request body is missing") }
        return try ProductFields(json: request.body, what: "request body")
    }
}
