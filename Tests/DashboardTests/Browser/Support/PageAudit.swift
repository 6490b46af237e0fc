import Foundation

/// Checks a person using a phone, a keyboard or a screen reader would notice, run in the page:
/// no sideways scrolling, a label for every form control, an `alt` on every image.
enum PageAudit {
    static let script = """
        var problems = [];
        var root = document.documentElement;
        if (root.scrollWidth > window.innerWidth) {
          var wide = Array.from(document.querySelectorAll('body *')).filter(function (e) {
            return e.getBoundingClientRect().right > window.innerWidth + 0.5;
          }).slice(0, 3).map(function (e) { return e.outerHTML.slice(0, 100); });
          problems.push('scrolls sideways: ' + root.scrollWidth + ' px wide in ' + window.innerWidth + ' px; ' + wide.join(' | '));
        }
        document.querySelectorAll('input, select, textarea').forEach(function (e) {
          var type = (e.getAttribute('type') || '').toLowerCase();
          if (e.tagName === 'INPUT' && ['hidden', 'submit', 'button', 'reset', 'image'].indexOf(type) >= 0) return;
          var labelled = (e.id && document.querySelector('label[for="' + CSS.escape(e.id) + '"]')) ||
            e.closest('label') || e.getAttribute('aria-label') || e.getAttribute('aria-labelledby');
          if (!labelled) problems.push('no label: ' + e.outerHTML.slice(0, 100));
        });
        document.querySelectorAll('img').forEach(function (i) {
          if (!i.hasAttribute('alt')) problems.push('no alt: ' + i.outerHTML.slice(0, 100));
        });
        return problems;
        """

    /// The problems on the current page, empty when it passes.
    static func problems(in driver: WebDriver) async throws -> [String] {
        try await driver.execute(script) as? [String] ?? ["the audit script returned nothing"]
    }
}

/// Screenshots for people to look at, kept as CI artifacts in `artifacts/screenshots/`.
enum Screenshots {
    static let folder = DashboardHarness.checkout.appendingPathComponent("artifacts/screenshots", isDirectory: true)

    /// Saves the whole page (up to 4000 px tall) at `width` as `name.png`.
    static func save(_ driver: WebDriver, _ name: String, width: Int) async throws -> URL {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try await driver.emulateViewport(width: width, height: 900)
        let height = try await driver.execute("window.scrollTo(0, 0); return document.documentElement.scrollHeight") as? Int ?? 900
        try await driver.emulateViewport(width: width, height: min(max(height, 600), 4000))
        try await driver.waitForImages()
        let file = folder.appendingPathComponent("\(name).png")
        try await driver.screenshot().write(to: file)
        return file
    }
}
