/// Valid request material: product params and image bytes that pass the magic-byte check.
enum Products {
    static func valid() -> [String: Any] {
        [
            "name": "Sample product",
            "description": "A product made in a test, ten characters or more.",
            "price": 1000,
            "currency": "KRW",
            "discounted_price": 100,
            "stock": 3,
        ]
    }
}

enum Images {
    /// A JPEG-signed blob of `size` bytes; `seed` makes blobs differ.
    static func jpeg(size: Int = 2048, seed: UInt8 = 0) -> [UInt8] {
        [0xFF, 0xD8, 0xFF, 0xE0] + (0..<max(0, size - 6)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ Int(seed)) } + [0xFF, 0xD9]
    }

    static func png(size: Int = 1024, seed: UInt8 = 0) -> [UInt8] {
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + (0..<max(0, size - 8)).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ Int(seed)) }
    }

    static let gif: [UInt8] = Array("GIF89a".utf8) + [UInt8](repeating: 0, count: 64)
}
