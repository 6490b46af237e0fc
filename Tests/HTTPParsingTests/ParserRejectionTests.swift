import HTTPParsing
import Testing

/// Requests the parser must refuse, with the status the server answers before it closes.
/// Each vector is fed whole, in 1-byte and in 16-byte pieces with the same result.
@Suite("Parser: rejected messages (RFC 9112)")
struct ParserRejectionTests {
    static let small = HTTPParserLimits(maxRequestLineBytes: 256, maxHeaderBytes: 1024, maxHeaderFields: 100)

    // MARK: Limits

    @Test func requestLineOverTheLimit_is414() {
        let target = "/" + String(repeating: "a", count: 300)
        ParserFeed.expectRejected("GET \(target) HTTP/1.1\r\nHost: a\r\n\r\n", .uriTooLong, limits: Self.small)
    }

    @Test func requestLineOverTheLimitWithoutLineFeedYet_is414() {
        // The client is still sending: the parser must not wait for an LF that may never come.
        ParserFeed.expectRejected("GET /" + String(repeating: "a", count: 300), .uriTooLong, limits: Self.small)
    }

    @Test func requestLineOverTheDefaultLimit_is414() {
        ParserFeed.expectRejected("GET /" + String(repeating: "b", count: 8 * 1024), .uriTooLong)
    }

    @Test func headerBlockOverTheLimit_is431() {
        let big = String(repeating: "v", count: 600)
        ParserFeed.expectRejected(
            "GET / HTTP/1.1\r\nHost: a\r\nX-A: \(big)\r\nX-B: \(big)\r\n\r\n", .requestHeaderFieldsTooLarge, limits: Self.small)
    }

    @Test func headerLineOverTheLimitWithoutLineFeedYet_is431() {
        ParserFeed.expectRejected(
            "GET / HTTP/1.1\r\nHost: a\r\nX-A: " + String(repeating: "v", count: 1100), .requestHeaderFieldsTooLarge,
            limits: Self.small)
    }

    @Test func moreThan100Fields_is431() {
        let fields = (1...100).map { "X-F\($0): v\r\n" }.joined()
        ParserFeed.expectRejected("GET / HTTP/1.1\r\nHost: a\r\n\(fields)\r\n", .requestHeaderFieldsTooLarge)
    }

    @Test func oversizedTrailerSection_is431() {
        let big = String(repeating: "t", count: 1100)
        ParserFeed.expectRejected(
            "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n0\r\nX-T: \(big)\r\n\r\n",
            .requestHeaderFieldsTooLarge, limits: Self.small)
    }

    // MARK: Framing (RFC 9112 §6)

    // RFC 9112 §6.1: a request with both is a smuggling attempt.
    @Test func contentLengthWithTransferEncoding_isRejected() {
        ParserFeed.expectRejected(
            "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", .badRequest)
        ParserFeed.expectRejected(
            "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\nContent-Length: 0\r\n\r\n0\r\n\r\n", .badRequest)
    }

    // RFC 9112 §6.3: duplicate Content-Length, even with equal values, is refused here.
    @Test(arguments: [
        "Content-Length: 5\r\nContent-Length: 5\r\n",
        "Content-Length: 5\r\nContent-Length: 6\r\n",
        "Content-Length: 5, 5\r\n",
        "Content-Length: 5,6\r\n",
    ])
    func duplicateContentLength_isRejected(fields: String) {
        ParserFeed.expectRejected("POST / HTTP/1.1\r\nHost: a\r\n\(fields)\r\nhello", .badRequest)
    }

    // RFC 9110 §8.6: Content-Length = 1*DIGIT.
    @Test(arguments: ["-1", "abc", "+5", "99999999999999999999999", "1e3", "0x10", "5.0", "5 5", ""])
    func invalidContentLength_isRejected(value: String) {
        ParserFeed.expectRejected("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: \(value)\r\n\r\nhello", .badRequest)
    }

    // RFC 9112 §6.3: if chunked is not the final coding, the length cannot be determined.
    @Test(arguments: ["gzip", "chunked, gzip", "identity"])
    func transferCodingNotEndingInChunked_isRejected(value: String) {
        ParserFeed.expectRejected("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: \(value)\r\n\r\nhello", .badRequest)
    }

    // RFC 9112 §6.1: a server that does not understand a coding answers 501.
    @Test(arguments: ["Transfer-Encoding: gzip, chunked\r\n", "Transfer-Encoding: gzip\r\nTransfer-Encoding: chunked\r\n"])
    func unsupportedCodingBeforeChunked_is501(fields: String) {
        ParserFeed.expectRejected("POST / HTTP/1.1\r\nHost: a\r\n\(fields)\r\n0\r\n\r\n", .notImplemented)
    }

    // RFC 9112 §6.1: chunked must not be applied more than once.
    @Test(arguments: ["Transfer-Encoding: chunked, chunked\r\n", "Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n"])
    func chunkedAppliedTwice_isRejected(fields: String) {
        ParserFeed.expectRejected("POST / HTTP/1.1\r\nHost: a\r\n\(fields)\r\n0\r\n\r\n", .badRequest)
    }

    @Test func transferEncodingInHTTP10_isRejected() {
        ParserFeed.expectRejected("POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", .badRequest)
    }

    // MARK: Field syntax (RFC 9112 §5, RFC 9110 §5.5)

    // RFC 9112 §5.1: no whitespace is allowed between the field name and colon.
    @Test(arguments: ["Content-Length : 5", "Content-Length\t: 5", "Host : a"])
    func whitespaceBeforeColon_isRejected(line: String) {
        ParserFeed.expectRejected("POST / HTTP/1.1\r\nHost: a\r\n\(line)\r\n\r\nhello", .badRequest)
    }

