import Foundation
import Testing
@testable import HTTPParsing

/// Spooling of large file parts to private temp files, and the empty-file-input rule.
@Suite struct MultipartCollectorTests {
    /// A fresh parent directory for one test, removed afterwards.
    private static func withParent(_ body: (String) throws -> Void) throws {
        let parent = FileManager.default.temporaryDirectory
            .appendingPathComponent("multipart-tests-\(UInt64.random(in: 0...UInt64.max))").path
        defer { try? FileManager.default.removeItem(atPath: parent) }
        try body(parent)
    }

    private static func permissions(_ path: String) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

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

    @Test(arguments: MultipartFeeding.chunkSizes.filter { $0 != 1 } + [4093])
    func fileOverTheThreshold_spoolsToAPrivateFile(chunkSize: Int) throws {
        try Self.withParent { parent in
            let data = Self.fileData()
            let body = Self.body(file: data)
            let limits = MultipartLimits(maxFileBytes: 2 * 1024 * 1024)
            var parser = MultipartParser(boundary: "B", limits: limits)
            var collector = MultipartCollector(limits: limits, spoolDirectory: parent)
            var offset = 0
            while offset < body.count {
                let end = min(offset + chunkSize, body.count)
                parser.append(body[offset..<end])
                offset = end
                _ = try collector.collect(from: &parser)
            }
            parser.finish()
            #expect(try collector.collect(from: &parser))
            #expect(collector.isComplete)

            #expect(collector.parts.map(\.name) == ["note", "images"])
            #expect(collector.parts[0].content == .memory(formBytes("hello")))
            let file = collector.parts[1]
            guard case .file(let path, let size) = file.content else {
                Issue.record("expected a spooled file, got \(file.content)")
                return
            }
            #expect(size == data.count)
            #expect(try file.bytes() == data)
            #expect(file.contentType == "image/png")

            let directory = try #require(collector.spoolDirectory)
            #expect(directory.hasPrefix(parent + "/"))
            #expect(try Self.permissions(directory) == 0o700)
            #expect(try Self.permissions(path) == 0o600)

            collector.cleanup()
            #expect(!FileManager.default.fileExists(atPath: path))
            #expect(!FileManager.default.fileExists(atPath: directory))
        }
    }

    @Test func fileAtTheThreshold_staysInMemory() throws {
        try Self.withParent { parent in
            let data = [UInt8](repeating: 9, count: 1000)
            let collector = try MultipartForm.collect(
                Self.body(file: data), boundary: "B",
                limits: MultipartLimits(memoryThreshold: 1000), spoolDirectory: parent)
            #expect(collector.parts[1].content == .memory(data))
            #expect(collector.spoolDirectory == nil)
            #expect(!FileManager.default.fileExists(atPath: parent))
        }
    }

    @Test func fieldsNeverSpool() throws {
        try Self.withParent { parent in
            let value = String(repeating: "v", count: 5000)
            let collector = try MultipartForm.collect(
                formBytes("--B\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n\(value)\r\n--B--"),
                boundary: "B", limits: MultipartLimits(memoryThreshold: 10), spoolDirectory: parent)
            #expect(collector.parts.first?.text == value)
            #expect(collector.spoolDirectory == nil)
        }
    }

    @Test func spoolingByteByByte_intoANewNestedDirectory_keepsEveryByte() throws {
        try Self.withParent { parent in
            let data = Self.fileData(count: 20_000)
            let body = Self.body(file: data)
            let limits = MultipartLimits(memoryThreshold: 1000)
            var parser = MultipartParser(boundary: "B", limits: limits)
            var collector = MultipartCollector(limits: limits, spoolDirectory: parent + "/uploads/spool")
            for byte in body {
                parser.append([byte])
                _ = try collector.collect(from: &parser)
            }
            parser.finish()
            #expect(try collector.collect(from: &parser))
            defer { collector.cleanup() }
            #expect(try collector.parts.last?.bytes() == data)
            #expect(collector.spooledFiles.count == 1)
            #expect(collector.spoolDirectory?.hasPrefix(parent + "/uploads/spool/multipart-") == true)
            #expect(try Self.permissions(parent + "/uploads") == 0o700)
        }
    }

    @Test func anError_removesWhatWasSpooled() throws {
        try Self.withParent { parent in
            let body = Self.body(file: [UInt8](repeating: 1, count: 5000)).dropLast(9)
            #expect(throws: MultipartError.missingFinalBoundary) {
                try MultipartForm.collect(
                    Array(body), boundary: "B", limits: MultipartLimits(memoryThreshold: 100), spoolDirectory: parent)
            }
            let left = try FileManager.default.contentsOfDirectory(atPath: parent)
            #expect(left.isEmpty, "left behind: \(left)")
        }
    }

    @Test func unusableSpoolDirectory_is500() {
        let error = #expect(throws: MultipartError.self) {
            try MultipartForm.collect(
                Self.body(file: [UInt8](repeating: 1, count: 5000)), boundary: "B",
                limits: MultipartLimits(memoryThreshold: 100), spoolDirectory: "/proc/no-such-dir/x")
        }
        #expect(error?.status == .internalServerError)
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
        #expect(parts.last?.content == .memory(data))
    }
}
