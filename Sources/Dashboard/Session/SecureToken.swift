import DashboardEngine

/// Random tokens for cookies and forms, and a comparison that takes the same time however
/// many leading bytes match (a token check must not leak how close a guess was).
enum SecureToken {
    /// 128 random bits as 32 lower-case hex digits. `SystemRandomNumberGenerator` reads the
    /// kernel's CSPRNG (`getrandom`), one call per 64 bits: two calls a token rather than one
    /// a byte, since a list page for a reader without a form cookie makes one per request.
    static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        let hex = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(32)
        for _ in 0..<2 {
            var bits = generator.next()
            for _ in 0..<8 {
                let byte = UInt8(truncatingIfNeeded: bits)
                bits >>= 8
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0x0F)])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// True for what `make()` produces: exactly 32 lower-case hex digits. Anything else a client
    /// sends is refused before it is used as a key or in a path.
    static func isWellFormed(_ token: String) -> Bool {
        token.utf8.count == 32 && token.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// Constant-time equality over the bytes (the length is not secret: tokens have one length).
    static func equal(_ a: String, _ b: String) -> Bool {
        SecretBytes.equal(Array(a.utf8), Array(b.utf8))
    }
}
