import HTTPParsing
import Testing

/// A parsed head keeps its fields as the bytes that arrived and makes a String only when a
/// field is read: what readers see must be what they saw when every field was a String.
@Suite("Parser: header fields read in place")
struct ParserFieldsInPlaceTests {
    @Test func repeatedFields_keepTheirOrder_andTheFirstIsTheValue() throws {
        let outcome = ParserFeed.parse(
            "GET / HTTP/1.1\r\nHost: a\r\nAccept-Language: ko\r\nX-Other: 1\r\naccept-language: en;q=0.5\r\n\r\n")
        let head = try #require(outcome.heads.first)
        #expect(head.headers["Accept-Language"] == "ko")
        #expect(head.headers.values(for: "ACCEPT-LANGUAGE") == ["ko", "en;q=0.5"])
        #expect(head.headers.count == 4)
        #expect(head.headers.fields.map(\.name) == ["Host", "Accept-Language", "X-Other", "accept-language"])
        #expect(Array(head.headers).map(\.value) == ["a", "ko", "1", "en;q=0.5"])
    }

    @Test func names_matchIgnoringASCIICaseOnly() throws {
        let outcome = ParserFeed.parse("GET / HTTP/1.1\r\nhOST: a\r\nIF-none-MATCH: \"e1\"\r\nCookie: k=v\r\n\r\n")
        let head = try #require(outcome.heads.first)
        #expect(head.headers["If-None-Match"] == "\"e1\"")
        #expect(head.headers.contains("cookie"))
        #expect(!head.headers.contains("Cookie2"))
        #expect(head.headers["Cooki"] == nil)
        // The name as sent, not as asked for.
        #expect(head.headers.fields.first?.name == "hOST")
    }

    @Test func emptyAndBlankValues_areEmptyStrings() throws {
        let outcome = ParserFeed.parse("GET / HTTP/1.1\r\nHost: a\r\nCookie:\r\nX-Blank: \t \r\nX-Last:\r\n\r\n")
        let head = try #require(outcome.heads.first)
        #expect(head.headers["Cookie"] == "")
        #expect(head.headers["X-Blank"] == "")
        #expect(head.headers.values(for: "X-Last") == [""])
        #expect(head.headers.tokens(for: "Cookie").isEmpty)
    }

    @Test func tokens_readTheBytesInPlace() throws {
        let outcome = ParserFeed.parse("GET / HTTP/1.1\r\nHost: a\r\nConnection: Upgrade,  KEEP-alive \r\nConnection: close\r\n\r\n")
        let head = try #require(outcome.heads.first)
        #expect(head.headers.tokens(for: "connection") == ["upgrade", "keep-alive", "close"])
        #expect(!head.keepAlive)
    }

    @Test func nonASCIIValueBytes_decodeAsBefore() throws {
        // UTF-8 is decoded; a byte that is not UTF-8 becomes U+FFFD, as String(decoding:) does.
        let bytes = Array("GET / HTTP/1.1\r\nHost: a\r\nX-Name: 찻잔\r\nX-Bad: a".utf8) + [0xFF] + Array("b\r\n\r\n".utf8)
        let outcome = ParserFeed.parse(bytes)
        let head = try #require(outcome.heads.first)
        #expect(head.headers["X-Name"] == "찻잔")
        #expect(head.headers["X-Bad"] == "a\u{FFFD}b")
    }

    @Test(arguments: [" folded", "\tfolded"])
    func obsFold_isRefused(continuation: String) {
        let outcome = ParserFeed.parse("GET / HTTP/1.1\r\nHost: a\r\nX-Long: one\r\n\(continuation)\r\n\r\n")
        #expect(outcome.error?.status == .badRequest)
        #expect(outcome.heads.isEmpty)
    }

    @Test func emptyName_isRefused() {
        let outcome = ParserFeed.parse("GET / HTTP/1.1\r\nHost: a\r\n: value\r\n\r\n")
        #expect(outcome.error == HTTPParseError(.badRequest, "A header name is malformed (whitespace before the colon?)."))
    }

