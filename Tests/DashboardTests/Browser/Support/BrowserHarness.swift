import DashboardEngine
import Foundation
import Testing

@testable import Dashboard

/// A headless Chromium session (through its own chromedriver) pointed at a real dashboard over
/// the embedded market, or over the market and on the clock a test passes. Made by
/// `withBrowser`, which always ends the session, stops chromedriver and the dashboard.
struct BrowserHarness: Sendable {
    let driver: WebDriver
    let dashboard: DashboardHarness
    let chromedriver: ChromeDriverProcess

    /// `http://127.0.0.1:PORT/path` on the dashboard.
    func url(_ path: String) -> String { "http://127.0.0.1:\(dashboard.port)\(path)" }

    /// Opens a dashboard page and waits until it has loaded, a new document even when the
    /// browser is on the same address already.
    func open(_ path: String) async throws {
        try await driver.navigating(path, to: { _ in true }) { try await driver.navigate(to: url(path)) }
    }

    /// Another session in the same chromedriver (say, one with JavaScript off), ended after `body`.
    func withSecondSession<T>(javaScript: Bool, _ body: (WebDriver) async throws -> T) async throws -> T {
        let chromium = try #require(BrowserTools.chromium)
        let second = try await WebDriver.newSession(driver: chromedriver.baseURL, chromium: chromium, javaScript: javaScript)
        do {
            let result = try await body(second)
            await second.delete()
            return result
        } catch {
            await second.delete()
            throw error
        }
    }
}

/// Runs `body` against a fresh dashboard (over `market`, on `clock`: `withDashboard`'s) in a
/// fresh headless Chromium; always cleans up.
/// Tests that call it carry `BrowserTools.needed`, so they are skipped without a browser; one
/// that forgets the trait fails here instead of passing without running.
/// Browsers take turns, whichever suite asks (`BrowserTurns`). `adjust` changes the
/// dashboard's configuration (accounts on, say) before it starts.
func withBrowser(
    _ market: TestMarket = .embedded, clock: (any WallClock)? = nil, javaScript: Bool = true,
    adjust: ((inout DashboardConfiguration) -> Void)? = nil, _ body: (BrowserHarness) async throws -> Void
) async throws {
    let chromium = try #require(BrowserTools.chromium, BrowserTools.skipReason)
    let chromedriverPath = try #require(BrowserTools.chromedriver, BrowserTools.skipReason)
    await BrowserTurns.shared.take()
    do {
        try await withBrowser(
            market, clock: clock, chromium: chromium, chromedriverPath: chromedriverPath, javaScript: javaScript, adjust: adjust, body)
    } catch {
        await BrowserTurns.shared.give()
        throw error
    }
    await BrowserTurns.shared.give()
}

/// One browser at a time in the test process, for every browser suite: each test runs its own
/// dashboard, chromedriver and Chromium, and two of those at once on a small shared machine
/// starve each other's pages. A turn is handed straight to the next waiter, in order.
actor BrowserTurns {
    static let shared = BrowserTurns()
    private var taken = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func take() async {
        guard taken else {
            taken = true
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func give() {
        if waiting.isEmpty {
            taken = false
        } else {
            waiting.removeFirst().resume()
        }
    }
}

private func withBrowser(
    _ market: TestMarket, clock: (any WallClock)?, chromium: String, chromedriverPath: String, javaScript: Bool,
    adjust: ((inout DashboardConfiguration) -> Void)?, _ body: (BrowserHarness) async throws -> Void
) async throws {
    try await withDashboard(market, clock: clock, adjust: adjust) { dashboard in
        let chromedriver = try await ChromeDriverProcess.start(executable: chromedriverPath)
        let driver: WebDriver
        do {
            driver = try await WebDriver.newSession(driver: chromedriver.baseURL, chromium: chromium, javaScript: javaScript)
        } catch {
            await chromedriver.stop()
            throw error
        }
        let harness = BrowserHarness(driver: driver, dashboard: dashboard, chromedriver: chromedriver)
        do {
            try await body(harness)
            await driver.delete()
            await chromedriver.stop()
        } catch {
            await driver.delete()
            await chromedriver.stop()
            throw error
        }
    }
}

/// Files a person would pick: real sample pictures shipped with the embedded market.
enum SamplePictures {
    static let folder = DashboardHarness.checkout.appendingPathComponent("Sources/LocalMarket/Seed/images")
    static let photo = folder.appendingPathComponent("photo-01-circle.jpg").path
    static let icon = folder.appendingPathComponent("icon-01-hexagon.png").path
    static let photo2 = folder.appendingPathComponent("photo-04-star.jpg").path
}
