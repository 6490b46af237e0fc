/// The bytes of one render, in a buffer of its own: appending is a bounds check and a copy,
/// where `Array.append(contentsOf:)` also checks uniqueness and goes through generic code on
/// each of the thousand or so pieces of a page.
struct RenderBuffer: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        reserve(bytes.count)
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    mutating func append(_ text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    mutating func append(_ text: String) {
        // Native and small strings are contiguous: read in place, without copying (retaining)
        // the String as `withUTF8` would.
        if text.utf8.withContiguousStorageIfAvailable({ append($0) }) != nil { return }
        var text = text
        text.withUTF8 { append($0) }
    }

    /// Appends `text` with `& < > " '` replaced by entities (see `HTMLEscaping`).
    mutating func appendEscaped(_ text: String) {
        if text.utf8.withContiguousStorageIfAvailable({ HTMLEscaping.escape($0) { append($0) } }) != nil { return }
        var text = text
        text.withUTF8 { bytes in
            HTMLEscaping.escape(bytes) { append($0) }
        }
    }

    /// Appends what has been written so far to `output`.
    func copy(to output: inout [UInt8]) {
        // One exact allocation and one memcpy (`append(contentsOf:)` copies byte by byte).
        let start = output.count
        output = [UInt8](unsafeUninitializedCapacity: start + count) { target, initialized in
            guard let target = target.baseAddress else { return }
            output.withUnsafeBufferPointer { old in
                if let old = old.baseAddress { target.initialize(from: old, count: start) }
            }
            (target + start).initialize(from: base, count: count)
            initialized = start + count
        }
    }

    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        if count + extra > capacity { grow(to: count + extra) }
    }

    private mutating func grow(to minimum: Int) {
        let newCapacity = max(minimum, capacity * 2)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.initialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}
