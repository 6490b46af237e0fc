import Glibc

/// An incremental HTTP/1.1 request parser over bytes (RFC 9112).
///
/// Feed it whatever arrived with `append`, then call `next()` until it says `.needMoreData`.
/// It yields `.head`, then `.body` pieces, then `.end`, and starts on the next pipelined request
/// with the bytes that remain. The same message fed whole, byte by byte or in any other pieces
/// gives the same events (bodies may arrive in differently sized pieces). Every error it throws
/// means "answer with this status and close".
public struct HTTPRequestParser: Sendable {
    enum State: Sendable, Equatable {
        case requestLine
        case headers
        case fixedBody(remaining: Int)
        case chunkSize
        case chunkData(remaining: Int)
        case chunkDataEnd
        case trailers
        case endPending
        case failed(HTTPParseError)
    }

    public let limits: HTTPParserLimits
    private var buffer: [UInt8] = []
    /// The first byte not yet consumed.
    private var position = 0
    /// Where the search for the next LF resumes, so bytes are scanned once however they arrive.
    private var scanPosition = 0
    var state = State.requestLine
    var head = PartialHead()
    /// Where the current head's field lines start in `buffer`: they stay there until the head
    /// is complete (`compact` keeps them), and are then copied out in one piece.
    private var fieldsStart = 0
    /// Four offsets per field of the current head, from `fieldsStart`: the name's start and
    /// end, the value's start and end (`ReceivedFields`). Reused from one request to the next.
    var places: [Int] = []
    private var sectionBytes = 0
    private var leadingEmptyLines = 0

    struct PartialHead: Sendable {
        var method = HTTPMethod.get
        var target = ""
        var version = HTTPVersion.http1_1
        /// An absolute-form target's authority, which stands in for `Host` (RFC 9112 §3.2.2).
        var authority: String?
    }

    public init(limits: HTTPParserLimits = HTTPParserLimits()) {
        self.limits = limits
    }

    /// True between requests with nothing buffered: a good moment to close an idle connection.
    public var isIdle: Bool { state == .requestLine && position == buffer.count }

    /// True once any byte of a request has arrived and until its head is complete.
    public var isReadingHead: Bool {
        (state == .requestLine && position < buffer.count) || state == .headers
    }

    public mutating func append(_ bytes: some Collection<UInt8>) {
        compact()
        buffer.append(contentsOf: bytes)
    }

    public mutating func append(_ bytes: UnsafeRawBufferPointer) {
        compact()
        buffer.append(contentsOf: bytes)
    }

