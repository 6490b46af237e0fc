import Testing
@testable import HTTPParsing

/// RFC 7578 §4.2 `Content-Disposition: form-data` parameters, as clients really send them.
@Suite struct MultipartContentDispositionTests {
    /// The head of a one-part body whose Content-Disposition value is `disposition`.
    private func head(_ disposition: String) throws -> MultipartPart {
        let body = formBytes("--B\r\nContent-Disposition: \(disposition)\r\n\r\nx\r\n--B--\r\n")
        return try #require(try MultipartFeeding.parts(body).first)
    }

    @Test func plainField_hasNoFilename() throws {
        let part = try head("form-data; name=\"field\"")
        #expect(part.name == "field")
        #expect(part.filename == nil)
        #expect(!part.isFile)
    }

    @Test func filename_makesAFilePart() throws {
        let part = try head("form-data; name=\"images\"; filename=\"photo.jpg\"")
        #expect(part.name == "images")
        #expect(part.filename == "photo.jpg")
        #expect(part.isFile)
    }

    @Test func unquotedValues_andParameterCase_areAccepted() throws {
        let part = try head("Form-Data; NAME=field;FileName=a.txt")
        #expect(part.name == "field")
        #expect(part.filename == "a.txt")
    }

    @Test func quotedPairs_areUnescaped() throws {
        let part = try head(#"form-data; name="a\"b"; filename="say \"hi\".txt""#)
        #expect(part.name == #"a"b"#)
        #expect(part.filename == #"say "hi".txt"#)
    }

    @Test func semicolonInsideQuotes_isPartOfTheValue() throws {
        let part = try head(#"form-data; name="a;b=c"; filename="x; y.txt""#)
        #expect(part.name == "a;b=c")
        #expect(part.filename == "x; y.txt")
    }

    // WHATWG HTML form encoding: browsers write `"` as %22 and CR/LF as %0D/%0A.
    @Test func browserPercentEscapes_areDecoded() throws {
        let part = try head(#"form-data; name="say %22hi%22%0D%0A"; filename="a %22b%22 100%25.txt""#)
        #expect(part.name == "say \"hi\"\r\n")
        #expect(part.filename == "a \"b\" 100%25.txt")
    }

    @Test func rawUTF8Filename_isDecoded() throws {
        let part = try head("form-data; name=\"images\"; filename=\"사진 1.png\"")
        #expect(part.filename == "사진 1.png")
    }

    // RFC 5987 / 8187 ext-value; `filename*` wins over `filename`.
    @Test func extendedFilename_takesPrecedence() throws {
        let part = try head("form-data; name=\"f\"; filename=\"EURO.jpg\"; filename*=UTF-8''%E2%82%AC.jpg")
        #expect(part.filename == "€.jpg")
        let reversed = try head("form-data; name=\"f\"; filename*=utf-8'ko'%EC%82%AC%EC%A7%84.png; filename=\"x\"")
        #expect(reversed.filename == "사진.png")
    }

    @Test func extendedFilename_latin1_isDecoded() throws {
        #expect(try head("form-data; name=\"f\"; filename*=ISO-8859-1''caf%E9.txt").filename == "café.txt")
    }

    @Test(arguments: [
        "form-data; name=\"f\"; filename=\"fallback.txt\"; filename*=KOI8-R''%C1.txt",
        "form-data; name=\"f\"; filename=\"fallback.txt\"; filename*=UTF-8''%FF%FE.txt",
        "form-data; name=\"f\"; filename=\"fallback.txt\"; filename*=no-quotes.txt",
    ])
    func unusableExtendedFilename_fallsBackToFilename(disposition: String) throws {
        #expect(try head(disposition).filename == "fallback.txt")
    }

    @Test func extendedFilenameAlone_makesAFilePart() throws {
        let part = try head("form-data; name=\"f\"; filename*=UTF-8''a%20b.txt")
        #expect(part.filename == "a b.txt")
        #expect(part.isFile)
    }

    @Test func emptyFilenameWithData_isKeptAsAFile() throws {
        let part = try head("form-data; name=\"f\"; filename=\"\"")
        #expect(part.filename == "")
        #expect(part.bytes == formBytes("x"))
    }

    @Test func emptyName_isAllowed() throws {
        #expect(try head("form-data; name=\"\"").name == "")
    }
}
