import HTTPServer
import Testing

@testable import Dashboard

/// RFC 9110 §12.5.4 `Accept-Language`, as the dashboard reads it: weights, regions, garbage.
@Suite struct LanguageNegotiationTests {
    @Test(arguments: [
        ("ko-KR,ko;q=0.9,en;q=0.8", Language.ko),
        ("ko", .ko),
        ("ko-KR", .ko),
        ("KO-kr", .ko),
        ("ko-Kore-KR", .ko),
        ("en-US,en;q=0.9", .en),
        ("en-US,en;q=0.9,ko;q=0.8", .en),
        ("en;q=0.5, ko;q=0.6", .ko),
        ("fr-FR, ko;q=0.3", .ko),
        ("ko;q=0, en;q=0.1", .en),
        ("ko;q=1.000", .ko),
        ("de, *;q=0.5", .en),
        ("ko;q=0.8, en;q=0.8", .ko),
    ])
    func acceptLanguage_bestWeightWins(_ header: String, _ expected: Language) {
        #expect(Language.negotiate([header]) == expected)
    }

    @Test(arguments: ["", "fr-FR, de;q=0.9", ";;;,,,", "ko;q=2", "ko;q=abc", "ko;q=0.12345", "k@o", "ko;q=0", "kor"])
    func unknownOrGarbage_namesNothingOfOurs(_ header: String) {
        #expect(Language.negotiate([header]) == nil)
    }

    @Test func qvalues_areReadInThousandths() {
        #expect(Language.qvalue("0.8") == 800)
        #expect(Language.qvalue("1") == 1000)
        #expect(Language.qvalue("0.125") == 125)
        #expect(Language.qvalue("1.5") == nil)
        #expect(Language.qvalue(".5") == nil)
    }

    func request(_ target: String, _ headers: HTTPHeaders = [:]) -> HTTPRequest {
        HTTPRequest(method: .get, target: target, headers: headers)
    }

    @Test func queryWins_thenCookie_thenHeader_thenEnglish() {
        #expect(Language(request("/products?lang=en", ["Accept-Language": "ko", "Cookie": "om_lang=ko"])) == .en)
        #expect(Language(request("/products", ["Accept-Language": "en", "Cookie": "om_lang=ko"])) == .ko)
        #expect(Language(request("/products", ["Accept-Language": "ko-KR"])) == .ko)
        #expect(Language(request("/products")) == .en)
        // Unknown values are ignored, not obeyed.
        #expect(Language(request("/products?lang=fr", ["Cookie": "om_lang=xx", "Accept-Language": "ko"])) == .ko)
    }

    @Test func onlyAnExplicitChoice_isRemembered() throws {
        let cookie = try #require(Language.cookie(for: request("/products?lang=ko")))
        #expect(cookie.hasPrefix("om_lang=ko;"))
        #expect(cookie.contains("SameSite=Lax") && cookie.contains("Max-Age=31536000") && cookie.contains("Path=/"))
        #expect(Language.cookie(for: request("/products", ["Accept-Language": "ko"])) == nil)
        #expect(Language.cookie(for: request("/products?lang=fr")) == nil)
    }
}
