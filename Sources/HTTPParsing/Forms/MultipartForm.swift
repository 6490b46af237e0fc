/// Entry points for `multipart/form-data` (RFC 7578) bodies.
public enum MultipartForm {
    /// The boundary named by a `Content-Type` value such as
    /// `multipart/form-data; boundary="abc"`: quoted or not, with or without spaces around `;`,
    /// the parameter name in any case. Nil if the type is not `multipart/form-data` or the
    /// boundary breaks RFC 2046 (1–70 `bchars`, not ending in a space).
    public static func boundary(fromContentType contentType: String) -> String? {
        guard let value = HeaderParameters(contentType), value.type == "multipart/form-data",
            let raw = value["boundary"]
        else { return nil }
        let boundary = String(decoding: raw, as: UTF8.self)
        return isValidBoundary(boundary) ? boundary : nil
    }

    /// RFC 2046 §5.1.1: `boundary := 0*69<bchars> bcharsnospace`.
    public static func isValidBoundary(_ boundary: String) -> Bool {
        let bytes = Array(boundary.utf8)
        guard (1...70).contains(bytes.count), bytes.last != 0x20 else { return false }
        return bytes.allSatisfy { b in
            switch b {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"):
                true
            default:
                Array("'()+_,-./:=? ".utf8).contains(b)
            }
        }
    }

    /// Walks a whole body without collecting it: `visit` gets each event in order (a part's
    /// headers, its body in chunks of at most 64 KB, its end; then `.end`) and keeps only what
    /// it needs, so a body mapped from a file (`SpooledBody`) is never copied whole. The body is
    /// fed to the parser a slice at a time, so the parser holds a slice, not the body. `visit`
    /// returns false to stop early. The limits apply as in `parse`; an empty file input is
    /// reported like any part.
    public static func scan(
        _ body: UnsafeRawBufferPointer, boundary: String, limits: MultipartLimits = MultipartLimits(),
        _ visit: (MultipartEvent) -> Bool
    ) throws(MultipartError) {
        var parser = MultipartParser(boundary: boundary, limits: limits)
        var offset = 0
        while true {
            let event = try parser.next()
            switch event {
            case .needMoreData:
                if offset < body.count {
                    let end = min(body.count, offset + MultipartParser.maxChunk)
                    parser.append(UnsafeRawBufferPointer(rebasing: body[offset..<end]))
                    offset = end
                } else {
                    parser.finish()
                }
            case .end:
                _ = visit(.end)
                return
            default:
                guard visit(event) else { return }
            }
        }
    }

    /// Parses a whole body into parts, everything in memory (the body already is).
    /// An empty file input (`filename=""`, no bytes) is left out, as if no file was chosen.
    public static func parse(
        _ body: some Collection<UInt8>,
        boundary: String,
        limits: MultipartLimits = MultipartLimits()
    ) throws(MultipartError) -> [MultipartPart] {
        var parser = MultipartParser(boundary: boundary, limits: limits)
        parser.append(body)
        parser.finish()
        var collector = MultipartCollector(limits: limits)
        _ = try collector.collect(from: &parser)
        return collector.parts
    }
}
