extension MultipartPartHead {
    /// Parses a part's header block: CRLF-separated lines, without the blank line that ends it.
    /// The parser has already refused bare LFs.
    static func parse(headerBlock block: ArraySlice<UInt8>) throws(MultipartError) -> MultipartPartHead {
        var headers = HTTPHeaders()
        var fields: [(name: String, value: [UInt8])] = []
        var lineStart = block.startIndex
        while lineStart < block.endIndex {
            var lineEnd = lineStart
            while lineEnd < block.endIndex, block[lineEnd] != cr { lineEnd += 1 }
            let line = block[lineStart..<lineEnd]
            lineStart = min(lineEnd + 2, block.endIndex)
            if line.isEmpty { continue }
            if let first = line.first, first == space || first == tab {
                // obs-fold (RFC 5322 §2.2.3): a continuation of the previous field's value.
                guard !fields.isEmpty else { throw .malformedPartHeader(String(decoding: line, as: UTF8.self)) }
                fields[fields.count - 1].value += [space] + trimmed(line)
                continue
            }
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex,
                line[..<colon].allSatisfy(HTTPRequestParser.isTokenByte)
            else { throw .malformedPartHeader(String(decoding: line.prefix(200), as: UTF8.self)) }
            fields.append((String(decoding: line[..<colon], as: UTF8.self), Array(trimmed(line[(colon + 1)...]))))
        }
        for field in fields { headers.add(field.name, String(decoding: field.value, as: UTF8.self)) }

        // RFC 7578 §4.2: each part has `Content-Disposition: form-data` with a `name`.
        guard let disposition = headers["Content-Disposition"].flatMap(HeaderParameters.init),
            disposition.type == "form-data"
        else { throw .missingContentDisposition }
        guard let rawName = disposition["name"] else { throw .missingName }
        let filename = disposition["filename*"].flatMap(decodeExtendedValue)
            ?? disposition["filename"].map(decodeBrowserEscapes)
        return MultipartPartHead(
            name: decodeBrowserEscapes(rawName),
            filename: filename,
            contentType: headers["Content-Type"],
            headers: headers
        )
    }

    /// HTML's form encoding (WHATWG HTML §4.10.21.8) writes `"` as `%22` and CR, LF as `%0D`, `%0A`
    /// in names and file names; decode exactly those and leave any other `%` alone.
    static func decodeBrowserEscapes(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "%"), i + 2 < bytes.count,
                let hi = URLEncodedForm.hexValue(bytes[i + 1]), let lo = URLEncodedForm.hexValue(bytes[i + 2])
            {
                let decoded = hi << 4 | lo
                if decoded == UInt8(ascii: "\"") || decoded == cr || decoded == lf {
                    out.append(decoded)
                    i += 3
                    continue
                }
            }
            out.append(bytes[i])
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// RFC 8187 (was 5987) `ext-value`: `charset'language'pct-encoded`, e.g. `UTF-8''%E2%82%AC.jpg`.
    /// UTF-8 and ISO-8859-1 are understood; anything else gives nil, so `filename` is used.
    static func decodeExtendedValue(_ bytes: [UInt8]) -> String? {
        let pieces = bytes.split(separator: UInt8(ascii: "'"), maxSplits: 2, omittingEmptySubsequences: false)
        guard pieces.count == 3 else { return nil }
        let charset = String(decoding: pieces[0], as: UTF8.self).lowercased()
        let decoded = URLEncodedForm.percentDecode(pieces[2], plusAsSpace: false)
        switch charset {
        case "utf-8":
            return String(validating: decoded, as: UTF8.self)
        case "iso-8859-1":
            return String(String.UnicodeScalarView(decoded.map { Unicode.Scalar($0) }))
        default:
            return nil
        }
    }

    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var slice = bytes
        while let first = slice.first, first == space || first == tab { slice.removeFirst() }
        while let last = slice.last, last == space || last == tab { slice.removeLast() }
        return slice
    }
}

private let cr: UInt8 = 0x0D
private let lf: UInt8 = 0x0A
private let space: UInt8 = 0x20
private let tab: UInt8 = 0x09
