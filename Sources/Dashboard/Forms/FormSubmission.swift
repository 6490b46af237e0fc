import HTTPServer

/// A submitted form: its text fields and files, from a `multipart/form-data` or an
/// `application/x-www-form-urlencoded` body.
///
/// The server has already read the whole body (at most the route's cap, about 2 MB), so the
/// multipart parts are collected in memory: spooling them to disk would only copy bytes that
/// are in memory anyway.
struct FormSubmission: Sendable {
    struct File: Sendable {
        var field: String
        var filename: String
        var contentType: String?
        var bytes: [UInt8]
    }

    var fields: [URLEncodedForm.Field] = []
    var files: [File] = []

    /// Parser limits above the API's own (a 2 MB image still reaches validation, which explains
    /// the 300 KB rule on the page); the route's body cap bounds everything.
    static let limits = MultipartLimits(
        maxParts: 40, maxPartHeaderBytes: 8 * 1024, maxFieldBytes: 64 * 1024,
        maxFileBytes: ProductForms.maxCreateBodyBytes, maxTotalFileBytes: ProductForms.maxCreateBodyBytes)

    init(fields: [URLEncodedForm.Field] = [], files: [File] = []) {
        self.fields = fields
        self.files = files
    }

    /// Reads the body by its `Content-Type`; an unusable body is an `HTTPError` (400, 413, 415).
    init(_ request: HTTPRequest) throws(HTTPError) {
        let contentType = request.headers["Content-Type"] ?? ""
        let media = contentType.split(separator: ";", maxSplits: 1).first
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        switch media {
        case "application/x-www-form-urlencoded":
            fields = URLEncodedForm.parse(request.body)
        case "multipart/form-data":
            guard let boundary = MultipartForm.boundary(fromContentType: contentType) else {
                throw HTTPError(.badRequest, "The form data has no valid boundary.")
            }
            do {
                for part in try MultipartForm.parse(request.body, boundary: boundary, limits: Self.limits) {
                    if let filename = part.filename {
                        files.append(File(field: part.name, filename: filename, contentType: part.contentType, bytes: part.bytes))
                    } else {
                        fields.append(URLEncodedForm.Field(part.name, part.text))
                    }
                }
            } catch {
                throw HTTPError(error.status, error.message)
            }
        default:
            throw HTTPError(.unsupportedMediaType, "Send the form as multipart/form-data or application/x-www-form-urlencoded.")
        }
    }

    /// The first value of a field, or nil.
    func value(_ name: String) -> String? {
        fields.first { $0.name == name }?.value
    }

    /// Every value of a field, in order.
    func values(_ name: String) -> [String] {
        fields.filter { $0.name == name }.map(\.value)
    }
}
