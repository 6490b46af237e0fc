import Testing

/// Every browser suite is nested in this one, so a machine without Chromium or chromedriver
/// skips them all with one line. One test at a time: each runs its own Chromium.
@Suite("Browser (headless Chromium over WebDriver)", .serialized, .enabled(if: BrowserTools.available, BrowserTools.skipReason))
struct BrowserTests {}
