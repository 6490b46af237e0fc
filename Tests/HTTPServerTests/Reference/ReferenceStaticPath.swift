@testable import HTTPServer

/// `StaticFileHandler.safeRelativePath` written the slow, obvious way: split into segments,
/// percent-decode each, check it, join. The real one skips decoding when there is no `%`;
/// property tests check the two agree.
enum ReferenceStaticPath {
    static func safeRelativePath(_ raw: String) throws(HTTPError) -> String {
        var segments: [String] = []
        for rawSegment in raw.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false) {
            let bytes = URLEncodedForm.percentDecode(rawSegment, plusAsSpace: false)
            if bytes.contains(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "\\") || $0 == 0 }) {
                throw HTTPError(.badRequest, "The file path is malformed.")
            }
            guard let first = bytes.first, first != UInt8(ascii: ".") else {
                throw HTTPError(.notFound, "There is no such file.")
            }
            segments.append(String(decoding: bytes, as: UTF8.self))
        }
        return segments.joined(separator: "/")
    }

    /// The answer as a comparable value: the path, or the status refused with.
    static func outcome(_ check: (String) throws(HTTPError) -> String, _ raw: String) -> Result<String, HTTPError> {
        do throws(HTTPError) {
            return .success(try check(raw))
        } catch {
            return .failure(error)
        }
    }
}
