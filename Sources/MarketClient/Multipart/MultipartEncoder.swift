/// A finished `multipart/form-data` body and the `Content-Type` value that goes with it.
public struct MultipartFormBody: Sendable, Hashable {
    public let boundary: String
    public let bytes: [UInt8]

    /// `multipart/form-data; boundary=...`
    public var contentType: String { "multipart/form-data; boundary=\(boundary)" }
}

/// Builds the create request's body exactly as the API wants it (RFC 7578): one `params` part
/// of `application/json`, then one `images` part per image (the name repeats), CRLF line endings
/// throughout, a closing `--boundary--` line.
///
/// The boundary is random (`OpenMarket` + 32 alphanumerics) and is checked against every part:
/// if `--boundary` occurs in the data, a new one is drawn (RFC 2046 §5.1.1 requires it to
/// appear nowhere in the encapsulated parts).
public struct MultipartEncoder: Sendable {
    public enum Failure: Error, Sendable, Equatable {
        /// Every boundary tried occurred in the data.
        case boundaryCollision
        /// A content type with characters that cannot go in a header line.
        case invalidContentType(String)
    }

    let makeBoundary: @Sendable () -> String
    let attempts: Int

    /// - Parameter makeBoundary: the boundary source; tests pass a fixed one.
    public init(attempts: Int = 8, makeBoundary: @escaping @Sendable () -> String = MultipartEncoder.randomBoundary) {
        self.makeBoundary = makeBoundary
        self.attempts = max(attempts, 1)
    }

    public func encode(params: [UInt8], images: [ImageUpload]) throws(Failure) -> MultipartFormBody {
        for image in images where !Self.isHeaderSafe(image.contentType) {
            throw .invalidContentType(image.contentType)
        }
        for _ in 0..<attempts {
            let boundary = makeBoundary()
            let delimiter = Array("--\(boundary)".utf8)
            let collides = params.contains(subsequence: delimiter)
                || images.contains { $0.bytes.contains(subsequence: delimiter) }
            if collides { continue }
            return MultipartFormBody(boundary: boundary, bytes: Self.body(boundary, params, images))
        }
        throw .boundaryCollision
    }

    static func body(_ boundary: String, _ params: [UInt8], _ images: [ImageUpload]) -> [UInt8] {
        let crlf: [UInt8] = [0x0D, 0x0A]
        var out: [UInt8] = []
        out.reserveCapacity(params.count + images.reduce(0) { $0 + $1.bytes.count } + 256 * (images.count + 1))
        func line(_ text: String) {
            out += Array(text.utf8)
            out += crlf
        }
        line("--\(boundary)")
        line("Content-Disposition: form-data; name=\"params\"")
        line("Content-Type: application/json")
        line("")
        out += params
        out += crlf
        for (index, image) in images.enumerated() {
            let name = image.filename.isEmpty ? "image\(index + 1)" : image.filename
            line("--\(boundary)")
            line("Content-Disposition: form-data; name=\"images\"; filename=\"\(escapeFilename(name))\"")
            line("Content-Type: \(image.contentType)")
            line("")
            out += image.bytes
            out += crlf
        }
        line("--\(boundary)--")
        return out
    }

    /// HTML's multipart/form-data encoding of names: `"` → `%22`, CR → `%0D`, LF → `%0A`, so a
    /// filename cannot end the quoted string or the header line.
    static func escapeFilename(_ name: String) -> String {
        var out = ""
        for scalar in name.unicodeScalars {
            switch scalar {
            case "\"": out += "%22"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Visible ASCII and spaces only (no CR, LF or other controls).
    static func isHeaderSafe(_ value: String) -> Bool {
        !value.isEmpty && value.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }

    /// `OpenMarket` followed by 32 random letters and digits.
    public static func randomBoundary() -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".unicodeScalars)
        var generator = SystemRandomNumberGenerator()
        var text = "OpenMarket"
        for _ in 0..<32 {
            text.unicodeScalars.append(alphabet[Int(generator.next(upperBound: UInt(alphabet.count)))])
        }
        return text
    }
}

extension Array where Element == UInt8 {
    /// Whether `needle` occurs anywhere in the array (byte comparison, first-byte scan).
    func contains(subsequence needle: [UInt8]) -> Bool {
        guard let first = needle.first, needle.count <= count else { return needle.isEmpty }
        var index = startIndex
        let lastStart = endIndex - needle.count
        while index <= lastStart {
            if self[index] == first, self[index..<index + needle.count].elementsEqual(needle) { return true }
            index += 1
        }
        return false
    }
}
