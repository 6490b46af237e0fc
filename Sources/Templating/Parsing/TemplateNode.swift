/// One piece of a parsed template. The tree is immutable after loading.
indirect enum TemplateNode: Sendable {
    /// Literal bytes, copied to the output as they are.
    case text(TemplateText)
    /// A tag at the start of a line: where a standalone partial's indentation goes.
    case lineStart
    /// `{{name}}` (escaped) or `{{{name}}}` / `{{& name}}` (raw).
    case variable(TemplatePath, escaped: Bool)
    /// `{{#name}}…{{/name}}` or, inverted, `{{^name}}…{{/name}}`.
    case section(TemplatePath, children: [TemplateNode], inverted: Bool)
    /// `{{> name}}`.
    case partial(PartialReference)
}

/// Literal text plus the offsets at which a new, non-empty template line starts in it, so a
/// partial rendered with indentation can indent each of its own lines (not the data's).
struct TemplateText: Sendable {
    var bytes: [UInt8]
    var lineStarts: [Int]
}

/// A variable name split on its dots. `.` is the top of the context stack (no keys);
/// `.name` looks only in the top of the stack.
struct TemplatePath: Sendable, Equatable {
    let keys: [String]
    let onlyTop: Bool

    /// Parses the content of a tag; nil when it is not a valid name.
    init?(_ name: String) {
        if name == "." {
            keys = []
            onlyTop = true
            return
        }
        let anchored = name.hasPrefix(".")
        let parts = (anchored ? String(name.dropFirst()) : name)
            .split(separator: ".", omittingEmptySubsequences: false)
        guard !parts.isEmpty, parts.allSatisfy({ !$0.isEmpty }) else { return nil }
        keys = parts.map(String.init)
        onlyTop = anchored
    }
}

/// A `{{> name}}` tag. `target` is the partial's index in the library, set when the library
/// links its templates (-1 until then).
struct PartialReference: Sendable {
    let name: String
    /// Byte offset of the tag in its template, for error messages.
    let offset: Int
    /// The whitespace before a standalone partial tag; empty otherwise.
    let indentation: [UInt8]
    /// Whether the tag stood alone on its line (only then is the partial indented).
    let standalone: Bool
    var target: Int = -1
}

/// A parsed template file.
struct Template: Sendable {
    let name: String
    let file: String
    let source: [UInt8]
    var nodes: [TemplateNode]

    func location(of offset: Int) -> SourceLocation {
        SourceLocation(file: file, source: source, offset: offset)
    }
}
