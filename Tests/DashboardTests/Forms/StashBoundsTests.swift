import Foundation
import Synchronization
import Testing

@testable import Dashboard

/// The upload stash charges what it really holds and cannot be flooded: hundreds of posts of
/// 4-byte "JPEGs" with 8,000-character names must not grow memory or leave files behind.
@Suite struct StashBoundsTests {
    /// A clock the test moves by hand.
    final class ManualClock: Sendable {
        private let current = Mutex(ContinuousClock.now)
        var now: @Sendable () -> ContinuousClock.Instant { { self.current.withLock { $0 } } }
        func advance(_ duration: Duration) { current.withLock { $0 += duration } }
    }

    func makeStash(_ clock: ManualClock, maxForms: Int = 256, perOwner: Int = 8, bytes: Int = 64 << 20) throws -> (ImageStash, URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("stash-bounds-\(UUID().uuidString)")
        let stash = try ImageStash(
            directory: directory, maxTotalBytes: bytes, maxForms: maxForms, maxFormsPerOwner: perOwner,
            minimumAge: .seconds(300), now: clock.now)
        return (stash, directory)
    }

    func isAdded(_ result: ImageStash.AddResult) -> Bool {
        if case .added = result { return true }
        return false
    }

    // MARK: Whole images only

    @Test func seedAndPlaceholderImages_passTheHeaderCheck() throws {
        let folders = [
            DashboardHarness.checkout.appendingPathComponent("Sources/LocalMarket/Seed/images"),
            DashboardHarness.checkout.appendingPathComponent("Public/images"),
        ]
        var checked = 0
        for folder in folders {
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".jpg") || name.hasSuffix(".png") {
                let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))
                #expect(UploadedImageHeader(bytes) != nil, "\(name) is refused")
                checked += 1
            }
        }
        #expect(checked >= 20)
    }

    /// Files that start like a JPEG or PNG but are not a whole picture.
    static let fakes: [(String, [UInt8])] = {
        let padding = [UInt8](repeating: 1, count: 300)
        var fakes: [(String, [UInt8])] = []
        fakes.append(("4-byte JPEG", [0xFF, 0xD8, 0xFF, 0xE0]))
        fakes.append(("JPEG magic then zeros", [0xFF, 0xD8, 0xFF, 0xE0] + [UInt8](repeating: 0, count: 300)))
        fakes.append(("JPEG scan before any frame", [0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x08] + padding))
        var zeroWide = ImageFixtures.jpeg(300)
        zeroWide[9] = 0
        zeroWide[10] = 0
        fakes.append(("JPEG frame 0 pixels wide", zeroWide))
        fakes.append(("PNG without IHDR", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + padding))
        var huge = ImageFixtures.png(300)
        huge[16...19] = [0, 1, 0x86, 0xA0]
        fakes.append(("PNG 100,000 pixels wide", huge))
        var badDepth = ImageFixtures.png(300)
        badDepth[24] = 7
        fakes.append(("PNG with an impossible bit depth", badDepth))
        fakes.append(("whole header under 100 bytes", ImageFixtures.jpeg(99)))
        return fakes
    }()

    @Test(arguments: fakes)
    func partialOrFakeImages_areRefused(name: String, bytes: [UInt8]) {
        #expect(UploadedImageHeader(bytes) == nil, "\(name) passed")
    }

    @Test func fixtureHeaders_giveTheirDimensions() throws {
        let jpeg = try #require(UploadedImageHeader(ImageFixtures.jpeg(200)))
        let png = try #require(UploadedImageHeader(ImageFixtures.png(200)))
        #expect(jpeg.format == .jpeg && jpeg.width == 16 && jpeg.height == 16)
        #expect(png.format == .png && png.width == 16 && png.height == 16)
    }

    // MARK: Names and charges

    @Test func longFilenames_areCutTo255Bytes_keepingTheExtension() {
        let ascii = StashedImage.keptName(String(repeating: "a", count: 8000) + ".jpeg")
        #expect(ascii.utf8.count == 255 && ascii.hasSuffix("aaa.jpeg"))
        // 3-byte scalars: the cut falls between them, never inside one.
        let korean = StashedImage.keptName(String(repeating: "가", count: 200) + ".png")
        #expect(korean.utf8.count <= 255 && korean.utf8.count > 250 && korean.hasSuffix("가.png"))
        #expect(korean.unicodeScalars.allSatisfy { $0 == "가" || ".png".unicodeScalars.contains($0) })
        let noExtension = StashedImage.keptName(String(repeating: "é", count: 300))
        #expect(noExtension.utf8.count == 254)
        #expect(StashedImage.keptName("photo.jpg") == "photo.jpg")
    }

    @Test func tinyImageWithAHugeName_isChargedAtLeast4KBPlusItsCutName() throws {
        let clock = ManualClock()
        let (stash, directory) = try makeStash(clock)
        defer { try? FileManager.default.removeItem(at: directory) }
        let name = String(repeating: "n", count: 8000) + ".jpg"
        #expect(isAdded(stash.add(owner: "o", token: "t", filename: name, format: .jpeg, bytes: ImageFixtures.jpeg(100))))
        #expect(stash.images(owner: "o", token: "t").first?.filename.utf8.count == 255)
        #expect(stash.totalBytes == 4096 + 255 + StashedImage.overhead + ImageStash.formOverhead)
    }

    // MARK: Caps and eviction

    @Test func fullStash_neverEvictsARecentFormOfAnotherBrowser_butOldOnesMakeRoom() throws {
        let clock = ManualClock()
        let (stash, directory) = try makeStash(clock, maxForms: 3)
        defer { try? FileManager.default.removeItem(at: directory) }
        for (index, owner) in ["a", "b", "c"].enumerated() {
            #expect(isAdded(stash.add(owner: owner, token: "t", filename: "x.jpg", format: .jpeg, bytes: ImageFixtures.jpeg(200, fill: UInt8(index)))))
            clock.advance(.seconds(10))
        }
        #expect(stash.add(owner: "d", token: "t", filename: "x.jpg", format: .jpeg, bytes: ImageFixtures.jpeg(200, fill: 9)) == .busy)
        #expect(stash.images(owner: "a", token: "t").count == 1, "a visitor's images survive a flood")
        #expect(stash.formCount == 3)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).count == 3, "the refused image left no folder")

        clock.advance(.seconds(300))
        _ = stash.images(owner: "c", token: "t")  // c is in use again: b is now the least recently used
        #expect(isAdded(stash.add(owner: "d", token: "t", filename: "x.jpg", format: .jpeg, bytes: ImageFixtures.jpeg(200, fill: 9))))
        #expect(stash.images(owner: "b", token: "t").isEmpty)
        #expect(stash.images(owner: "c", token: "t").count == 1)
        #expect(stash.formCount == 3)
    }

    @Test func oneBrowser_overItsOwnCap_losesOnlyItsOwnOldestForm() throws {
        let clock = ManualClock()
        let (stash, directory) = try makeStash(clock, perOwner: 2)
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(isAdded(stash.add(owner: "other", token: "keep", filename: "k.jpg", format: .jpeg, bytes: ImageFixtures.jpeg(200))))
        for token in ["t1", "t2", "t3"] {
            clock.advance(.seconds(1))
            #expect(isAdded(stash.add(owner: "me", token: token, filename: "m.jpg", format: .jpeg, bytes: ImageFixtures.jpeg(200))))
        }
        #expect(stash.images(owner: "me", token: "t1").isEmpty)
        #expect(stash.images(owner: "me", token: "t3").count == 1)
        #expect(stash.images(owner: "other", token: "keep").count == 1)
        #expect(stash.formCount == 3)
    }

    @Test func byteBudget_refusesRatherThanDroppingRecentForms() throws {
        let clock = ManualClock()
        let charge = StashedImage.charge(size: 200, filename: "x.jpg") + ImageStash.formOverhead
        let (stash, directory) = try makeStash(clock, bytes: 2 * charge)
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(isAdded(stash.add(owner: "a", token: "t", filename: "x.jpg", format: .jpeg, bytes: ImageFixtures.jpeg(200, fill: 1))))
        #expect(isAdded(stash.add(owner: "b", token: "t", filename: "x.jpg", format: .jpeg, bytes: ImageFixtures.jpeg(200, fill: 2))))
        #expect(stash.add(owner: "c", token: "t", filename: "x.jpg", format: .jpeg, bytes: ImageFixtures.jpeg(200, fill: 3)) == .busy)
        #expect(stash.totalBytes == 2 * charge)
    }

    // MARK: Over HTTP

    @Test func fakeJPEGsWithHugeNames_get422_andNothingIsKept() async throws {
        try await withDashboard { harness in
            var session = FormSession(port: harness.port)
            _ = try await session.open("/products/new")
            let name = String(repeating: "f", count: 8000) + ".jpg"
            let fakes = (0..<5).map { TestFile(filename: "\($0)" + name, contentType: "image/jpeg", bytes: [0xFF, 0xD8, 0xFF, UInt8($0)]) }
            let response = try await session.post("/products", validProductFields, files: fakes)
            try expectInvalid(response, field: "images", message: "is not a whole JPEG image")
            #expect(response.text.contains("value=\"Test Kettle\""), "the form comes back filled")
            #expect(!response.text.contains(String(repeating: "f", count: 300)), "names are cut in messages too")
            let stashFolder = harness.root.appendingPathComponent("data/form-images")
            #expect(try FileManager.default.contentsOfDirectory(atPath: stashFolder.path).isEmpty)
        }
    }
}
