/// Random bytes for salts, session ids and tokens, and a comparison of secrets that takes the
/// same time however many leading bytes match.
package enum SecretBytes {
    /// `count` bytes from `SystemRandomNumberGenerator`, which on Linux reads the kernel's
    /// CSPRNG with getrandom(2): fit for salts, session ids and one-time tokens. One call gives
    /// 64 bits.
    static func random(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        var out = [UInt8]()
        out.reserveCapacity(count + 8)
        while out.count < count {
            var bits = generator.next()
            for _ in 0..<8 {
                out.append(UInt8(truncatingIfNeeded: bits))
                bits >>= 8
            }
        }
        return Array(out.prefix(count))
    }

    /// Whether `a` and `b` hold the same bytes, looking at every byte whatever it finds (the
    /// lengths are not secret: a hash or an id has one length).
    package static func equal(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for i in a.indices { difference |= a[i] ^ b[i] }
        return difference == 0
    }

    /// `bytes` in base64url without padding (RFC 4648 §5): text a cookie carries as it is.
    static func base64URL(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
        var out = [UInt8]()
        out.reserveCapacity((bytes.count * 4 + 2) / 3)
        var index = 0
        while index < bytes.count {
            let chunk = bytes[index..<min(index + 3, bytes.count)]
            var value: UInt32 = 0
            for (offset, byte) in chunk.enumerated() { value |= UInt32(byte) << UInt32(16 - offset * 8) }
            for position in 0...chunk.count {
                out.append(alphabet[Int((value >> UInt32(18 - position * 6)) & 0x3F)])
            }
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether `text` is base64url without padding of exactly `byteCount` bytes.
    static func isBase64URL(_ text: String, byteCount: Int) -> Bool {
        let expected = (byteCount * 4 + 2) / 3
        return text.utf8.count == expected
            && text.utf8.allSatisfy { byte in
                (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) || byte == 0x2D || byte == 0x5F
            }
    }
}
