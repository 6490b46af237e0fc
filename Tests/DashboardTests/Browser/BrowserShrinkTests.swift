import Foundation
import Testing

@testable import Dashboard

/// The page's script makes a picture over the API's 300 KB limit smaller before upload.
@Suite(.serialized) struct BrowserShrinkTests {
    @Test(BrowserTools.needed) func aPictureOver300KB_isMadeSmallerInTheBrowser_andRegistered() async throws {
        try await withBrowser { browser in
            let driver = browser.driver
            try await browser.open("/products/new")
            // A noisy 1400 px JPEG at full quality, drawn by the browser itself: megabytes.
            let dataURL = try await driver.execute("""
                var c = document.createElement('canvas'); c.width = 1400; c.height = 1400;
                var x = c.getContext('2d'); var d = x.createImageData(1400, 1400);
                var s = 12345;
                for (var i = 0; i < d.data.length; i += 4) {
                  s = (s * 1103515245 + 12345) % 2147483648;
                  d.data[i] = s & 255; d.data[i + 1] = (s >> 8) & 255; d.data[i + 2] = (s >> 16) & 255; d.data[i + 3] = 255;
                }
                x.putImageData(d, 0, 0);
                return c.toDataURL('image/jpeg', 1.0);
                """) as? String
            let base64 = try #require(dataURL?.split(separator: ",", maxSplits: 1).last.map(String.init))
            let bytes = try #require(Data(base64Encoded: base64))
            #expect(bytes.count > 300 * 1024, "the test picture must be over the limit (\(bytes.count) bytes)")
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("big-photo-\(UUID().uuidString).jpg")
            try bytes.write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }

            try await driver.fillProductForm(ProductFormInput(name: "Shrunk Picture Frame", images: [file.path]))
            var status = ""
            try await driver.wait("the shrink status (last: \(status))", timeout: .seconds(30)) {
                status = try await driver.text(try await driver.find(".shrink-status"))
                return status.contains("Made smaller")
            }
            let id: Int
            do {
                id = try await driver.navigatingToProductPage { try await driver.clickSubmit() }
            } catch {
                // Say what the person saw: the script's status line and the page.
                Issue.record("no product page; status said \(status.debugDescription); the page says: \(try await driver.mainText().prefix(600))")
                throw error
            }
            #expect(try await driver.flashText() == "Product added.")
            let stored = try await MarketInspector(browser.dashboard).imageBytes(id)
            #expect(stored.count == 1)
            #expect((stored.first?.count ?? .max) <= 300 * 1024, "stored \(stored.first?.count ?? 0) bytes")
            #expect(stored.first?.prefix(3) == [0xFF, 0xD8, 0xFF], "a JPEG")
        }
    }

    /// The script's messages come from the page, in its reader's language, and a file it
    /// cannot read is a message of its own, never listed under "made smaller".
    @Test(BrowserTools.needed) func inKorean_aFileThatCannotBeRead_isItsOwnMessage() async throws {
        try await withBrowser { browser in
            let driver = browser.driver
            try await browser.open("/products/new?lang=ko")
            // Over the limit and not a picture: the browser cannot draw it.
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("broken-\(UUID().uuidString).jpg")
            try Data((0..<(400 * 1024)).map { UInt8(truncatingIfNeeded: $0 * 31 + 7) }).write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            try await driver.sendKeys(try await driver.find("input[type=file]#images"), file.path)
            let expected = "“\(file.lastPathComponent)” 파일을 여기서 열 수 없어 그대로 올립니다. 등록되지 않으면 다른 파일을 선택해 주세요."
            var status = ""
            try await driver.wait("the shrink status (last: \(status))", timeout: .seconds(30)) {
                status = try await driver.text(try await driver.find(".shrink-status"))
                return status != ProductsText.shrinking.korean && !status.isEmpty
            }
            #expect(status == expected)
            #expect(!status.contains(ProductsText.shrunk.korean))
        }
    }
}
