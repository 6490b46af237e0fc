import DashboardEngine
import HTTPServer

/// An image as the cache keeps and serves it. `contentType` comes from the magic bytes, so what
/// we announce always matches what we send (the server also sends `nosniff`).
struct CachedImage: Sendable, Equatable {
    let bytes: [UInt8]
    let contentType: String
    /// A strong entity tag: `"` + the first 32 hex digits of the bytes' SHA-256 + `"`.
    let etag: String
    /// The headers of a 200 and of a 304 for this image, made once with the image: every hit
    /// then shares them, serialized once, instead of building its header fields again.
    let headers: HTTPHeaders
    let notModifiedHeaders: HTTPHeaders

    init(bytes: [UInt8], contentType: String, etag: String) {
        self.bytes = bytes
        self.contentType = contentType
        self.etag = etag
        let notModified: HTTPHeaders = ["ETag": etag, "Cache-Control": ImageHandler.cacheControl]
        var headers = notModified
        headers.add("Content-Type", contentType)
        self.notModifiedHeaders = notModified.prepared()
        self.headers = headers.prepared()
    }

    /// Checks `bytes` and builds the image: refused when empty, over `maxBytes`, or not JPEG,
    /// PNG, GIF or WebP by its magic bytes.
    static func validated(_ bytes: [UInt8], maxBytes: Int) throws(ImageCacheError) -> CachedImage {
        guard !bytes.isEmpty else { throw .empty }
        guard bytes.count <= maxBytes else { throw .tooLarge(limit: maxBytes) }
        guard let format = ImageFormat(sniffing: bytes) else { throw .notAnImage }
        return CachedImage(bytes: bytes, contentType: format.contentType, etag: etag(for: bytes))
    }

    /// The same bytes always give the same tag, whichever URL or instance served them.
    static func etag(for bytes: [UInt8]) -> String {
        "\"" + SHA256.hex(bytes).prefix(32) + "\""
    }
}
