import Testing
@testable import HTTPParsing

/// Test support: feeds one body to the parser in several ways and checks they agree.
enum MultipartFeeding {
    /// The ways every vector is fed: whole, one byte at a time, 16 bytes at a time.
    static let chunkSizes = [Int.max, 1, 16]

    /// Parses `body` fed in pieces of `chunkSize` bytes, keeping everything in memory.
    static func parse(
        _ body: [UInt8],
        boundary: String,
        limits: MultipartLimits = MultipartLimits(),
        chunkSize: Int
    ) -> Result<[MultipartPart], MultipartError> {
        parse(body, boundary: boundary, limits: limits, cutAt: Array(stride(from: chunkSize, to: body.count, by: chunkSize)))
    }

    /// Parses `body` cut at `points` (offsets into it), keeping everything in memory.
    static func parse(
        _ body: [UInt8], boundary: String, limits: MultipartLimits = MultipartLimits(), cutAt points: [Int]
    ) -> Result<[MultipartPart], MultipartError> {
        var parser = MultipartParser(boundary: boundary, limits: limits)
        var collector = MultipartCollector(limits: limits)
        do throws(MultipartError) {
            var start = 0
            for end in points.sorted() + [body.count] where end >= start && end <= body.count {
                parser.append(body[start..<end])
                start = end
                if try collector.collect(from: &parser) { break }
            }
            parser.finish()
            _ = try collector.collect(from: &parser)
            return .success(collector.parts)
        } catch {
            return .failure(error)
        }
    }

    /// Parses `body` whole, in 1-byte and in 16-byte pieces, expects one identical result
    /// and returns it.
    static func parseAllWays(
        _ body: [UInt8],
        boundary: String,
        limits: MultipartLimits = MultipartLimits(),
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> Result<[MultipartPart], MultipartError> {
        let results = chunkSizes.map { parse(body, boundary: boundary, limits: limits, chunkSize: $0) }
        for (size, result) in zip(chunkSizes, results).dropFirst() {
            #expect(result == results[0], "fed in \(size)-byte pieces", sourceLocation: sourceLocation)
        }
        return results[0]
    }

    /// The parts of a body that must parse, fed all three ways.
    static func parts(
        _ body: [UInt8],
        boundary: String = "B",
        limits: MultipartLimits = MultipartLimits(),
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [MultipartPart] {
        try parseAllWays(body, boundary: boundary, limits: limits, sourceLocation: sourceLocation).get()
    }

    /// The error a body must raise, fed all three ways (nil if it parsed).
    static func error(
        _ body: [UInt8],
        boundary: String = "B",
        limits: MultipartLimits = MultipartLimits(),
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> MultipartError? {
        if case .failure(let error) = parseAllWays(body, boundary: boundary, limits: limits, sourceLocation: sourceLocation) {
            return error
        }
        return nil
    }

    /// How many bytes had been appended when the parser threw, feeding 1 byte at a time.
    static func bytesFedBeforeError(_ body: [UInt8], boundary: String = "B", limits: MultipartLimits) -> Int? {
        var parser = MultipartParser(boundary: boundary, limits: limits)
        for (index, byte) in body.enumerated() {
            parser.append([byte])
            while true {
                do throws(MultipartError) {
                    let event = try parser.next()
                    if event == .needMoreData || event == .end { break }
                } catch {
                    return index + 1
                }
            }
        }
        return nil
    }
}

/// A body from text, with `\r\n` written out where CRLF is meant.
func formBytes(_ text: String) -> [UInt8] { Array(text.utf8) }

extension MultipartPart {
    /// `name=value` for a field, `name=filename(size)` for a file: short #expect output.
    var summary: String {
        if let filename { return "\(name)=\(filename)(\(size))" }
        return "\(name)=\(text)"
    }
}
