/// The members of a `TemplateValue.object`: names to values, like a dictionary, stored as a
/// small array that rendering searches by a precomputed fingerprint of each name.
///
/// View models build a few hundred small objects per page and templates look names up in
/// them; hashing every name with `Hasher` (SipHash) for both would be most of a render. A page
/// object has a handful to a score of members, so a linear scan comparing one integer per
/// member is faster, and a template computes its names' fingerprints once, when it is loaded.
public struct TemplateObject: Sendable {
    struct Entry: Sendable {
        let fingerprint: UInt64
        let key: String
        var value: TemplateValue
    }

    private(set) var entries: [Entry]

    public init() {
        entries = []
    }

    public init(minimumCapacity: Int) {
        entries = []
        entries.reserveCapacity(minimumCapacity)
    }

    public init(_ members: [String: TemplateValue]) {
        self.init(minimumCapacity: members.count)
        for (key, value) in members {
            entries.append(Entry(fingerprint: Self.fingerprint(key), key: key, value: value))
        }
    }

    /// A later duplicate key wins, as in a JSON object.
    public init<S: Sequence>(uniqueKeysWithValues members: S) where S.Element == (String, TemplateValue) {
        self.init(minimumCapacity: members.underestimatedCount)
        for (key, value) in members { self[key] = value }
    }

    public var count: Int { entries.count }
    public var isEmpty: Bool { entries.isEmpty }
    /// The names, in the order they were first set.
    public var keys: [String] { entries.map(\.key) }

    /// The member `key`; setting nil removes it.
    public subscript(key: String) -> TemplateValue? {
        get { value(Self.fingerprint(key), key) }
        set {
            let fingerprint = Self.fingerprint(key)
            if let index = index(fingerprint, key) {
                if let newValue {
                    entries[index].value = newValue
                } else {
                    entries.remove(at: index)
                }
            } else if let newValue {
                entries.append(Entry(fingerprint: fingerprint, key: key, value: newValue))
            }
        }
    }

    /// The member whose name has `fingerprint` and is `key`.
    @inline(__always)
    func value(_ fingerprint: UInt64, _ key: String) -> TemplateValue? {
        index(fingerprint, key).map { entries[$0].value }
    }

    @inline(__always)
    private func index(_ fingerprint: UInt64, _ key: String) -> Int? {
        var index = 0
        while index < entries.count {
            // The fingerprint rules out other names; equal ones are confirmed by the name.
            if entries[index].fingerprint == fingerprint && entries[index].key == key { return index }
            index += 1
        }
        return nil
    }

    /// A 64-bit hash of the name's UTF-8, eight bytes at a time (names are short: one or two
    /// words). Never compared without the names themselves, so a collision costs a comparison,
    /// not a wrong value.
    static func fingerprint(_ key: String) -> UInt64 {
        var key = key
        return key.withUTF8 { bytes in
            let raw = UnsafeRawBufferPointer(bytes)
            var hash = UInt64(truncatingIfNeeded: raw.count) &* 0x9E37_79B9_7F4A_7C15
            var offset = 0
            while offset + 8 <= raw.count {
                hash = mix(hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                offset += 8
            }
            if offset < raw.count {
                var tail: UInt64 = 0
                for index in offset..<raw.count { tail = tail << 8 | UInt64(raw[index]) }
                hash = mix(hash ^ tail)
            }
            return hash
        }
    }

    @inline(__always)
    private static func mix(_ value: UInt64) -> UInt64 {
        var mixed = value &* 0xBF58_476D_1CE4_E5B9
        mixed ^= mixed >> 31
        return mixed &* 0x94D0_49BB_1331_11EB
    }
}

extension TemplateObject: Equatable {
    /// Equal when both have the same names with equal values, in any order (as dictionaries).
    public static func == (lhs: TemplateObject, rhs: TemplateObject) -> Bool {
        guard lhs.count == rhs.count else { return false }
        return lhs.entries.allSatisfy { rhs.value($0.fingerprint, $0.key) == $0.value }
    }
}

extension TemplateObject: ExpressibleByDictionaryLiteral {
    /// A later duplicate key wins, as in a JSON object.
    public init(dictionaryLiteral elements: (String, TemplateValue)...) {
        self.init(minimumCapacity: elements.count)
        for index in elements.indices {
            self[elements[index].0] = elements[index].1
        }
    }
}
