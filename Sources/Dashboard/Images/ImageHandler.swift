import DashboardEngine
import Foundation
import HTTPServer

/// `GET /images/{key}`: a product image through the cache.
///
/// - Unknown or malformed key: 404 (only URLs the upstream returned are served).
/// - Known: the bytes with their sniffed `Content-Type`, a strong `ETag`, and
///   `Cache-Control: public, max-age=31536000, immutable`. That long lifetime assumes the
///   upstream never changes the content behind an image URL: it names each upload by a fresh
///   random file name, and the API cannot change a product's images. A changed image would
///   come with a new URL, hence a new key.
/// - `If-None-Match` naming the tag: 304 without a body.
/// - Upstream failure or refused content: the placeholder PNG with status 200, so the `<img>`
///   shows a picture instead of a broken icon, and `Cache-Control: no-store`, so the browser asks
///   again later and gets the real image once the upstream has it. A warning is logged with the
///   key, the host and the reason (never the full URL, whose query may carry a signature).
/// - HEAD is routed here as GET; the server drops the body.
struct ImageHandler: ImmediateHTTPHandler {
    let registry: ImageURLRegistry
    let cache: ImageCache
    let placeholder: [UInt8]
    let logger: ServerLogger
    let parameterName: String

    static let cacheControl = "public, max-age=31536000, immutable"
    static let placeholderHeaders = (["Content-Type": "image/png", "Cache-Control": "no-store"] as HTTPHeaders).prepared()
    /// Where the placeholder lives under `Public/`.
    static let placeholderPath = "images/placeholder.png"

    init(
        registry: ImageURLRegistry, cache: ImageCache, placeholder: [UInt8],
        logger: ServerLogger = ServerLogger(), parameterName: String = "key"
    ) {
        self.registry = registry
        self.cache = cache
        self.placeholder = placeholder
        self.logger = logger
        self.parameterName = parameterName
    }

    /// Reads the placeholder from `Public/images/placeholder.png`; throws when it is missing or
    /// not a PNG (a start-up configuration error, reported before serving).
    init(
        registry: ImageURLRegistry, cache: ImageCache, publicDirectory: URL,
        logger: ServerLogger = ServerLogger(), parameterName: String = "key"
    ) throws {
        let url = publicDirectory.appendingPathComponent(Self.placeholderPath)
        let bytes = try [UInt8](Data(contentsOf: url))
        guard ImageFormat(sniffing: bytes) == .png else { throw ImageCacheError.notAnImage }
        self.init(registry: registry, cache: cache, placeholder: bytes, logger: logger, parameterName: parameterName)
    }

    /// A picture in the memory tier, with one lookup while the registry has never forgotten a
    /// key: the tier keeps only registered keys (those this handler found registered, and the
    /// recycle bin's downloads, which `RegisteredImageSource` registers first), so an image
    /// there is still registered. Once the registry may forget, the registry is asked first.
    func respondImmediately(_ request: HTTPRequest) throws -> HTTPResponse? {
        guard let key = request.parameter(parameterName), ImageURLRegistry.isWellFormedKey(key) else { throw Self.noSuchImage }
        if !registry.mayForget, let image = cache.memoryImage(forKey: key) { return response(for: image, request) }
        guard registry.url(for: key) != nil else { throw Self.noSuchImage }
        return cache.memoryImage(forKey: key).map { response(for: $0, request) }
    }

    func handle(_ request: HTTPRequest) async throws -> HTTPResponse {
        let (key, url) = try registeredURL(request)
        do {
            return response(for: try await cache.image(for: url, key: key), request)
        } catch {
            logger.log(.warning, "image \(key) from \(url.host ?? "?") not served (\(Self.reason(error))); sent the placeholder")
            return HTTPResponse(status: .ok, headers: Self.placeholderHeaders, bytes: placeholder)
        }
    }

    private func registeredURL(_ request: HTTPRequest) throws(HTTPError) -> (key: String, url: URL) {
        guard let key = request.parameter(parameterName), let url = registry.url(for: key) else { throw Self.noSuchImage }
        return (key, url)
    }

    /// A key that is not registered (never shown by a page, or forgotten since): 404.
    private static let noSuchImage = HTTPError(.notFound, "There is no such image.")

    private func response(for image: CachedImage, _ request: HTTPRequest) -> HTTPResponse {
        if Self.matches(request.headers["If-None-Match"], etag: image.etag) {
            return HTTPResponse(status: .notModified, headers: image.notModifiedHeaders, body: .bytes([]))
        }
        return HTTPResponse(status: .ok, headers: image.headers, body: .bytes(image.bytes))
    }

    /// RFC 9110 §13.1.2: If-None-Match uses the weak comparison (`W/"x"` matches `"x"`), and
    /// `*` matches any current representation.
    static func matches(_ ifNoneMatch: String?, etag: String) -> Bool {
        guard let ifNoneMatch else { return false }
        for candidate in ifNoneMatch.split(separator: ",") {
            var tag = candidate.trimmingCharacters(in: .whitespaces)
            if tag == "*" { return true }
            if tag.hasPrefix("W/") { tag.removeFirst(2) }
            if tag == etag { return true }
        }
        return false
    }

    /// A log-safe reason: our own refusals say what was wrong; other errors by type and code
    /// only (a URLError's description carries the full URL).
    private static func reason(_ error: any Error) -> String {
        if let refusal = error as? ImageCacheError { return refusal.description }
        if let network = error as? URLError { return "network error \(network.code.rawValue)" }
        return "upstream error \(type(of: error))"
    }
}
