extension HTTPRequestParser {
    /// RFC 9110 §5.6.2: tchar (letters, digits and ``!#$%&'*+-.^_`|~``), by a lookup in two
    /// 64-bit masks: this runs for every byte of every header name the server reads or writes.
    /// Bits set for ! # $ % & ' * + - . 0-9 (0x20-0x3F) and A-Z ^ _ ` a-z | ~ (0x40-0x7F).
    @inlinable
    package static func isTokenByte(_ byte: UInt8) -> Bool {
        let low: UInt64 = 0x03FF_6CFA_0000_0000
        let high: UInt64 = 0x57FF_FFFF_C7FF_FFFE
        switch byte {
        case 0..<64: return low >> UInt64(byte) & 1 == 1
        case 64..<128: return high >> UInt64(byte - 64) & 1 == 1
        default: return false
        }
    }

    /// RFC 9112 §3: request-line = method SP request-target SP HTTP-version, single spaces.
    mutating func parseRequestLine(_ line: ArraySlice<UInt8>) throws(HTTPParseError) {
        guard let sp1 = line.firstIndex(of: 0x20) else {
            throw HTTPParseError(.badRequest, "The request line is malformed.")
        }
        let method = line[line.startIndex..<sp1]
        guard !method.isEmpty, method.allSatisfy(Self.isTokenByte) else {
            throw HTTPParseError(.badRequest, "The request method is malformed.")
        }
        let rest = line[(sp1 + 1)...]
        guard let sp2 = rest.firstIndex(of: 0x20) else {
            throw HTTPParseError(.badRequest, "The request line is malformed.")
        }
        let target = rest[rest.startIndex..<sp2]
        // RFC 9112 §3.2: the target has no whitespace or control characters; we also refuse
        // raw non-ASCII bytes, which a client must percent-encode.
        guard !target.isEmpty, target.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            throw HTTPParseError(.badRequest, "The request target is malformed.")
        }
        head.method = Self.method(method)
        head.version = try Self.parseVersion(rest[(sp2 + 1)...])
        let targetText = String(decoding: target, as: UTF8.self)
        // Origin-form, nearly every request: nothing to rewrite.
        if target.first == UInt8(ascii: "/") {
            head.target = targetText
        } else {
            (head.target, head.authority) = try Self.originForm(targetText, method: head.method)
        }
    }

    /// The method for its (already validated) bytes: the common ones are the shared constants,
    /// so no String is decoded for them.
    static func method(_ bytes: ArraySlice<UInt8>) -> HTTPMethod {
        switch bytes.count {
        case 3 where bytes.elementsEqual(getBytes): .get
        case 4 where bytes.elementsEqual(postBytes): .post
        case 4 where bytes.elementsEqual(headBytes): .head
        default: HTTPMethod(String(decoding: bytes, as: UTF8.self))
        }
    }

    private static let getBytes: [UInt8] = Array("GET".utf8)
    private static let postBytes: [UInt8] = Array("POST".utf8)
    private static let headBytes: [UInt8] = Array("HEAD".utf8)

    static func parseVersion(_ v: ArraySlice<UInt8>) throws(HTTPParseError) -> HTTPVersion {
        let s = v.startIndex
        // Byte by byte: `elementsEqual` with a String's UTF-8 view goes through generic code.
        guard v.count == 8, v[s] == UInt8(ascii: "H"), v[s + 1] == UInt8(ascii: "T"), v[s + 2] == UInt8(ascii: "T"),
            v[s + 3] == UInt8(ascii: "P"), v[s + 4] == UInt8(ascii: "/"), v[s + 6] == UInt8(ascii: "."),
            (0x30...0x39).contains(v[s + 5]), (0x30...0x39).contains(v[s + 7])
        else {
            throw HTTPParseError(.badRequest, "The HTTP version is malformed.")
        }
        let version = HTTPVersion(major: Int(v[s + 5] - 0x30), minor: Int(v[s + 7] - 0x30))
        guard version.major == 1 else {
            throw HTTPParseError(.httpVersionNotSupported, "Only HTTP/1.0 and HTTP/1.1 are supported.")
        }
        return version
    }

    /// RFC 9112 §3.2: origin-form as is; absolute-form becomes origin-form and its authority,
    /// returned with it, stands in for `Host` (§3.2.2); asterisk-form only for OPTIONS;
    /// anything else is refused.
    static func originForm(_ target: String, method: HTTPMethod) throws(HTTPParseError) -> (String, authority: String?) {
        if target.utf8.first == UInt8(ascii: "/") { return (target, nil) }
        if target == "*" && method == .options { return (target, nil) }
        for scheme in ["http://", "https://"] where target.lowercased().hasPrefix(scheme) {
            let afterScheme = target.dropFirst(scheme.count)
            let pathStart = afterScheme.firstIndex { $0 == "/" || $0 == "?" } ?? afterScheme.endIndex
            let authority = String(afterScheme[..<pathStart])
            guard !authority.isEmpty, !authority.contains("@") else {
                throw HTTPParseError(.badRequest, "The request target is malformed.")
            }
            let path = String(afterScheme[pathStart...])
            return (path.hasPrefix("/") ? path : "/" + path, authority)
        }
        throw HTTPParseError(.badRequest, "The request target is malformed.")
    }

    /// Checks a field line and notes where its name and value are, as offsets from `base`
    /// (where the head's field lines start in the buffer): no String is made.
    mutating func parseField(_ line: ArraySlice<UInt8>, from base: Int) throws(HTTPParseError) {
        let (colon, valueStart, valueEnd) = try Self.fieldPlaces(line)
        places.append(line.startIndex - base)
        places.append(colon - base)
        places.append(valueStart - base)
        places.append(valueEnd - base)
    }

    /// RFC 9112 §5: field-line = field-name ":" OWS field-value OWS. Where the name ends (the
    /// colon) and the value starts and ends, as indices of `line`.
    static func fieldPlaces(_ line: ArraySlice<UInt8>) throws(HTTPParseError) -> (colon: Int, valueStart: Int, valueEnd: Int) {
        // Over the line's bytes in place, without a bounds check per byte.
        let found = line.withUnsafeBufferPointer { bytes -> Result<(Int, Int, Int), HTTPParseError> in
            guard let first = bytes.first else { return .failure(HTTPParseError(.badRequest, "An empty header line.")) }
            // RFC 9112 §5.2: obs-fold (a line starting with whitespace) is refused.
            if first == 0x20 || first == 0x09 {
                return .failure(HTTPParseError(.badRequest, "Folded header lines (obs-fold) are not accepted."))
            }
            // RFC 9112 §5.1: the name is tokens up to the colon, with no whitespace before it.
            var colon = 0
            while colon < bytes.count, bytes[colon] != UInt8(ascii: ":") {
                guard isTokenByte(bytes[colon]) else {
                    // A byte that is no token is either in the name or there is no colon at all.
                    guard bytes[colon...].contains(UInt8(ascii: ":")) else {
                        return .failure(HTTPParseError(.badRequest, "A header line has no colon."))
                    }
                    return .failure(HTTPParseError(.badRequest, "A header name is malformed (whitespace before the colon?)."))
                }
                colon += 1
            }
            guard colon < bytes.count else { return .failure(HTTPParseError(.badRequest, "A header line has no colon.")) }
            guard colon > 0 else {
                return .failure(HTTPParseError(.badRequest, "A header name is malformed (whitespace before the colon?)."))
            }
            var start = colon + 1
            var end = bytes.count
            while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
            while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
            // RFC 9110 §5.5: NUL, CR, LF and other controls (except HTAB) are invalid in a value.
            for i in start..<end where (bytes[i] < 0x20 && bytes[i] != 0x09) || bytes[i] == 0x7F {
                return .failure(HTTPParseError(.badRequest, "A header value contains a control character."))
            }
            return .success((colon, start, end))
        }
        switch found {
        case .success(let (colon, start, end)):
            let base = line.startIndex
            return (base + colon, base + start, base + end)
        case .failure(let error):
            throw error
        }
    }

    /// Decides framing and connection handling once the header block is complete (RFC 9112 §6).
    /// `fieldLines` are the head's field lines, which `places` describe.
    mutating func finishHead(fieldLines: [UInt8]) throws(HTTPParseError) -> HTTPRequestHead {
        let version = head.version
        let received = ReceivedFields(bytes: fieldLines, places: places)
        var headers = HTTPHeaders(received: received)
        if let authority = head.authority {
            headers["Host"] = authority
        }

        // One pass over the fields finds the few that decide framing (rather than a scan and
        // an array per name), comparing names as bytes. The names' lengths differ, so a field
        // is compared with one name at most: most fields (Accept, User-Agent, ...) with none.
        // An absolute-form authority has replaced every `Host` field with one.
        var hostCount = head.authority == nil ? 0 : 1
        var transferEncodingCount = 0
        var contentLengths: [String] = []
        var hasConnection = false
        var expect: String?
        for i in 0..<received.count {
            switch received.nameCount(i) {
            case 4 where head.authority == nil && received.nameIs(i, "host"):
                hostCount += 1
            case 6 where received.nameIs(i, "expect"):
                if expect == nil { expect = received.value(i) }
            case 10 where received.nameIs(i, "connection"):
                hasConnection = true
            case 14 where received.nameIs(i, "content-length"):
                contentLengths.append(received.value(i))
            case 17 where received.nameIs(i, "transfer-encoding"):
                transferEncodingCount += 1
            default:
                break
            }
        }
        if hostCount > 1 { throw HTTPParseError(.badRequest, "The request has more than one Host header.") }
        if version == .http1_1 && hostCount == 0 {
            throw HTTPParseError(.badRequest, "HTTP/1.1 requests must carry a Host header.")
        }

        var framing = HTTPRequestHead.Framing.none
        if transferEncodingCount > 0 {
            // RFC 9112 §6.1: Content-Length with Transfer-Encoding is a smuggling vector.
            if !contentLengths.isEmpty {
                throw HTTPParseError(.badRequest, "Content-Length and Transfer-Encoding must not be sent together.")
            }
            if version == .http1_0 {
                throw HTTPParseError(.badRequest, "Transfer-Encoding is not valid in HTTP/1.0.")
            }
            let codings = headers.tokens(for: "Transfer-Encoding")
            // RFC 9112 §6.3: chunked must be the final coding, and only once.
            guard codings.last == "chunked", codings.filter({ $0 == "chunked" }).count == 1 else {
                throw HTTPParseError(.badRequest, "The final transfer coding must be chunked.")
            }
            guard codings.count == 1 else {
                throw HTTPParseError(.notImplemented, "Only the chunked transfer coding is supported.")
            }
            framing = .chunked
        } else if !contentLengths.isEmpty {
            // RFC 9112 §6.3: duplicate or invalid Content-Length is unrecoverable.
            guard contentLengths.count == 1 else {
                throw HTTPParseError(.badRequest, "The request has more than one Content-Length header.")
            }
            let digits = Array(contentLengths[0].utf8)
            guard !digits.isEmpty, digits.count <= 15, digits.allSatisfy({ (0x30...0x39).contains($0) }) else {
                throw HTTPParseError(.badRequest, "Content-Length is not a valid number.")
            }
            let length = digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
            framing = length == 0 ? .none : .contentLength(length)
        }

        let connection = hasConnection ? headers.tokens(for: "Connection") : []
        let keepAlive = version == .http1_1 ? !connection.contains("close") : connection.contains("keep-alive") && !connection.contains("close")

        var expectsContinue = false
        if let expect {
            guard expect.lowercased() == "100-continue" else {
                throw HTTPParseError(.expectationFailed, "Only the 100-continue expectation is supported.")
            }
            expectsContinue = version == .http1_1
        }

        switch framing {
        case .none: state = .endPending
        case .contentLength(let n): state = .fixedBody(remaining: n)
        case .chunked: state = .chunkSize
        }
        return HTTPRequestHead(
            method: head.method, target: head.target, version: version, headers: headers,
            framing: framing, keepAlive: keepAlive, expectsContinue: expectsContinue)
    }

    /// RFC 9112 §7.1: chunk-size [ chunk-ext ] — hex digits, then optionally `;` extensions.
    func parseChunkSize(_ line: ArraySlice<UInt8>) throws(HTTPParseError) -> Int {
        var size = 0
        var digits = 0
        var i = line.startIndex
        while i < line.endIndex, let value = URLEncodedForm.hexValue(line[i]) {
            guard digits < 15 else { throw HTTPParseError(.contentTooLarge, "A chunk is too large.") }
            size = size << 4 | Int(value)
            digits += 1
            i += 1
        }
        guard digits > 0 else { throw HTTPParseError(.badRequest, "A chunk size is malformed.") }
        var sawSemicolon = false
        for b in line[i...] {
            if b == UInt8(ascii: ";") { sawSemicolon = true; continue }
            if !sawSemicolon && b != 0x20 && b != 0x09 {
                throw HTTPParseError(.badRequest, "A chunk size is malformed.")
            }
            if (b < 0x20 && b != 0x09) || b == 0x7F {
                throw HTTPParseError(.badRequest, "A chunk extension contains a control character.")
            }
        }
        return size
    }
}
