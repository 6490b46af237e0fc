// libFuzzer harness for HTTPRequestParser, compiled into the HTTPParsing module by
// Scripts/fuzz/run (so internal API is visible). Input layout:
//   byte 0        limits: even = the defaults, odd = tiny limits from bytes 1–4
//   bytes 1–4     (tiny limits only) request line, header bytes, header fields, chunk line
//   next 2 bytes  a split point in the message
//   next byte     a piece size (1–32) for a third feeding
//   the rest      the bytes a client sent (one or more pipelined requests)
// Invariants: fed whole, split in two at the chosen point, or in small pieces, the parser gives
// the same events (bodies merged) and the same error; every error is a 4xx/5xx and sticks;
// heads, bodies and ends come in order and bodies match their declared length.

/// What feeding a message gave: the events with consecutive bodies merged, and the error if any.
struct HTTPFeedingOutcome: Equatable {
    var events: [HTTPParserEvent] = []
    var error: HTTPParseError?
    var isIdle = false
    var isReadingHead = false

    init(_ message: [UInt8], cutAt points: [Int], limits: HTTPParserLimits) {
        var parser = HTTPRequestParser(limits: limits)
        var tracker = HTTPEventOrder()
        for piece in fuzzPieces(message, at: points) {
            parser.append(piece)
            do {
                while true {
                    let event = try parser.next()
                    if event == .needMoreData { break }
                    tracker.check(event)
                    if case .body(let bytes) = event, case .body(let earlier)? = events.last {
                        events[events.count - 1] = .body(earlier + bytes)
                    } else {
                        events.append(event)
                    }
                }
            } catch {
                fuzzCheck((400...599).contains(error.status.rawValue), "error status \(error.status.rawValue)")
                do {
                    _ = try parser.next()
                    fuzzCheck(false, "the parser went on after \(error)")
                } catch let again {
                    fuzzCheck(again == error, "a second next() threw \(again), not \(error)")
                }
                self.error = error
                return
            }
        }
        isIdle = parser.isIdle
        isReadingHead = parser.isReadingHead
    }
}

/// Checks that events come as head, bodies, end, and that a body matches its framing.
struct HTTPEventOrder {
    var framing: HTTPRequestHead.Framing?
    var bodyBytes = 0

    mutating func check(_ event: HTTPParserEvent) {
        switch event {
        case .head(let head):
            fuzzCheck(framing == nil, "a head before the previous request ended")
            fuzzCheck(head.target.hasPrefix("/") || head.target == "*", "target \(head.target) is not origin-form")
            fuzzCheck(head.headers[HTTPRequestParser.absoluteFormAuthorityKey] == nil, "the authority marker leaked")
            framing = head.framing
            bodyBytes = 0
        case .body(let bytes):
            fuzzCheck(framing != nil && framing != HTTPRequestHead.Framing.none, "a body without a body framing")
            fuzzCheck(!bytes.isEmpty, "an empty body event")
            bodyBytes += bytes.count
            if case .contentLength(let length)? = framing {
                fuzzCheck(bodyBytes <= length, "body \(bodyBytes) > Content-Length \(length)")
            }
        case .end:
            guard let framing else { return fuzzCheck(false, "an end without a head") }
            if case .contentLength(let length) = framing {
                fuzzCheck(bodyBytes == length, "body \(bodyBytes) != Content-Length \(length)")
            }
            if case .none = framing { fuzzCheck(bodyBytes == 0, "a body without framing") }
            self.framing = nil
        case .needMoreData:
            break
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTPRequestParser(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let limits: HTTPParserLimits
    if input.byte() & 1 == 0 {
        limits = HTTPParserLimits()
    } else {
        limits = HTTPParserLimits(
            maxRequestLineBytes: 4 + Int(input.byte() % 64), maxHeaderBytes: 8 + Int(input.byte()),
            maxHeaderFields: 1 + Int(input.byte() % 8), maxChunkLineBytes: 1 + Int(input.byte() % 16))
    }
    let split = input.uint16()
    let pieceSize = 1 + Int(input.byte() % 32)
    let message = input.rest

    let whole = HTTPFeedingOutcome(message, cutAt: [], limits: limits)
    let halves = HTTPFeedingOutcome(message, cutAt: [split % (message.count + 1)], limits: limits)
    fuzzCheck(halves == whole, "split at \(split % (message.count + 1)): \(halves) != whole \(whole)")
    let pieces = HTTPFeedingOutcome(message, cutAt: fuzzEvery(pieceSize, in: message.count), limits: limits)
    fuzzCheck(pieces == whole, "\(pieceSize)-byte pieces: \(pieces) != whole \(whole)")
    return 0
}
