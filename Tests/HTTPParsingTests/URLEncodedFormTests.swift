import Testing
@testable import HTTPParsing

/// `application/x-www-form-urlencoded` as the WHATWG URL standard (§5.1) parses it.
@Suite struct URLEncodedFormTests {
    /// `name=value` strings, so pairs compare in one `#expect`.
    private func pairs(_ body: String) -> [String] {
        URLEncodedForm.parse(Array(body.utf8)).map { "\($0.name)=\($0.value)" }
    }

    @Test func pairs_keepTheirOrder() {
        #expect(pairs("name=Widget&price=1000&currency=KRW") == ["name=Widget", "price=1000", "currency=KRW"])
    }

    @Test func plus_isASpace_andEncodedPlus_isAPlus() {
        #expect(pairs("q=a+b%2Bc&a+b=1") == ["q=a b+c", "a b=1"])
    }

    @Test func percent20_isASpace() {
        #expect(pairs("q=a%20b%20") == ["q=a b "])
    }

    @Test func hexDigits_inEitherCase() {
        #expect(pairs("a=%2f%2F%e2%82%ac") == ["a=//€"])
    }

    // WHATWG percent-decode: a `%` not followed by two hex digits stays as it is.
    @Test func malformedPercent_isKeptLiterally() {
        #expect(pairs("a=100%&b=%2&c=%zz&d=%%41&e=%4") == ["a=100%", "b=%2", "c=%zz", "d=%A", "e=%4"])
    }

    @Test func utf8_isDecoded() {
        #expect(pairs("name=%EC%9A%B0%EC%9C%A0%EB%B3%91+%ED%85%80%EB%B8%94%EB%9F%AC") == ["name=우유병 텀블러"])
        #expect(pairs("raw=우유병") == ["raw=우유병"])
    }

    @Test func invalidUTF8_becomesReplacementCharacters() {
        #expect(pairs("a=%FF%FEok&b=%E2%82") == ["a=\u{FFFD}\u{FFFD}ok", "b=\u{FFFD}"])
    }

    @Test func emptyPairs_areSkipped() {
        #expect(pairs("&a=1&&b=2&") == ["a=1", "b=2"])
        #expect(pairs("").isEmpty)
        #expect(pairs("&&&").isEmpty)
    }

    @Test func repeatedNames_areAllKept() {
        #expect(pairs("tag=a&tag=b&other=x&tag=c") == ["tag=a", "tag=b", "other=x", "tag=c"])
    }

    @Test func missingOrEmptyParts() {
        #expect(pairs("flag&a=&=v&=") == ["flag=", "a=", "=v", "="])
    }

    @Test func onlyTheFirstEquals_splits() {
        #expect(pairs("a=b=c&d==") == ["a=b=c", "d=="])
    }

    @Test func crlfInAValue_survives() {
        #expect(pairs("description=line+one%0D%0Aline+two") == ["description=line one\r\nline two"])
    }

    @Test func percentDecode_givesRawBytes() {
        #expect(URLEncodedForm.percentDecode(Array("a%00b%2F+".utf8), plusAsSpace: false) == [0x61, 0, 0x62, 0x2F, 0x2B])
        #expect(URLEncodedForm.percentDecode(Array("+".utf8), plusAsSpace: true) == [0x20])
    }

    @Test func encode_escapesReservedBytes() {
        #expect(URLEncodedForm.encode("a b&c=d+e%f/é") == "a+b%26c%3Dd%2Be%25f%2F%C3%A9")
        #expect(URLEncodedForm.encode("AZaz09-._~") == "AZaz09-._~")
    }

    @Test(arguments: ["", "plain", "a b", "100% & more = +plus+", "우유병 텀블러", "line\r\nbreak", "🙂 \"quoted\" '\u{301}'"])
    func encode_thenParse_roundTrips(value: String) {
        let body = "k=\(URLEncodedForm.encode(value))&\(URLEncodedForm.encode(value))=v"
        let parsed = URLEncodedForm.parse(Array(body.utf8))
        #expect(parsed.map(\.value) == [value, "v"])
        #expect(parsed.map(\.name) == ["k", value])
    }
}

/// Where the pairs lie, before any decoding: what `parse` decodes and `HTTPRequest.queryPairs` reads.
@Suite struct URLEncodedFormSpanTests {
    func spans(_ text: String) -> [String] {
        let bytes = Array(text.utf8)
        return URLEncodedForm.spans(text).map { span in
            String(decoding: bytes[span.name], as: UTF8.self) + "|" + String(decoding: bytes[span.value], as: UTF8.self)
                + (span.nameIsEncoded ? "|encoded" : "")
        }
    }

    @Test func pairsEmptyPiecesAndMissingValues() {
        #expect(spans("a=1&&b&=x&c=") == ["a|1", "b|", "|x", "c|"])
        #expect(spans("") == [])
        #expect(spans("&&&") == [])
    }

    @Test func theFirstEqualsSplits_andLaterOnesBelongToTheValue() {
        #expect(spans("a=b=c") == ["a|b=c"])
    }

    @Test func encodedNames_areMarked_encodedValuesNeedNot() {
        #expect(spans("%6Cang=ko&a+b=1&x=%zz+y") == ["%6Cang|ko|encoded", "a+b|1|encoded", "x|%zz+y"])
    }

    @Test func parse_decodesExactlyTheSpans() {
        let text = "q=a+b%2Bc&&a+b=1&%zz=%&x"
        let bytes = Array(text.utf8)
        let decoded = URLEncodedForm.spans(text).map { span in
            URLEncodedForm.Field(URLEncodedForm.decode(bytes[span.name]), URLEncodedForm.decode(bytes[span.value]))
        }
        #expect(URLEncodedForm.parse(text) == decoded)
    }
}
