import Foundation
import Testing

/// Every page, in every language, 1280 and 375 px wide, in the light and the dark colour
/// scheme, against axe-core's WCAG 2.2 A and AA rules: no violation. One browser session
/// loads each page once and checks it at each width and scheme (the emulation switches the
/// CSS media queries in place; a form's answer to a POST cannot be loaded again).
@Suite("Standards: axe-core", .serialized) struct AxeTests {
    static let tags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
    static let widths = [1280, 375]
    static let schemes = ["light", "dark"]

    @Test(.enabled(if: StandardsTools.canRunAxe, StandardsTools.axeSkipReason))
    func everyPage_inEveryLanguage_atTwoWidthsAndBothSchemes_hasNoWCAGViolation() async throws {
        let axe = try String(contentsOfFile: try #require(StandardsTools.axeScript), encoding: .utf8)
        try await StandardsScene.runInBrowser { scene, browser in
            let driver = browser.driver
            // axe takes seconds on a long page when the machine is busy.
            try await driver.setScriptTimeout(seconds: 120)
            var violations: [String] = []
            var runs = 0
            for page in try await StandardsPage.all(on: scene) {
                for language in StandardsPage.languages {
                    try await page.open(in: browser, language: language)
                    let loaded = try await driver.execute(axe + "\n;return typeof axe === 'object' ? axe.version : null;") as? String
                    #expect(loaded?.hasPrefix("4.") == true, "axe-core 4.x did not load on \(page.name): \(String(describing: loaded))")
                    for width in Self.widths {
                        try await driver.emulateViewport(width: width, height: 900)
                        var backgrounds: [String] = []
                        for scheme in Self.schemes {
                            try await driver.emulateColorScheme(scheme)
                            backgrounds.append(try await Self.background(driver))
                            let place = "\(page.name) (\(language), \(width) px, \(scheme))"
                            violations += try await Self.violations(driver)
                                .filter { line in !page.axeExceptions.contains { line.hasPrefix($0 + " ") } }
                                .map { "\(place): \($0)" }
                            runs += 1
                        }
                        #expect(Set(backgrounds).count == Self.schemes.count,
                            "\(page.name) (\(language), \(width) px): the colour schemes did not change the background: \(backgrounds)")
                    }
                }
            }
            #expect(runs > 0)
            if !violations.isEmpty {
                Issue.record("\(violations.count) WCAG violations in \(runs) checks:\n\(violations.joined(separator: "\n"))")
            }

            // A text too faint to read, added to the last page: axe must report it, or
            // the check proves nothing. (Styled through the DOM: the page's CSP drops
            // style attributes.)
            _ = try await driver.execute("""
                var canary = document.createElement('p');
                canary.id = 'axe-canary';
                canary.textContent = 'too faint';
                canary.style.color = '#999';
                canary.style.background = '#aaa';
                document.querySelector('main').appendChild(canary);
                """)
            let canary = try await Self.violations(driver)
            #expect(canary.contains { $0.hasPrefix("color-contrast ") && $0.contains("#axe-canary") }, "the canary was not reported: \(canary)")
        }
    }

    /// The page's background colour as computed now (it tells the schemes apart).
    static func background(_ driver: WebDriver) async throws -> String {
        try await driver.execute("return getComputedStyle(document.body).backgroundColor") as? String ?? ""
    }

    /// axe's WCAG 2.2 A/AA violations on the page as it is now, one line each: rule id,
    /// impact, the elements' selectors, what the rule asks and what to fix on the first.
    static func violations(_ driver: WebDriver) async throws -> [String] {
        let result = try await driver.executeAsync("""
            var done = arguments[arguments.length - 1];
            axe.run(document, { runOnly: { type: 'tag', values: arguments[0] }, resultTypes: ['violations'] }).then(
              function (result) {
                done(result.violations.map(function (v) {
                  return v.id + ' (' + (v.impact || 'no impact') + ') at ' +
                    v.nodes.map(function (n) { return n.target.join(' '); }).join(', ') + ': ' + v.help + '. ' +
                    ((v.nodes[0] && v.nodes[0].failureSummary) || '').replace(/\\s+/g, ' ');
                }));
              },
              function (error) { done(['axe failed: ' + error]); });
            """, [Self.tags], timeout: 150)
        guard let lines = result as? [String] else { return ["axe returned no result: \(String(describing: result))"] }
        return lines
    }
}
