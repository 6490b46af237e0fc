import Foundation
@testable import Templating

/// Renders `template` (named "main") with `data` and the given partials, as a String.
func render(_ template: String, _ data: TemplateValue = [:], partials: [String: String] = [:]) throws -> String {
    var sources = partials
    sources["main"] = template
    return try TemplateLibrary(templates: sources).renderString("main", data)
}

/// The error loading `sources` throws, if any.
func loadError(_ sources: [String: String]) -> TemplateError? {
    do {
        _ = try TemplateLibrary(templates: sources)
        return nil
    } catch let error as TemplateError {
        return error
    } catch {
        return nil
    }
}

/// The repository's `Templates/` directory.
let repositoryTemplates: String = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // Support
    .deletingLastPathComponent()  // TemplatingTests
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()  // repository
    .appendingPathComponent("Templates").path

/// A fresh temporary directory, removed by the caller with `removeItem`.
func makeTemporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("templating-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

extension URL {
    /// Writes `text` to the file at `relativePath` below this directory, creating folders.
    func write(_ text: String, to relativePath: String) throws {
        let file = appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }
}
