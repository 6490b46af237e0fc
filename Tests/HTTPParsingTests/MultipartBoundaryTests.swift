import Testing
@testable import HTTPParsing

/// `MultipartForm.boundary(fromContentType:)`: RFC 2046 §5.1.1 boundaries in RFC 9110 media types.
@Suite struct MultipartBoundaryTests {
    @Test(arguments: [
        ("multipart/form-data; boundary=abc", "abc"),
        ("multipart/form-data;boundary=abc", "abc"),
        ("multipart/form-data; boundary=\"abc\"", "abc"),
        ("Multipart/Form-Data; BOUNDARY=abc", "abc"),
        ("multipart/form-data ; charset=utf-8; boundary=abc ; x=y", "abc"),
        ("multipart/form-data; boundary=----WebKitFormBoundary7MA4YWxkTrZu0gW",
         "----WebKitFormBoundary7MA4YWxkTrZu0gW"),
        ("multipart/form-data; boundary=\"a b'()+_,-./:=?\"", "a b'()+_,-./:=?"),
        ("multipart/form-data; boundary=\"\(String(repeating: "z", count: 70))\"",
         String(repeating: "z", count: 70)),
    ])
    func validBoundary_isFound(contentType: String, expected: String) {
        #expect(MultipartForm.boundary(fromContentType: contentType) == expected)
    }

    @Test(arguments: [
        "multipart/form-data",
        "multipart/form-data; boundary=",
        "multipart/form-data; boundary=\"\"",
        "multipart/form-data; boundary=\"abc",
        "multipart/form-data; boundary=\"ends with space \"",
        "multipart/form-data; boundary=\(String(repeating: "z", count: 71))",
        "multipart/form-data; boundary=\"no<angle>\"",
        "multipart/form-data; boundary=\"한글\"",
        "multipart/mixed; boundary=abc",
        "application/x-www-form-urlencoded; boundary=abc",
        "",
    ])
    func missingOrInvalidBoundary_isNil(contentType: String) {
        #expect(MultipartForm.boundary(fromContentType: contentType) == nil)
    }

    @Test func boundaryFromContentType_parsesTheBody() throws {
        let boundary = try #require(MultipartForm.boundary(fromContentType: "multipart/form-data;boundary=\"x y\""))
        let parts = try MultipartFeeding.parts(formBytes(
            "--x y\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--x y--"), boundary: boundary)
        #expect(parts.map(\.summary) == ["a=1"])
    }
}
