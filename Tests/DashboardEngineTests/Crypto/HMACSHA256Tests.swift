import Testing

@testable import DashboardEngine

/// RFC 4231 §4.2 to §4.8: HMAC-SHA-256's test cases 1 to 7 (case 5's code truncated to 128 bits).
@Suite struct HMACSHA256Tests {
    static let longKey = [UInt8](repeating: 0xaa, count: 131)

    @Test(arguments: [
        (1, [UInt8](repeating: 0x0b, count: 20), Array("Hi There".utf8),
         "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"),
        (2, Array("Jefe".utf8), Array("what do ya want for nothing?".utf8),
         "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"),
        (3, [UInt8](repeating: 0xaa, count: 20), [UInt8](repeating: 0xdd, count: 50),
         "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"),
        (4, Array(1...25 as ClosedRange<UInt8>), [UInt8](repeating: 0xcd, count: 50),
         "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b"),
        (6, longKey, Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
         "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"),
        (7, longKey,
         Array(("This is a test using a larger than block-size key and a larger than block-size data. "
            + "The key needs to be hashed before being used by the HMAC algorithm.").utf8),
         "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2"),
    ])
    func rfc4231(testCase: Int, key: [UInt8], data: [UInt8], expected: String) {
        #expect(SHA256.hexString(HMACSHA256.code(data, key: key)) == expected, "test case \(testCase)")
    }

    @Test func rfc4231_case5_truncatedTo128Bits() {
        let code = HMACSHA256.code(Array("Test With Truncation".utf8), key: [UInt8](repeating: 0x0c, count: 20))
        #expect(SHA256.hexString(Array(code.prefix(16))) == "a3b6167473100ee06e0c796c2955552b")
    }
}
