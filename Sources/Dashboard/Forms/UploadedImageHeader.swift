import DashboardEngine

/// What an uploaded file's header says about the picture, read far enough to be sure it is one:
/// a JPEG's frame header (SOF) or a PNG's IHDR chunk, with dimensions a picture can have.
///
/// The stash keeps a part only when it holds a whole image header: magic bytes alone would
/// let a 4-byte "JPEG" in. The market's own checks still decide the rest.
struct UploadedImageHeader: Sendable, Equatable {
    let format: ImageFormat
    let width: Int
    let height: Int

    /// Smaller than this cannot be a real JPEG or PNG picture (headers alone take ~70 bytes).
    static let minimumBytes = 100
    /// The largest side accepted; JPEG's own limit is 65,535, but no product photo is that big.
    static let maxSide = 16_384

    /// The header of a JPEG or PNG picture, or nil when `bytes` is not a whole one.
    init?(_ bytes: [UInt8]) {
        guard bytes.count >= Self.minimumBytes, let format = ImageFormat(sniffing: bytes) else { return nil }
        let size: (width: Int, height: Int)?
        switch format {
        case .jpeg: size = Self.jpegSize(bytes)
        case .png: size = Self.pngSize(bytes)
        case .gif, .webp: size = nil
        }
        guard let size, (1...Self.maxSide).contains(size.width), (1...Self.maxSide).contains(size.height) else { return nil }
        self.format = format
        self.width = size.width
        self.height = size.height
    }

    /// PNG: the signature, then the IHDR chunk (length 13): width, height (big-endian), a bit
    /// depth and colour type that go together.
    private static func pngSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard bytes.count >= 33, bigEndian(bytes, at: 8, count: 4) == 13,
            bytes[12..<16].elementsEqual("IHDR".utf8)
        else { return nil }
        let depth = bytes[24], colour = bytes[25]
        let depths: [UInt8: [UInt8]] = [0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16]]
        guard depths[colour]?.contains(depth) == true else { return nil }
        return (bigEndian(bytes, at: 16, count: 4), bigEndian(bytes, at: 20, count: 4))
    }

    /// JPEG: walks the marker segments after SOI until a start-of-frame (SOF0–SOF15 but DHT,
    /// JPG and DAC) and reads its height and width; a scan (SOS) or the end before one is not a picture.
    private static func jpegSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        var index = 2
        while index + 4 <= bytes.count {
            guard bytes[index] == 0xFF else { return nil }
            let marker = bytes[index + 1]
            if marker == 0xFF {
                index += 1  // fill byte
                continue
            }
            if marker == 0x01 || (0xD0...0xD7).contains(marker) {
                index += 2  // standalone markers carry no length
                continue
            }
            if marker == 0xDA || marker == 0xD9 { return nil }
            let length = bigEndian(bytes, at: index + 2, count: 2)
            guard length >= 2 else { return nil }
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                // Length, precision, height, width, components (1, 3 or 4).
                guard length >= 8, index + 10 <= bytes.count, [1, 3, 4].contains(bytes[index + 9]) else { return nil }
                return (bigEndian(bytes, at: index + 7, count: 2), bigEndian(bytes, at: index + 5, count: 2))
            }
            index += 2 + length
        }
        return nil
    }

    private static func bigEndian(_ bytes: [UInt8], at start: Int, count: Int) -> Int {
        guard start >= 0, count <= 4, start + count <= bytes.count else { return 0 }
        return bytes[start..<start + count].reduce(0) { $0 << 8 | Int($1) }
    }
}
