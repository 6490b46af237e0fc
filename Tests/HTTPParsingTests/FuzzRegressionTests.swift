import Testing
@testable import HTTPParsing

/// Inputs found by `Scripts/fuzz/run`, minimised. Each is fed whole and in pieces, since the
/// fuzzers check that the split never changes the outcome.
@Suite struct HTTPParserFuzzRegressionTests {
    /// The limits the fuzzer chose when it found these.
    let limits = HTTPParserLimits(maxRequestLineBytes: 36, maxHeaderBytes: 72, maxHeaderFields: 5, maxChunkLineBytes: 9)

    func expectSameOutcomeHoweverSplit(_ message: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) -> HTTPParserOutcome {
        let whole = HTTPParserOutcome(message, limits: limits)
        for cut in 0...message.count {
            let split = HTTPParserOutcome(message, cutAt: [cut], limits: limits)
            #expect(split == whole, "cut at \(cut)", sourceLocation: sourceLocation)
            if split != whole { break }
        }
        #expect(HTTPParserOutcome(message, piecesOf: 1, limits: limits) == whole, "byte by byte", sourceLocation: sourceLocation)
        return whole
    }

    // The limit comes first however the bytes arrive: scanning past it would report the bare
    // LF (400) for the whole message but the limit (414) for pieces.
    @Test func requestLineOverTheLimit_withABareLFFurtherOn_is414HoweverSplit() {
        let message = requestBytes("GET /" + String(repeating: "a", count: 60) + " HTTP/1.1\n")
        #expect(expectSameOutcomeHoweverSplit(message).error?.status == .uriTooLong)
    }

    // Fed up to the CR of a line exactly at the limit, the parser must not count the CR as
    // part of the line and answer 414 to a request it accepts whole.
    @Test func requestLineExactlyAtTheLimit_cutAfterItsCR_isAccepted() {
        let line = "GET /" + String(repeating: "a", count: 22) + " HTTP/1.1"
        #expect(line.utf8.count == limits.maxRequestLineBytes)
        let outcome = expectSameOutcomeHoweverSplit(requestBytes(line + "\r\nHost: h\r\n\r\n"))
        #expect(outcome.error == nil)
        #expect(outcome.events.count == 2)
    }

    @Test func headerSectionOverTheLimit_withABareLFFurtherOn_is431HoweverSplit() {
        let message = requestBytes("GET / HTTP/1.1\r\nHost: h\r\nX-Long: " + String(repeating: "v", count: 80) + "\n\r\n")
        #expect(expectSameOutcomeHoweverSplit(message).error?.status == .requestHeaderFieldsTooLarge)
    }

    @Test func chunkSizeLineExactlyAtTheLimit_cutAfterItsCR_isAccepted() {
        let message = requestBytes(
            "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n3;ext=abc\r\nabc\r\n0\r\n\r\n")
        let outcome = expectSameOutcomeHoweverSplit(message)
        #expect(outcome.error == nil)
        #expect(outcome.events.dropFirst() == [.body(Array("abc".utf8)), .end])
    }

    @Test func chunkSizeLineOverTheLimit_isRefusedHoweverSplit() {
        let message = requestBytes(
            "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n3;ext=abcd\r\nabc\r\n0\r\n\r\n")
        #expect(expectSameOutcomeHoweverSplit(message).error == HTTPParseError(.badRequest, "A chunk-size line is too long."))
    }
}

/// Multipart inputs found by `Scripts/fuzz/run multipart` and the property tests.
@Suite struct MultipartFuzzRegressionTests {
    func outcomes(_ body: [UInt8], limits: MultipartLimits) -> [Result<[MultipartPart], MultipartError>] {
        [MultipartFeeding.parse(body, boundary: "B", limits: limits, chunkSize: .max)]
            + (1...8).map { MultipartFeeding.parse(body, boundary: "B", limits: limits, chunkSize: $0) }
    }

    // The field limit comes first however the bytes arrive: scanning past it would report the
    // bare LF further on (400) for the whole body but the field (413) for small pieces.
    @Test func fieldOverItsLimit_withABareLFFurtherOn_isTooLargeHoweverSplit() {
        let body = formBytes(
            "--B\r\nContent-Disposition: form-data; name=a\r\n\r\n" + String(repeating: "x", count: 20) + "\r\n--B\n")
        let limits = MultipartLimits(maxFieldBytes: 16)
        for outcome in outcomes(body, limits: limits) {
            #expect(outcome == .failure(.fieldTooLarge(name: "a", limit: 16)))
        }
    }

    // The second file crosses the total at its 61st byte and its own limit at its 91st: the
    // total is reported, whole or in pieces, not the file's own limit.
    @Test func fileCrossingTheTotalBeforeItsOwnLimit_reportsTheTotalHoweverSplit() {
        func file(_ name: String, _ size: Int) -> String {
            "Content-Disposition: form-data; name=\(name); filename=\(name).jpg\r\n\r\n" + String(repeating: "x", count: size)
        }
        let body = formBytes("--B\r\n" + file("a", 60) + "\r\n--B\r\n" + file("b", 95) + "\r\n--B--")
        let limits = MultipartLimits(maxFileBytes: 90, maxTotalFileBytes: 120)
        for outcome in outcomes(body, limits: limits) {
            #expect(outcome == .failure(.totalFileBytesTooLarge(limit: 120)))
        }
    }
}
