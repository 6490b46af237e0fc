import Foundation

/// Reads one HTTP/1.1 answer from bytes as they arrive, holding at most `maxBytes` of body:
/// a `Content-Length` over the cap is refused at the head, a body growing past it (chunked or
/// read to the close) is refused the moment it does. Pure (no I/O), so tests feed it literals.
///
/// Lenient where servers are sloppy and nothing is at stake (bare LF line ends, any reason
/// phrase, interim 1xx answers skipped); strict where framing is decided: a bad status line,
/// an unreadable `Content-Length` or chunk size, or a head over 64 KB is a malformed answer.
struct HTTPAnswerReader {
    enum Failure: Error, Equatable {
        case malformed(String)
        case tooLarge(limit: Int)
    }

    struct Answer: Equatable {
        var status: Int
        /// Names lowercased, in order.
        var headers: [(name: String, value: String)]
        var body: [UInt8]

        func header(_ name: String) -> String? { headers.first { $0.name == name }?.value }

        static func == (lhs: Answer, rhs: Answer) -> Bool {
            lhs.status == rhs.status && lhs.body == rhs.body
                && lhs.headers.map(\.name) == rhs.headers.map(\.name) && lhs.headers.map(\.value) == rhs.headers.map(\.value)
        }
    }

    private enum State {
        case head, fixed(remaining: Int), chunkSize, chunkData(remaining: Int), chunkDataEnd, trailers, untilClose, done
    }

    static let maxHeadBytes = 64 * 1024
    let maxBytes: Int
    /// HEAD answers have no body whatever they announce.
    let expectsBody: Bool
    private var state = State.head
    private var pending: [UInt8] = []
    private var status = 0
    private var headers: [(name: String, value: String)] = []
    private var body: [UInt8] = []

    init(maxBytes: Int, expectsBody: Bool = true) {
        self.maxBytes = max(0, maxBytes)
        self.expectsBody = expectsBody
    }

    /// The answer once it is complete (nil: more bytes needed).
    var answer: Answer? {
        if case .done = state { return Answer(status: status, headers: headers, body: body) }
        return nil
    }

    /// Takes the next bytes; returns the answer once it is complete.
    mutating func append(_ bytes: some Collection<UInt8>) throws(Failure) -> Answer? {
        pending.append(contentsOf: bytes)
        try advance()
        return answer
    }

    /// The peer closed the connection: the answer if that ends it (a body read to the close).
    mutating func finish() throws(Failure) -> Answer {
        if case .untilClose = state { state = .done }
        guard let answer else { throw .malformed("the connection closed before the answer was complete") }
        return answer
    }

    private mutating func advance() throws(Failure) {
        var position = 0
        defer { pending.removeFirst(position) }
        func line() throws(Failure) -> ArraySlice<UInt8>? {
            guard let newline = pending[position...].firstIndex(of: 0x0A) else {
                if pending.count - position > Self.maxHeadBytes { throw .malformed("a header line over 64 KB") }
                return nil
            }
            var text = pending[position..<newline]
            if text.last == 0x0D { text = text.dropLast() }
            position = newline + 1
            return text
        }
        /// Moves up to `wanted` body bytes from `pending`; returns how many are still wanted.
        func take(_ wanted: Int) -> Int {
            let n = min(wanted, pending.count - position)
            body.append(contentsOf: pending[position..<position + n])
            position += n
            return wanted - n
        }
        while true {
            switch state {
            case .head:
                guard let end = Self.headEnd(pending, from: position) else {
                    if pending.count - position > Self.maxHeadBytes { throw .malformed("an answer head over 64 KB") }
                    return
                }
                try parseHead(pending[position..<end.start])
                position = end.next
            case .fixed(let remaining):
                let left = take(remaining)
                state = left == 0 ? .done : .fixed(remaining: left)
                if left > 0 { return }
            case .chunkSize:
                guard let text = try line() else { return }
                let size = try Self.chunkSize(text)
                guard size <= maxBytes - body.count else { throw .tooLarge(limit: maxBytes) }
                state = size == 0 ? .trailers : .chunkData(remaining: size)
            case .chunkData(let remaining):
                let left = take(remaining)
                state = left == 0 ? .chunkDataEnd : .chunkData(remaining: left)
                if left > 0 { return }
            case .chunkDataEnd:
                guard let text = try line() else { return }
                guard text.isEmpty else { throw .malformed("a chunk longer than its size") }
                state = .chunkSize
            case .trailers:
                guard let text = try line() else { return }
                if text.isEmpty { state = .done }
            case .untilClose:
                guard pending.count - position <= maxBytes - body.count else { throw .tooLarge(limit: maxBytes) }
                body.append(contentsOf: pending[position...])
                position = pending.count
                return
            case .done:
                position = pending.count  // anything after the answer is ignored (we close)
                return
            }
        }
    }

    /// Where the head ends: the blank line (CRLF CRLF or LF LF), and the first byte after it.
    private static func headEnd(_ bytes: [UInt8], from start: Int) -> (start: Int, next: Int)? {
        var i = start
        while let newline = bytes[i...].firstIndex(of: 0x0A) {
            let next = newline + 1
            if next < bytes.count, bytes[next] == 0x0A { return (newline, next + 1) }
            if next + 1 < bytes.count, bytes[next] == 0x0D, bytes[next + 1] == 0x0A { return (newline, next + 2) }
            i = next
        }
        return nil
    }

    private mutating func parseHead(_ head: ArraySlice<UInt8>) throws(Failure) {
        let lines = head.split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
            String(decoding: line.last == 0x0D ? line.dropLast() : line, as: UTF8.self)
        }
        let parts = (lines.first ?? "").split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), parts[1].count == 3,
            let code = Int(parts[1]), (100...599).contains(code)
        else { throw .malformed("an answer that is not HTTP/1.x") }
        var fields: [(name: String, value: String)] = []
        for line in lines.dropFirst() where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { throw .malformed("a header line without a colon") }
            fields.append((line[..<colon].lowercased(), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        if (100..<200).contains(code) { return }  // interim: the real answer follows
        status = code
        headers = fields
        let chunked = fields.contains { $0.name == "transfer-encoding" && $0.value.lowercased().contains("chunked") }
        let lengths = Set(fields.filter { $0.name == "content-length" }.map(\.value))
        if !expectsBody || code == 204 || code == 304 {
            state = .done
        } else if chunked {
            state = .chunkSize
        } else if let text = lengths.first {
            guard lengths.count == 1, !text.isEmpty, text.count <= 18, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
                let length = Int(text)
            else { throw .malformed("an unreadable Content-Length") }
            guard length <= maxBytes else { throw .tooLarge(limit: maxBytes) }
            state = length == 0 ? .done : .fixed(remaining: length)
        } else {
            state = .untilClose
        }
    }

    /// Hex digits (at most 15: no size that overflows), then optional `;` extensions.
    private static func chunkSize(_ line: ArraySlice<UInt8>) throws(Failure) -> Int {
        let digits = line.prefix { $0 != UInt8(ascii: ";") }.filter { $0 != 0x20 && $0 != 0x09 }
        let hex = Set("0123456789abcdefABCDEF".utf8)
        guard !digits.isEmpty, digits.count <= 15, digits.allSatisfy(hex.contains),
            let size = Int(String(decoding: digits, as: UTF8.self), radix: 16)
        else { throw .malformed("an unreadable chunk size") }
        return size
    }
}
