import Foundation

/// A strict reader of `multipart/form-data` over bytes, for checking what the encoder (and the
/// client, through a stub server) produced. Fails on a bare LF where CRLF belongs.
struct ReceivedPart: Equatable {
    var headers: [String: String]
    var body: [UInt8]

    var name: String? { dispositionParameter("name") }
    var filename: String? { dispositionParameter("filename") }

    func dispositionParameter(_ key: String) -> String? {
        guard let disposition = headers["content-disposition"] else { return nil }
        for piece in disposition.split(separator: ";") {
            let trimmed = piece.trimmingCharacters(in: .whitespaces)
            let prefix = "\(key)=\""
            if trimmed.hasPrefix(prefix), trimmed.hasSuffix("\"") {
                return String(trimmed.dropFirst(prefix.count).dropLast())
            }
        }
        return nil
    }
}

enum MultipartParseError: Error { case malformed(String) }

/// Splits `body` by `--boundary` lines (RFC 2046 §5.1.1): every line ending must be CRLF,
/// the body must end with `--boundary--` CRLF.
func parseMultipart(_ body: [UInt8], boundary: String) throws -> [ReceivedPart] {
    let crlf: [UInt8] = [13, 10]
    let opening = Array("--\(boundary)".utf8)
    let delimiter = crlf + opening
    guard body.starts(with: opening + crlf) else { throw MultipartParseError.malformed("no opening boundary") }
    var parts: [ReceivedPart] = []
    var index = opening.count + 2
    while true {
        guard let end = firstIndex(of: delimiter, in: body, from: index) else {
            throw MultipartParseError.malformed("unterminated part")
        }
        parts.append(try parsePart(Array(body[index..<end])))
        let after = end + delimiter.count
        let rest = Array(body[after...])
        if rest == Array("--".utf8) + crlf { return parts }
        guard rest.starts(with: crlf) else { throw MultipartParseError.malformed("boundary not followed by CRLF") }
        index = after + 2
    }
}

private func parsePart(_ bytes: [UInt8]) throws -> ReceivedPart {
    let separator: [UInt8] = [13, 10, 13, 10]
    guard let split = firstIndex(of: separator, in: bytes, from: 0) else {
        throw MultipartParseError.malformed("part without a blank line")
    }
    var headers: [String: String] = [:]
    var lineStart = 0
    let head = Array(bytes[..<split]) + [13, 10]
    while let lineEnd = firstIndex(of: [13, 10], in: head, from: lineStart) {
        let line = head[lineStart..<lineEnd]
        if line.contains(10) || line.contains(13) { throw MultipartParseError.malformed("bare CR or LF in a header") }
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { throw MultipartParseError.malformed("header without colon") }
        let name = String(decoding: line[..<colon], as: UTF8.self).lowercased()
        headers[name] = String(decoding: line[(colon + 1)...], as: UTF8.self).trimmingCharacters(in: .whitespaces)
        lineStart = lineEnd + 2
    }
    return ReceivedPart(headers: headers, body: Array(bytes[(split + 4)...]))
}

func firstIndex(of needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
    guard needle.count <= haystack.count, start <= haystack.count - needle.count else { return nil }
    for index in start...(haystack.count - needle.count) where haystack[index..<index + needle.count].elementsEqual(needle) {
        return index
    }
    return nil
}
