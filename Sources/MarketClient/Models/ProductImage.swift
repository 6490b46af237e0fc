import Foundation

/// One image of a product: the original and its thumbnail. URLs may point at another host
/// than the API and may have no file extension (`..._origin`, `..._thumb`); the content type
/// is only known once fetched.
public struct ProductImage: Sendable, Hashable, Identifiable, Codable {
    public var id: Int
    public var url: URL
    public var thumbnailURL: URL
    public var issuedAt: Date?

    public init(id: Int, url: URL, thumbnailURL: URL, issuedAt: Date? = nil) {
        self.id = id
        self.url = url
        self.thumbnailURL = thumbnailURL
        self.issuedAt = issuedAt
    }

    enum CodingKeys: String, CodingKey {
        case id, url
        case thumbnailURL = "thumbnail_url"
        case issuedAt = "issued_at"
    }

    /// A missing thumbnail falls back to the original; an image without a usable `url` is an error
    /// (the detail then skips it).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: AnyCodingKey.self)
        id = try c.required(Int.self, "id")
        guard let original = c.url("url") ?? c.url("thumbnail_url", "thumbnailUrl") else {
            throw DecodingError.keyNotFound(
                AnyCodingKey("url"), .init(codingPath: c.codingPath, debugDescription: "An image without an URL."))
        }
        url = original
        thumbnailURL = c.url("thumbnail_url", "thumbnailUrl") ?? original
        issuedAt = c.date("issued_at", "issuedAt")
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(url.absoluteString, forKey: .url)
        try c.encode(thumbnailURL.absoluteString, forKey: .thumbnailURL)
        try c.encodeIfPresent(issuedAt.map(MarketDate.format), forKey: .issuedAt)
    }
}
