import Testing
@testable import HTTPParsing

/// RFC 2046 §5.1.1 framing and RFC 7578 form-data, each vector fed whole, in 1- and 16-byte pieces.
@Suite struct MultipartParserTests {
    @Test func twoFields_parseInOrder() throws {
        let parts = try MultipartFeeding.parts(formBytes(
            "--B\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\none\r\n"
                + "--B\r\nContent-Disposition: form-data; name=\"b\"\r\n\r\ntwo\r\n--B--\r\n"))
        #expect(parts.map(\.summary) == ["a=one", "b=two"])
        #expect(parts.allSatisfy { $0.filename == nil && $0.contentType == nil })
    }

    @Test func preambleAndEpilogue_areIgnored() throws {
        let parts = try MultipartFeeding.parts(formBytes(
            "This is a preamble.\r\n--B is not it\r\n"
                + "--B\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\none\r\n--B--\r\n"
                + "epilogue --B\r\nContent-Disposition: form-data; name=\"x\"\r\n\r\nignored"))
        #expect(parts.map(\.summary) == ["a=one"])
    }

    // RFC 2046 §5.1.1: the CRLF before a delimiter belongs to it; the first may come without one.
    @Test func firstDelimiterAfterCRLF_isAccepted() throws {
        let parts = try MultipartFeeding.parts(formBytes(
            "\r\n--B\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\none\r\n--B--"))
        #expect(parts.map(\.summary) == ["a=one"])
    }

    @Test func closeDelimiterOnly_isAnEmptyForm() throws {
        #expect(try MultipartFeeding.parts(formBytes("--B--\r\n")).isEmpty)
    }

    @Test func fieldValues_keepCRLFAndKorean() throws {
        let parts = try MultipartFeeding.parts(formBytes(
            "--B\r\nContent-Disposition: form-data; name=\"description\"\r\n\r\n"
                + "하얀 우유병 모양의 텀블러!\r\n둘째 줄\r\n\r\n--B\r\n"
                + "Content-Disposition: form-data; name=\"이름\"\r\n\r\n에어팟 3\r\n--B--"))
        #expect(parts.map(\.name) == ["description", "이름"])
        #expect(parts[0].text == "하얀 우유병 모양의 텀블러!\r\n둘째 줄\r\n")
        #expect(parts[1].text == "에어팟 3")
    }

    @Test func emptyField_hasEmptyValue() throws {
        let parts = try MultipartFeeding.parts(formBytes(
            "--B\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n\r\n--B--"))
        #expect(parts.map(\.summary) == ["a="])
    }

    // The boundary string is only a delimiter after CRLF "--" and before "--", padding or CRLF.
    @Test func boundaryBytesInsideFileData_areData() throws {
        let data = formBytes("--XYZ at start\r\nXYZ\r\n-XYZ\r\n--XY\r\n--XYZ-\r\n--XYZZY\r\n--XYZ\rno\r\r\n--X")
        let body = formBytes("--XYZ\r\nContent-Disposition: form-data; name=\"f\"; filename=\"f.bin\"\r\n\r\n")
            + data + formBytes("\r\n--XYZ--\r\n")
        let parts = try MultipartFeeding.parts(body, boundary: "XYZ")
        #expect(parts.count == 1)
        #expect(parts.first?.bytes == data)
    }

