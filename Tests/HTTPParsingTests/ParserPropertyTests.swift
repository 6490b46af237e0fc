import Testing
@testable import HTTPParsing

/// Seeded random properties of `HTTPRequestParser`: valid messages parse the same however their
/// bytes are split, and garbage never traps and is refused with a 4xx/5xx. A failure names its
/// seed; `SplitMix64(seed:)` with it replays the case.
@Suite struct ParserPropertyTests {
    /// What a test expects from a message: heads by method and target, whole bodies, ends.
    enum Expected: Equatable {
        case head(String, String)
        case body([UInt8])
        case end
    }

    static func summary(_ events: [HTTPParserEvent]) -> [Expected] {
        events.compactMap { event in
            switch event {
            case .head(let head): .head(head.method.rawValue, head.target)
            case .body(let bytes): .body(bytes)
            case .end: .end
            case .needMoreData: nil
            }
        }
    }

    // MARK: Valid messages

    /// Hand-written messages, each tried at every single cut point.
    static let samples: [String] = [
        "GET /products?view=grid&page=2 HTTP/1.1\r\nHost: localhost:8080\r\nAccept: */*\r\n\r\n",
        "POST /upload HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n"
            + "5;name=value\r\nhello\r\n6\r\n world\r\n0\r\nChecksum: abc\r\nExpires: never\r\n\r\n",
        "GET /a HTTP/1.1\r\nHost: h\r\n\r\n"
            + "POST /b HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\n\r\nx\r\nyz",
    ]

    @Test func samples_parseTheSame_atEveryCutPoint() async {
        for sample in Self.samples {
            let message = requestBytes(sample)
            let whole = HTTPParserOutcome(message)
            #expect(whole.error == nil, "\(sample.debugDescription): \(whole)")
            for cut in 0...message.count {
                let split = HTTPParserOutcome(message, cutAt: [cut])
                #expect(split == whole, "cut at \(cut) of \(sample.debugDescription)")
                if cut % 16 == 15 { await Task.yield() }
            }
        }
    }

    @Test func generatedMessages_parseAsGenerated_howeverSplit() async {
        await SplitMix64.cases(250, base: 0x4854_5450_0000) { seed, rng in
            let requests = (0..<Int.random(in: 1...3, using: &rng)).map { _ in GeneratedRequest(&rng) }
            let message = (Bool.random(using: &rng) ? [0x0D, 0x0A] : []) + requests.flatMap(\.bytes)
            let whole = HTTPParserOutcome(message)
            #expect(whole.error == nil, "seed \(seed): \(whole)")
            #expect(Self.summary(whole.events) == requests.flatMap(\.expected), "seed \(seed)")

            let cuts = (0..<Int.random(in: 1...4, using: &rng)).map { _ in Int.random(in: 0...message.count, using: &rng) }
            #expect(HTTPParserOutcome(message, cutAt: cuts) == whole, "seed \(seed), cut at \(cuts.sorted())")
            let size = Int.random(in: 1...17, using: &rng)
            #expect(HTTPParserOutcome(message, piecesOf: size) == whole, "seed \(seed), \(size)-byte pieces")
        }
    }

    // MARK: Garbage

    /// Bytes that matter to the parser, drawn more often than the rest.
    static let interesting: [UInt8] = Array("\r\n :;/?0123456789abcdefHTTP/1.1\t".utf8) + [0x00, 0x7F, 0x80, 0xFF]

    @Test func randomGarbage_isRefusedWithAStatus_howeverSplit() async {
        await SplitMix64.cases(300, base: 0x4741_5242_0000) { seed, rng in
            let count = Int.random(in: 0...300, using: &rng)
            let garbage = (0..<count).map { _ in
                Bool.random(using: &rng) ? Self.interesting.pick(&rng) : UInt8.random(in: 0...255, using: &rng)
            }
            Self.expectRefusedOrParsedTheSame(garbage, seed: seed, rng: &rng)
        }
    }

