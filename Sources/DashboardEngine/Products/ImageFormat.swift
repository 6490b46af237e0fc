/// The image formats the dashboard serves, recognised by their magic bytes only: the upstream's
/// `Content-Type` and file extension are not trusted (URLs often have no extension), and SVG
/// (which can carry script) or HTML never pass.
package enum ImageFormat: String, Sendable, CaseIterable {
    case jpeg, png, gif, webp

    /// The format whose signature starts `bytes`, or nil.
    package init?(sniffing bytes: some Collection<UInt8>) {
        let head = Array(bytes.prefix(12))
        if head.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if head.starts(with: Array("GIF87a".utf8)) || head.starts(with: Array("GIF89a".utf8)) {
            self = .gif
        } else if head.count == 12, head.starts(with: Array("RIFF".utf8)), head[8...].elementsEqual("WEBP".utf8) {
            // RIFF, a 4-byte little-endian length, then the form type.
            self = .webp
        } else {
            return nil
        }
    }

    package var contentType: String {
        switch self {
        case .jpeg: "image/jpeg"
        case .png: "image/png"
        case .gif: "image/gif"
        case .webp: "image/webp"
        }
    }
}
