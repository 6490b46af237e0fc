import Testing
@testable import HTTPParsing

/// `MultipartForm.scan`: the events of a body walked in place (as a body mapped from a file is),
/// the same parts `parse` collects, and the limits and errors as there.
@Suite struct MultipartScanTests {
    /// A field, a 300 KB file (several 64 KB slices, near-delimiters inside), an empty file input.
    private static let file: [UInt8] = (0..<300_000).map { index in
        index % 997 == 0 ? UInt8(ascii: "-") : UInt8(truncatingIfNeeded: (index &* 2_654_435_761) >> 11)
    }
    private static let body: [UInt8] = formBytes(
        "--B\r\nContent-Disposition: form-data; name=\"csrf_token\"\r\n\r\nabc\r\n"
            + "--B\r\nContent-Disposition: form-data; name=\"images\"; filename=\"a.jpg\"\r\nContent-Type: image/jpeg\r\n\r\n")
        + file + formBytes("\r\n--B\r\nContent-Disposition: form-data; name=\"images\"; filename=\"\"\r\n\r\n\r\n--B--\r\n")

    /// Collects the events into parts the way `MultipartCollector` does, keeping empty inputs.
    private static func scanParts(_ body: [UInt8], limits: MultipartLimits = MultipartLimits(maxFileBytes: 1 << 20)) throws
        -> (parts: [(name: String, filename: String?, bytes: [UInt8])], ended: Bool)
    {
        var parts: [(name: String, filename: String?, bytes: [UInt8])] = []
        var ended = false
        try body.withUnsafeBytes { raw in
            try MultipartForm.scan(raw, boundary: "B", limits: limits) { event in
                switch event {
                case .partHeaders(let head): parts.append((head.name, head.filename, []))
                case .partBody(let chunk):
                    #expect(chunk.count <= 64 * 1024)
                    parts[parts.count - 1].bytes += chunk
                case .end: ended = true
                case .partEnd, .needMoreData: break
                }
                return true
            }
        }
        return (parts, ended)
    }

    @Test func everyPartArrivesWhole_asParseCollectsIt() throws {
        let (parts, ended) = try Self.scanParts(Self.body)
        #expect(ended)
        #expect(parts.map(\.name) == ["csrf_token", "images", "images"])
        #expect(parts.map(\.filename) == [nil, "a.jpg", ""])
        #expect(parts[0].bytes == formBytes("abc"))
        #expect(parts[1].bytes == Self.file)
        #expect(parts[2].bytes.isEmpty)
        let collected = try MultipartForm.parse(Self.body, boundary: "B", limits: MultipartLimits(maxFileBytes: 1 << 20))
        #expect(collected.map(\.bytes) == parts.prefix(2).map(\.bytes))
    }

    @Test func returningFalseStopsTheWalk() throws {
        var seen = 0
        try Self.body.withUnsafeBytes { raw in
            try MultipartForm.scan(raw, boundary: "B", limits: MultipartLimits(maxFileBytes: 1 << 20)) { event in
                if case .partHeaders = event { seen += 1 }
                return seen < 2
            }
        }
        #expect(seen == 2)
    }

    @Test func theLimitsApply() throws {
        #expect(throws: MultipartError.fileTooLarge(name: "images", filename: "a.jpg", limit: 1000)) {
            _ = try Self.scanParts(Self.body, limits: MultipartLimits(maxFileBytes: 1000))
        }
    }

    @Test func aBodyWithoutItsCloseDelimiterIsRefused() throws {
        #expect(throws: MultipartError.missingFinalBoundary) {
            _ = try Self.scanParts(Array(Self.body.dropLast(8)))
        }
    }

    @Test func anEmptyBodyIsRefused() throws {
        #expect(throws: MultipartError.self) {
            _ = try Self.scanParts([])
        }
    }
}
