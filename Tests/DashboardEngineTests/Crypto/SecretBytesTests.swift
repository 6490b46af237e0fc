import Testing

@testable import DashboardEngine

@Suite struct SecretBytesTests {
    @Test func equal_comparesEveryByte_andTheLength() {
        #expect(SecretBytes.equal([1, 2, 3], [1, 2, 3]))
        #expect(!SecretBytes.equal([1, 2, 3], [1, 2, 4]))
        #expect(!SecretBytes.equal([9, 2, 3], [1, 2, 3]))
        #expect(!SecretBytes.equal([1, 2], [1, 2, 3]))
        #expect(SecretBytes.equal([], []))
    }

    @Test func random_givesTheCountAsked_andDiffersFromCallToCall() {
        for count in [0, 1, 7, 8, 16, 32, 33] { #expect(SecretBytes.random(count).count == count) }
        #expect(SecretBytes.random(32) != SecretBytes.random(32))
    }

    /// RFC 4648 §10's vectors, in the URL alphabet without padding.
    @Test func base64URL_rfc4648() {
        let cases = ["": "", "f": "Zg", "fo": "Zm8", "foo": "Zm9v", "foob": "Zm9vYg", "fooba": "Zm9vYmE", "foobar": "Zm9vYmFy"]
        for (plain, encoded) in cases { #expect(SecretBytes.base64URL(Array(plain.utf8)) == encoded) }
        #expect(SecretBytes.base64URL([0xfb, 0xff]) == "-_8")
    }

    @Test func isBase64URL_acceptsOnlyTheLengthAndAlphabet() {
        let id = SecretBytes.base64URL(SecretBytes.random(32))
        #expect(id.utf8.count == 43)
        #expect(SecretBytes.isBase64URL(id, byteCount: 32))
        #expect(!SecretBytes.isBase64URL(id + "A", byteCount: 32))
        #expect(!SecretBytes.isBase64URL(String(id.dropLast()) + "=", byteCount: 32))
        #expect(!SecretBytes.isBase64URL(String(id.dropLast()) + "/", byteCount: 32))
    }
}
