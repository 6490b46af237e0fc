import Foundation
import Testing

/// Every page, in every language, against the W3C Nu HTML Checker (`vnu.jar`): no error.
/// Warnings are not checked. One JVM checks all the pages at once (it takes seconds to start).
@Suite("Standards: the W3C Nu HTML Checker")
struct NuHTMLCheckerTests {
    /// What `vnu --format json` prints.
    struct Report: Decodable {
        struct Message: Decodable {
            var type: String
            var subType: String?
            var url: String?
            var lastLine: Int?
            var message: String
            var extract: String?
        }

        var messages: [Message]
    }

    /// A page with the error the register form once had (a required select without a
    /// placeholder): the run must report it, or the check proves nothing.
    static let canary = """
        <!doctype html><html lang="en"><head><meta charset="utf-8"><title>canary</title></head>
        <body><label for="c">Currency</label><select id="c" required><option value="KRW">KRW</option></select></body></html>
        """

    @Test(.enabled(if: StandardsTools.canRunNuChecker, StandardsTools.nuCheckerSkipReason))
    func everyPage_inEveryLanguage_hasNoHTMLError() async throws {
        let java = try #require(StandardsTools.java)
        let jar = try #require(StandardsTools.vnuJar)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nu-check-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        let files = try await StandardsScene.run { scene -> [URL] in
            let dashboard = scene.harness
            var files: [URL] = []
            for page in try await StandardsPage.all(on: scene) {
                for language in StandardsPage.languages {
                    let response = try await page.fetch(from: dashboard, language: language)
                    #expect(response.status == page.status, "\(page.name) (\(language)) answered \(response.status)")
                    let file = folder.appendingPathComponent("\(page.name).\(language).html")
                    try Data(response.body).write(to: file)
                    files.append(file)
                }
            }
            return files
        }
        let canary = folder.appendingPathComponent("canary.html")
        try Data(Self.canary.utf8).write(to: canary)

        let checker = try ChildProcess(
            executable: java, arguments: ["-jar", jar, "--errors-only", "--format", "json", "--stdout"] + (files + [canary]).map(\.path))
        let output = await checker.readToEnd()
        _ = await checker.waitForEnd(patience: Patience.hangGuard)
        let report: Report
        do {
            report = try JSONDecoder().decode(Report.self, from: Data(output))
        } catch {
            Issue.record("the checker printed no JSON report: \(String(decoding: output.prefix(500), as: UTF8.self))")
            return
        }

        let fromCanary = report.messages.filter { $0.url?.hasSuffix("/canary.html") == true }
        #expect(fromCanary.contains { $0.type == "error" && $0.message.contains("select") }, "the canary's error was not reported: \(fromCanary)")
        let problems = report.messages.filter { $0.type != "info" && $0.url?.hasSuffix("/canary.html") != true }.map { message in
            let page = message.url.map { String($0.split(separator: "/").last ?? "") } ?? "(no page)"
            let line = message.lastLine.map { "line \($0)" } ?? "no line"
            let extract = message.extract.map { ": " + $0.replacingOccurrences(of: "\n", with: " ") } ?? ""
            return "\(page) \(line): \(message.type)\(message.subType.map { " (\($0))" } ?? ""): \(message.message)\(extract)"
        }
        if !problems.isEmpty {
            Issue.record("\(problems.count) HTML errors in \(files.count) pages:\n\(problems.joined(separator: "\n"))")
        }
    }
}
