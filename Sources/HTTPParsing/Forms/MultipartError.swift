/// Why a `multipart/form-data` body was refused. `status` says how to answer:
/// 413 for a body over a limit, 400 for a malformed one.
public enum MultipartError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The boundary is empty, longer than 70 characters or uses bytes outside RFC 2046 `bchars`.
    case invalidBoundary
    /// The body ended before the close delimiter `--boundary--` (or had no delimiter at all).
    case missingFinalBoundary
    /// A line ended with a bare LF where RFC 2046 requires CRLF.
    case bareLineFeed
    /// A part header line that is not `name: value`.
    case malformedPartHeader(String)
    /// A part without `Content-Disposition: form-data` (RFC 7578 §4.2).
    case missingContentDisposition
    /// A `form-data` disposition without a `name` parameter (RFC 7578 §4.2).
    case missingName
    case tooManyParts(limit: Int)
    case partHeadersTooLarge(limit: Int)
    case fieldTooLarge(name: String, limit: Int)
    case fileTooLarge(name: String, filename: String, limit: Int)
    case totalFileBytesTooLarge(limit: Int)

    public var status: HTTPStatus {
        switch self {
        case .tooManyParts, .partHeadersTooLarge, .fieldTooLarge, .fileTooLarge, .totalFileBytesTooLarge:
            .contentTooLarge
        case .invalidBoundary, .missingFinalBoundary, .bareLineFeed, .malformedPartHeader,
            .missingContentDisposition, .missingName:
            .badRequest
        }
    }

    /// A sentence a person can read (no internal paths).
    public var message: String {
        switch self {
        case .invalidBoundary:
            "The multipart boundary is missing or invalid."
        case .missingFinalBoundary:
            "The form data ended before its closing boundary."
        case .bareLineFeed:
            "The form data uses bare LF line endings; CRLF is required."
        case .malformedPartHeader(let line):
            "A form part has a malformed header line: \(line)"
        case .missingContentDisposition:
            "A form part has no Content-Disposition: form-data header."
        case .missingName:
            "A form part has no field name."
        case .tooManyParts(let limit):
            "The form has more than \(limit) parts."
        case .partHeadersTooLarge(let limit):
            "A form part's headers are larger than \(Self.bytes(limit))."
        case .fieldTooLarge(let name, let limit):
            "The field \(name) is larger than \(Self.bytes(limit))."
        case .fileTooLarge(_, let filename, let limit):
            "The file \(filename) is larger than \(Self.bytes(limit))."
        case .totalFileBytesTooLarge(let limit):
            "The files together are larger than \(Self.bytes(limit))."
        }
    }

    public var description: String { "\(status.rawValue): \(message)" }

    static func bytes(_ count: Int) -> String {
        if count >= 1024 * 1024, count % (1024 * 1024) == 0 { return "\(count / (1024 * 1024)) MB" }
        if count >= 1024, count % 1024 == 0 { return "\(count / 1024) KB" }
        return "\(count) bytes"
    }
}
