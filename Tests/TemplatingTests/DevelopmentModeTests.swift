import Foundation
import Testing
@testable import Templating

@Suite struct DevelopmentModeTests {
    /// Gives the file a modification time well away from the previous one, so the test does
    /// not depend on the file system's timestamp resolution.
    private func touch(_ directory: URL, _ relativePath: String, secondsAhead: TimeInterval) throws {
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(secondsAhead)],
            ofItemAtPath: directory.appendingPathComponent(relativePath).path)
    }

    @Test func developmentMode_reloadsAChangedFile() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try directory.write("<h1>{{title}}</h1>", to: "page.html")
        try directory.write("v1", to: "parts/footer.html")
        let renderer = try TemplateRenderer(directory: directory.path, developmentMode: true)
        #expect(try renderer.renderString("page", ["title": "A"]) == "<h1>A</h1>")

        try directory.write("<h2>{{title}}</h2>{{> parts/footer}}", to: "page.html")
        try touch(directory, "page.html", secondsAhead: 10)
        #expect(try renderer.renderString("page", ["title": "A"]) == "<h2>A</h2>v1")

        // A partial changing alone is seen by the pages that include it.
        try directory.write("v2", to: "parts/footer.html")
        try touch(directory, "parts/footer.html", secondsAhead: 20)
        #expect(try renderer.renderString("page", ["title": "A"]) == "<h2>A</h2>v2")
    }

    @Test func developmentMode_seesNewFiles() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try directory.write("x", to: "a.html")
        let renderer = try TemplateRenderer(directory: directory.path, developmentMode: true)
        #expect(throws: TemplateError(.unknownTemplate("b"))) { try renderer.render("b", [:]) }
        try directory.write("new", to: "b.html")
        #expect(try renderer.renderString("b", [:]) == "new")
    }

    @Test func developmentMode_reportsABrokenEditThenRecovers() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try directory.write("ok", to: "page.html")
        let renderer = try TemplateRenderer(directory: directory.path, developmentMode: true)
        try directory.write("{{#open}}", to: "page.html")
        try touch(directory, "page.html", secondsAhead: 10)
        #expect(throws: TemplateError(.unclosedSection("open"), at: SourceLocation(
            file: directory.path + "/page.html", line: 1, column: 1))) {
            try renderer.render("page", [:])
        }
        try directory.write("fixed", to: "page.html")
        try touch(directory, "page.html", secondsAhead: 20)
        #expect(try renderer.renderString("page", [:]) == "fixed")
    }

    @Test func withoutDevelopmentMode_templatesStayAsLoaded() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try directory.write("v1", to: "page.html")
        let renderer = try TemplateRenderer(directory: directory.path)
        try directory.write("v2 longer", to: "page.html")
        try touch(directory, "page.html", secondsAhead: 10)
        #expect(try renderer.renderString("page", [:]) == "v1")
    }

    @Test func onlyHTMLFilesAreTemplates_andDotfilesAreSkipped() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try directory.write("page", to: "products/list.html")
        try directory.write("notes", to: "README.md")
        try directory.write("{{#broken", to: ".page.html.swp.html")
        let library = try TemplateLibrary(directory: directory.path)
        #expect(library.names == ["products/list"])
    }
}
