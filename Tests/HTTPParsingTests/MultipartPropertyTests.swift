import Testing
@testable import HTTPParsing

/// Seeded random properties of `MultipartParser` with `MultipartCollector`: generated bodies
/// parse to their parts however they are split; garbage and mutated bodies never trap, give the
/// same answer however split, and when refused it is with 400 or 413; garbage without a close
/// delimiter and bodies broken in a known way are refused. A failure names its seed.
@Suite struct MultipartPropertyTests {
    /// Small limits, so random bodies also cross them.
    static let smallLimits = MultipartLimits(
        maxParts: 3, maxPartHeaderBytes: 120, maxFieldBytes: 60, maxFileBytes: 90, maxTotalFileBytes: 120)

    static func parse(
        _ body: [UInt8], boundary: String, limits: MultipartLimits = MultipartLimits(), cutAt points: [Int]
    ) -> Result<[MultipartPart], MultipartError> {
        MultipartFeeding.parse(body, boundary: boundary, limits: limits, cutAt: points)
    }

    static func randomCuts(_ count: Int, _ rng: inout SplitMix64) -> [Int] {
        (0..<Int.random(in: 1...4, using: &rng)).map { _ in Int.random(in: 0...count, using: &rng) }
    }

    @Test func generatedBodies_parseToTheirParts_howeverSplit() async throws {
        try await SplitMix64.cases(250, base: 0x4D50_4152_0000) { seed, rng in
            let form = GeneratedForm(&rng)
            let whole = Self.parse(form.body, boundary: form.boundary, cutAt: [])
            let parts = try whole.get()
            #expect(parts.map(\.name) == form.parts.map(\.name), "seed \(seed)")
            #expect(parts.map(\.filename) == form.parts.map(\.filename), "seed \(seed)")
            #expect(parts.map(\.bytes) == form.parts.map(\.bytes), "seed \(seed)")

            let cuts = Self.randomCuts(form.body.count, &rng)
            #expect(Self.parse(form.body, boundary: form.boundary, cutAt: cuts) == whole, "seed \(seed), cut at \(cuts.sorted())")
            let size = Int.random(in: 1...17, using: &rng)
            let pieces = Array(stride(from: size, to: form.body.count, by: size))
            #expect(Self.parse(form.body, boundary: form.boundary, cutAt: pieces) == whole, "seed \(seed), \(size)-byte pieces")
        }
    }

    static let interesting: [UInt8] = Array("\r\n--B\r\n-\"; =:name\t".utf8) + [0x00, 0xFF]

    /// Garbage without the close delimiter `--B--` cannot be a whole form: refused.
    @Test func randomGarbage_isRefusedWithAStatus_howeverSplit() async {
        var refusedByConstruction = 0
        await SplitMix64.cases(300, base: 0x4D47_4152_0000) { seed, rng in
            let prefix = Bool.random(using: &rng) ? Array("--B\r\nContent-Disposition: form-data; name=a\r\n".utf8) : []
            let garbage = prefix + (0..<Int.random(in: 0...200, using: &rng)).map { _ in
                Bool.random(using: &rng) ? Self.interesting.pick(&rng) : UInt8.random(in: 0...255, using: &rng)
            }
            if !garbage.containsSequence(Array("--B--".utf8)) {
                refusedByConstruction += 1
                for limits in [MultipartLimits(), Self.smallLimits] {
                    let whole = Self.parse(garbage, boundary: "B", limits: limits, cutAt: [])
                    #expect(whole.failureStatus.map { [400, 413].contains($0) } == true, "seed \(seed): \(whole)")
                }
            }
            Self.expectRefusedOrParsedTheSame(garbage, boundary: "B", seed: seed, rng: &rng)
        }
        #expect(refusedByConstruction >= 250, "most garbage has no close delimiter")
    }

    /// A generated form broken in a known way: refused with 400, the same however split.
    @Test func formsBrokenInAKnownWay_areRefused_howeverSplit() async {
        await SplitMix64.cases(300, base: 0x4D42_524B_0000) { seed, rng in
            let violation = GeneratedForm.Violation.allCases.pick(&rng)
            let form = GeneratedForm(&rng, violating: violation)
            let whole = Self.parse(form.body, boundary: form.boundary, cutAt: [])
            #expect(whole.failureStatus == 400, "seed \(seed), \(violation): \(whole)")
            let cuts = Self.randomCuts(form.body.count, &rng)
            #expect(Self.parse(form.body, boundary: form.boundary, cutAt: cuts) == whole, "seed \(seed), cut at \(cuts.sorted())")
            let bytes = Array(1..<max(form.body.count, 1))
            #expect(Self.parse(form.body, boundary: form.boundary, cutAt: bytes) == whole, "seed \(seed), byte by byte")
        }
    }

