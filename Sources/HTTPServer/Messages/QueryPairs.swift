import Glibc

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

    /// Calls `body` for each pair whose name is one of `names`, in the query's order, with the
    /// name's place in `names` and a way to decode the value. Names are compared as bytes, so
    /// a pair with a name the reader does not know costs a few comparisons and no String;
    /// only a name with `%` or `+` in it is decoded first.
    public func forEach(in names: QueryNames, _ body: (_ name: Int, _ value: () -> String) -> Void) {
        withUTF8(of: text) { bytes in
            for span in spans {
                guard let index = span.withName(in: bytes, { names.index(of: $0) }) else { continue }
                body(index) { URLEncodedForm.decode(buffer: UnsafeBufferPointer(rebasing: bytes[span.value])) }
            }
        }
    }
}

extension URLEncodedForm.Span {
    /// Calls `body` with the pair's name as bytes, decoded (`+` a space, `%XX` a byte): in
    /// place when there is nothing to decode, the usual case. How every reader of a request's
    /// query compares names.
    func withName<R>(in bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        let raw = UnsafeBufferPointer(rebasing: bytes[name])
        guard nameIsEncoded else { return body(raw) }
        return URLEncodedForm.percentDecode(buffer: raw, plusAsSpace: true).withUnsafeBufferPointer(body)
    }
}

/// A reader's parameter names, kept as bytes in one buffer for `QueryPairs.forEach(in:)`:
/// made once (a `static let`), looked up for every pair of every request.
public struct QueryNames: Sendable {
    private struct Place: Sendable {
        var start: Int
        var count: Int
    }

    private let bytes: [UInt8]
    private let places: [Place]

    public init(_ names: [String]) {
        var bytes: [UInt8] = []
        var places: [Place] = []
        for name in names {
            places.append(Place(start: bytes.count, count: name.utf8.count))
            bytes.append(contentsOf: name.utf8)
        }
        self.bytes = bytes
        self.places = places
    }

    /// The place in the list of the name spelled by `name`'s bytes, or nil.
    public func index(of name: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let wanted = name.baseAddress, !name.isEmpty else { return places.firstIndex { $0.count == 0 } }
        return bytes.withUnsafeBufferPointer { all in
            guard let first = all.baseAddress else { return nil }
            for (index, place) in places.enumerated() where place.count == name.count {
                if memcmp(first + place.start, wanted, place.count) == 0 { return index }
            }
            return nil
        }
    }

    /// `index(of:)` for a name given as a string.
    public func index(of name: String) -> Int? {
        withUTF8(of: name) { index(of: $0) }
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
