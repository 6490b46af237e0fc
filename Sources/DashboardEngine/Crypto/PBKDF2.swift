/// PBKDF2 with HMAC-SHA256 as its pseudorandom function (RFC 8018 §5.2): the password hash of
/// `PasswordHash`.
///
/// Each iteration is `U_i = HMAC(P, U_{i-1})`. The password's padded blocks are compressed
/// once (`HMACSHA256.Key`), and `U_{i-1}` is 32 bytes, so the inner hash is one block (the 32
/// bytes, the padding, the length 96 × 8) and the outer hash one block more (the inner digest,
/// the same padding): two compressions an iteration, on words in a schedule that is allocated
/// once, with the padding words set once.
enum PBKDF2 {
    /// The derived key of `length` bytes from `password` and `salt` after `iterations` (at least 1).
    static func sha256(password: some Collection<UInt8>, salt: [UInt8], iterations: Int, length: Int) -> [UInt8] {
        let key = HMACSHA256.Key(password)
        let iterations = max(1, iterations)
        var derived = [UInt8]()
        derived.reserveCapacity(length + 32)
        var blockIndex: UInt32 = 1
        while derived.count < length {
            let index = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: blockIndex >> UInt32($0)) }
            let first = HMACSHA256.code(salt + index, key: key)
            derived += block(first: first, key: key, iterations: iterations).bytes
            blockIndex += 1
        }
        return Array(derived.prefix(length))
    }

    /// `T_i = U_1 ^ U_2 ^ … ^ U_c` for one block, from `U_1`.
    private static func block(first: [UInt8], key: HMACSHA256.Key, iterations: Int) -> SHA256.State {
        var u = words(first)
        var total = u
        guard iterations > 1 else { return total }
        SHA256.withSchedule { w in
            // The words after the 32-byte message of both one-block hashes: the 1 bit, zeros,
            // and the message's length in bits, 64 bytes of padded key plus 32.
            w[8] = 0x8000_0000
            for t in 9..<15 { w[t] = 0 }
            w[15] = (64 + 32) * 8
            for _ in 1..<iterations {
                setMessage(u, w)
                var inner = key.inner
                SHA256.compress(&inner, w)
                setMessage(inner, w)
                u = key.outer
                SHA256.compress(&u, w)
                total.a ^= u.a
                total.b ^= u.b
                total.c ^= u.c
                total.d ^= u.d
                total.e ^= u.e
                total.f ^= u.f
                total.g ^= u.g
                total.h ^= u.h
            }
        }
        return total
    }

    @inline(__always)
    private static func setMessage(_ state: SHA256.State, _ w: UnsafeMutablePointer<UInt32>) {
        w[0] = state.a
        w[1] = state.b
        w[2] = state.c
        w[3] = state.d
        w[4] = state.e
        w[5] = state.f
        w[6] = state.g
        w[7] = state.h
    }

    /// 32 bytes read as eight big-endian words.
    private static func words(_ bytes: [UInt8]) -> SHA256.State {
        func word(_ i: Int) -> UInt32 {
            UInt32(bytes[i]) << 24 | UInt32(bytes[i + 1]) << 16 | UInt32(bytes[i + 2]) << 8 | UInt32(bytes[i + 3])
        }
        return SHA256.State(a: word(0), b: word(4), c: word(8), d: word(12), e: word(16), f: word(20), g: word(24), h: word(28))
    }
}
