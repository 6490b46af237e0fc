@testable import HTTPParsing

/// Test support: what `HTTPRequestParser` made of some bytes fed in given pieces.
struct HTTPParserOutcome: Equatable, CustomStringConvertible {
    /// The events up to the first error, without `needMoreData`; consecutive bodies merged,
    /// since bodies may arrive in differently sized pieces.
    var events: [HTTPParserEvent] = []
    var error: HTTPParseError?

    /// Feeds `message` cut at `points` (offsets into it, in any order), draining the parser
    /// after each piece.
    init(_ message: [UInt8], cutAt points: [Int] = [], limits: HTTPParserLimits = HTTPParserLimits()) {
        var parser = HTTPRequestParser(limits: limits)
        var start = 0
        for end in points.sorted() + [message.count] where end >= start && end <= message.count {
            parser.append(message[start..<end])
            start = end
            do throws(HTTPParseError) {
                while true {
                    let event = try parser.next()
                    if event == .needMoreData { break }
                    if case .body(let bytes) = event, case .body(let earlier)? = events.last {
                        events[events.count - 1] = .body(earlier + bytes)
                    } else {
                        events.append(event)
                    }
                }
            } catch {
                self.error = error
                return
            }
        }
    }

    /// Feeds `message` in pieces of `size` bytes.
    init(_ message: [UInt8], piecesOf size: Int, limits: HTTPParserLimits = HTTPParserLimits()) {
        self.init(message, cutAt: Array(stride(from: size, to: message.count, by: size)), limits: limits)
    }

    var description: String {
        let shown = events.map { event -> String in
            switch event {
            case .head(let head): "head(\(head.method.rawValue) \(head.target))"
            case .body(let bytes): "body(\(bytes.count) bytes)"
            case .end: "end"
            case .needMoreData: "needMoreData"
            }
        }
        return "\(shown)" + (error.map { " then \($0)" } ?? "")
    }
}

/// A request from text, with `\r\n` written out where CRLF is meant.
func requestBytes(_ text: String) -> [UInt8] { Array(text.utf8) }
