import Foundation
import Synchronization
@testable import Dashboard

/// Small byte strings that start like each format (the cache looks at magic bytes only). JPEG
/// and PNG carry a whole header (a 16×16 frame, SOF0 / IHDR), as the upload stash requires.
enum ImageFixtures {
    static let jpegHead: [UInt8] = [0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x11, 0x08, 0x00, 0x10, 0x00, 0x10, 0x03,
                                    0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01]
    static let pngHead: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D]
        + Array("IHDR".utf8) + [0, 0, 0, 16, 0, 0, 0, 16, 8, 6, 0, 0, 0, 0x1F, 0xF3, 0xFF, 0x61]
    static func jpeg(_ size: Int = 100, fill: UInt8 = 1) -> [UInt8] { padded(jpegHead, size, fill) }
    static func png(_ size: Int = 100, fill: UInt8 = 2) -> [UInt8] { padded(pngHead, size, fill) }
    static func gif(_ size: Int = 100) -> [UInt8] { padded(Array("GIF89a".utf8), size, 3) }
    static func gif87(_ size: Int = 100) -> [UInt8] { padded(Array("GIF87a".utf8), size, 3) }
    static func webp(_ size: Int = 100) -> [UInt8] { padded(Array("RIFF".utf8) + [0x24, 0, 0, 0] + Array("WEBP".utf8), size, 4) }
    static let svg = Array(#"<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>"#.utf8)
    static let svgWithXMLDeclaration = Array(#"<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>"#.utf8)
    static let html = Array("<!doctype html><html><body>Not found</body></html>".utf8)
    static let wave = Array("RIFF".utf8) + [0x24, 0, 0, 0] + Array("WAVEfmt ".utf8)
    static let gif88 = Array("GIF88a".utf8) + [0, 0, 0, 0]

    private static func padded(_ head: [UInt8], _ size: Int, _ fill: UInt8) -> [UInt8] {
        head + [UInt8](repeating: fill, count: max(0, size - head.count))
    }

    static func url(_ name: String) -> URL {
        URL(string: "https://images.example.test/products/\(name)")!
    }
}

/// The upstream as the image cache sees it: answers by URL, counts fetches, can hold them.
final class FakeImageUpstream: Sendable {
    enum Answer: Sendable {
        case image([UInt8], contentType: String?)
        case failure(UpstreamDown)
    }

    private let answers = Mutex<[URL: Answer]>([:])
    private let counts = Mutex<[URL: Int]>([:])
    let gate: Gate?

    init(holdUntilOpened: Bool = false) {
        gate = holdUntilOpened ? Gate() : nil
    }

    func serve(_ url: URL, _ bytes: [UInt8], contentType: String? = "image/jpeg") {
        answers.withLock { $0[url] = .image(bytes, contentType: contentType) }
    }

    func fail(_ url: URL) {
        answers.withLock { $0[url] = .failure(UpstreamDown()) }
    }

    func fetches(of url: URL) -> Int { counts.withLock { $0[url] ?? 0 } }
    var totalFetches: Int { counts.withLock { $0.values.reduce(0, +) } }

    var fetcher: ImageCache.Fetcher {
        { url in
            self.counts.withLock { $0[url, default: 0] += 1 }
            if let gate = self.gate { await gate.wait() }
            switch self.answers.withLock({ $0[url] }) {
            case .image(let bytes, let contentType): return (bytes, contentType)
            case .failure(let error): throw error
            case nil: throw UpstreamDown(attempt: -1)
            }
        }
    }
}

/// A fresh folder under the system's temporary directory, removed by `remove()`.
struct TemporaryDirectory {
    let url: URL

    init() {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("dashboard-tests-\(UUID().uuidString)", isDirectory: true)
    }

    /// Regular files in it, by name.
    var fileNames: Set<String> {
        Set((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? [])
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
