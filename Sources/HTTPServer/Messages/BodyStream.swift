/// A response body made piece by piece while it is sent, for answers too large to build whole
/// (a CSV export of the catalog). The server asks for the next piece only when the client has
/// taken the previous one, so a slow reader holds one piece in memory, not the whole body.
///
/// `next` runs on the connection's event-loop thread: it must return at once (bytes already in
/// memory, formatted), never wait for I/O. It returns nil when the body is complete; empty
/// pieces are skipped. HTTP/1.1 clients get `Transfer-Encoding: chunked`; HTTP/1.0 clients get
/// the body delimited by closing the connection (RFC 9112 §6.3).
public struct BodyStream: Sendable {
    let next: @Sendable () -> [UInt8]?

    public init(_ next: @escaping @Sendable () -> [UInt8]?) {
        self.next = next
    }

    /// Reads every remaining piece into one array (for in-process callers and tests; the
    /// server never does this).
    public func collect() -> [UInt8] {
        var bytes: [UInt8] = []
        while let piece = next() { bytes += piece }
        return bytes
    }

    /// RFC 9112 §7.1: `chunk-size CRLF chunk-data CRLF`, the size in hexadecimal.
    static func chunk(_ piece: [UInt8]) -> [UInt8] {
        var framed = Array(String(piece.count, radix: 16).utf8)
        framed.reserveCapacity(framed.count + piece.count + 4)
        framed += [0x0D, 0x0A]
        framed += piece
        framed += [0x0D, 0x0A]
        return framed
    }

    /// RFC 9112 §7.1: the last chunk (size 0) and an empty trailer section.
    static let lastChunk: [UInt8] = Array("0\r\n\r\n".utf8)
}
