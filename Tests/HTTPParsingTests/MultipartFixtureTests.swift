import Foundation
import Testing
@testable import HTTPParsing

/// Bodies recorded from real clients by `Scripts/record-form-fixtures.py`, each fed whole,
/// in 1-byte and 16-byte pieces. The file part of each holds the same 300 bytes: every byte
/// value, then CR, LF and dashes, then JPEG-like markers.
@Suite struct MultipartFixtureTests {
    static let fileData: [UInt8] = (0...255).map { UInt8($0) } + formBytes("\r\n--\r\n-- \r\r\n\n")
        + Array([[UInt8]](repeating: [0xFF, 0xD8, 0xFF, 0xE0], count: 8).joined())

    /// The parts of fixture `name`, with the boundary taken from its recorded Content-Type.
    private func parts(_ name: String) throws -> [MultipartPart] {
        let directory = try #require(Bundle.module.resourceURL).appendingPathComponent("Fixtures")
        let body = try Data(contentsOf: directory.appendingPathComponent("\(name).body"))
        let contentType = try String(contentsOf: directory.appendingPathComponent("\(name).content-type"), encoding: .utf8)
        let boundary = try #require(MultipartForm.boundary(
            fromContentType: contentType.trimmingCharacters(in: .whitespacesAndNewlines)))
        return try MultipartFeeding.parts(Array(body), boundary: boundary)
    }

    @Test func curl() throws {
        let parts = try parts("curl")
        #expect(parts.map(\.summary) == [
            "name=Widget", "description=한국어 설명\r\nline two", "price=1000",
            "images=photo.png(301)", "images=second.png(301)",
        ])
        #expect(parts[3].contentType == "image/png")
        #expect(parts[3].bytes == Self.fileData)
        #expect(parts[4].bytes == Self.fileData)
    }

    @Test func pythonRequests() throws {
        let parts = try parts("requests")
        #expect(parts.map(\.summary) == ["name=우유병", "stock=2", "images=사진.jpg(301)", "params={\"price\":3500}"])
        #expect(parts[2].contentType == "image/jpeg")
        #expect(parts[2].bytes == Self.fileData)
        #expect(parts[3].filename == nil)
        #expect(parts[3].contentType == "application/json")
    }

    // Chromium with an untouched `<input type=file>`: the empty file is dropped; textarea
    // newlines arrive as CRLF; `"` in a name arrives as %22.
    @Test func chromiumWithEmptyFileInput() throws {
        let parts = try parts("chromium-empty-file")
        #expect(parts.map(\.summary) == [
            "name=우유병 텀블러", "description=first line\r\nsecond line, 한국어\r\nthird",
            "price=3500", "currency=USD", "say \"hi\"=quoted name",
        ])
    }

    @Test func chromiumWithFiles() throws {
        let parts = try parts("chromium-files")
        #expect(parts.map(\.summary) == [
            "name=우유병 텀블러", "description=first line\r\nsecond line, 한국어\r\nthird",
            "price=3500", "currency=USD", "say \"hi\"=quoted name",
            "images=사진 1.png(301)", "images=a \"quoted\" name.txt(12)",
        ])
        #expect(parts[5].contentType == "image/png")
        #expect(parts[5].bytes == Self.fileData)
        #expect(parts[6].text == "plain text\r\n")
    }
}
