import Testing
@testable import HTTPParsing

/// Seeded random properties of `HTTPRequestParser`: valid messages parse the same however their
/// bytes are split; garbage never traps and gives the same answer however split; messages
/// broken in a known way, and garbage no request can start with, are refused with a 4xx/5xx. A
/// failure names its seed; `SplitMix64(seed:)` with it replays the case.
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

    /// RFC 9110 §5.6.2 `tchar`, written out here rather than taken from the parser.
    static let tokenBytes = Set(Array("!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8))

    /// Bytes no request can start with: neither a method's token character nor the CR of an
    /// empty line before it (RFC 9112 §2.2, §3; a bare LF is refused too).
    static let notARequestStart: [UInt8] = (UInt8(0)...UInt8(255)).filter { $0 != 0x0D && !tokenBytes.contains($0) }

    @Test func randomGarbage_neverTraps_andGivesTheSameAnswer_howeverSplit() async {
        await SplitMix64.cases(300, base: 0x4741_5242_0000) { seed, rng in
            let count = Int.random(in: 0...300, using: &rng)
            let garbage = (0..<count).map { _ in
                Bool.random(using: &rng) ? Self.interesting.pick(&rng) : UInt8.random(in: 0...255, using: &rng)
            }
            Self.expectRefusedOrParsedTheSame(garbage, seed: seed, rng: &rng)
        }
    }

    /// Garbage whose first line cannot be a request line, ended by an empty line so the parser
    /// must decide: refused, with nothing parsed, however split.
    @Test func garbageThatCannotStartARequest_isRefusedWithAStatus_howeverSplit() async {
        await SplitMix64.cases(300, base: 0x4741_5243_0000) { seed, rng in
            let count = Int.random(in: 0...300, using: &rng)
            let garbage = [Self.notARequestStart.pick(&rng)] + (0..<count).map { _ in
                Bool.random(using: &rng) ? Self.interesting.pick(&rng) : UInt8.random(in: 0...255, using: &rng)
            } + Array("\r\n\r\n".utf8)
            for limits in [HTTPParserLimits(), Self.smallLimits] {
                let whole = HTTPParserOutcome(garbage, limits: limits)
                #expect(whole.events.isEmpty, "seed \(seed): \(whole)")
                #expect(whole.error.map { (400...599).contains($0.status.rawValue) } == true, "seed \(seed): \(whole)")
                let cut = Int.random(in: 0...garbage.count, using: &rng)
                #expect(HTTPParserOutcome(garbage, cutAt: [cut], limits: limits) == whole, "seed \(seed), cut at \(cut)")
                #expect(HTTPParserOutcome(garbage, piecesOf: 1, limits: limits) == whole, "seed \(seed), byte by byte")
            }
        }
    }

    /// Valid requests, then one broken in a known way: the valid ones parse whole, the broken
    /// one never ends as a message, and the parser refuses it with a 4xx/5xx, however split.
    @Test func messagesBrokenInAKnownWay_areRefused_howeverSplit() async {
        await SplitMix64.cases(400, base: 0x4252_4B4E_0000) { seed, rng in
            let valid = (0..<Int.random(in: 0...2, using: &rng)).map { _ in GeneratedRequest(&rng) }
            let violation = GeneratedRequest.Violation.allCases.pick(&rng)
            let broken = GeneratedRequest(&rng, violating: violation)
            let message = valid.flatMap(\.bytes) + broken.bytes
            let context = "seed \(seed), \(violation): \(String(decoding: broken.bytes.prefix(300), as: UTF8.self).debugDescription)"
            let whole = HTTPParserOutcome(message)
            #expect(whole.error.map { (400...599).contains($0.status.rawValue) } == true, "\(context) gave \(whole)")
            let before = valid.flatMap(\.expected)
            let events = Self.summary(whole.events)
            #expect(Array(events.prefix(before.count)) == before, "\(context)")
            #expect(!events.dropFirst(before.count).contains(.end), "\(context)")
            let cuts = (0..<Int.random(in: 1...4, using: &rng)).map { _ in Int.random(in: 0...message.count, using: &rng) }
            #expect(HTTPParserOutcome(message, cutAt: cuts) == whole, "\(context), cut at \(cuts.sorted())")
            #expect(HTTPParserOutcome(message, piecesOf: 1) == whole, "\(context), byte by byte")
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

/// A random valid request: its bytes and the events it must give. With a `Violation`, the
/// same request broken in that one way, which the parser must refuse.
struct GeneratedRequest {
    /// Ways to break a request that RFC 9110 / 9112 (and this parser) do not accept.
    enum Violation: CaseIterable {
        /// A delimiter such as `(` or `/` in the method (§3.1: a token).
        case delimiterInMethod
        /// A control byte, space-free, or a raw non-ASCII byte in the target (§3.2).
        case badByteInTarget
        /// A version other than `HTTP/1.x` spelled exactly (§2.3), or an unsupported one (505).
        case badVersion
        /// Whitespace between a field name and its colon (§5.1).
        case whitespaceBeforeColon
        /// A control byte (not HTAB) in a field value (RFC 9110 §5.5).
        case controlInFieldValue
        /// A field line without a colon (§5).
        case lineWithoutColon
        /// A field line continued on the next (obs-fold, §5.2).
        case obsoleteFold
        /// A bare LF ending a line of the head (§2.2, not accepted here).
        case bareLineFeed
        /// No Host in HTTP/1.1 (§3.2).
        case missingHost
        /// Two Host fields (§3.2).
        case secondHost
        /// A Content-Length that is not one decimal number (§6.3).
        case badContentLength
        /// A chunk size that is not hexadecimal (§7.1); a bad Content-Length when not chunked.
        case badChunkSize
    }

    var bytes: [UInt8] = []
    var expected: [ParserPropertyTests.Expected] = []

    static let delimiters = Array("\"(),/:;<=>?@[\\]{}".utf8)
    static let badTargetBytes: [UInt8] = Array(0x00...0x08) + Array(0x0A...0x1F) + Array(0x7F...0xFF)
    static let controlBytes: [UInt8] = Array(0x00...0x08) + Array(0x0A...0x1F) + [0x7F]
    static let badVersions = ["HTTP/1.x", "HTTP/1", "HTTP/1.1.1", "http/1.1", "HTTP/11", "HTTP /1.1", "HTTP/1.10", "HTTP/2.0"]
    static let badLengths = ["-1", "abc", "+5", "1e3", "0x10", "5 5", ""]
    static let badChunkSizes = ["zz", "-5", "5x", " 5", "0x5", ";ext"]

    init(_ rng: inout SplitMix64, violating violation: Violation? = nil) {
        let method = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"].pick(&rng)
        let segments = (0..<Int.random(in: 0...3, using: &rng)).map { _ in Self.word(&rng, from: "abcxyz019-._~%") }
        var target = "/" + segments.joined(separator: "/")
        if Bool.random(using: &rng) { target += "?q=" + Self.word(&rng, from: "abc=&+%/?") }
        var fields = ["Host: localhost:8080"]
        for index in 0..<Int.random(in: 0...4, using: &rng) {
            fields.append("X-Field-\(index):\(Bool.random(using: &rng) ? " " : "")\(Self.word(&rng, from: "ab c\t;=\"é"))v")
        }
        let body = (0..<Int.random(in: 0...200, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
        var payload: [UInt8] = []
        var isChunked = false
        switch Int.random(in: 0..<3, using: &rng) {
        case 0 where body.isEmpty:
            break
        case 1:
            fields.append("Transfer-Encoding: chunked")
            payload = Self.chunked(body, &rng)
            isChunked = true
        default:
            fields.append("Content-Length: \(body.count)")
            payload = body
        }
        expected = [.head(method, target)] + (body.isEmpty ? [] : [.body(body)]) + [.end]

        var methodBytes = Array(method.utf8)
        var targetBytes = Array(target.utf8)
        var version = "HTTP/1.1"
        var lines = fields.map { Array($0.utf8) }
        // Every line of the head, the empty one that ends it included, ends in CRLF but this one.
        var bareLineFeedAfter: Int?
        switch violation {
        case nil:
            break
        case .delimiterInMethod:
            methodBytes.insert(Self.delimiters.pick(&rng), at: Int.random(in: 0...methodBytes.count, using: &rng))
        case .badByteInTarget:
            targetBytes.insert(Self.badTargetBytes.pick(&rng), at: Int.random(in: 1...targetBytes.count, using: &rng))
        case .badVersion:
            version = Self.badVersions.pick(&rng)
        case .whitespaceBeforeColon:
            let index = Int.random(in: lines.indices, using: &rng)
            if let colon = lines[index].firstIndex(of: UInt8(ascii: ":")) {
                lines[index].insert(Bool.random(using: &rng) ? 0x20 : 0x09, at: colon)
            }
        case .controlInFieldValue:
            let index = Int.random(in: lines.indices, using: &rng)
            if let colon = lines[index].firstIndex(of: UInt8(ascii: ":")) {
                lines[index].insert(Self.controlBytes.pick(&rng), at: Int.random(in: (colon + 1)...lines[index].count, using: &rng))
            }
        case .lineWithoutColon:
            lines.insert(Array("NoColonHere".utf8), at: Int.random(in: 0...lines.count, using: &rng))
        case .obsoleteFold:
            // After a field line: whitespace before the first one may be ignored (§2.2).
            lines.insert(Array("\(Bool.random(using: &rng) ? " " : "\t")folded".utf8), at: Int.random(in: 1...lines.count, using: &rng))
        case .bareLineFeed:
            bareLineFeedAfter = Int.random(in: -1...lines.count, using: &rng)  // -1: the request line
        case .missingHost:
            lines.removeFirst()
        case .secondHost:
            lines.insert(Array("Host: other.example".utf8), at: Int.random(in: 0...lines.count, using: &rng))
        case .badChunkSize where isChunked:
            let lineEnd = payload.firstIndex(of: 0x0D) ?? payload.count
            payload.replaceSubrange(0..<lineEnd, with: Array(Self.badChunkSizes.pick(&rng).utf8))
        case .badContentLength, .badChunkSize:
            let bad = Array("Content-Length: \(Self.badLengths.pick(&rng))".utf8)
            if let index = lines.firstIndex(where: { $0.starts(with: Array("Content-Length:".utf8)) }) {
                lines[index] = bad
            } else {
                lines.insert(bad, at: Int.random(in: 0...lines.count, using: &rng))
            }
        }
        func end(_ line: Int) -> [UInt8] { line == bareLineFeedAfter ? [0x0A] : [0x0D, 0x0A] }
        bytes = methodBytes + [0x20] + targetBytes + [0x20] + Array(version.utf8) + end(-1)
        for (index, line) in lines.enumerated() { bytes += line + end(index) }
        bytes += end(lines.count) + payload
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
