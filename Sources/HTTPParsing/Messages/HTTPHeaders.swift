import Synchronization

/// Header fields in the order received or set. Names compare case-insensitively (ASCII).
public struct HTTPHeaders: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
    public struct Field: Sendable, Equatable {
        public var name: String
        public var value: String
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    public private(set) var fields: [Field] = [] {
        didSet { wireForm = nil }
    }

    /// The fields as they are sent, when the server prepared them (`prepared()` in
    /// `HTTPServer`): headers made once and sent with many responses are serialized once.
    /// Kept here, with the fields, so that every copy of the headers carries it and any change
    /// to the fields drops it; made only from the fields (`withWireForm`).
    package private(set) var wireForm: HeaderWireForm?

    /// These headers with their wire form made from their fields, when `isSentAsIs` passes
    /// every field (the server says which it sends as they are); unchanged otherwise.
    package func withWireForm(isSentAsIs: (Field) -> Bool) -> HTTPHeaders {
        guard fields.allSatisfy(isSentAsIs) else { return self }
        var copy = self
        copy.wireForm = HeaderWireForm(
            bytes: Array(fields.map { $0.name + ": " + $0.value + "\r\n" }.joined().utf8), names: fields.map(\.name))
        return copy
    }

    /// Equal fields in the same order; whether they were prepared does not matter.
    public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        lhs.fields == rhs.fields
    }

    public init() {}
    /// No fields yet, with room for `capacity` without growing (a parsed head's, whose fields
    /// come one by one).
    public init(capacity: Int) {
        fields.reserveCapacity(capacity)
    }
    public init(_ pairs: [(String, String)]) {
        fields = pairs.map { Field(name: $0.0, value: $0.1) }
    }
    /// A literal's pairs go straight into `fields`, with no intermediate array of tuples.
    /// (A literal still makes the caller build a variadic array of `(String, String)`, generic
    /// code that looks up the tuple's metadata: answers made per request use headers built
    /// once, and `HTTPHeaders()` rather than `[:]` for none.)
    public init(dictionaryLiteral elements: (String, String)...) {
        fields.reserveCapacity(elements.count)
        for (name, value) in elements { fields.append(Field(name: name, value: value)) }
    }

    public var count: Int { fields.count }
    public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }

    /// The first value of a field, or nil.
    public subscript(name: String) -> String? {
        get {
            // By index: a `Field` copied per iteration would retain and release both strings.
            for i in fields.indices where fields[i].name.asciiCaseInsensitiveEquals(name) { return fields[i].value }
            return nil
        }
        set {
            remove(name)
            if let newValue { fields.append(Field(name: name, value: newValue)) }
        }
    }

    /// Every value of a field, in order.
    public func values(for name: String) -> [String] {
        var values: [String] = []
        for i in fields.indices where fields[i].name.asciiCaseInsensitiveEquals(name) { values.append(fields[i].value) }
        return values
    }

    public func contains(_ name: String) -> Bool {
        for i in fields.indices where fields[i].name.asciiCaseInsensitiveEquals(name) { return true }
        return false
    }

    /// Adds a field, keeping any existing ones with the same name (e.g. `Set-Cookie`).
    public mutating func add(_ name: String, _ value: String) {
        fields.append(Field(name: name, value: value))
    }

    public mutating func remove(_ name: String) {
        fields.removeAll { $0.name.asciiCaseInsensitiveEquals(name) }
    }

    /// The comma-separated tokens of a list-valued field, lowercased and trimmed
    /// (e.g. `Connection: keep-alive, Upgrade`).
    public func tokens(for name: String) -> [String] {
        var tokens: [String] = []
        for i in fields.indices where fields[i].name.asciiCaseInsensitiveEquals(name) {
            Self.appendTokens(of: fields[i].value, to: &tokens)
        }
        return tokens
    }

    /// An ASCII value is split, trimmed and lowercased over its bytes; anything else takes
    /// the Unicode-aware way (the two agree on ASCII: no Character there spans a comma).
    static func appendTokens(of value: String, to tokens: inout [String]) {
        var value = value
        let handled = value.withUTF8 { bytes -> Bool in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return false }
            var start = 0
            while start <= bytes.count {
                var end = start
                while end < bytes.count, bytes[end] != UInt8(ascii: ",") { end += 1 }
                var first = start
                var last = end
                while first < last, bytes[first] == 0x20 || bytes[first] == 0x09 { first += 1 }
                while last > first, bytes[last - 1] == 0x20 || bytes[last - 1] == 0x09 { last -= 1 }
                if first < last {
                    tokens.append(String(unsafeUninitializedCapacity: last - first) { token in
                        for i in first..<last {
                            let b = bytes[i]
                            token[i - first] = b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z") ? b | 0x20 : b
                        }
                        return last - first
                    })
                }
                start = end + 1
            }
            return true
        }
        if !handled {
            tokens += value.split(separator: ",").map { $0.trimmingOptionalWhitespace().lowercased() }.filter { !$0.isEmpty }
        }
    }
}

