/// Why the image cache refused an image. Upstream errors pass through unchanged.
enum ImageCacheError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The upstream answered with no bytes.
    case empty
    /// Larger than the cache accepts.
    case tooLarge(limit: Int)
    /// Not JPEG, PNG, GIF or WebP by its magic bytes (SVG, HTML, anything else).
    case notAnImage
    /// Only http and https URLs are fetched (never `file:` or others).
    case unsupportedScheme
    /// The upstream failed for this URL a moment ago; not asked again until the cooldown ends.
    case recentlyFailed

    var description: String {
        switch self {
        case .empty: "the image server sent an empty body"
        case .tooLarge(let limit): "the image is larger than \(limit) bytes"
        case .notAnImage: "the content is not a JPEG, PNG, GIF or WebP image"
        case .unsupportedScheme: "only http and https image URLs are fetched"
        case .recentlyFailed: "the image server failed for this image moments ago"
        }
    }
}