    /// Drops consumed bytes once they are most of the buffer, keeping appends amortised O(1).
    /// The field lines of a head still being read are kept.
    private mutating func compact() {
        let consumed = state == .headers ? fieldsStart : position
        if consumed == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            scanPosition = 0
            position = 0
            fieldsStart = 0
        } else if consumed > 4096 && consumed * 2 > buffer.count {
            buffer.removeFirst(consumed)
            scanPosition -= consumed
            position -= consumed
            fieldsStart -= consumed
        }
    }

    public mutating func next() throws(HTTPParseError) -> HTTPParserEvent {
        do {
            return try step()
        } catch {
            state = .failed(error)
            throw error
        }
    }

    private mutating func step() throws(HTTPParseError) -> HTTPParserEvent {
        let limits = self.limits  // read by the errors `nextLine` builds while it mutates self
        while true {
            switch state {
            case .failed(let error):
                throw error

            case .requestLine:
                guard let line = try nextLine(
                    maxLength: limits.maxRequestLineBytes,
                    else: HTTPParseError(.uriTooLong, "The request line is longer than \(limits.maxRequestLineBytes) bytes."))
                else { return .needMoreData }
                if line.isEmpty {
                    // RFC 9112 §2.2: ignore at least one empty line before the request line.
                    leadingEmptyLines += 1
                    if leadingEmptyLines > 4 { throw HTTPParseError(.badRequest, "Too many empty lines before the request.") }
                    continue
                }
                head = PartialHead()
                try parseRequestLine(line)
                sectionBytes = 0
                fieldsStart = position
                places.removeAll(keepingCapacity: true)
                state = .headers

            case .headers:
                guard let line = try nextLine(
                    maxLength: limits.maxHeaderBytes - sectionBytes - 2,
                    else: HTTPParseError(.requestHeaderFieldsTooLarge, "The request headers are larger than \(limits.maxHeaderBytes) bytes."))
                else { return .needMoreData }
                sectionBytes += line.count + 2
                if line.isEmpty {
                    return .head(try finishHead(fieldLines: Array(buffer[fieldsStart..<(position - 2)])))
                }
                try parseField(line, from: fieldsStart)
                // An absolute-form target's authority counts as a field, as it becomes `Host`.
                if places.count / 4 + (head.authority == nil ? 0 : 1) > limits.maxHeaderFields {
                    throw HTTPParseError(.requestHeaderFieldsTooLarge, "The request has more than \(limits.maxHeaderFields) header fields.")
                }

            case .fixedBody(let remaining):
                guard let piece = takeBody(upTo: remaining) else { return .needMoreData }
                state = remaining == piece.count ? .endPending : .fixedBody(remaining: remaining - piece.count)
                return .body(piece)

            case .chunkSize:
                guard let line = try nextLine(
                    maxLength: limits.maxChunkLineBytes,
                    else: HTTPParseError(.badRequest, "A chunk-size line is too long."))
                else { return .needMoreData }
                let size = try parseChunkSize(line)
                if size == 0 {
                    sectionBytes = 0
                    state = .trailers
                } else {
                    state = .chunkData(remaining: size)
                }

            case .chunkData(let remaining):
                guard let piece = takeBody(upTo: remaining) else { return .needMoreData }
                state = remaining == piece.count ? .chunkDataEnd : .chunkData(remaining: remaining - piece.count)
                return .body(piece)

            case .chunkDataEnd:
                guard buffer.count - position >= 2 else { return .needMoreData }
                // RFC 9112 §7.1: chunk-data is followed by CRLF, exactly.
                guard buffer[position] == 0x0D, buffer[position + 1] == 0x0A else {
                    throw HTTPParseError(.badRequest, "Chunk data is not followed by CRLF.")
                }
                position += 2
                scanPosition = max(scanPosition, position)
                state = .chunkSize

            case .trailers:
                guard let line = try nextLine(
                    maxLength: limits.maxHeaderBytes - sectionBytes - 2,
                    else: HTTPParseError(.requestHeaderFieldsTooLarge, "The trailer section is too large."))
                else { return .needMoreData }
                sectionBytes += line.count + 2
                if line.isEmpty {
                    state = .endPending
                    continue
                }
                // RFC 9112 §7.1.2: trailer fields are skipped here, but must still be well formed.
                _ = try Self.fieldPlaces(line)

            case .endPending:
                state = .requestLine
                leadingEmptyLines = 0
                return .end
            }
        }
    }

    /// The next CRLF-terminated line without its CRLF, or nil when no full line is buffered.
    /// RFC 9112 §2.2: a bare LF or a bare CR is refused rather than guessed at.
    ///
    /// Only the first `maxLength` + 2 bytes (the longest allowed line and its CRLF) are looked
    /// at: without an LF among them the line is too long and `tooLong` is thrown. Deciding on
    /// exactly those bytes gives the same answer however the input is split (a bare LF further
    /// on, or a CR still waiting for its LF, cannot change it).
    private mutating func nextLine(maxLength: Int, else tooLong: @autoclosure () -> HTTPParseError) throws(HTTPParseError) -> ArraySlice<UInt8>? {
        let start = max(scanPosition, position)
        let window = position + max(maxLength + 2, 1)
        let end = min(buffer.count, window)
        if let i = Self.firstLineFeed(in: buffer, from: start, to: end) {
            guard i > position, buffer[i - 1] == 0x0D else {
                throw HTTPParseError(.badRequest, "Lines must end with CRLF; found a bare LF.")
            }
            let line = buffer[position..<(i - 1)]
            position = i + 1
            scanPosition = position
            return line
        }
        if end == window { throw tooLong() }
        scanPosition = end
        return nil
    }

    /// The index of the first LF in `buffer[start..<end]`, found with memchr (vectorised).
    private static func firstLineFeed(in buffer: [UInt8], from start: Int, to end: Int) -> Int? {
        guard start < end else { return nil }
        return buffer.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress, let hit = memchr(base + start, 0x0A, end - start) else { return nil }
            return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
        }
    }

    private mutating func takeBody(upTo remaining: Int) -> [UInt8]? {
        let available = buffer.count - position
        guard available > 0 else { return nil }
        let n = min(available, remaining)
        let piece = Array(buffer[position..<(position + n)])
        position += n
        scanPosition = max(scanPosition, position)
        return piece
    }
}
