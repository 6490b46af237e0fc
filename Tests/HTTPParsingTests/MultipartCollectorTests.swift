import Foundation
import Testing
@testable import HTTPParsing

/// Collecting parts in memory from a body fed in pieces, and the empty-file-input rule.
@Suite struct MultipartCollectorTests {
    private static func body(file data: [UInt8], field: String = "note") -> [UInt8] {
        formBytes("--B\r\nContent-Disposition: form-data; name=\"\(field)\"\r\n\r\nhello\r\n"
            + "--B\r\nContent-Disposition: form-data; name=\"images\"; filename=\"big.png\"\r\n"
            + "Content-Type: image/png\r\n\r\n") + data + formBytes("\r\n--B--\r\n")
    }

    /// Deterministic bytes of every value, with near-delimiters for boundary `B` sprinkled in.
    private static func fileData(count: Int = 1024 * 1024) -> [UInt8] {
        var data = (0..<count).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 13) }
        let near = [formBytes("\r\n--Bx"), formBytes("\r\n--"), formBytes("x--B\r\n"), formBytes("\r\n-")]
        for (n, i) in stride(from: 100, to: count - 8, by: 4099).enumerated() {
            let pattern = near[n % near.count]
            data.replaceSubrange(i..<(i + pattern.count), with: pattern)
        }
        return data
    }

    /// A 1 MB file with near-delimiters, fed whole, in 16-byte and in 4,093-byte pieces:
    /// every byte arrives, in order, beside the field before it.
    @Test(arguments: MultipartFeeding.chunkSizes.filter { $0 != 1 } + [4093])
    func largeFile_keepsEveryByte(chunkSize: Int) throws {
        let data = Self.fileData()
        let limits = MultipartLimits(maxFileBytes: 2 * 1024 * 1024)
        let parts = try MultipartFeeding.parse(Self.body(file: data), boundary: "B", limits: limits, chunkSize: chunkSize).get()
        #expect(parts.map(\.name) == ["note", "images"])
        #expect(parts[0].text == "hello")
        #expect(parts[1].size == data.count)
        #expect(parts[1].bytes == data)
    }

    // WHATWG HTML: an untouched file input is sent as filename="" with no bytes: no file chosen.
    @Test func emptyFileInput_isDropped() throws {
        let parts = try MultipartFeeding.parts(formBytes(
            "--B\r\nContent-Disposition: form-data; name=\"name\"\r\n\r\nWidget\r\n"
                + "--B\r\nContent-Disposition: form-data; name=\"images\"; filename=\"\"\r\n"
                + "Content-Type: application/octet-stream\r\n\r\n\r\n--B--\r\n"))
        #expect(parts.map(\.summary) == ["name=Widget"])
    }

    @Test func emptyFileWithAName_isKept() throws {
        let parts = try MultipartFeeding.parts(formBytes(
            "--B\r\nContent-Disposition: form-data; name=\"images\"; filename=\"empty.txt\"\r\n\r\n\r\n--B--"))
        #expect(parts.map(\.summary) == ["images=empty.txt(0)"])
    }

    @Test func parse_keepsLargeFilesInMemory() throws {
        let data = [UInt8](repeating: 3, count: 200_000)
        let parts = try MultipartForm.parse(Self.body(file: data), boundary: "B")
        #expect(parts.last?.bytes == data)
    }
}
