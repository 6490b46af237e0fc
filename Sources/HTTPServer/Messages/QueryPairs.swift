/// A request's query pairs, each value decoded only when it is read (`HTTPRequest.queryPairs`).
public struct QueryPairs: RandomAccessCollection, Sendable {
    /// The query, still encoded, and where each pair lies in it.
    let text: String
    let spans: [URLEncodedForm.Span]

    public var startIndex: Int { 0 }
    public var endIndex: Int { spans.count }

    public subscript(position: Int) -> QueryPair {
        let span = spans[position]
        return QueryPair(name: decode(span.name), text: text, valueRange: span.value)
    }

    private func decode(_ range: Range<Int>) -> String {
        withUTF8(of: text) { URLEncodedForm.decode(buffer: UnsafeBufferPointer(rebasing: $0[range])) }
    }
}

/// One `name=value` pair of a query: the name decoded, the value decoded when it is read (a
/// reader that knows a few names, `lazy var value = pair.value`, decodes those few).
public struct QueryPair: Sendable {
    /// `+` read as space and percent-decoded, invalid UTF-8 repaired.
    public let name: String
    let text: String
    let valueRange: Range<Int>

    /// The value, decoded as the name is.
    public var value: String {
        withUTF8(of: text) { URLEncodedForm.decode(buffer: UnsafeBufferPointer(rebasing: $0[valueRange])) }
    }
}

/// A string's UTF-8 bytes in place (every String this file sees is native, so contiguous),
/// without the copy that `withUTF8` on a `var` would make.
@inline(__always)
func withUTF8<R>(of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
    return Array(text.utf8).withUnsafeBufferPointer(body)
}
