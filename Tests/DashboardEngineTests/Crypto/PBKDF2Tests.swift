import Testing

@testable import DashboardEngine

/// PBKDF2-HMAC-SHA256's published vectors: RFC 7914 §11 (the two of 64 bytes) and the widely
/// published `password`/`salt` ones of 32 bytes.
@Suite struct PBKDF2Tests {
    static func derived(_ password: String, _ salt: String, _ iterations: Int, _ length: Int) -> String {
        SHA256.hexString(PBKDF2.sha256(password: Array(password.utf8), salt: Array(salt.utf8), iterations: iterations, length: length))
    }

    @Test func rfc7914_passwd_salt_1iteration_64bytes() {
        #expect(
            Self.derived("passwd", "salt", 1, 64)
                == "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc"
                + "49ca9cccf179b645991664b39d77ef317c71b845b1e30bd509112041d3a19783")
    }

    @Test func rfc7914_Password_NaCl_80000iterations_64bytes() {
        #expect(
            Self.derived("Password", "NaCl", 80000, 64)
                == "4ddcd8f60b98be21830cee5ef22701f9641a4418d04c0414aeff08876b34ab56"
                + "a1d425a1225833549adb841b51c9b3176a272bdebba1d078478f62b397f33c8d")
    }

    @Test(arguments: [
        (1, "120fb6cffcf8b32c43e7225256c4f837a86548c92ccc35480805987cb70be17b"),
        (2, "ae4d0c95af6b46d32d0adff928f06dd02a303f8ef3c251dfd6e2d85a95474c43"),
        (4096, "c5e478d59288c841aa530db6845c4c8d962893a001ce4e11a4963873aa98134a"),
    ])
    func password_salt_32bytes(iterations: Int, expected: String) {
        #expect(Self.derived("password", "salt", iterations, 32) == expected)
    }

    /// A length that is not a whole number of blocks takes the first bytes of the last block.
    @Test func aShortLength_isThePrefixOfTheLongerKey() {
        #expect(Self.derived("passwd", "salt", 1, 40) == String(Self.derived("passwd", "salt", 1, 64).prefix(80)))
    }
}
