import Foundation
import Testing

/// Where the browser tests find Chromium and chromedriver: `$CHROMIUM` / `$CHROMEDRIVER` when
/// set, else the first match on `PATH` (Debian's `chromium` and `chromium-driver` packages).
enum BrowserTools {
    static let chromium: String? = locate(environment: "CHROMIUM", names: ["chromium", "chromium-browser", "google-chrome"])
    static let chromedriver: String? = locate(environment: "CHROMEDRIVER", names: ["chromedriver"])

    /// True when both are installed; otherwise the browser suite is skipped with `skipReason`.
    static let available = chromium != nil && chromedriver != nil

    /// The trait every browser test carries: without both tools it reports as skipped, saying
    /// which is missing, instead of passing without running.
    static let needed = Testing.ConditionTrait.enabled(if: available, skipReason)

    static let skipReason: Comment = """
        browser tests not run: \(chromium == nil ? "chromium" : "")\(chromium == nil && chromedriver == nil ? " and " : "")\
        \(chromedriver == nil ? "chromedriver" : "") not found \
        (apt-get install -y --no-install-recommends chromium chromium-driver; see docs/testing.md, "The browser tests")
        """

    /// The executable `$name` names, else the first of `names` found on `PATH`.
    static func locate(environment name: String, names: [String]) -> String? {
        let environment = ProcessInfo.processInfo.environment
        if let explicit = environment[name], !explicit.isEmpty {
            return FileManager.default.isExecutableFile(atPath: explicit) ? explicit : nil
        }
        let folders = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for name in names {
            for folder in folders {
                let path = "\(folder)/\(name)"
                if FileManager.default.isExecutableFile(atPath: path) { return path }
            }
        }
        return nil
    }
}