    @Test func mutatedValidMessages_areRefusedWithAStatusOrParsed_howeverSplit() async {
        await SplitMix64.cases(300, base: 0x4D55_5441_0000) { seed, rng in
            var message = (0..<Int.random(in: 1...2, using: &rng)).flatMap { _ in GeneratedRequest(&rng).bytes }
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                let index = Int.random(in: 0..<message.count, using: &rng)
                let byte = Bool.random(using: &rng) ? Self.interesting.pick(&rng) : UInt8.random(in: 0...255, using: &rng)
                switch Int.random(in: 0..<3, using: &rng) {
                case 0: message[index] = byte
                case 1: message.insert(byte, at: index)
                default: message.remove(at: index)
                }
            }
            Self.expectRefusedOrParsedTheSame(message, seed: seed, rng: &rng)
        }
    }

    /// Small limits, so that garbage also crosses them.
    static let smallLimits = HTTPParserLimits(maxRequestLineBytes: 40, maxHeaderBytes: 120, maxHeaderFields: 4, maxChunkLineBytes: 8)

    static func expectRefusedOrParsedTheSame(_ bytes: [UInt8], seed: UInt64, rng: inout SplitMix64) {
        for limits in [HTTPParserLimits(), smallLimits] {
            let whole = HTTPParserOutcome(bytes, limits: limits)
            if let error = whole.error {
                #expect((400...599).contains(error.status.rawValue), "seed \(seed): \(error)")
            }
            let cut = Int.random(in: 0...bytes.count, using: &rng)
            #expect(HTTPParserOutcome(bytes, cutAt: [cut], limits: limits) == whole, "seed \(seed), cut at \(cut)")
            #expect(HTTPParserOutcome(bytes, piecesOf: 1, limits: limits) == whole, "seed \(seed), byte by byte")
        }
    }
}

/// A random valid request: its bytes and the events it must give.
struct GeneratedRequest {
    var bytes: [UInt8] = []
    var expected: [ParserPropertyTests.Expected] = []

    init(_ rng: inout SplitMix64) {
        let method = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"].pick(&rng)
        let segments = (0..<Int.random(in: 0...3, using: &rng)).map { _ in Self.word(&rng, from: "abcxyz019-._~%") }
        var target = "/" + segments.joined(separator: "/")
        if Bool.random(using: &rng) { target += "?q=" + Self.word(&rng, from: "abc=&+%/?") }
        var head = "\(method) \(target) HTTP/1.1\r\nHost: localhost:8080\r\n"
        for index in 0..<Int.random(in: 0...4, using: &rng) {
            head += "X-Field-\(index):\(Bool.random(using: &rng) ? " " : "")\(Self.word(&rng, from: "ab c\t;=\"é"))v\r\n"
        }
        let body = (0..<Int.random(in: 0...200, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
        var payload: [UInt8] = []
        switch Int.random(in: 0..<3, using: &rng) {
        case 0 where body.isEmpty:
            head += "\r\n"
        case 1:
            head += "Transfer-Encoding: chunked\r\n\r\n"
            payload = Self.chunked(body, &rng)
        default:
            head += "Content-Length: \(body.count)\r\n\r\n"
            payload = body
        }
        bytes = Array(head.utf8) + payload
        expected = [.head(method, target)] + (body.isEmpty ? [] : [.body(body)]) + [.end]
    }

    static func word(_ rng: inout SplitMix64, from alphabet: String) -> String {
        let characters = Array(alphabet)
        return String((0..<Int.random(in: 1...8, using: &rng)).map { _ in characters.pick(&rng) })
    }

    /// RFC 9112 §7.1: random chunk sizes (hex in either case), some extensions, maybe trailers.
    static func chunked(_ body: [UInt8], _ rng: inout SplitMix64) -> [UInt8] {
        var out: [UInt8] = []
        var offset = 0
        while offset < body.count {
            let size = min(Int.random(in: 1...64, using: &rng), body.count - offset)
            var line = String(size, radix: 16, uppercase: Bool.random(using: &rng))
            if Int.random(in: 0..<4, using: &rng) == 0 { line += ";ext=\"v\"" }
            out += Array("\(line)\r\n".utf8) + body[offset..<(offset + size)] + Array("\r\n".utf8)
            offset += size
        }
        out += Array("0\r\n".utf8)
        if Bool.random(using: &rng) { out += Array("Trailer-Field: \(word(&rng, from: "xyz "))\r\n".utf8) }
        return out + Array("\r\n".utf8)
    }
}
