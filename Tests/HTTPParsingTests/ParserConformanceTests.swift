import HTTPParsing
import Testing

/// Requests the parser must accept, each fed whole, in 1-byte and in 16-byte pieces
/// (`ParserFeed.parse` checks that all three give the same events).
@Suite("Parser: accepted messages (RFC 9112)")
struct ParserConformanceTests {
    @Test func simpleGet_yieldsHeadThenEnd() throws {
        let outcome = ParserFeed.parse("GET /index.html?q=1 HTTP/1.1\r\nHost: example.com\r\nAccept: */*\r\n\r\n")
        #expect(outcome.error == nil)
        let head = try #require(outcome.heads.first)
        #expect(outcome.events == [.head(head), .end])
        #expect(head.method == .get)
        #expect(head.target == "/index.html?q=1")
        #expect(head.version == .http1_1)
        #expect(head.headers["host"] == "example.com")
        #expect(head.headers["Accept"] == "*/*")
        #expect(head.framing == .none)
        #expect(head.keepAlive)
        #expect(!head.expectsContinue)
    }

    // RFC 9112 §5.1: field-line = field-name ":" OWS field-value OWS
    @Test func optionalWhitespaceAroundFieldValues_isTrimmed() throws {
        let outcome = ParserFeed.parse(
            "GET / HTTP/1.1\r\nHost:example.com\r\nX-Spaced:  \t inner  spaces\tkept \t \r\n"
                + "X-Tabs:\t\tvalue\r\nX-Empty:\r\nX-Blank:   \r\n\r\n")
        let head = try #require(outcome.heads.first)
        #expect(outcome.events == [.head(head), .end])
        #expect(head.headers["Host"] == "example.com")
        #expect(head.headers["X-Spaced"] == "inner  spaces\tkept")
        #expect(head.headers["X-Tabs"] == "value")
        #expect(head.headers["X-Empty"] == "")
        #expect(head.headers["X-Blank"] == "")
    }

    @Test func fieldNames_matchCaseInsensitively() throws {
        let outcome = ParserFeed.parse(
            "POST /p HTTP/1.1\r\nhOsT: a\r\ncontent-LENGTH: 2\r\nTRANSFER-encoding-x: y\r\n\r\nok")
        let head = try #require(outcome.heads.first)
        #expect(head.headers["Host"] == "a")
        #expect(head.framing == .contentLength(2))
        #expect(outcome.bodies == ["ok"])
    }

    // RFC 9112 §9.3: HTTP/1.0 closes unless the client asks for keep-alive.
    @Test func http10_closesByDefault_andNeedsNoHost() throws {
        let outcome = ParserFeed.parse("GET /old HTTP/1.0\r\nUser-Agent: test\r\n\r\n")
        let head = try #require(outcome.heads.first)
        #expect(outcome.events == [.head(head), .end])
        #expect(head.version == .http1_0)
        #expect(!head.keepAlive)
    }

    @Test func http10WithKeepAlive_staysOpen() throws {
        let outcome = ParserFeed.parse("GET / HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n")
        #expect(try #require(outcome.heads.first).keepAlive)
    }

    // RFC 9112 §9.6: `close` in Connection ends the connection after the response.
    @Test func http11WithConnectionClose_closes() throws {
        let outcome = ParserFeed.parse("GET / HTTP/1.1\r\nHost: a\r\nConnection: TE, close\r\n\r\n")
        #expect(try #require(outcome.heads.first).keepAlive == false)
    }

    // RFC 9112 §3.2.2: absolute-form is accepted; its authority replaces Host.
    @Test func absoluteFormTarget_becomesOriginForm() throws {
        let outcome = ParserFeed.parse("GET http://example.com:8080/a/b?c=d HTTP/1.1\r\nHost: other.example\r\n\r\n")
        let head = try #require(outcome.heads.first)
        #expect(outcome.error == nil)
        #expect(head.target == "/a/b?c=d")
        #expect(head.headers.values(for: "Host") == ["example.com:8080"])
    }

    @Test func absoluteFormWithoutPath_targetsRoot() throws {
        let outcome = ParserFeed.parse("GET http://example.com HTTP/1.1\r\nHost: example.com\r\n\r\n")
        #expect(try #require(outcome.heads.first).target == "/")
    }

