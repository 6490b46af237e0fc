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

    /// A constant's bytes, straight from the binary.
    func append(_ string: StaticString) {
        append(UnsafeRawBufferPointer(start: string.utf8Start, count: string.utf8CodeUnitCount))
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

    /// Appends `name: value` CRLF if the name is a token and the value has no CR, LF or NUL
    /// (either would let a handler split the response); otherwise appends nothing and returns
    /// false. One pass over the bytes: check while copying, roll back on failure.
    func appendField(_ name: String, _ value: String) -> Bool {
        let start = count
        var name = name
        var value = value
        let nameOK = name.withUTF8 { bytes -> Bool in
            guard !bytes.isEmpty, bytes.allSatisfy(HTTPRequestParser.isTokenByte) else { return false }
            append(UnsafeRawBufferPointer(bytes))
            return true
        }
        guard nameOK else { return false }
        append(byte: UInt8(ascii: ":"))
        append(byte: UInt8(ascii: " "))
        let valueOK = value.withUTF8 { bytes -> Bool in
            for byte in bytes where byte == 0x0D || byte == 0x0A || byte == 0 { return false }
            append(UnsafeRawBufferPointer(bytes))
            return true
        }
        guard valueOK else {
            count = start
            return false
        }
        append(byte: 0x0D)
        append(byte: 0x0A)
        return true
    }
}
