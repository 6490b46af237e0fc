/// An incremental `multipart/form-data` parser (RFC 7578 over RFC 2046), over bytes.
///
///     var parser = MultipartParser(boundary: b, limits: limits)
///     parser.append(chunk)                 // as bytes arrive; parser.finish() at the end
///     while true { switch try parser.next() { case .needMoreData: break ... } }
///
/// Memory stays bounded: body bytes are handed out as soon as they cannot be the start of a
/// delimiter, and only a delimiter's length (or one part's header block) is held back.
/// Every limit is checked as bytes go by, so an oversized part fails at the byte that crosses
/// the limit. The delimiter search keeps a scan position, so each byte is examined a bounded
/// number of times however the input is split (feeding one byte at a time is fine).
public struct MultipartParser: Sendable {
    enum State: Sendable, Equatable {
        case preamble
        case partStart
        case headers
        case body
        case epilogue
        case failed(MultipartError)
    }

    public let boundary: String
    public let limits: MultipartLimits
    /// `--boundary`, the first delimiter when the body starts with it (no preamble).
    let dashBoundary: [UInt8]
    /// CRLF `--boundary` (RFC 2046 §5.1.1: the CRLF belongs to the delimiter, not to the data).
    let delimiter: [UInt8]

    var buffer: [UInt8] = []
    /// First byte of `buffer` not yet consumed.
    var position = 0
    /// Where the next search resumes (bytes before it are known not to start a match).
    var scanPosition = 0
    var atStreamStart = true
    var isFinished = false
    var state = State.preamble
    var partCount = 0
    var current: MultipartPartHead?
    var currentBytes = 0
    var totalFileBytes = 0

    /// Largest `partBody` chunk, so the work before a limit check stays bounded.
    static let maxChunk = 64 * 1024
    /// Transport padding allowed between a delimiter and its CRLF (RFC 2046 §5.1.1 `LWSP`).
    static let maxPadding = 64

    /// The boundary as given in the `Content-Type` (without the leading `--`). An invalid
    /// boundary makes the first `next()` throw `.invalidBoundary`.
    public init(boundary: String, limits: MultipartLimits = MultipartLimits()) {
        self.boundary = boundary
        self.limits = limits
        dashBoundary = Array("--\(boundary)".utf8)
        delimiter = [0x0D, 0x0A] + dashBoundary
        if !MultipartForm.isValidBoundary(boundary) { state = .failed(.invalidBoundary) }
    }

    /// Adds input. Bytes after the close delimiter are ignored (the epilogue).
    public mutating func append(_ bytes: some Collection<UInt8>) {
        guard !isFinished else { return }
        if case .epilogue = state { return }
        if case .failed = state { return }
        compact()
        buffer.append(contentsOf: bytes)
    }

    /// Declares the end of input: from now on, a body without its close delimiter is an error.
    public mutating func finish() {
        isFinished = true
    }

    /// The next event. Throws the same error again on every call once one was thrown.
    public mutating func next() throws(MultipartError) -> MultipartEvent {
        do {
            return try step()
        } catch {
            state = .failed(error)
            throw error
        }
    }

    private mutating func step() throws(MultipartError) -> MultipartEvent {
        while true {
            switch state {
            case .failed(let error):
                throw error
            case .epilogue:
                return .end
            case .preamble:
                guard try skipPreamble() else { return try needMoreData() }
            case .partStart:
                guard partCount < limits.maxParts else { throw .tooManyParts(limit: limits.maxParts) }
                partCount += 1
                state = .headers
                scanPosition = position
            case .headers:
                guard let head = try readHeaders() else { return try needMoreData() }
                current = head
                currentBytes = 0
                state = .body
                scanPosition = position
                return .partHeaders(head)
            case .body:
                return try readBody()
            }
        }
    }

    func needMoreData() throws(MultipartError) -> MultipartEvent {
        if isFinished { throw .missingFinalBoundary }
        return .needMoreData
    }

    /// Drops bytes already handed out, keeping the work linear in the input size.
    private mutating func compact() {
        guard position > 0 else { return }
        if position == buffer.count {
            buffer.removeAll(keepingCapacity: true)
        } else if position >= 4096, position * 2 >= buffer.count {
            buffer.removeSubrange(0..<position)
        } else {
            return
        }
        scanPosition -= position
        position = 0
    }
}
