import Glibc

/// A growable byte buffer for response heads, reused across a connection's responses so
/// serializing a head allocates nothing and copies with memcpy.
final class OutputBuffer {
    private(set) var base: UnsafeMutableRawPointer
    private(set) var capacity: Int
    private(set) var count = 0

    init(capacity: Int = 1024) {
        self.capacity = capacity
        self.base = .allocate(byteCount: capacity, alignment: 16)
    }

    deinit { base.deallocate() }

    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

    func reset() { count = 0 }

    private func reserve(_ extra: Int) {
        guard count + extra > capacity else { return }
        var newCapacity = capacity * 2
        while newCapacity < count + extra { newCapacity *= 2 }
        let grown = UnsafeMutableRawPointer.allocate(byteCount: newCapacity, alignment: 16)
        grown.copyMemory(from: base, byteCount: count)
        base.deallocate()
        base = grown
        capacity = newCapacity
    }

    func append(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        reserve(bytes.count)
        (base + count).copyMemory(from: source, byteCount: bytes.count)
        count += bytes.count
    }

    func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { append($0) }
    }

    func append(_ string: String) {
        var string = string
        string.withUTF8 { append(UnsafeRawBufferPointer($0)) }
    }

    func append(byte: UInt8) {
        reserve(1)
        base.storeBytes(of: byte, toByteOffset: count, as: UInt8.self)
        count += 1
    }

    /// A non-negative integer in decimal, without building a String.
    func append(decimal value: Int) {
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var n = Swift.max(0, value)
        var length = 0
        Swift.withUnsafeMutableBytes(of: &digits) { scratch in
            repeat {
                scratch[scratch.count - 1 - length] = UInt8(ascii: "0") + UInt8(n % 10)
                n /= 10
                length += 1
            } while n > 0 && length < scratch.count
            append(UnsafeRawBufferPointer(rebasing: scratch[(scratch.count - length)...]))
        }
    }
}