    @Test func mutatedBodies_areRefusedWithAStatusOrParsed_howeverSplit() async {
        await SplitMix64.cases(250, base: 0x4D4D_5554_0000) { seed, rng in
            let form = GeneratedForm(&rng)
            var body = form.body
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                let index = Int.random(in: 0..<body.count, using: &rng)
                let byte = Bool.random(using: &rng) ? Self.interesting.pick(&rng) : UInt8.random(in: 0...255, using: &rng)
                switch Int.random(in: 0..<3, using: &rng) {
                case 0: body[index] = byte
                case 1: body.insert(byte, at: index)
                default: body.remove(at: index)
                }
            }
            Self.expectRefusedOrParsedTheSame(body, boundary: form.boundary, seed: seed, rng: &rng)
        }
    }

    static func expectRefusedOrParsedTheSame(_ body: [UInt8], boundary: String, seed: UInt64, rng: inout SplitMix64) {
        for limits in [MultipartLimits(), smallLimits] {
            let whole = parse(body, boundary: boundary, limits: limits, cutAt: [])
            if case .failure(let error) = whole {
                #expect([400, 413].contains(error.status.rawValue), "seed \(seed): \(error)")
            }
            let cuts = randomCuts(body.count, &rng)
            #expect(parse(body, boundary: boundary, limits: limits, cutAt: cuts) == whole, "seed \(seed), cut at \(cuts.sorted())")
            let bytes = Array(1..<max(body.count, 1))
            #expect(parse(body, boundary: boundary, limits: limits, cutAt: bytes) == whole, "seed \(seed), byte by byte")
        }
    }
}

/// A random valid `multipart/form-data` body (RFC 7578) and the parts it holds. With a
/// `Violation`, the same kind of body broken in that one way, which the parser must refuse.
struct GeneratedForm {
    struct Part {
        var name: String
        var filename: String?
        var bytes: [UInt8]
    }

    /// Ways to break a form that RFC 2046 / 7578 (and this parser) do not accept; all but
    /// `truncated` break the first part's head.
    enum Violation: CaseIterable {
        /// Cut before the close delimiter has arrived whole.
        case truncated
        /// A header line that is not `name: value`.
        case headerWithoutColon
        /// A first header line that starts with whitespace (a continuation of nothing).
        case continuationFirst
        /// No `Content-Disposition` (RFC 7578 §4.2).
        case noContentDisposition
        /// `form-data` without a `name` parameter (RFC 7578 §4.2).
        case noName
        /// A header line ended by a bare LF (RFC 2046 §5.1.1 requires CRLF).
        case bareLineFeed
    }

    var boundary: String
    var parts: [Part] = []
    var body: [UInt8] = []

    init(_ rng: inout SplitMix64, violating violation: Violation? = nil) {
        // RFC 2046 §5.1.1: 1–70 bchars, not ending in a space.
        boundary = Self.word(&rng, from: "abcXYZ019'()+_,-./:=? ", length: 1...70)
        while boundary.hasSuffix(" ") { boundary.removeLast() }
        if boundary.isEmpty { boundary = "B" }
        let delimiter = Array("\r\n--\(boundary)".utf8)

        if Bool.random(using: &rng) { body += Array("preamble text\r\n".utf8) }
        body += Array("--\(boundary)".utf8)
        let breaksAHead = violation != nil && violation != .truncated
        for _ in 0..<Int.random(in: (breaksAHead ? 1 : 0)...5, using: &rng) {
            body += Array("\(Bool.random(using: &rng) ? " \t" : "")\r\n".utf8)
            let name = Self.word(&rng, from: "abcxyz_-[]", length: 1...10)
            let filename = Bool.random(using: &rng) ? Self.word(&rng, from: "photo .jpgé", length: 1...12) : nil
            let disposition = violation == .noName && parts.isEmpty ? "form-data" : "form-data; name=\"\(name)\""
            var head = "Content-Disposition: \(disposition)"
            if let filename { head += "; filename=\"\(filename)\"\r\nContent-Type: image/jpeg" }
            var headEnd = "\r\n\r\n"
            if parts.isEmpty {
                switch violation {
                case .headerWithoutColon?: head = "no colon here\r\n" + head
                case .continuationFirst?: head = " continued\r\n" + head
                case .noContentDisposition?: head = head.replacingOccurrences(of: "Content-Disposition: ", with: "X-Disposition: ")
                case .bareLineFeed?: headEnd = "\n\r\n"
                case .noName?, .truncated?, nil: break
                }
            }
            var bytes: [UInt8]
            repeat {
                bytes = (0..<Int.random(in: 0...150, using: &rng)).map { _ in
                    Bool.random(using: &rng) ? Array("\r\n-\(boundary)".utf8).pick(&rng) : UInt8.random(in: 0...255, using: &rng)
                }
            } while bytes.containsSequence(delimiter)
            body += Array("\(head)\(headEnd)".utf8) + bytes + delimiter
            parts.append(Part(name: name, filename: filename, bytes: bytes))
        }
        body += Array("--".utf8)
        if violation == .truncated {
            body.removeSubrange(Int.random(in: 0..<body.count, using: &rng)...)
        } else if Bool.random(using: &rng) {
            body += Array("\r\nepilogue\n--\(boundary)\r\n".utf8)
        }
    }

    static func word(_ rng: inout SplitMix64, from alphabet: String, length: ClosedRange<Int>) -> String {
        let characters = Array(alphabet)
        return String((0..<Int.random(in: length, using: &rng)).map { _ in characters.pick(&rng) })
    }
}

extension Array where Element == UInt8 {
    func containsSequence(_ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, needle.count <= count else { return false }
        return (0...(count - needle.count)).contains { self[$0..<($0 + needle.count)].elementsEqual(needle) }
    }
}

extension Result where Failure == MultipartError {
    /// The refusal's status code; nil when the body parsed.
    var failureStatus: Int? {
        if case .failure(let error) = self { return error.status.rawValue }
        return nil
    }
}
