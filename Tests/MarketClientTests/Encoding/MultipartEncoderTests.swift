import Foundation
import Synchronization
import Testing

@testable import MarketClient

struct MultipartEncoderTests {
    let fixed = MultipartEncoder { "B0undary" }

    @Test func exactBytesForASmallForm() throws {
        let image = ImageUpload(filename: "1.jpg", contentType: "image/jpeg", bytes: [0xFF, 0xD8, 0xFF, 0x0D, 0x0A, 0xD9])
        let form = try fixed.encode(params: Array(#"{"name":"Cup"}"#.utf8), images: [image])
        #expect(form.contentType == "multipart/form-data; boundary=B0undary")
        let expected: [UInt8] =
            Array("--B0undary\r\nContent-Disposition: form-data; name=\"params\"\r\nContent-Type: application/json\r\n\r\n".utf8)
            + Array(#"{"name":"Cup"}"#.utf8)
            + Array("\r\n--B0undary\r\nContent-Disposition: form-data; name=\"images\"; filename=\"1.jpg\"\r\nContent-Type: image/jpeg\r\n\r\n".utf8)
            + [0xFF, 0xD8, 0xFF, 0x0D, 0x0A, 0xD9]
            + Array("\r\n--B0undary--\r\n".utf8)
        #expect(form.bytes == expected)
    }

    @Test func parsesBackIntoOneParamsPartAndRepeatedImagesParts() throws {
        let images = (1...5).map { n in
            ImageUpload(filename: "\(n).png", contentType: "image/png", bytes: Array(repeating: UInt8(n), count: 100 * n))
        }
        let params = Array(#"{"price":1000,"secret":"s"}"#.utf8)
        let form = try MultipartEncoder().encode(params: params, images: images)
        let parts = try parseMultipart(form.bytes, boundary: form.boundary)
        #expect(parts.count == 6)
        #expect(parts[0].name == "params")
        #expect(parts[0].headers["content-type"] == "application/json")
        #expect(parts[0].body == params)
        for (part, image) in zip(parts.dropFirst(), images) {
            #expect(part.name == "images")
            #expect(part.filename == image.filename)
            #expect(part.headers["content-type"] == "image/png")
            #expect(part.body == image.bytes)
        }
    }

    @Test func everyLineEndingIsCRLF() throws {
        let form = try MultipartEncoder().encode(
            params: Array("{}".utf8), images: [ImageUpload(filename: "a.jpg", contentType: "image/jpeg", bytes: [1, 2, 3])])
        for (index, byte) in form.bytes.enumerated() where byte == 0x0A {
            #expect(index > 0 && form.bytes[index - 1] == 0x0D)
        }
    }

    @Test func randomBoundariesDiffer() {
        let first = MultipartEncoder.randomBoundary()
        #expect(first.count == 42)
        #expect(first != MultipartEncoder.randomBoundary())
    }

    @Test func boundaryFoundInTheDataIsReplaced() throws {
        let candidates = Mutex(["clash", "clean"])
        let encoder = MultipartEncoder { candidates.withLock { $0.removeFirst() } }
        let image = ImageUpload(filename: "a.jpg", contentType: "image/jpeg", bytes: Array("xx--clash yy".utf8))
        let form = try encoder.encode(params: Array("{}".utf8), images: [image])
        #expect(form.boundary == "clean")
        #expect(try parseMultipart(form.bytes, boundary: "clean")[1].body == image.bytes)
    }

    @Test func alwaysCollidingBoundaryFails() {
        let image = ImageUpload(filename: "a.jpg", contentType: "image/jpeg", bytes: Array("--B0undary".utf8))
        #expect(throws: MultipartEncoder.Failure.boundaryCollision) {
            try fixed.encode(params: Array("{}".utf8), images: [image])
        }
    }

    @Test func filenameCannotBreakTheHeader() throws {
        let image = ImageUpload(filename: "a\"b\r\nX-Evil: 1.jpg", contentType: "image/jpeg", bytes: [1])
        let form = try fixed.encode(params: Array("{}".utf8), images: [image])
        let parts = try parseMultipart(form.bytes, boundary: "B0undary")
        #expect(parts[1].filename == "a%22b%0D%0AX-Evil: 1.jpg")
        #expect(parts[1].headers["x-evil"] == nil)
    }

    @Test func emptyFilenameGetsANumberedOne() throws {
        let form = try fixed.encode(
            params: [], images: [ImageUpload(filename: "", contentType: "image/png", bytes: [1])])
        #expect(try parseMultipart(form.bytes, boundary: "B0undary")[1].filename == "image1")
    }

    @Test func contentTypeWithLineBreakIsRefused() {
        let image = ImageUpload(filename: "a.jpg", contentType: "image/jpeg\r\nX-Evil: 1", bytes: [1])
        #expect(throws: MultipartEncoder.Failure.self) { try fixed.encode(params: [], images: [image]) }
    }
}
