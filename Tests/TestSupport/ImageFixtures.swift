import Foundation

/// Small byte strings that start like each format (the cache looks at magic bytes only). JPEG
/// and PNG carry a whole header (a 16×16 frame, SOF0 / IHDR), as the upload stash requires.
public enum ImageFixtures {
    public static let jpegHead: [UInt8] = [0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x11, 0x08, 0x00, 0x10, 0x00, 0x10, 0x03,
                                           0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01]
    public static let pngHead: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D]
        + Array("IHDR".utf8) + [0, 0, 0, 16, 0, 0, 0, 16, 8, 6, 0, 0, 0, 0x1F, 0xF3, 0xFF, 0x61]
    public static func jpeg(_ size: Int = 100, fill: UInt8 = 1) -> [UInt8] { padded(jpegHead, size, fill) }
    public static func png(_ size: Int = 100, fill: UInt8 = 2) -> [UInt8] { padded(pngHead, size, fill) }
    public static func gif(_ size: Int = 100) -> [UInt8] { padded(Array("GIF89a".utf8), size, 3) }
    public static func gif87(_ size: Int = 100) -> [UInt8] { padded(Array("GIF87a".utf8), size, 3) }
    public static func webp(_ size: Int = 100) -> [UInt8] { padded(Array("RIFF".utf8) + [0x24, 0, 0, 0] + Array("WEBP".utf8), size, 4) }
    public static let svg = Array(#"<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>"#.utf8)
    public static let svgWithXMLDeclaration = Array(#"<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>"#.utf8)
    public static let html = Array("<!doctype html><html><body>Not found</body></html>".utf8)
    public static let wave = Array("RIFF".utf8) + [0x24, 0, 0, 0] + Array("WAVEfmt ".utf8)
    public static let gif88 = Array("GIF88a".utf8) + [0, 0, 0, 0]

    private static func padded(_ head: [UInt8], _ size: Int, _ fill: UInt8) -> [UInt8] {
        head + [UInt8](repeating: fill, count: max(0, size - head.count))
    }

    public static func url(_ name: String) -> URL {
        URL(string: "https://images.example.test/products/\(name)")!
    }
}
