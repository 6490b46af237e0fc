/// The image types the market accepts, recognised by their magic bytes (never by the file
/// name or the part's declared Content-Type, which a client may get wrong).
enum StoredImageFormat: String, Sendable {
    case jpeg
    case png

    init?(sniffing bytes: some Collection<UInt8>) {
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else {
            return nil
        }
    }

    /// The file extension of stored files; also how the image route picks a Content-Type.
    var fileExtension: String {
        switch self {
        case .jpeg: "jpg"
        case .png: "png"
        }
    }

    var contentType: String {
        switch self {
        case .jpeg: "image/jpeg"
        case .png: "image/png"
        }
    }

    init?(fileExtension: some StringProtocol) {
        switch fileExtension {
        case "jpg": self = .jpeg
        case "png": self = .png
        default: return nil
        }
    }
}

/// Names of stored image files, shaped like the real server's S3 keys:
/// `{vendor_id}/{yyyyMMdd}/{32 hex digits}_origin.jpg` and `..._thumb.jpg`.
enum ImageNaming {
    static func paths(vendorId: Int, day: String, key: String, format: StoredImageFormat) -> (origin: String, thumbnail: String) {
        let stem = "\(vendorId)/\(day)/\(key)"
        return ("\(stem)_origin.\(format.fileExtension)", "\(stem)_thumb.\(format.fileExtension)")
    }

    /// True for exactly the paths `paths(...)` produces: three segments, digits, digits, then
    /// hex with a known suffix. Anything else (`..`, dotfiles, extra slashes) is refused.
    static func isValidRelativePath(_ path: String) -> Bool {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        guard segments.count == 3,
            isDigits(segments[0], maxLength: 18),
            isDigits(segments[1], maxLength: 8)
        else { return false }
        return format(ofFileName: segments[2]) != nil
    }

    /// The format a stored file name declares, or nil if the name is not one the market makes.
    static func format(ofFileName name: some StringProtocol) -> StoredImageFormat? {
        guard let dot = name.lastIndex(of: "."),
            let format = StoredImageFormat(fileExtension: name[name.index(after: dot)...])
        else { return nil }
        let stem = name[..<dot]
        for suffix in ["_origin", "_thumb"] where stem.hasSuffix(suffix) {
            let key = stem.dropLast(suffix.count)
            let isHex = key.utf8.allSatisfy {
                ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "f"))
            }
            if isHex && key.utf8.count == 32 { return format }
        }
        return nil
    }

    private static func isDigits(_ text: Substring, maxLength: Int) -> Bool {
        !text.isEmpty && text.utf8.count <= maxLength
            && text.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }
}