    // RFC 9112 §2.2: a server should ignore at least one empty line before the request line.
    @Test func leadingEmptyLine_isIgnored() throws {
        let outcome = ParserFeed.parse("\r\nGET / HTTP/1.1\r\nHost: a\r\n\r\n")
        let head = try #require(outcome.heads.first)
        #expect(outcome.events == [.head(head), .end])
        #expect(head.target == "/")
    }

    // RFC 9112 §7.1: chunk extensions are ignored, trailers skipped, and the bytes after the
    // last chunk belong to the next request.
    @Test func chunkedBodyWithExtensionsAndTrailers_leavesNextRequestIntact() throws {
        let outcome = ParserFeed.parse(
            "POST /upload HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "5;name=value\r\nhello\r\n"
                + "6 ; a=b;c=\"quoted; text\"\r\n world\r\n"
                + "A\r\n0123456789\r\n"
                + "0;last\r\nX-Checksum: abc\r\nX-Other: \t1\r\n\r\n"
                + "GET /next HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(outcome.error == nil)
        let heads = outcome.heads
        try #require(heads.count == 2)
        #expect(outcome.events == [.head(heads[0]), .body(Array("hello world0123456789".utf8)), .end, .head(heads[1]), .end])
        #expect(heads[0].framing == .chunked)
        #expect(heads[0].declaredBodyLength == nil)
        #expect(heads[1].method == .get)
        #expect(heads[1].target == "/next")
        #expect(heads[1].headers["X-Checksum"] == nil)
    }

    @Test func chunkedWithoutTrailers_andUppercaseCoding_isAccepted() throws {
        let outcome = ParserFeed.parse(
            "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: Chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n")
        #expect(outcome.error == nil)
        #expect(outcome.bodies == ["abc"])
        #expect(outcome.events.last == .end)
    }

    // RFC 9112 §6.2: Content-Length frames the body; what follows is the next request.
    @Test func contentLengthBody_leavesPipelinedRequestIntact() throws {
        let outcome = ParserFeed.parse(
            "POST /a HTTP/1.1\r\nHost: a\r\nContent-Length: 11\r\n\r\nhello world"
                + "GET /b HTTP/1.1\r\nHost: a\r\n\r\n"
                + "DELETE /c HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\n\r\n")
        #expect(outcome.error == nil)
        let heads = outcome.heads
        try #require(heads.count == 3)
        #expect(outcome.events == [
            .head(heads[0]), .body(Array("hello world".utf8)), .end,
            .head(heads[1]), .end,
            .head(heads[2]), .end,
        ])
        #expect(heads[0].framing == .contentLength(11))
        #expect(heads.map(\.target) == ["/a", "/b", "/c"])
        #expect(heads[2].framing == .none)
    }

    @Test func bodyBytesThatLookLikeARequest_stayInTheBody() throws {
        let inner = "GET /smuggled HTTP/1.1\r\nHost: a\r\n\r\n"
        let outcome = ParserFeed.parse(
            "POST /a HTTP/1.1\r\nHost: a\r\nContent-Length: \(inner.utf8.count)\r\n\r\n\(inner)")
        #expect(outcome.heads.map(\.target) == ["/a"])
        #expect(outcome.bodies == [inner])
    }

    @Test func expect100Continue_isReported() throws {
        let outcome = ParserFeed.parse("PUT /f HTTP/1.1\r\nHost: a\r\nExpect: 100-Continue\r\nContent-Length: 3\r\n\r\nabc")
        let head = try #require(outcome.heads.first)
        #expect(head.expectsContinue)
        #expect(outcome.bodies == ["abc"])
    }

    @Test func exactlyTheFieldLimit_isAccepted() throws {
        let fields = (1..<100).map { "X-F\($0): v\r\n" }.joined()
        let outcome = ParserFeed.parse("GET / HTTP/1.1\r\nHost: a\r\n\(fields)\r\n")
        #expect(outcome.error == nil)
        #expect(try #require(outcome.heads.first).headers.count == 100)
    }

    @Test func requestLineAtTheLimit_isAccepted() throws {
        let limits = HTTPParserLimits(maxRequestLineBytes: 64)
        let line = "GET /" + String(repeating: "a", count: 64 - "GET / HTTP/1.1".count) + " HTTP/1.1"
        #expect(line.utf8.count == 64)
        let outcome = ParserFeed.parse(line + "\r\nHost: a\r\n\r\n", limits: limits)
        #expect(outcome.error == nil)
        #expect(outcome.heads.count == 1)
    }
}