    @Test func lineWithoutColon_isRefusedAsSuch() {
        let outcome = ParserFeed.parse("GET / HTTP/1.1\r\nHost: a\r\nNo colon here\r\n\r\n")
        #expect(outcome.error == HTTPParseError(.badRequest, "A header line has no colon."))
    }

    // RFC 9112 §3.2.2: the authority replaces every Host field, wherever they were.
    @Test func absoluteFormTarget_replacesEveryHost_andKeepsTheOtherFields() throws {
        let outcome = ParserFeed.parse(
            "GET https://Example.com/a%20b?q=%C3%A9+1 HTTP/1.1\r\nAccept: */*\r\nHost: one\r\nX-A: 1\r\n\r\n")
        let head = try #require(outcome.heads.first)
        #expect(outcome.error == nil)
        #expect(head.target == "/a%20b?q=%C3%A9+1")
        #expect(head.headers.fields.map(\.name) == ["Accept", "X-A", "Host"])
        #expect(head.headers.values(for: "Host") == ["Example.com"])
    }

    @Test func absoluteFormAuthority_countsAsAField() {
        let limits = HTTPParserLimits(maxHeaderFields: 2)
        let two = ParserFeed.parse("GET http://a/ HTTP/1.1\r\nX-A: 1\r\n\r\n", limits: limits)
        #expect(two.error == nil)
        let three = ParserFeed.parse("GET http://a/ HTTP/1.1\r\nX-A: 1\r\nX-B: 2\r\n\r\n", limits: limits)
        #expect(three.error?.status == .requestHeaderFieldsTooLarge)
    }

    // The target stays as sent: its percent-escapes are decoded by whoever reads its parts.
    @Test func percentEncodedTarget_isKeptAsSent() throws {
        let outcome = ParserFeed.parse("GET /tags/caf%C3%A9%2Fx?name=a%26b&empty=&%3D=1 HTTP/1.1\r\nHost: a\r\n\r\n")
        let head = try #require(outcome.heads.first)
        #expect(head.target == "/tags/caf%C3%A9%2Fx?name=a%26b&empty=&%3D=1")
    }

    @Test func changingParsedFields_changesOnlyTheCopy() throws {
        let outcome = ParserFeed.parse("GET / HTTP/1.1\r\nHost: a\r\nX-A: 1\r\nX-A: 2\r\n\r\n")
        let head = try #require(outcome.heads.first)
        var changed = head.headers
        changed["x-a"] = "3"
        changed.add("X-B", "4")
        #expect(changed.fields.map(\.name) == ["Host", "x-a", "X-B"])
        #expect(changed.values(for: "X-A") == ["3"])
        #expect(head.headers.values(for: "X-A") == ["1", "2"])
        changed.remove("X-B")
        changed.remove("x-a")
        changed.add("X-A", "1")
        changed.add("X-A", "2")
        #expect(changed == head.headers)
        #expect(head.headers == HTTPHeaders([("Host", "a"), ("X-A", "1"), ("X-A", "2")]))
    }

    // The fields' bytes stay in the parser's buffer until the head is complete, even when the
    // buffer drops what came before them (a large body, then a head in small pieces).
    @Test func headAfterALargeBody_inPieces_keepsItsFields() throws {
        let body = String(repeating: "b", count: 9000)
        let cookie = String(repeating: "c", count: 5000)
        let text = "POST /a HTTP/1.1\r\nHost: a\r\nContent-Length: 9000\r\n\r\n\(body)"
            + "GET /b HTTP/1.1\r\nHost: b\r\nCookie: k=\(cookie)\r\nAccept: */*\r\n\r\n"
        let outcome = ParserFeed.parse(text)
        #expect(outcome.error == nil)
        let heads = outcome.heads
        #expect(heads.count == 2)
        #expect(heads.last?.target == "/b")
        #expect(heads.last?.headers["Host"] == "b")
        #expect(heads.last?.headers["Cookie"] == "k=" + cookie)
        #expect(heads.last?.headers["Accept"] == "*/*")
    }
}
