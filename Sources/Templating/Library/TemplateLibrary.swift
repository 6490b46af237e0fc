import Foundation

/// Every template of a directory, parsed once and linked: immutable and `Sendable`, so one
/// library serves all requests.
///
/// Templates are `.html` files (editors highlight them as HTML); a template's name is its
/// path relative to the directory without the extension: `Templates/layout/head.html` is
/// `layout/head`, used as `{{> layout/head}}`. Loading fails, naming file, line and column,
/// on a parse error, a partial that does not exist, or partials that include each other
/// without a section in between (that could only recurse forever).
public struct TemplateLibrary: Sendable {
    /// The file extension of templates in a directory.
    public static let fileExtension = "html"

    let templates: [Template]
    let indexByName: [String: Int]
    let program: TemplateProgram

    /// Loads every `.html` file under `directory`, recursively (dotfiles are skipped).
    public init(directory: String) throws {
        try self.init(files: TemplateDirectory.scan(directory))
    }

    /// Builds a library from sources in memory, keyed by template name; errors name the
    /// template as the file.
    public init(templates sources: [String: String]) throws {
        let parsed = try sources.keys.sorted().map { name in
            try TemplateParser.parse(name: name, file: name, source: Array(sources[name, default: ""].utf8))
        }
        try self.init(parsed: parsed)
    }

    init(files: [TemplateFile]) throws {
        let parsed = try files.map { file in
            guard let data = FileManager.default.contents(atPath: file.path) else {
                throw TemplateError(.unreadableFile(file.path))
            }
            return try TemplateParser.parse(name: file.name, file: file.path, source: [UInt8](data))
        }
        try self.init(parsed: parsed)
    }

    private init(parsed: [Template]) throws {
        var indexByName: [String: Int] = [:]
        for (index, template) in parsed.enumerated() {
            indexByName[template.name] = index
        }
        self.indexByName = indexByName
        self.templates = try TemplateLinker(templates: parsed, indexByName: indexByName).link()
        self.program = TemplateProgram(templates: templates)
    }

    /// The names of all templates, sorted.
    public var names: [String] { indexByName.keys.sorted() }

    public func contains(_ name: String) -> Bool { indexByName[name] != nil }

    /// Renders template `name` with `context` as the root of the context stack.
    public func render(_ name: String, _ context: TemplateValue) throws -> [UInt8] {
        var output: [UInt8] = []
        try render(name, context, into: &output)
        return output
    }

    /// Room for a typical page, so most renders never grow their buffer.
    static let initialCapacity = 16 * 1024

    /// Renders template `name`, appending to `output`.
    public func render(_ name: String, _ context: TemplateValue, into output: inout [UInt8]) throws {
        guard let index = indexByName[name] else { throw TemplateError(.unknownTemplate(name)) }
        var renderer = TemplateRendering(context: context, capacity: Self.initialCapacity)
        try renderer.render(program, program.ranges[index])
        renderer.output.copy(to: &output)
    }

    /// Renders template `name` as a String.
    public func renderString(_ name: String, _ context: TemplateValue) throws -> String {
        String(decoding: try render(name, context), as: UTF8.self)
    }
}