/// Header fields serialized (`Name: value\r\n` each), with their names.
package final class HeaderWireForm: Sendable {
    package let bytes: [UInt8]
    package let names: [String]
    /// The last server that asked whether these names set one of its default headers, and the
    /// answer: `id << 1 | answer` (0: nobody asked yet).
    private let overrides = Atomic<Int>(0)

    package init(bytes: [UInt8], names: [String]) {
        self.bytes = bytes
        self.names = names
    }

    /// Whether these names set one of the default headers of the server `id` (not 0), as
    /// `check` says: asked once per server, not on every response.
    package func setsDefault(server id: Int, _ check: () -> Bool) -> Bool {
        let known = overrides.load(ordering: .relaxed)
        if known >> 1 == id { return known & 1 == 1 }
        let answer = check()
        overrides.store(id << 1 | (answer ? 1 : 0), ordering: .relaxed)
        return answer
    }
}

extension String {
    /// ASCII-only case-insensitive comparison, as header names need (no Unicode folding).
    /// Header names are short and mostly differ in length: that check (O(1) for native
    /// strings) is inlined into every caller; only equal lengths pay for the byte loop.
    @inline(__always)
    public func asciiCaseInsensitiveEquals(_ other: String) -> Bool {
        utf8.count == other.utf8.count && asciiCaseInsensitiveBytesEqual(other)
    }

    /// The byte comparison for strings of equal length, through contiguous storage.
    @inline(never)
    func asciiCaseInsensitiveBytesEqual(_ other: String) -> Bool {
        var a = self
        var b = other
        return a.withUTF8 { x in
            b.withUTF8 { y in
                for i in 0..<Swift.min(x.count, y.count) where x[i] != y[i] {
                    let lx = (x[i] >= 65 && x[i] <= 90) ? x[i] | 0x20 : x[i]
                    let ly = (y[i] >= 65 && y[i] <= 90) ? y[i] | 0x20 : y[i]
                    if lx != ly { return false }
                }
                return true
            }
        }
    }
}

extension StringProtocol where SubSequence == Substring {
    /// Without leading and trailing spaces and horizontal tabs (RFC 9110 §5.6.3, OWS), nothing
    /// else: a CR or LF is not HTTP whitespace.
    ///
    /// Over bytes, never `Character`s: a space followed by a combining mark is one Character,
    /// and dropping it would drop the mark too.
    package func trimmingOptionalWhitespace() -> Substring {
        let utf8 = self[...].utf8
        var start = utf8.startIndex
        var end = utf8.endIndex
        while start < end, utf8[start] == 0x20 || utf8[start] == 0x09 { utf8.formIndex(after: &start) }
        while start < end {
            let last = utf8.index(before: end)
            guard utf8[last] == 0x20 || utf8[last] == 0x09 else { break }
            end = last
        }
        return Substring(utf8[start..<end])
    }
}
