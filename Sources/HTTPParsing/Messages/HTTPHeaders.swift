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

    /// The fields, in order. A parsed request's are decoded into Strings here, on each read:
    /// readers that want one field use the subscript, `values(for:)` or `contains`.
    public var fields: [Field] { received?.fields ?? made }

    /// Fields set by code: a response's, a test's, a parsed request's once it is changed.
    private var made: [Field] = [] {
        didSet { wireForm = nil }
    }

    /// A parsed request's fields as they arrived, each name and value a String only when a
    /// reader asks for it (most answers read two or three of a request's fields, if any).
    private var received: ReceivedFields?

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
    /// No fields yet, with room for `capacity` without growing (for fields added one by one).
    public init(capacity: Int) {
        made.reserveCapacity(capacity)
    }
    public init(_ pairs: [(String, String)]) {
        made = pairs.map { Field(name: $0.0, value: $0.1) }
    }
    /// A parsed request's fields, read in place.
    package init(received: ReceivedFields) {
        self.received = received
    }
    /// A literal's pairs go straight into `fields`, with no intermediate array of tuples.
    /// (A literal still makes the caller build a variadic array of `(String, String)`, generic
    /// code that looks up the tuple's metadata: answers made per request use headers built
    /// once, and `HTTPHeaders()` rather than `[:]` for none.)
    public init(dictionaryLiteral elements: (String, String)...) {
        made.reserveCapacity(elements.count)
        for (name, value) in elements { made.append(Field(name: name, value: value)) }
    }

    public var count: Int { received?.count ?? made.count }
    public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }

    /// The first value of a field, or nil.
    public subscript(name: String) -> String? {
        get {
            if let received {
                return received.first(name).map(received.value)
            }
            // By index: a `Field` copied per iteration would retain and release both strings.
            for i in made.indices where made[i].name.asciiCaseInsensitiveEquals(name) { return made[i].value }
            return nil
        }
        set {
            remove(name)
            if let newValue { made.append(Field(name: name, value: newValue)) }
        }
    }

    /// Every value of a field, in order.
    public func values(for name: String) -> [String] {
        var values: [String] = []
        if let received {
            received.forEach(name) { values.append(received.value($0)) }
            return values
        }
        for i in made.indices where made[i].name.asciiCaseInsensitiveEquals(name) { values.append(made[i].value) }
        return values
    }

    /// Whether the first value of field `name` is `value`, byte for byte (false without the
    /// field): for a check made on every request, such as the server's of `Host`, with no
    /// String made of a parsed request's field.
    public func firstValue(of name: String, is value: String) -> Bool {
        if let received {
            guard let i = received.first(name) else { return false }
            return received.value(i, is: value)
        }
        guard let found = self[name] else { return false }
        return found.utf8.elementsEqual(value.utf8)
    }

    public func contains(_ name: String) -> Bool {
        if let received { return received.first(name) != nil }
        for i in made.indices where made[i].name.asciiCaseInsensitiveEquals(name) { return true }
        return false
    }

    /// Adds a field, keeping any existing ones with the same name (e.g. `Set-Cookie`).
    public mutating func add(_ name: String, _ value: String) {
        decodeReceived()
        made.append(Field(name: name, value: value))
    }

    public mutating func remove(_ name: String) {
        decodeReceived()
        made.removeAll { $0.name.asciiCaseInsensitiveEquals(name) }
    }

    /// Before a change: a parsed request's fields become Strings, changed like any others.
    private mutating func decodeReceived() {
        guard let received else { return }
        made = received.fields
        self.received = nil
    }

    /// The comma-separated tokens of a list-valued field, lowercased and trimmed
    /// (e.g. `Connection: keep-alive, Upgrade`).
    public func tokens(for name: String) -> [String] {
        var tokens: [String] = []
        if let received {
            received.forEach(name) { Self.appendTokens(of: received.value($0), to: &tokens) }
            return tokens
        }
        for i in made.indices where made[i].name.asciiCaseInsensitiveEquals(name) {
            Self.appendTokens(of: made[i].value, to: &tokens)
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

/// A parsed request's header fields in place: the bytes of its field lines and, per field, where
/// its name and value are in them. A name is compared as bytes and a value becomes a String
/// only when read; the parser has checked every byte already (`HTTPRequestParser.fieldPlaces`).
package final class ReceivedFields: Sendable {
    /// The field lines as they arrived (with their CRLFs).
    private let bytes: [UInt8]
    /// Four offsets into `bytes` per field: the name's start and end, the value's start and end.
    private let places: [Int]

    package init(bytes: [UInt8], places: [Int]) {
        self.bytes = bytes
        self.places = places
    }

    var count: Int { places.count / 4 }

    var fields: [HTTPHeaders.Field] {
        (0..<count).map { HTTPHeaders.Field(name: name($0), value: value($0)) }
    }

    func name(_ i: Int) -> String {
        String(decoding: bytes[places[4 * i]..<places[4 * i + 1]], as: UTF8.self)
    }

    func value(_ i: Int) -> String {
        String(decoding: bytes[places[4 * i + 2]..<places[4 * i + 3]], as: UTF8.self)
    }

    /// The index of the first field named `name` (ASCII case-insensitively), or nil.
    func first(_ name: String) -> Int? {
        var name = name
        return name.withUTF8 { wanted in index(of: wanted, from: 0) }
    }

    /// Calls `body` with the index of each field named `name`, in order.
    func forEach(_ name: String, _ body: (Int) -> Void) {
        var name = name
        name.withUTF8 { wanted in
            var next = index(of: wanted, from: 0)
            while let i = next {
                body(i)
                next = index(of: wanted, from: i + 1)
            }
        }
    }

    /// The index of the first field from `start` on whose name is `wanted`, ignoring ASCII case.
    private func index(of wanted: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        places.withUnsafeBufferPointer { places in
            bytes.withUnsafeBufferPointer { all in
                var i = start
                while 4 * i + 3 < places.count {
                    let nameStart = places[4 * i]
                    let nameEnd = places[4 * i + 1]
                    if nameEnd - nameStart == wanted.count,
                        Self.equalIgnoringASCIICase(UnsafeBufferPointer(rebasing: all[nameStart..<nameEnd]), wanted)
                    {
                        return i
                    }
                    i += 1
                }
                return nil
            }
        }
    }

    /// Whether field `i`'s value is `value`, byte for byte.
    func value(_ i: Int, is value: String) -> Bool {
        var value = value
        return value.withUTF8 { wanted in
            bytes.withUnsafeBufferPointer { all in
                let start = places[4 * i + 2]
                let end = places[4 * i + 3]
                guard end - start == wanted.count else { return false }
                for k in 0..<wanted.count where all[start + k] != wanted[k] { return false }
                return true
            }
        }
    }

    /// Whether field `i`'s name is `name`, ignoring ASCII case: for the parser's own look at
    /// the few fields that decide framing, with no String made.
    func nameIs(_ i: Int, _ name: StaticString) -> Bool {
        let start = places[4 * i]
        let end = places[4 * i + 1]
        guard end - start == name.utf8CodeUnitCount else { return false }
        return bytes.withUnsafeBufferPointer { all in
            Self.equalIgnoringASCIICase(
                UnsafeBufferPointer(rebasing: all[start..<end]),
                UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        }
    }

    /// The length of field `i`'s name.
    func nameCount(_ i: Int) -> Int { places[4 * i + 1] - places[4 * i] }

    static func equalIgnoringASCIICase(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>) -> Bool {
        guard x.count == y.count else { return false }
        for i in 0..<x.count where x[i] != y[i] {
            let lx = (x[i] >= 65 && x[i] <= 90) ? x[i] | 0x20 : x[i]
            let ly = (y[i] >= 65 && y[i] <= 90) ? y[i] | 0x20 : y[i]
            if lx != ly { return false }
        }
        return true
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
