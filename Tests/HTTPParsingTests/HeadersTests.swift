import HTTPParsing
import Testing

/// `HTTPHeaders` lookups: names compare case-insensitively in ASCII only, and list tokens
/// are split, trimmed and lowercased over bytes for ASCII values (Unicode-aware otherwise).
@Suite struct HeadersTests {
    @Test func lookup_ignoresASCIICase() {
        var headers: HTTPHeaders = ["Content-Type": "text/plain", "X-Custom": "1", "x-custom": "2"]
        #expect(headers["content-type"] == "text/plain")
        #expect(headers["CONTENT-TYPE"] == "text/plain")
        #expect(headers.values(for: "X-CUSTOM") == ["1", "2"])
        #expect(headers.contains("x-CuStOm"))
        #expect(headers["Content-Typ"] == nil)
        #expect(!headers.contains("Content-Types"))
        headers.remove("X-custom")
        #expect(headers.count == 1)
    }

    /// Bytes that differ by 0x20 but are not letters (`@` and a backtick, `[` and `{`) are
    /// different, and non-ASCII letters are not folded.
    @Test func caseFolding_isASCIILettersOnly() {
        #expect("Host".asciiCaseInsensitiveEquals("hOST"))
        #expect(!"a@b".asciiCaseInsensitiveEquals("a`b"))
        #expect(!"x[".asciiCaseInsensitiveEquals("x{"))
        #expect(!"x^".asciiCaseInsensitiveEquals("x~"))
        #expect(!"café".asciiCaseInsensitiveEquals("CAFÉ"))
        #expect("café".asciiCaseInsensitiveEquals("CAFé"))
        #expect(!"Host".asciiCaseInsensitiveEquals("Hosts"))
    }

    @Test func caseFolding_agreesWithLowercasingASCIIBytes() async {
        let alphabet = Array("aAzZ@`[{^~-_09é".unicodeScalars)
        func lowered(_ s: String) -> [UInt8] { s.utf8.map { (65...90).contains($0) ? $0 | 0x20 : $0 } }
        await SplitMix64.cases(2000, base: 0x4845_4144_0000) { seed, rng in
            let a = String(String.UnicodeScalarView((0..<Int.random(in: 0...5, using: &rng)).map { _ in alphabet.pick(&rng) }))
            // Often the same text with some letters' case flipped, so equal lengths are common.
            let b = Bool.random(using: &rng)
                ? String(decoding: a.utf8.map { (65...90).contains($0 & ~0x20) && Bool.random(using: &rng) ? $0 ^ 0x20 : $0 }, as: UTF8.self)
                : String(String.UnicodeScalarView((0..<Int.random(in: 0...5, using: &rng)).map { _ in alphabet.pick(&rng) }))
            #expect(a.asciiCaseInsensitiveEquals(b) == (lowered(a) == lowered(b)), "seed \(seed): \(a) vs \(b)")
        }
    }

    @Test func tokens_areTrimmedLowercasedAndSkipEmptyItems() {
        let headers: HTTPHeaders = ["Connection": " Keep-Alive ,\tUPGRADE,, ,close", "connection": "TE"]
        #expect(headers.tokens(for: "CONNECTION") == ["keep-alive", "upgrade", "close", "te"])
        #expect(headers.tokens(for: "Upgrade") == [])
    }

    /// The byte-level split agrees with splitting, trimming and lowercasing Strings, for ASCII
    /// values and for values with non-ASCII text (which take the String way).
    @Test func tokens_agreeWithTheStringWay() async {
        let pieces = ["a", "B", "Close", ",", ", ", " ", "\t", ",,", "keep-alive", "É", "é,", "ß", "\u{301}", "x y"]
        await SplitMix64.cases(2000, base: 0x544F_4B4E_0000) { seed, rng in
            let value = (0..<Int.random(in: 0...6, using: &rng)).map { _ in pieces.pick(&rng) }.joined()
            let headers: HTTPHeaders = ["Connection": value]
            let expected = value.split(separator: ",").map { Self.trimmed($0).lowercased() }.filter { !$0.isEmpty }
            #expect(headers.tokens(for: "connection") == expected, "seed \(seed): \(value.debugDescription)")
        }
    }

    /// OWS trimming as RFC 9110 §5.6.3 has it: spaces and tabs only.
    static func trimmed(_ s: Substring) -> String {
        var scalars = s.unicodeScalars[...]
        while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        return String(String.UnicodeScalarView(scalars))
    }
}

/// The token bytes of header names and methods, byte by byte against RFC 9110's list: the
/// masks that answer it are easy to get one bit wrong.
@Suite("Parser: token bytes")
struct TokenByteTests {
    @Test func everyByte_isATokenByteExactlyWhenTheRFCSaysSo() {
        let symbols = Array("!#$%&'*+-.^_`|~".utf8)
        for byte in UInt8.min...UInt8.max {
            let letterOrDigit = (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
            #expect(HTTPRequestParser.isTokenByte(byte) == (letterOrDigit || symbols.contains(byte)), "byte \(byte)")
        }
    }
}
