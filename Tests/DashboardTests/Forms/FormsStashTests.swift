import Foundation
import Testing

@testable import Dashboard

/// A failed submit loses nothing: the images already uploaded stay attached under the form's
/// token, are shown as thumbnails with a remove control, and are sent with the next submit.
@Suite struct FormsStashTests {
    @Test func secondSubmitWithoutFiles_usesTheStashedImages() async throws {
        try await withDashboard { harness in
            var session = FormSession(port: harness.port)
            _ = try await session.open("/products/new")
            let first = TestFile.jpeg("one.jpg", size: 4000, fill: 11)
            let second = TestFile.png("two.png", size: 6000, fill: 12)
            let failed = try await session.post("/products", replacing(validProductFields, "price", with: "0"), files: [first, second])
            #expect(failed.status == 422)
            let html = failed.text
            #expect(html.contains("value=\"Test Kettle\""))
            let text = HTMLScan.text(html)
            #expect(text.contains("The images you attached are kept for an hour, so you don't need to choose them again."), "\(text)")
            #expect(text.contains("one.jpg (3.9 KB)") && text.contains("two.png (5.9 KB)"), "\(text)")
            #expect(html.contains("name=\"remove_image\" value=\"1\"") && html.contains("name=\"remove_image\" value=\"2\""))
            #expect(!html.contains("multiple accept=\"image/jpeg,image/png\" required"), "no new file is required now")
            session.take(failed)

            // In Korean: one sentence a line of thought, no bracket after the name.
            let korean = try await session.post("/products?lang=ko", replacing(validProductFields, "price", with: "0"), files: [])
            let koreanText = HTMLScan.text(korean.text)
            #expect(koreanText.contains("첨부한 이미지는 1시간 동안 보관되므로 다시 선택하지 않아도 됩니다. 이미지를 더 추가하거나 삭제할 수 있습니다."), "\(koreanText)")
            #expect(koreanText.contains("one.jpg(3.9KB)"), "\(koreanText)")
            session.take(korean)

            let fixed = try await session.post("/products", validProductFields, files: [])
            #expect(fixed.status == 303)
            let id = try #require(productID(fromLocation: fixed.header("Location")))
            #expect(try await MarketInspector(harness).imageBytes(id) == [first.bytes, second.bytes])
            // The stash is gone once the product exists.
            #expect(try await session.get("/products/new/images/\(session.formToken)/1").status == 404)
        }
    }

    @Test func removeAndAdd_acrossSubmits_andAResentFileIsKeptOnce() async throws {
        try await withDashboard { harness in
            var session = FormSession(port: harness.port)
            _ = try await session.open("/products/new")
            let a = TestFile.jpeg("a.jpg", fill: 21), b = TestFile.jpeg("b.jpg", fill: 22), c = TestFile.png("c.png", fill: 23)
            let failed = try await session.post("/products", replacing(validProductFields, "stock", with: "-1"), files: [a, b])
            #expect(failed.status == 422)
            // Remove b, add c, and the browser sends a again (Back, then resubmit): a stays once.
            let again = try await session.post(
                "/products", replacing(validProductFields, "name", with: "x") + [("remove_image", "2")], files: [a, c])
            #expect(again.status == 422)
            #expect(again.text.contains("a.jpg") && again.text.contains("c.png") && !again.text.contains("b.jpg"))
            let done = try await session.post("/products", validProductFields)
            #expect(done.status == 303)
            let id = try #require(productID(fromLocation: done.header("Location")))
            #expect(try await MarketInspector(harness).imageBytes(id) == [a.bytes, c.bytes])
        }
    }

    @Test func removingEveryStashedImage_asksForImagesAgain() async throws {
        try await withDashboard { harness in
            var session = FormSession(port: harness.port)
            _ = try await session.open("/products/new")
            _ = try await session.post("/products", replacing(validProductFields, "price", with: ""), files: [.jpeg("a.jpg")])
            let response = try await session.post("/products", validProductFields + [("remove_image", "1")])
            try expectInvalid(response, field: "images", message: "Add 1 to 5 images")
        }
    }

    @Test func stash_expires_isBoundedInBytes_andStartsEmpty() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("stash-test-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let image = ImageFixtures.jpeg(1000, fill: 1)
        // Room for two forms of one image; forms may be dropped at any age here.
        let formCharge = StashedImage.charge(size: 1000, filename: "1.jpg") + ImageStash.formOverhead
        let stash = try ImageStash(directory: directory, maxTotalBytes: 2 * formCharge + 100, minimumAge: .zero, lifetime: .seconds(60))
        #expect(stash.add(owner: "o", token: "t1", filename: "1.jpg", format: .jpeg, bytes: image) != .full)
        #expect(stash.add(owner: "o", token: "t1", filename: "same.jpg", format: .jpeg, bytes: image) == .duplicate)
        #expect(stash.add(owner: "o", token: "t2", filename: "2.jpg", format: .jpeg, bytes: ImageFixtures.jpeg(1000, fill: 2)) != .full)
        #expect(stash.images(owner: "x", token: "t1").isEmpty, "another browser sees nothing")
        // A third form pushes out the least recently used one (t1 was touched before t2).
        _ = stash.images(owner: "o", token: "t2")
        _ = stash.add(owner: "o", token: "t3", filename: "3.jpg", format: .jpeg, bytes: ImageFixtures.jpeg(1000, fill: 3))
        #expect(stash.images(owner: "o", token: "t1").isEmpty)
        #expect(stash.images(owner: "o", token: "t2").count == 1)
        #expect(stash.totalBytes <= 2 * formCharge + 100)

        stash.sweep(now: .now + .seconds(61))
        #expect(stash.images(owner: "o", token: "t2").isEmpty && stash.totalBytes == 0)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(leftovers.isEmpty, "expired files are deleted")

        _ = stash.add(owner: "o", token: "t4", filename: "4.jpg", format: .jpeg, bytes: image)
        _ = try ImageStash(directory: directory)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty, "cleaned on start")
    }

    @Test func stash_holdsAtMostFiveImagesAForm() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("stash-test-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let stash = try ImageStash(directory: directory)
        for fill in 1...5 {
            guard case .added = stash.add(owner: "o", token: "t", filename: "\(fill).jpg", format: .jpeg, bytes: ImageFixtures.jpeg(100, fill: UInt8(fill))) else {
                Issue.record("image \(fill) was not added")
                return
            }
        }
        #expect(stash.add(owner: "o", token: "t", filename: "6.jpg", format: .jpeg, bytes: ImageFixtures.jpeg(100, fill: 6)) == .full)
        stash.remove(owner: "o", token: "t", numbers: [2])
        guard case .added(let image) = stash.add(owner: "o", token: "t", filename: "6.jpg", format: .jpeg, bytes: ImageFixtures.jpeg(100, fill: 6)) else {
            Issue.record("a freed slot takes a new image")
            return
        }
        #expect(image.number == 6, "numbers are never reused within a form")
    }
}
