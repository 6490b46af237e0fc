import HTTPParsing
import Testing

/// What a parser produced for one input, with consecutive body pieces joined (the parser may
/// cut a body differently depending on how the bytes arrived; the bytes must be the same).
struct ParseOutcome: Equatable, CustomStringConvertible {
    enum Event: Equatable {
        case head(HTTPRequestHead)
        case body([UInt8])
        case end
    }

    var events: [Event] = []
    var error: HTTPParseError?

    var heads: [HTTPRequestHead] {
        events.compactMap { if case .head(let head) = $0 { head } else { nil } }
    }

    var bodies: [String] {
        events.compactMap { if case .body(let bytes) = $0 { String(decoding: bytes, as: UTF8.self) } else { nil } }
    }

    var description: String {
        let list = events.map { event -> String in
            switch event {
            case .head(let head): "head(\(head.method) \(head.target))"
            case .body(let bytes): "body(\(bytes.count))"
            case .end: "end"
            }
        }
        return "\(list) error: \(error.map(String.init(describing:)) ?? "none")"
    }

    mutating func record(_ event: HTTPParserEvent) {
        switch event {
        case .head(let head): events.append(.head(head))
        case .body(let piece):
            if case .body(let previous) = events.last {
                events[events.count - 1] = .body(previous + piece)
            } else {
                events.append(.body(piece))
            }
        case .end: events.append(.end)
        case .needMoreData: break
        }
    }
}

enum ParserFeed {
    /// Feeds `bytes` to a fresh parser in pieces of `pieceSize` (nil: all at once), draining
    /// events after each piece, and stops at the first error.
    static func run(_ bytes: [UInt8], pieceSize: Int?, limits: HTTPParserLimits) -> ParseOutcome {
        var parser = HTTPRequestParser(limits: limits)
        var outcome = ParseOutcome()
        let size = max(1, pieceSize ?? bytes.count)
        var offset = 0
        repeat {
            let end = min(bytes.count, offset + size)
            parser.append(bytes[offset..<end])
            offset = end
            do {
                while true {
                    let event = try parser.next()
                    if event == .needMoreData { break }
                    outcome.record(event)
                }
            } catch {
                outcome.error = error
                return outcome
            }
        } while offset < bytes.count
        return outcome
    }

    /// Parses the message whole, in 1-byte and in 16-byte pieces, expects one outcome from all
    /// three, and returns it.
    static func parse(
        _ text: String, limits: HTTPParserLimits = HTTPParserLimits(),
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> ParseOutcome {
        parse(Array(text.utf8), limits: limits, sourceLocation: sourceLocation)
    }

    static func parse(
        _ bytes: [UInt8], limits: HTTPParserLimits = HTTPParserLimits(),
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> ParseOutcome {
        let whole = run(bytes, pieceSize: nil, limits: limits)
        let ones = run(bytes, pieceSize: 1, limits: limits)
        let sixteens = run(bytes, pieceSize: 16, limits: limits)
        #expect(ones == whole, "1-byte pieces differ from the whole message", sourceLocation: sourceLocation)
        #expect(sixteens == whole, "16-byte pieces differ from the whole message", sourceLocation: sourceLocation)
        return whole
    }

    /// Expects the message, however it is cut, to be refused with `status`; returns what the
    /// parser produced before refusing (a head, for errors in a body).
    @discardableResult
    static func expectRejected(
        _ text: String, _ status: HTTPStatus, limits: HTTPParserLimits = HTTPParserLimits(),
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> ParseOutcome {
        expectRejected(Array(text.utf8), status, limits: limits, sourceLocation: sourceLocation)
    }

    @discardableResult
    static func expectRejected(
        _ bytes: [UInt8], _ status: HTTPStatus, limits: HTTPParserLimits = HTTPParserLimits(),
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> ParseOutcome {
        let outcome = parse(bytes, limits: limits, sourceLocation: sourceLocation)
        #expect(outcome.error?.status == status, "\(outcome)", sourceLocation: sourceLocation)
        return outcome
    }
}
