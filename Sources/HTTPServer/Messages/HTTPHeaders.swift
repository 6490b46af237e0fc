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

    public private(set) var fields: [Field] = []

    public init() {}
    public init(_ pairs: [(String, String)]) {
        fields = pairs.map { Field(name: $0.0, value: $0.1) }
    }
    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements)
    }

    public var count: Int { fields.count }
    public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }

    /// The first value of a field, or nil.
    public subscript(name: String) -> String? {
        get { fields.first { $0.name.asciiCaseInsensitiveEquals(name) }?.value }
        set {
            remove(name)
            if let newValue { fields.append(Field(name: name, value: newValue)) }
        }
    }

    /// Every value of a field, in order.
    public func values(for name: String) -> [String] {
        fields.compactMap { $0.name.asciiCaseInsensitiveEquals(name) ? $0.value : nil }
    }

    public func contains(_ name: String) -> Bool {
        fields.contains { $0.name.asciiCaseInsensitiveEquals(name) }
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
        values(for: name).flatMap { value in
            value.split(separator: ",").map {
                $0.trimmingASCIIWhitespace().lowercased()
            }.filter { !$0.isEmpty }
        }
    }
}

extension String {
    /// ASCII-only case-insensitive comparison, as header names need (no Unicode folding).
    public func asciiCaseInsensitiveEquals(_ other: String) -> Bool {
        // Header names are short and mostly differ in length: compare that first (O(1) for
        // native strings), then bytes through contiguous storage.
        guard utf8.count == other.utf8.count else { return false }
        var a = self
        var b = other
        return a.withUTF8 { x in
            b.withUTF8 { y in
                for i in 0..<x.count where x[i] != y[i] {
                    let lx = (x[i] >= 65 && x[i] <= 90) ? x[i] | 0x20 : x[i]
                    let ly = (y[i] >= 65 && y[i] <= 90) ? y[i] | 0x20 : y[i]
                    if lx != ly { return false }
                }
                return true
            }
        }
    }
}

extension StringProtocol {
    /// Trims spaces and horizontal tabs (HTTP's OWS), nothing else.
    func trimmingASCIIWhitespace() -> String {
        let bytes = Array(utf8)
        var start = 0
        var end = bytes.count
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}
