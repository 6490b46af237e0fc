import DashboardEngine
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

    /// The register form's body cap, the largest a product form takes: five images at 300 KB,
    /// 64 KB of fields, and slack.
    static let maxCreateBodyBytes = 2 * 1024 * 1024

    /// Parser limits above the API's own (a 2 MB image still reaches validation, which explains
    /// the 300 KB rule on the page); the route's body cap bounds everything.
    static let limits = MultipartLimits(
        maxParts: 40, maxPartHeaderBytes: 8 * 1024, maxFieldBytes: 64 * 1024,
        maxFileBytes: maxCreateBodyBytes, maxTotalFileBytes: maxCreateBodyBytes)

    init(fields: [URLEncodedForm.Field] = [], files: [File] = []) {
        self.fields = fields
        self.files = files
    }

    /// Why a body could not be read, as a code: the page words it in its reader's language
    /// (`Wording.formUnreadable`).
    enum Unreadable: Error, Sendable, Equatable {
        /// Neither `multipart/form-data` nor `application/x-www-form-urlencoded` (415).
        case unsupportedType
        /// `multipart/form-data` without a usable boundary (400).
        case noBoundary
        /// The multipart parser refused the body (400, or 413 over a limit).
        case multipart(MultipartError)

        var status: HTTPStatus {
            switch self {
            case .unsupportedType: .unsupportedMediaType
            case .noBoundary: .badRequest
            case .multipart(let error): error.status
            }
        }

        /// The English sentence.
        var message: String {
            switch self {
            case .unsupportedType: "Send the form as multipart/form-data or application/x-www-form-urlencoded."
            case .noBoundary: "The form data has no valid boundary."
            case .multipart(let error): error.message
            }
        }
    }

    /// Reads the body by its `Content-Type`.
    init(_ request: HTTPRequest) throws(Unreadable) {
        let contentType = request.headers["Content-Type"] ?? ""
        let media = contentType.split(separator: ";", maxSplits: 1).first
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        switch media {
        case "application/x-www-form-urlencoded":
            fields = URLEncodedForm.parse(request.body)
        case "multipart/form-data":
            guard let boundary = MultipartForm.boundary(fromContentType: contentType) else { throw .noBoundary }
            do {
                for part in try MultipartForm.parse(request.body, boundary: boundary, limits: Self.limits) {
                    if let filename = part.filename {
                        files.append(File(field: part.name, filename: filename, contentType: part.contentType, bytes: part.bytes))
                    } else {
                        fields.append(URLEncodedForm.Field(part.name, part.text))
                    }
                }
            } catch {
                throw .multipart(error)
            }
        default:
            throw .unsupportedType
        }
    }

    /// What the person typed and chose, as one string for `SubmissionLedger`: every text
    /// field but the page's CSRF token, in order, hashed. Files are left out: a browser may
    /// drop a file input's choice on Back, and a form sent again with the same entries is the
    /// same submission.
    var fingerprint: String {
        let parts = fields.filter { $0.name != CSRFGuard.fieldName }.map { SHA256.hex(Array(($0.name + "=" + $0.value).utf8)) }
        return SHA256.hex(Array(parts.joined(separator: "\n").utf8))
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
