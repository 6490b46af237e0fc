import Glibc
import Synchronization

/// Serves files under a root folder (`Public/`) for a route like `/static/{path...}`.
///
/// Safety: every percent-decoded segment is checked (no `..`, no `.`, no dotfiles, no `/`, `\`
/// or NUL smuggled in by encoding), and the resolved real path (symlinks followed) must stay
/// inside the root. Anything else is a 404 (or 400 for encoded separators), never a file
/// outside. Small files are kept in memory and re-validated with one `stat` per request.
public struct StaticFileHandler: ImmediateHTTPHandler {
    public let root: String
    /// The route parameter that holds the file path (`path` for `/static/{path...}`).
    public let parameterName: String
    public let cacheControl: String
    private let cache: StaticFileCache

    /// Files up to this size are served from memory; larger ones go out with sendfile(2).
    public static let memoryLimit = 256 * 1024

    public init(root: String, parameterName: String = "path", cacheControl: String = "public, max-age=3600") {
        let real = StaticFileCache.realPath(root) ?? root
        self.root = real.hasSuffix("/") ? String(real.dropLast()) : real
        self.parameterName = parameterName
        self.cacheControl = cacheControl
        self.cache = StaticFileCache()
    }

    public func handle(_ request: HTTPRequest) async throws -> HTTPResponse {
        try respond(to: request)
    }

    public func respondImmediately(_ request: HTTPRequest) throws -> HTTPResponse? {
        try respond(to: request)
    }

    func respond(to request: HTTPRequest) throws -> HTTPResponse {
        let relative = try Self.safeRelativePath(request.parameter(parameterName) ?? "")
        let file = try cache.file(relativePath: relative, root: root, cacheControl: cacheControl)
        var headers = file.headers
        if Self.isNotModified(request, etag: file.etag, modified: file.modifiedSeconds) {
            headers.remove("Content-Type")
            return HTTPResponse(status: .notModified, headers: headers, body: .bytes([]))
        }
        if let bytes = file.bytes {
            return HTTPResponse(status: .ok, headers: headers, body: .bytes(bytes))
        }
        return HTTPResponse(status: .ok, headers: headers, body: .file(path: file.path, size: file.size))
    }

    /// The raw (still encoded) path, checked segment by segment after decoding.
    static func safeRelativePath(_ raw: String) throws(HTTPError) -> String {
        var raw = raw
        switch raw.withUTF8(checkUnencoded) {
        case .safe: return raw
        case .malformed: throw HTTPError(.badRequest, "The file path is malformed.")
        case .missing: throw HTTPError(.notFound, "There is no such file.")
        case .encoded: return try decodedRelativePath(raw)
        }
    }

    enum PathCheck { case safe, malformed, missing, encoded }

    /// The check for a path with no `%`, which is then its own decoding: one pass over the
    /// bytes, no copies. It refuses what `decodedRelativePath` would refuse, with the same
    /// status (the first bad segment decides, a `\` or NUL in it before its emptiness or dot).
    static func checkUnencoded(_ bytes: UnsafeBufferPointer<UInt8>) -> PathCheck {
        var segmentStart = true
        var refusedSegment = false
        for b in bytes {
            if segmentStart {
                segmentStart = false
                refusedSegment = b == UInt8(ascii: ".") || b == UInt8(ascii: "/")
            }
            switch b {
            case UInt8(ascii: "%"): return .encoded
            case UInt8(ascii: "\\"), 0: return .malformed
            case UInt8(ascii: "/"):
                if refusedSegment { return .missing }
                segmentStart = true
            default: break
            }
        }
        // The path is empty, ends in `/`, or its last segment starts with a dot.
        return segmentStart || refusedSegment ? .missing : .safe
    }

    /// The full check: every segment percent-decoded, then refused if it holds `/`, `\` or
    /// NUL (400) or is empty, `.`, `..` or a dotfile (404).
    static func decodedRelativePath(_ raw: String) throws(HTTPError) -> String {
        var segments: [String] = []
        for rawSegment in raw.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false) {
            let bytes = URLEncodedForm.percentDecode(rawSegment, plusAsSpace: false)
            if bytes.contains(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "\\") || $0 == 0 }) {
                throw HTTPError(.badRequest, "The file path is malformed.")
            }
            // Empty segments, `.`, `..` and dotfiles (`.env`, `.git`) are never served.
            guard let first = bytes.first, first != UInt8(ascii: ".") else {
                throw HTTPError(.notFound, "There is no such file.")
            }
            segments.append(String(decoding: bytes, as: UTF8.self))
        }
        guard !segments.isEmpty else { throw HTTPError(.notFound, "There is no such file.") }
        return segments.joined(separator: "/")
    }

    /// RFC 9110 §13.1.2 (If-None-Match, weak comparison) takes precedence over §13.1.3.
    static func isNotModified(_ request: HTTPRequest, etag: String, modified: Int) -> Bool {
        if let match = request.headers["If-None-Match"] {
            let tags = match.split(separator: ",").map { $0.trimmingOptionalWhitespace() }
            return tags.contains { $0 == "*" || $0 == etag || $0 == "W/" + etag }
        }
        if let since = request.headers["If-Modified-Since"], let sinceSeconds = HTTPDate.parse(since) {
            return modified <= sinceSeconds
        }
        return false
    }

    public static func contentType(forExtension ext: String) -> String {
        switch ext.lowercased() {
        case "html", "htm": "text/html; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "js", "mjs": "text/javascript; charset=utf-8"
        case "json", "map": "application/json"
        case "txt": "text/plain; charset=utf-8"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        case "gif": "image/gif"
        case "webp": "image/webp"
        case "ico": "image/x-icon"
        case "woff2": "font/woff2"
        case "woff": "font/woff"
        case "webmanifest": "application/manifest+json"
        default: "application/octet-stream"
        }
    }
}
