import Foundation
import Testing

/// The chromedriver the browser suites drive. Each browser suite (`BrowserFlowTests`,
/// `AxeTests`, …) stands alone and runs its tests one at a time; `withBrowser` lets one browser
/// run at a time across them.
///
/// Every browser test carries `BrowserTools.needed`: without Chromium or chromedriver each
/// reports as skipped, saying which is missing.
@Suite("Browser (headless Chromium over WebDriver)", .serialized)
struct BrowserTests {
    @Test(BrowserTools.needed)
    func chromedriver_startsOnAFreeLoopbackPort_andStops() async throws {
        let path = try #require(BrowserTools.chromedriver)
        let driver = try await ChromeDriverProcess.start(executable: path)
        #expect(driver.port > 0)
        let status = try await WebDriverWire.request(port: driver.port, "GET", "/status", json: nil, timeout: 5)
        #expect(status.status == 200 && status.text.contains("\"ready\":true"))
        await driver.stop()
        #expect(!driver.isRunning)
        await #expect(throws: (any Error).self) {
            try await WebDriverWire.request(port: driver.port, "GET", "/status", json: nil, timeout: 2)
        }
    }
}
