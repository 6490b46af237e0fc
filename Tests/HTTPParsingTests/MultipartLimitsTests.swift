import Testing
@testable import HTTPParsing

/// Every limit answers 413 and trips while the body streams, before the part is read whole.
@Suite struct MultipartLimitsTests {
    private func field(_ name: String, _ value: String) -> String {
        "--B\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n"
    }

    private func file(_ name: String, _ filename: String, _ data: [UInt8]) -> [UInt8] {
        formBytes("--B\r\nContent-Disposition: form-data; name=\"\(name)\"; filename=\"\(filename)\"\r\n\r\n")
            + data + formBytes("\r\n")
    }

    @Test func partsUpToTheLimit_areAccepted() throws {
        let body = formBytes((0..<3).map { field("f\($0)", "v") }.joined() + "--B--")
        #expect(try MultipartFeeding.parts(body, limits: MultipartLimits(maxParts: 3)).count == 3)
    }

    @Test func tooManyParts_is413() {
        let body = formBytes((0..<4).map { field("f\($0)", "v") }.joined() + "--B--")
        let error = MultipartFeeding.error(body, limits: MultipartLimits(maxParts: 3))
        #expect(error == .tooManyParts(limit: 3))
        #expect(error?.status == .contentTooLarge)
    }

    @Test func tooManyParts_tripsAtTheExtraDelimiter() {
        let head = formBytes((0..<3).map { field("f\($0)", "v") }.joined() + "--B\r\n")
        let body = head + formBytes("Content-Disposition: form-data; name=\"x\"\r\n\r\n" + String(repeating: "y", count: 1000))
        #expect(MultipartFeeding.bytesFedBeforeError(body, limits: MultipartLimits(maxParts: 3)) == head.count)
    }

    @Test func oversizedPartHeaders_are413_beforeTheirEnd() {
        let limits = MultipartLimits(maxPartHeaderBytes: 100)
        let body = formBytes("--B\r\nContent-Disposition: form-data; name=\"a\"\r\nX-Long: "
            + String(repeating: "h", count: 500) + "\r\n\r\nv\r\n--B--")
        let error = MultipartFeeding.error(body, limits: limits)
        #expect(error == .partHeadersTooLarge(limit: 100))
        #expect(error?.status == .contentTooLarge)
        #expect(MultipartFeeding.bytesFedBeforeError(body, limits: limits) == 5 + 101)
    }

    @Test func partHeadersAtTheLimit_areAccepted() throws {
        let headers = "Content-Disposition: form-data; name=\"a\"\r\n\r\n"
        let body = formBytes("--B\r\n" + headers + "v\r\n--B--")
        let limits = MultipartLimits(maxPartHeaderBytes: headers.utf8.count)
        #expect(try MultipartFeeding.parts(body, limits: limits).map(\.summary) == ["a=v"])
    }

    @Test func oversizedField_is413_beforeTheWholePartIsRead() {
        let limits = MultipartLimits(maxFieldBytes: 10)
        let body = formBytes(field("description", String(repeating: "d", count: 1000)) + "--B--")
        let error = MultipartFeeding.error(body, limits: limits)
        #expect(error == .fieldTooLarge(name: "description", limit: 10))
        #expect(error?.status == .contentTooLarge)
        let fed = MultipartFeeding.bytesFedBeforeError(body, limits: limits)
        #expect(fed.map { $0 < 100 } == true, "stopped after \(fed ?? -1) of \(body.count) bytes")
    }

    @Test func fieldAtTheLimit_isAccepted() throws {
        let body = formBytes(field("a", "0123456789") + "--B--")
        #expect(try MultipartFeeding.parts(body, limits: MultipartLimits(maxFieldBytes: 10)).map(\.summary) == ["a=0123456789"])
    }

    @Test func fileLimit_doesNotApplyToFields() throws {
        let limits = MultipartLimits(maxFieldBytes: 100, maxFileBytes: 4)
        let body = formBytes(field("a", "longer than four") + "--B--")
        #expect(try MultipartFeeding.parts(body, limits: limits).count == 1)
    }

    @Test func oversizedFile_is413_beforeTheWholePartIsRead() {
        let limits = MultipartLimits(maxFieldBytes: 1_000_000, maxFileBytes: 1000)
        let body = file("images", "big.jpg", [UInt8](repeating: 0xAB, count: 100_000)) + formBytes("--B--")
        let error = MultipartFeeding.error(body, limits: limits)
        #expect(error == .fileTooLarge(name: "images", filename: "big.jpg", limit: 1000))
        #expect(error?.status == .contentTooLarge)
        let fed = MultipartFeeding.bytesFedBeforeError(body, limits: limits)
        #expect(fed.map { $0 < 1200 } == true, "stopped after \(fed ?? -1) of \(body.count) bytes")
    }

    @Test func fileAtTheLimit_isAccepted() throws {
        let data = [UInt8](repeating: 7, count: 1000)
        let body = file("images", "ok.jpg", data) + formBytes("--B--")
        let parts = try MultipartFeeding.parts(body, limits: MultipartLimits(maxFileBytes: 1000))
        #expect(parts.first?.bytes == data)
    }

    @Test func filesTogetherOverTheTotal_are413() {
        let limits = MultipartLimits(maxFileBytes: 600, maxTotalFileBytes: 1000)
        let data = [UInt8](repeating: 1, count: 600)
        let body = file("images", "1.jpg", data) + file("images", "2.jpg", data) + formBytes("--B--")
        let error = MultipartFeeding.error(body, limits: limits)
        #expect(error == .totalFileBytesTooLarge(limit: 1000))
        #expect(error?.status == .contentTooLarge)
    }

    @Test func errors_sayWhatHappened() {
        #expect(MultipartError.fileTooLarge(name: "images", filename: "big.jpg", limit: 300 * 1024).message
            == "The file big.jpg is larger than 300 KB.")
        #expect(MultipartError.fieldTooLarge(name: "description", limit: 64 * 1024).message
            == "The field description is larger than 64 KB.")
        #expect(MultipartError.totalFileBytesTooLarge(limit: 2 * 1024 * 1024).message.contains("2 MB"))
        #expect(MultipartError.tooManyParts(limit: 16).description == "413: The form has more than 16 parts.")
        #expect(MultipartError.missingFinalBoundary.description.hasPrefix("400: "))
    }
}
