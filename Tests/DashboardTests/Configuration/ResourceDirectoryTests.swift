import Foundation
import Testing

@testable import Dashboard

/// `Public/` and `Templates/` are found in the working directory first (`swift run dashboard`
/// starts in the checkout), then beside the executable; flags override both.
@Suite struct ResourceDirectoryTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("resource-dirs-\(UUID().uuidString)")

    func folder(_ path: String) throws -> URL {
        let url = root.appendingPathComponent(path, isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func theWorkingDirectoryComesFirst() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let work = try folder("work")
        _ = try folder("work/Templates")
        _ = try folder("bin/Templates")
        let found = DashboardConfiguration.defaultResourceDirectory(
            "Templates", workingDirectory: work.path, executable: root.appendingPathComponent("bin/dashboard"))
        #expect(found.standardizedFileURL.path == work.appendingPathComponent("Templates").standardizedFileURL.path)
    }

    @Test func thenBesideTheExecutable() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let work = try folder("work")
        let beside = try folder("bin/Public")
        let found = DashboardConfiguration.defaultResourceDirectory(
            "Public", workingDirectory: work.path, executable: root.appendingPathComponent("bin/dashboard"))
        #expect(found.standardizedFileURL.path == beside.standardizedFileURL.path)
    }

    @Test func neither_namesTheWorkingDirectorysFolder_whichStartUpReportsMissing() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let work = try folder("work")
        let found = DashboardConfiguration.defaultResourceDirectory(
            "Public", workingDirectory: work.path, executable: root.appendingPathComponent("bin/dashboard"))
        #expect(found.standardizedFileURL.path == work.appendingPathComponent("Public").standardizedFileURL.path)
        let configuration = DashboardConfiguration(
            dataDirectory: root.appendingPathComponent("data"), cacheDirectory: root.appendingPathComponent("cache"),
            publicDirectory: found)
        #expect(throws: ConfigurationError.self) { try DashboardApp.checkFolders(configuration) }
    }

    @Test func theFlagsOverrideBoth() throws {
        let parsed = try DashboardConfiguration.parse(
            arguments: ["--public-dir", "/srv/p", "--templates-dir", "/srv/t"], environment: ["HOME": "/home/me"])
        #expect(parsed.publicDirectory.path == "/srv/p")
        #expect(parsed.templatesDirectory.path == "/srv/t")
    }
}
