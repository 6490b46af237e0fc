extension MultipartParser {
    enum DelimiterMatch: Equatable {
        /// A delimiter; `end` is just past its CRLF (or past `--` when `isClose`).
        case found(end: Int, isClose: Bool)
        /// The bytes so far agree with a delimiter; more input will tell.
        case undecided
        case no
    }

    /// Whether a delimiter (`pattern` is `delimiter` or, at the very start, `dashBoundary`)
    /// begins at `start`. RFC 2046 §5.1.1: the boundary is followed by `--` (close delimiter) or
    /// by optional transport padding and CRLF. Anything else after it means the bytes were data,
    /// except a bare LF, which is refused like every other bare LF.
    func matchDelimiter(_ pattern: [UInt8], at start: Int) throws(MultipartError) -> DelimiterMatch {
        var i = start
        for expected in pattern {
            guard i < buffer.count else { return .undecided }
            guard buffer[i] == expected else { return .no }
            i += 1
        }
        guard i < buffer.count else { return .undecided }
        if buffer[i] == UInt8(ascii: "-") {
            guard i + 1 < buffer.count else { return .undecided }
            return buffer[i + 1] == UInt8(ascii: "-") ? .found(end: i + 2, isClose: true) : .no
        }
        let paddingEnd = i + Self.maxPadding
        while i < buffer.count, i < paddingEnd, buffer[i] == 0x20 || buffer[i] == 0x09 { i += 1 }
        guard i < buffer.count else { return .undecided }
        switch buffer[i] {
        case 0x0A:
            throw .bareLineFeed
        case 0x0D:
            guard i + 1 < buffer.count else { return .undecided }
            return buffer[i + 1] == 0x0A ? .found(end: i + 2, isClose: false) : .no
        default:
            return .no
        }
    }

    enum ScanResult {
        case found(start: Int, end: Int, isClose: Bool)
        /// A possible delimiter starts here; bytes before it are data.
        case undecided(start: Int)
        /// No delimiter starts before `limit`.
        case none(limit: Int)
    }

    /// Looks for the delimiter from `scanPosition`, trying only CRs below `limit` as starts.
    /// Moves `scanPosition` past starts that failed, so no byte is tried twice.
    mutating func scanForDelimiter(limit: Int) throws(MultipartError) -> ScanResult {
        var i = scanPosition
        while i < limit {
            if buffer[i] == 0x0D {
                switch try matchDelimiter(delimiter, at: i) {
                case .found(let end, let isClose):
                    scanPosition = i
                    return .found(start: i, end: end, isClose: isClose)
                case .undecided:
                    scanPosition = i
                    return .undecided(start: i)
                case .no:
                    break
                }
            }
            i += 1
        }
        scanPosition = limit
        return .none(limit: limit)
    }

    /// Skips the preamble up to and including the first delimiter. False: needs more input.
    mutating func skipPreamble() throws(MultipartError) -> Bool {
        if atStreamStart {
            // RFC 2046 §5.1.1: the first delimiter may open the body without a CRLF before it.
            switch try matchDelimiter(dashBoundary, at: position) {
            case .found(let end, let isClose):
                atStreamStart = false
                openFirstPart(at: end, isClose: isClose)
                return true
            case .undecided:
                return false
            case .no:
                atStreamStart = false
            }
        }
        switch try scanForDelimiter(limit: buffer.count) {
        case .found(_, let end, let isClose):
            openFirstPart(at: end, isClose: isClose)
            return true
        case .undecided(let start):
            position = start
            return false
        case .none(let limit):
            position = limit
            return false
        }
    }

    private mutating func openFirstPart(at end: Int, isClose: Bool) {
        position = end
        scanPosition = end
        state = isClose ? .epilogue : .partStart
    }

    /// Reads a whole header block once its blank line has arrived, nil until then.
    /// RFC 2046 §5.1.1 / RFC 5322: lines end with CRLF; a bare LF is refused (as upstream does).
    mutating func readHeaders() throws(MultipartError) -> MultipartPartHead? {
        var i = scanPosition
        while i < buffer.count {
            guard i - position < limits.maxPartHeaderBytes else { throw .partHeadersTooLarge(limit: limits.maxPartHeaderBytes) }
            if buffer[i] == 0x0D {
                guard i + 1 < buffer.count else { break }
                guard buffer[i + 1] == 0x0A else { throw .malformedPartHeader("a CR not followed by LF") }
            }
            if buffer[i] == 0x0A {
                guard i > position, buffer[i - 1] == 0x0D else { throw .bareLineFeed }
                // A blank line: CRLF at the very start, or CRLF right after another CRLF.
                if i - 1 == position || buffer[i - 2] == 0x0A {
                    let head = try MultipartPartHead.parse(headerBlock: buffer[position..<(i - 1)])
                    position = i + 1
                    return head
                }
            }
            i += 1
        }
        scanPosition = i
        return nil
    }

    /// Hands out the current part's bytes up to the next delimiter, then `partEnd`.
    mutating func readBody() throws(MultipartError) -> MultipartEvent {
        // Never look past the byte that would cross the part's limit: whether it fails must not
        // depend on bytes further on (a bare LF there), which only some splits would have seen.
        let limit = min(buffer.count, position + min(Self.maxChunk, remainingAllowance() + 1))
        let dataEnd: Int
        switch try scanForDelimiter(limit: limit) {
        case .found(let start, let end, let isClose):
            if start == position {
                position = end
                scanPosition = end
                current = nil
                state = isClose ? .epilogue : .partStart
                return .partEnd
            }
            dataEnd = start
        case .undecided(let start):
            dataEnd = start
        case .none(let limit):
            dataEnd = limit
        }
        guard dataEnd > position else { return try needMoreData() }
        try count(dataEnd - position)
        let chunk = buffer[position..<dataEnd]
        position = dataEnd
        return .partBody(chunk)
    }

    /// Bytes the current part may still take before one of its limits is crossed.
    private func remainingAllowance() -> Int {
        guard let head = current else { return Self.maxChunk }
        if head.filename != nil {
            return min(limits.maxFileBytes - currentBytes, limits.maxTotalFileBytes - totalFileBytes)
        }
        return limits.maxFieldBytes - currentBytes
    }

    /// Charges `n` more bytes to the current part, throwing as soon as a limit is crossed.
    /// `readBody` hands out at most one byte past the allowance, so the limit crossed first
    /// (the smaller allowance) is the one reported, however the body was split.
    private mutating func count(_ n: Int) throws(MultipartError) {
        guard let head = current else { return }
        currentBytes += n
        if let filename = head.filename {
            totalFileBytes += n
            if currentBytes > limits.maxFileBytes {
                throw .fileTooLarge(name: head.name, filename: filename, limit: limits.maxFileBytes)
            }
            if totalFileBytes > limits.maxTotalFileBytes {
                throw .totalFileBytesTooLarge(limit: limits.maxTotalFileBytes)
            }
        } else if currentBytes > limits.maxFieldBytes {
            throw .fieldTooLarge(name: head.name, limit: limits.maxFieldBytes)
        }
    }
}
