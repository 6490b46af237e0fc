/// Where in a template file something went wrong: 1-based line and column (in characters,
/// counted as unicode scalars).
public struct SourceLocation: Sendable, Equatable, CustomStringConvertible {
    public let file: String
    public let line: Int
    public let column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// The location of byte `offset` in `source`.
    init(file: String, source: [UInt8], offset: Int) {
        var line = 1
        var lineStart = 0
        let end = min(offset, source.count)
        for index in 0..<end where source[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        // UTF-8 continuation bytes (0b10xx_xxxx) do not start a new character.
        let column = source[lineStart..<end].reduce(1) { count, byte in
            byte & 0xC0 == 0x80 ? count : count + 1
        }
        self.init(file: file, line: line, column: column)
    }

    public var description: String { "\(file):\(line):\(column)" }
}

/// A template that cannot be loaded or rendered. Load-time errors carry the file, line and
/// column, and their description reads `Templates/page.html:3:7: unclosed section 'items'`.
public struct TemplateError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Reason: Sendable, Equatable {
        case unclosedTag
        case emptyTag
        case invalidName(String)
        case invalidDelimiters(String)
        case unclosedSection(String)
        case unexpectedClosingTag(String)
        case mismatchedClosingTag(expected: String, found: String)
        case missingPartial(String)
        /// The names along the cycle, starting and ending with the same template.
        case partialCycle([String])
        case unknownTemplate(String)
        case partialsTooDeep(limit: Int)
        case unreadableFile(String)
    }

    public let reason: Reason
    public let location: SourceLocation?

    public init(_ reason: Reason, at location: SourceLocation? = nil) {
        self.reason = reason
        self.location = location
    }

    public var message: String {
        switch reason {
        case .unclosedTag: "unclosed tag"
        case .emptyTag: "empty tag"
        case .invalidName(let name): "invalid name '\(name)'"
        case .invalidDelimiters(let text): "invalid delimiters '\(text)'"
        case .unclosedSection(let name): "unclosed section '\(name)'"
        case .unexpectedClosingTag(let name): "closing tag '\(name)' has no open section"
        case .mismatchedClosingTag(let expected, let found):
            "closing tag '\(found)' does not match the open section '\(expected)'"
        case .missingPartial(let name): "missing partial '\(name)'"
        case .partialCycle(let names): "partial cycle: \(names.joined(separator: " → "))"
        case .unknownTemplate(let name): "no template named '\(name)'"
        case .partialsTooDeep(let limit): "partials nested deeper than \(limit)"
        case .unreadableFile(let path): "cannot read '\(path)'"
        }
    }

    public var description: String {
        guard let location else { return message }
        return "\(location): \(message)"
    }
}