    @Test func boundaryBytesInsideFileData_splitAtEveryPoint_areData() throws {
        let data = formBytes("a\r\n--XYZ-\r\n--XY\r\r\n--XYZx\r\n")
        let body = formBytes("--XYZ\r\nContent-Disposition: form-data; name=\"f\"; filename=\"f\"\r\n\r\n")
            + data + formBytes("\r\n--XYZ--")
        for split in 0...body.count {
            var parser = MultipartParser(boundary: "XYZ")
            var collector = MultipartCollector()
            parser.append(body[..<split])
            _ = try collector.collect(from: &parser)
            parser.append(body[split...])
            parser.finish()
            #expect(try collector.collect(from: &parser), "split at \(split)")
            #expect(collector.parts == [MultipartPart(name: "f", filename: "f", headers: [
                "Content-Disposition": "form-data; name=\"f\"; filename=\"f\"",
            ], bytes: data)], "split at \(split)")
        }
    }

    @Test func fileData_withEveryByteValue_roundTrips() throws {
        let data = (0..<4).flatMap { _ in (0...255).map { UInt8($0) } } + formBytes("\r\n--")
        let body = formBytes("--B\r\nContent-Disposition: form-data; name=\"f\"; filename=\"x\"\r\n"
            + "Content-Type: application/octet-stream\r\n\r\n") + data + formBytes("\r\n--B--")
        let parts = try MultipartFeeding.parts(body)
        #expect(parts.first?.bytes == data)
        #expect(parts.first?.contentType == "application/octet-stream")
    }

    @Test func transportPaddingAfterDelimiter_isAllowed() throws {
        let parts = try MultipartFeeding.parts(formBytes(
            "--B \t\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\none\r\n--B  \r\n"
                + "Content-Disposition: form-data; name=\"b\"\r\n\r\ntwo\r\n--B--"))
        #expect(parts.map(\.summary) == ["a=one", "b=two"])
    }

    @Test func partHeaders_areKeptInOrder() throws {
        let parts = try MultipartFeeding.parts(formBytes(
            "--B\r\ncontent-disposition: form-data; name=\"p\"\r\nContent-Type: application/json\r\n"
                + "X-Extra:  spaced value \r\n\r\n{}\r\n--B--"))
        let part = try #require(parts.first)
        #expect(part.contentType == "application/json")
        #expect(part.headers.fields.map(\.name) == ["content-disposition", "Content-Type", "X-Extra"])
        #expect(part.headers["x-extra"] == "spaced value")
    }

    @Test func foldedPartHeader_isUnfolded() throws {
        let parts = try MultipartFeeding.parts(formBytes(
            "--B\r\nContent-Disposition: form-data;\r\n name=\"a\"\r\n\r\none\r\n--B--"))
        #expect(parts.map(\.summary) == ["a=one"])
    }

    // A missing close delimiter means the body was cut short: 400.
    @Test(arguments: [
        "",
        "no delimiter at all",
        "--B",
        "--B\r\nContent-Disposition: form-data; name=\"a\"",
        "--B\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\none",
        "--B\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\none\r\n--B",
        "--B\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\none\r\n--B-",
        "--B\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\none\r\n--B\r\n",
    ])
    func truncatedBody_isMissingFinalBoundary(body: String) {
        let error = MultipartFeeding.error(formBytes(body))
        #expect(error == .missingFinalBoundary)
        #expect(error?.status == .badRequest)
    }

    // CRLF is required (upstream answers 400 to a body with bare LF line endings).
    @Test(arguments: [
        "--B\nContent-Disposition: form-data; name=\"a\"\n\none\n--B--\n",
        "--B\r\nContent-Disposition: form-data; name=\"a\"\n\none\r\n--B--\r\n",
        "--B\r\nContent-Disposition: form-data; name=\"a\"\r\n\none\r\n--B--\r\n",
        "--B\r\n\nContent-Disposition: form-data; name=\"a\"\r\n\r\none\r\n--B--\r\n",
        "--B\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\none\r\n--B\nContent-Disposition: x\r\n",
    ])
    func bareLineFeed_isRejected(body: String) {
        let error = MultipartFeeding.error(formBytes(body))
        #expect(error == .bareLineFeed)
        #expect(error?.status == .badRequest)
    }

    @Test func bareCRInPartHeaders_isRejected() {
        let error = MultipartFeeding.error(formBytes(
            "--B\r\nContent-Disposition: form-data; name=\"a\"\rX: y\r\n\r\none\r\n--B--"))
        #expect(error == .malformedPartHeader("a CR not followed by LF"))
    }

    // RFC 7578 §4.2: every part has Content-Disposition: form-data with a name.
    @Test(arguments: [
        ("--B\r\n\r\nbody\r\n--B--", MultipartError.missingContentDisposition),
        ("--B\r\nContent-Type: text/plain\r\n\r\nbody\r\n--B--", .missingContentDisposition),
        ("--B\r\nContent-Disposition: attachment; name=\"a\"\r\n\r\nbody\r\n--B--", .missingContentDisposition),
        ("--B\r\nContent-Disposition: form-data; filename=\"a.txt\"\r\n\r\nbody\r\n--B--", .missingName),
        ("--B\r\nContent-Disposition: form-data; name=\"a\r\n\r\nbody\r\n--B--", .missingContentDisposition),
        ("--B\r\nno colon here\r\n\r\nbody\r\n--B--", .malformedPartHeader("no colon here")),
        ("--B\r\n: empty name\r\n\r\nbody\r\n--B--", .malformedPartHeader(": empty name")),
        ("--B\r\n continued\r\n\r\nbody\r\n--B--", .malformedPartHeader(" continued")),
    ])
    func malformedPartHeaders_areRejected(body: String, expected: MultipartError) {
        let error = MultipartFeeding.error(formBytes(body))
        #expect(error == expected)
        #expect(error?.status == .badRequest)
    }

    @Test func invalidBoundary_failsOnFirstEvent() {
        var parser = MultipartParser(boundary: String(repeating: "x", count: 71))
        parser.append(formBytes("--xx"))
        #expect(throws: MultipartError.invalidBoundary) { try parser.next() }
    }

    @Test func afterAnError_theSameErrorRepeats() {
        var parser = MultipartParser(boundary: "B")
        parser.append(formBytes("--B\nx"))
        #expect(throws: MultipartError.bareLineFeed) { try parser.next() }
        parser.append(formBytes("more"))
        #expect(throws: MultipartError.bareLineFeed) { try parser.next() }
    }

    @Test func events_comeInOrder() throws {
        var parser = MultipartParser(boundary: "B")
        parser.append(formBytes("--B\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nhello\r\n--B--"))
        var events: [MultipartEvent] = []
        while true {
            let event = try parser.next()
            events.append(event)
            if event == .end || event == .needMoreData { break }
        }
        #expect(events == [
            .partHeaders(MultipartPartHead(name: "a", headers: ["Content-Disposition": "form-data; name=\"a\""])),
            .partBody(ArraySlice(formBytes("hello"))),
            .partEnd,
            .end,
        ])
        parser.append(formBytes("epilogue"))
        #expect(try parser.next() == .end)
    }

    @Test func undecidedDelimiter_waitsForMoreData() throws {
        var parser = MultipartParser(boundary: "B")
        parser.append(formBytes("--B\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nab\r\n-"))
        #expect(try parser.next() == .partHeaders(MultipartPartHead(
            name: "a", headers: ["Content-Disposition": "form-data; name=\"a\""])))
        #expect(try parser.next() == .partBody(ArraySlice(formBytes("ab"))))
        #expect(try parser.next() == .needMoreData)
        parser.append(formBytes("x"))
        #expect(try parser.next() == .partBody(ArraySlice(formBytes("\r\n-x"))))
    }

    // Work stays linear: a megabyte of near-delimiters fed one byte at a time.
    @Test(.timeLimit(.minutes(3)))
    func nearDelimiters_fedByteByByte_finish() throws {
        let boundary = "----WebKitFormBoundary7MA4YWxkTrZu0gW"
        let near = formBytes("\r\n--" + boundary.dropLast() + "\r\n")
        let data = Array((0..<(128 * 1024 / near.count)).map { _ in near }.joined())
        let body = formBytes("--\(boundary)\r\nContent-Disposition: form-data; name=\"f\"; filename=\"f\"\r\n\r\n")
            + data + formBytes("\r\n--\(boundary)--")
        let result = MultipartFeeding.parse(
            body, boundary: boundary, limits: MultipartLimits(maxFileBytes: 2 << 20), chunkSize: 1)
        #expect(try result.get().first?.bytes == data)
    }
}