    // RFC 9112 §5.2: obs-fold is refused (or replaced); we refuse.
    @Test(arguments: [" folded", "\tfolded"])
    func obsoleteLineFolding_isRejected(continuation: String) {
        ParserFeed.expectRejected("GET / HTTP/1.1\r\nHost: a\r\nX-A: start\r\n\(continuation)\r\n\r\n", .badRequest)
    }

    // RFC 9110 §5.5: NUL, CR and LF are never valid in a field value.
    @Test(arguments: [[0x61, 0x00, 0x62], [0x61, 0x0D, 0x62], [0x61, 0x0D], [0x01], [0x7F]] as [[UInt8]])
    func controlCharacterInFieldValue_isRejected(value: [UInt8]) {
        let bytes = Array("GET / HTTP/1.1\r\nHost: a\r\nX-A: ".utf8) + value + Array("\r\n\r\n".utf8)
        ParserFeed.expectRejected(bytes, .badRequest)
    }

    @Test func fieldLineWithoutColon_isRejected() {
        ParserFeed.expectRejected("GET / HTTP/1.1\r\nHost: a\r\nNoColonHere\r\n\r\n", .badRequest)
    }

    // RFC 9112 §2.2: we do not accept a bare LF as a line terminator.
    @Test(arguments: [
        "GET / HTTP/1.1\nHost: a\n\n",
        "GET / HTTP/1.1\r\nHost: a\n\r\n",
        "GET / HTTP/1.1\r\nHost: a\r\n\n",
        "\nGET / HTTP/1.1\r\nHost: a\r\n\r\n",
    ])
    func bareLineFeed_isRejected(text: String) {
        ParserFeed.expectRejected(text, .badRequest)
    }

    @Test func bareCarriageReturnInRequestLine_isRejected() {
        ParserFeed.expectRejected("GET /a\rb HTTP/1.1\r\nHost: a\r\n\r\n", .badRequest)
    }

    // MARK: Request line and Host

    // RFC 9112 §3.2: a client must send Host in HTTP/1.1.
    @Test func missingHostInHTTP11_isRejected() {
        ParserFeed.expectRejected("GET / HTTP/1.1\r\nAccept: */*\r\n\r\n", .badRequest)
    }

    // RFC 9110 §7.2 / RFC 9112 §3.2: more than one Host is a 400.
    @Test func twoHostFields_areRejected() {
        ParserFeed.expectRejected("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", .badRequest)
    }

    @Test(arguments: ["HTTP/2.0", "HTTP/3.0", "HTTP/0.9"])
    func unsupportedMajorVersion_is505(version: String) {
        ParserFeed.expectRejected("GET / \(version)\r\nHost: a\r\n\r\n", .httpVersionNotSupported)
    }

    @Test(arguments: [
        "GET / HTTP/1.10", "GET / http/1.1", "GET /  HTTP/1.1", "GET  / HTTP/1.1", "GET /", "G(T / HTTP/1.1",
        "GET a/b HTTP/1.1", "GET http://user@host/ HTTP/1.1", "GET * HTTP/1.1",
    ])
    func malformedRequestLine_isRejected(line: String) {
        ParserFeed.expectRejected("\(line)\r\nHost: a\r\n\r\n", .badRequest)
    }

    @Test func rawNonASCIIInTarget_isRejected() {
        ParserFeed.expectRejected(Array("GET /caf".utf8) + [0xC3, 0xA9] + Array(" HTTP/1.1\r\nHost: a\r\n\r\n".utf8), .badRequest)
    }

    // RFC 9110 §10.1.1: an expectation the server cannot meet is 417.
    @Test func unsupportedExpectation_is417() {
        ParserFeed.expectRejected("POST / HTTP/1.1\r\nHost: a\r\nExpect: something-else\r\nContent-Length: 1\r\n\r\nx", .expectationFailed)
    }

    // MARK: Chunked bodies (RFC 9112 §7.1)

    @Test(arguments: ["zz", "", ";ext", "5x", "-5", " 5", "0x5"])
    func malformedChunkSize_isRejected(sizeLine: String) {
        let outcome = ParserFeed.expectRejected(
            "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n\(sizeLine)\r\nhello\r\n0\r\n\r\n", .badRequest)
        #expect(outcome.heads.count == 1)
        #expect(!outcome.events.contains(.end))
    }

    @Test(arguments: ["helloXX0\r\n\r\n", "hello\n0\r\n\r\n", "hello0\r\n\r\n", "hello!\r\n0\r\n\r\n"])
    func chunkDataNotFollowedByCRLF_isRejected(rest: String) {
        let outcome = ParserFeed.expectRejected(
            "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n\(rest)", .badRequest)
        #expect(outcome.bodies == ["hello"])
        #expect(!outcome.events.contains(.end))
    }

    @Test func chunkSizeTooBigForTheParser_isRefused() {
        let outcome = ParserFeed.parse(
            "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n10000000000000000\r\n")
        #expect(outcome.error != nil)
    }

    @Test func malformedTrailer_isRejected() {
        ParserFeed.expectRejected(
            "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n0\r\nBad Trailer: x\r\n\r\n", .badRequest)
    }

    // MARK: After an error

    @Test func parserStaysFailed_afterAnError() throws {
        var parser = HTTPRequestParser()
        parser.append(Array("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\nGET / HTTP/1.1\r\nHost: a\r\n\r\n".utf8))
        #expect(throws: HTTPParseError.self) { try parser.next() }
        let again = #expect(throws: HTTPParseError.self) { try parser.next() }
        #expect(again?.status == .badRequest)
    }
}
