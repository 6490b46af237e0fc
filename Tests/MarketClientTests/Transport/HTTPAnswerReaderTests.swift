import Testing

@testable import MarketClient

/// The plain-HTTP answer reader: framing by Content-Length, chunks or the close, the same
/// answer at every split point, and the cap enforced while reading.
struct HTTPAnswerReaderTests {
    typealias Failure = HTTPAnswerReader.Failure

    static let fixed = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 11\r\n\r\n{\"a\":\"bcd\"}"
    static let chunked = "HTTP/1.1 201 Created\r\nTransfer-Encoding: chunked\r\nX-A: 1\r\n\r\n"
        + "4;ext=1\r\nWiki\r\n5\r\npedia\r\nE\r\n in\r\n\r\nchunks.\r\n0\r\nTrailer: x\r\n\r\n"
    static let interim = "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 404 Not Found\nContent-Length: 2\n\nno"

    /// Feeds `text` split at `split` (all at once when nil), then the close.
    static func read(_ text: String, split: Int? = nil, maxBytes: Int = 1024, closeAfter: Bool = false) throws(Failure) -> HTTPAnswerReader.Answer? {
        var reader = HTTPAnswerReader(maxBytes: maxBytes)
        let bytes = Array(text.utf8)
        let cut = split ?? bytes.count
        var answer = try reader.append(bytes[..<cut])
        if answer == nil { answer = try reader.append(bytes[cut...]) }
        if closeAfter { return try reader.finish() }
        return answer
    }

    @Test(arguments: [fixed, chunked, interim])
    func everySplitPointGivesTheSameAnswer(_ text: String) throws {
        let whole = try #require(try Self.read(text))
        for split in 0...text.utf8.count {
            #expect(try Self.read(text, split: split) == whole, "split at \(split)")
        }
        var oneByOne = HTTPAnswerReader(maxBytes: 1024)
        var answer: HTTPAnswerReader.Answer?
        for byte in text.utf8 { answer = try oneByOne.append([byte]) ?? answer }
        #expect(answer == whole)
    }

    @Test func framingIsRead() throws {
        let fixed = try #require(try Self.read(Self.fixed))
        #expect(fixed.status == 200 && String(decoding: fixed.body, as: UTF8.self) == #"{"a":"bcd"}"#)
        #expect(fixed.header("content-type") == "application/json")
        let chunked = try #require(try Self.read(Self.chunked))
        #expect(chunked.status == 201 && String(decoding: chunked.body, as: UTF8.self) == "Wikipedia in\r\n\r\nchunks.")
        let interim = try #require(try Self.read(Self.interim))
        #expect(interim.status == 404 && interim.body == Array("no".utf8))
        let toClose = try #require(try Self.read("HTTP/1.0 200 OK\r\n\r\nuntil the end", closeAfter: true))
        #expect(toClose.body == Array("until the end".utf8))
        let empty = try #require(try Self.read("HTTP/1.1 204 No Content\r\nContent-Length: 5\r\n\r\n"))
        #expect(empty.body.isEmpty)
    }

    @Test func anAnnouncedBodyOverTheCapIsRefusedAtTheHead() {
        #expect(throws: Failure.tooLarge(limit: 10)) {
            try Self.read("HTTP/1.1 200 OK\r\nContent-Length: 11\r\n\r\n", maxBytes: 10)
        }
        #expect(throws: Failure.tooLarge(limit: 10)) {
            try Self.read("HTTP/1.1 200 OK\r\nContent-Length: 999999999999999999\r\n\r\n", maxBytes: 10)
        }
    }

    @Test func aBodyGrowingPastTheCapIsRefusedWhileArriving() throws {
        var chunks = HTTPAnswerReader(maxBytes: 10)
        #expect(try chunks.append(Array("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n6\r\nabcdef\r\n".utf8)) == nil)
        #expect(throws: Failure.tooLarge(limit: 10)) { try chunks.append(Array("5\r\n".utf8)) }
        var toClose = HTTPAnswerReader(maxBytes: 10)
        #expect(try toClose.append(Array("HTTP/1.1 200 OK\r\n\r\n123456".utf8)) == nil)
        #expect(throws: Failure.tooLarge(limit: 10)) { try toClose.append(Array("78901".utf8)) }
    }

    @Test(arguments: [
        "HTTP/2 200\r\n\r\n", "ICY 200 OK\r\n\r\n", "HTTP/1.1 2000 OK\r\n\r\n", "HTTP/1.1 200 OK\r\nNo colon\r\n\r\n",
        "HTTP/1.1 200 OK\r\nContent-Length: 1a\r\n\r\n", "HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n",
        "HTTP/1.1 200 OK\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n",
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n-1\r\n",
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1000000000000000\r\n",
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1\r\nab\r\n",
    ])
    func malformedAnswersAreRefused(_ text: String) {
        #expect(throws: Failure.self) { try Self.read(text, maxBytes: Int.max) }
    }

    @Test func aConnectionClosedMidAnswerIsMalformed() throws {
        #expect(throws: Failure.self) { try Self.read("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nab", closeAfter: true) }
        #expect(throws: Failure.self) { try Self.read("HTTP/1.1 200 OK\r\nContent-Le", closeAfter: true) }
    }

    @Test func anEndlessHeadIsRefused() {
        var reader = HTTPAnswerReader(maxBytes: 10)
        #expect(throws: Failure.self) {
            _ = try reader.append(Array("HTTP/1.1 200 OK\r\nX: ".utf8))
            for _ in 0..<100 { _ = try reader.append([UInt8](repeating: UInt8(ascii: "a"), count: 1024)) }
        }
    }
}
