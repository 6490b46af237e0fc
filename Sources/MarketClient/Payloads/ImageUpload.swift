/// One image to upload with a new product: sent as an `images` part of the multipart body.
public struct ImageUpload: Sendable, Hashable {
    public var filename: String
    /// `image/jpeg` or `image/png` for the API.
    public var contentType: String
    public var bytes: [UInt8]

    public init(filename: String, contentType: String, bytes: [UInt8]) {
        self.filename = filename
        self.contentType = contentType
        self.bytes = bytes
    }

    /// How many images one product takes: the API's rule, enforced by the client.
    public static let allowedCount = 1...5
}
