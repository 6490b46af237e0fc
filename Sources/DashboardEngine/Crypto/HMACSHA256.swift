/// HMAC-SHA256 (RFC 2104, FIPS 198-1). A key's inner and outer padded blocks are compressed
/// once, into `HMACSHA256.Key`; each message then costs its own blocks and one more block for
/// the outer hash. `PBKDF2` keeps one `Key` per password for all its iterations.
enum HMACSHA256 {
    /// A key's two SHA-256 states after its padded blocks (`K ^ ipad`, `K ^ opad`).
    struct Key {
        let inner: SHA256.State
        let outer: SHA256.State

        /// A key longer than SHA-256's 64-byte block is hashed first, as RFC 2104 says.
        init(_ key: some Collection<UInt8>) {
            var block = key.count > 64 ? SHA256.hash(key) : Array(key)
            block.append(contentsOf: repeatElement(0, count: 64 - block.count))
            var inner = SHA256.State.initial
            var outer = SHA256.State.initial
            SHA256.withSchedule { w in
                (block.map { $0 ^ 0x36 }).withUnsafeBytes { SHA256.load($0, into: w) }
                SHA256.compress(&inner, w)
                (block.map { $0 ^ 0x5c }).withUnsafeBytes { SHA256.load($0, into: w) }
                SHA256.compress(&outer, w)
            }
            self.inner = inner
            self.outer = outer
        }
    }

    /// The 32-byte code of `message` under `key`.
    static func code(_ message: some Collection<UInt8>, key: some Collection<UInt8>) -> [UInt8] {
        code(message, key: Key(key))
    }

    static func code(_ message: some Collection<UInt8>, key: Key) -> [UInt8] {
        let innerDigest = SHA256.digest(continuing: key.inner, after: 64, message)
        return SHA256.digest(continuing: key.outer, after: 64, innerDigest)
    }
}
