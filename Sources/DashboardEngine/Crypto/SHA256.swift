/// SHA-256 (FIPS 180-4) over bytes. Small and dependency-free: cache keys, disk file names and
/// strong ETags use the digest as it is; `HMACSHA256` and `PBKDF2` build on the compression
/// function, which works on words in place (no allocation per block) because a password hash
/// runs it over a million times.
package enum SHA256 {
    /// The eight working words of the hash: the initial value, a state between blocks, or a
    /// digest.
    struct State: Equatable {
        var a, b, c, d, e, f, g, h: UInt32

        /// §5.3.3: the first 32 bits of the fractional parts of the square roots of the first 8 primes.
        static let initial = State(
            a: 0x6a09_e667, b: 0xbb67_ae85, c: 0x3c6e_f372, d: 0xa54f_f53a,
            e: 0x510e_527f, f: 0x9b05_688c, g: 0x1f83_d9ab, h: 0x5be0_cd19)

        /// The state as 32 big-endian bytes.
        var bytes: [UInt8] {
            var out = [UInt8]()
            out.reserveCapacity(32)
            for word in [a, b, c, d, e, f, g, h] {
                out.append(UInt8(truncatingIfNeeded: word >> 24))
                out.append(UInt8(truncatingIfNeeded: word >> 16))
                out.append(UInt8(truncatingIfNeeded: word >> 8))
                out.append(UInt8(truncatingIfNeeded: word))
            }
            return out
        }
    }

    /// The 32-byte digest of `bytes`.
    static func hash(_ bytes: some Collection<UInt8>) -> [UInt8] {
        digest(continuing: .initial, after: 0, bytes)
    }

    /// The digest of a message whose first `processed` bytes (a multiple of 64) `state` has
    /// already taken in, and whose remaining bytes are `bytes`: HMAC starts from the key's
    /// padded block this way.
    static func digest(continuing state: State, after processed: Int, _ bytes: some Collection<UInt8>) -> [UInt8] {
        if let digest = bytes.withContiguousStorageIfAvailable({ digest(continuing: state, after: processed, UnsafeRawBufferPointer($0)) }) {
            return digest
        }
        return Array(bytes).withUnsafeBytes { digest(continuing: state, after: processed, $0) }
    }

    private static func digest(continuing start: State, after processed: Int, _ input: UnsafeRawBufferPointer) -> [UInt8] {
        var state = start
        withSchedule { w in
            let fullBlocks = input.count / 64
            for n in 0..<fullBlocks {
                load(UnsafeRawBufferPointer(rebasing: input[(n * 64)..<(n * 64 + 64)]), into: w)
                compress(&state, w)
            }
            // §5.1.1: append 1 bit, zeros up to 56 mod 64 bytes, then the length in bits (big-endian).
            var tail = Array(input[(fullBlocks * 64)...])
            tail.append(0x80)
            while tail.count % 64 != 56 { tail.append(0) }
            let bits = UInt64(processed + input.count) &* 8
            for shift in stride(from: 56, through: 0, by: -8) {
                tail.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift)))
            }
            tail.withUnsafeBytes { raw in
                for n in 0..<(raw.count / 64) {
                    load(UnsafeRawBufferPointer(rebasing: raw[(n * 64)..<(n * 64 + 64)]), into: w)
                    compress(&state, w)
                }
            }
        }
        return state.bytes
    }

    /// The digest as 64 lowercase hex characters.
    package static func hex(_ bytes: some Collection<UInt8>) -> String {
        hexString(hash(bytes))
    }

    /// Lowercase hex of any bytes.
    static func hexString(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Runs `body` with a 64-word message schedule on the stack, for any number of blocks.
    static func withSchedule<Result>(_ body: (UnsafeMutablePointer<UInt32>) -> Result) -> Result {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { buffer in
            // The capacity is 64, so the base address exists.
            body(buffer.baseAddress.unsafelyUnwrapped)
        }
    }

    /// Reads a 64-byte block as 16 big-endian words into `w[0..<16]`.
    @inline(__always)
    static func load(_ block: UnsafeRawBufferPointer, into w: UnsafeMutablePointer<UInt32>) {
        for t in 0..<16 {
            let i = t * 4
            w[t] = UInt32(block[i]) << 24 | UInt32(block[i + 1]) << 16 | UInt32(block[i + 2]) << 8 | UInt32(block[i + 3])
        }
    }

    /// §6.2.2: one 512-bit block, as the 16 words in `w[0..<16]`, into the running state.
    /// `w[16..<64]` is the rest of the schedule, overwritten; `w[0..<16]` is left as it was,
    /// so a caller whose blocks share words sets only those that change.
    @inline(__always)
    static func compress(_ state: inout State, _ w: UnsafeMutablePointer<UInt32>) {
        for t in 16..<64 {
            let x = w[t - 15], y = w[t - 2]
            let s0 = rotr(x, 7) ^ rotr(x, 18) ^ (x >> 3)
            let s1 = rotr(y, 17) ^ rotr(y, 19) ^ (y >> 10)
            w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
        }
        var a = state.a, b = state.b, c = state.c, d = state.d
        var e = state.e, f = state.f, g = state.g, h = state.h
        roundConstants.withUnsafeBufferPointer { k in
            for t in 0..<64 {
                let sum1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)
                let choose = (e & f) ^ (~e & g)
                let t1 = h &+ sum1 &+ choose &+ k[t] &+ w[t]
                let sum0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)
                let majority = (a & b) ^ (a & c) ^ (b & c)
                let t2 = sum0 &+ majority
                h = g
                g = f
                f = e
                e = d &+ t1
                d = c
                c = b
                b = a
                a = t1 &+ t2
            }
        }
        state.a &+= a
        state.b &+= b
        state.c &+= c
        state.d &+= d
        state.e &+= e
        state.f &+= f
        state.g &+= g
        state.h &+= h
    }

    @inline(__always)
    private static func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 {
        (x >> n) | (x << (32 - n))
    }

    /// §4.2.2: the first 32 bits of the fractional parts of the cube roots of the first 64 primes.
    private static let roundConstants: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]
}
