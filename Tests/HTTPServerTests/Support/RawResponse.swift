import Foundation

/// A response as it came off the wire, parsed over bytes.
struct RawResponse: Sendable, CustomStringConvertible {
    var version: String
    var status: Int
    var reason: String
    var headers: [(name: String, value: String)]
    var body: [UInt8]

    /// The first value of a header (case-insensitive name), or nil.
    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    func values(_ name: String) -> [String] {
        headers.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
    }

    var text: String { String(decoding: body, as: UTF8.self) }

    var description: String {
        "\(status) \(reason) \(headers.map { "\($0.name): \($0.value)" }) body \(body.count) bytes"
    }

    enum ParseResult {
        case complete(RawResponse, consumed: Int)
        case incomplete
        case invalid(String)
    }

    /// Parses one response from the start of `bytes`. Bodies are framed by `Content-Length`;
    /// without it, by the connection closing. 1xx, 204, 304 and answers to HEAD have none.
    static func parse(_ bytes: [UInt8], expectBody: Bool, peerClosed: Bool) -> ParseResult {
        guard let headEnd = find([0x0D, 0x0A, 0x0D, 0x0A], in: bytes) else { return .incomplete }
        var lines = split(bytes[0..<headEnd])
        guard !lines.isEmpty else { return .invalid("no status line") }
        let statusLine = lines.removeFirst()
        let parts = statusLine.split(separator: 0x20, maxSplits: 2, omittingEmptySubsequences: false)
        // Strict, so stray bytes before a response (a body sent where none belonged) show up.
        guard parts.count >= 2, parts[0].elementsEqual("HTTP/1.1".utf8) || parts[0].elementsEqual("HTTP/1.0".utf8),
            parts[1].count == 3, let status = Int(String(decoding: parts[1], as: UTF8.self))
        else {
            return .invalid("bad status line")
        }
        var headers: [(name: String, value: String)] = []
        for line in lines {
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return .invalid("header without colon") }
            let name = String(decoding: line[line.startIndex..<colon], as: UTF8.self)
            let value = String(decoding: line[(colon + 1)...], as: UTF8.self).trimmingCharacters(in: .whitespaces)
            headers.append((name, value))
        }
        var response = RawResponse(
            version: String(decoding: parts[0], as: UTF8.self), status: status,
            reason: parts.count > 2 ? String(decoding: parts[2], as: UTF8.self) : "",
            headers: headers, body: [])
        let bodyStart = headEnd + 4
        let hasBody = expectBody && !(100..<200).contains(status) && status != 204 && status != 304
        guard hasBody else { return .complete(response, consumed: bodyStart) }
        if let lengthText = response.header("Content-Length") {
            guard let length = Int(lengthText), length >= 0 else { return .invalid("bad Content-Length") }
            guard bytes.count - bodyStart >= length else { return .incomplete }
            response.body = Array(bytes[bodyStart..<(bodyStart + length)])
            return .complete(response, consumed: bodyStart + length)
        }
        guard peerClosed else { return .incomplete }
        response.body = Array(bytes[bodyStart...])
        return .complete(response, consumed: bytes.count)
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for i in 0...(haystack.count - needle.count) where haystack[i] == needle[0] {
            if haystack[i..<(i + needle.count)].elementsEqual(needle) { return i }
        }
        return nil
    }

    /// Splits on CRLF.
    private static func split(_ bytes: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        var start = bytes.startIndex
        var i = bytes.startIndex
        while i < bytes.endIndex {
            if bytes[i] == 0x0D, i + 1 < bytes.endIndex, bytes[i + 1] == 0x0A {
                lines.append(bytes[start..<i])
                i += 2
                start = i
            } else {
                i += 1
            }
        }
        lines.append(bytes[start..<bytes.endIndex])
        return lines
    }
}
