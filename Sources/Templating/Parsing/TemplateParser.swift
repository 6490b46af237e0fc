/// Parses Mustache source bytes into a `TemplateNode` tree, applying the spec's standalone-line
/// rule while parsing so rendering only copies bytes.
struct TemplateParser {
    private let source: [UInt8]
    private let file: String
    // Set-delimiter tags change these for the rest of this file only (never for its partials).
    private var openDelimiter: [UInt8] = Array("{{".utf8)
    private var closeDelimiter: [UInt8] = Array("}}".utf8)

    private init(source: [UInt8], file: String) {
        self.source = source
        self.file = file
    }

    /// Parses `source`; errors name `file` with the line and column of the offending tag.
    static func parse(name: String, file: String, source: [UInt8]) throws -> Template {
        var parser = TemplateParser(source: source, file: file)
        let nodes = try parser.parseNodes()
        return Template(name: name, file: file, source: source, nodes: nodes)
    }

    private struct OpenSection {
        let name: String
        let path: TemplatePath
        let inverted: Bool
        let offset: Int
        let siblings: [TemplateNode]
    }

    private mutating func parseNodes() throws -> [TemplateNode] {
        var nodes: [TemplateNode] = []
        var openSections: [OpenSection] = []
        var textStart = 0
        while let tagStart = source.offset(of: openDelimiter, from: textStart) {
            let tag = try readTag(at: tagStart)
            // Spec: a standalone tag's line (indentation, tag, trailing blanks, line ending)
            // is removed. Interpolations never stand alone.
            let line = tag.kind.canStandAlone ? standaloneLine(tagStart: tagStart, tagEnd: tag.end) : nil
            if let line {
                appendText(textStart..<line.lowerBound, to: &nodes)
                textStart = line.upperBound
            } else {
                appendText(textStart..<tagStart, to: &nodes)
                if tagStart == 0 || source[tagStart - 1] == .newline {
                    nodes.append(.lineStart)
                }
                textStart = tag.end
            }
            switch tag.kind {
            case .comment:
                break
            case .delimiters:
                try setDelimiters(tag.content, at: tagStart)
            case .variable(let escaped):
                nodes.append(.variable(try path(tag.content, at: tagStart), escaped: escaped))
            case .section(let inverted):
                let path = try path(tag.content, at: tagStart)
                openSections.append(OpenSection(
                    name: tag.content, path: path, inverted: inverted, offset: tagStart, siblings: nodes))
                nodes = []
            case .close:
                guard let section = openSections.popLast() else {
                    throw error(.unexpectedClosingTag(tag.content), at: tagStart)
                }
                guard section.name == tag.content else {
                    throw error(.mismatchedClosingTag(expected: section.name, found: tag.content), at: tagStart)
                }
                let children = nodes
                nodes = section.siblings
                nodes.append(.section(section.path, children: children, inverted: section.inverted))
            case .partial:
                try validateName(tag.content, at: tagStart)
                let indentation = line.map { Array(source[$0.lowerBound..<tagStart]) } ?? []
                nodes.append(.partial(PartialReference(
                    name: tag.content, offset: tagStart, indentation: indentation, standalone: line != nil)))
            }
        }
        appendText(textStart..<source.count, to: &nodes)
        if let unclosed = openSections.last {
            throw error(.unclosedSection(unclosed.name), at: unclosed.offset)
        }
        return nodes
    }

    // MARK: Text

    /// Appends literal text, recording where each line begins (a standalone partial's
    /// indentation goes there), and merges it into a preceding text node.
    ///
    /// Spec: "any whitespace preceding the tag should be treated as indentation, and prepended
    /// to each line of the partial". Empty lines are indented too (as chevron and the Ruby
    /// implementation do); the end of the template after its last newline is no line.
    private func appendText(_ range: Range<Int>, to nodes: inout [TemplateNode]) {
        guard !range.isEmpty else { return }
        var lineStarts: [Int] = []
        for index in range where index == 0 || source[index - 1] == .newline {
            lineStarts.append(index - range.lowerBound)
        }
        let bytes = source[range]
        if case .text(var previous)? = nodes.last {
            let shift = previous.bytes.count
            previous.bytes.append(contentsOf: bytes)
            previous.lineStarts.append(contentsOf: lineStarts.map { $0 + shift })
            nodes[nodes.count - 1] = .text(previous)
        } else {
            nodes.append(.text(TemplateText(bytes: Array(bytes), lineStarts: lineStarts)))
        }
    }

    /// The range of the whole line if the tag spanning `tagStart..<tagEnd` stands alone on it:
    /// only spaces or tabs before it since the line start, and after it up to a `\n`, `\r\n`
    /// or the end of the template.
    private func standaloneLine(tagStart: Int, tagEnd: Int) -> Range<Int>? {
        var start = tagStart
        while start > 0, source[start - 1].isBlank { start -= 1 }
        guard start == 0 || source[start - 1] == .newline else { return nil }
        var end = tagEnd
        while end < source.count, source[end].isBlank { end += 1 }
        if end == source.count { return start..<end }
        if source[end] == .newline { return start..<(end + 1) }
        if source[end] == .carriageReturn, end + 1 < source.count, source[end + 1] == .newline {
            return start..<(end + 2)
        }
        return nil
    }

    // MARK: Tags

    private enum TagKind {
        case variable(escaped: Bool)
        case section(inverted: Bool)
        case close
        case partial
        case comment
        case delimiters

        var canStandAlone: Bool {
            if case .variable = self { return false }
            return true
        }

        var hasSigil: Bool {
            if case .variable(escaped: true) = self { return false }
            return true
        }

        var needsName: Bool {
            switch self {
            case .comment, .delimiters: false
            case .variable, .section, .close, .partial: true
            }
        }
    }

    private struct Tag {
        let kind: TagKind
        /// The tag's content without its sigil and surrounding whitespace.
        let content: String
        /// Offset just past the closing delimiter.
        let end: Int
    }

    private func readTag(at tagStart: Int) throws -> Tag {
        let sigilOffset = tagStart + openDelimiter.count
        guard sigilOffset < source.count else { throw error(.unclosedTag, at: tagStart) }
        let kind: TagKind
        var closing = closeDelimiter
        switch source[sigilOffset] {
        case UInt8(ascii: "{"):
            kind = .variable(escaped: false)
            closing = [UInt8(ascii: "}")] + closeDelimiter
        case UInt8(ascii: "&"): kind = .variable(escaped: false)
        case UInt8(ascii: "#"): kind = .section(inverted: false)
        case UInt8(ascii: "^"): kind = .section(inverted: true)
        case UInt8(ascii: "/"): kind = .close
        case UInt8(ascii: ">"): kind = .partial
        case UInt8(ascii: "!"): kind = .comment
        case UInt8(ascii: "="):
            kind = .delimiters
            closing = [UInt8(ascii: "=")] + closeDelimiter
        default: kind = .variable(escaped: true)
        }
        let contentStart = kind.hasSigil ? sigilOffset + 1 : sigilOffset
        guard let closeStart = source.offset(of: closing, from: contentStart) else {
            throw error(.unclosedTag, at: tagStart)
        }
        var content = source[contentStart..<closeStart]
        while let first = content.first, first.isWhitespace { content.removeFirst() }
        while let last = content.last, last.isWhitespace { content.removeLast() }
        if content.isEmpty, kind.needsName { throw error(.emptyTag, at: tagStart) }
        return Tag(kind: kind, content: String(decoding: content, as: UTF8.self), end: closeStart + closing.count)
    }

    private func path(_ name: String, at offset: Int) throws -> TemplatePath {
        try validateName(name, at: offset)
        guard let path = TemplatePath(name) else { throw error(.invalidName(name), at: offset) }
        return path
    }

    /// Spec: a tag's content is a non-whitespace character sequence.
    private func validateName(_ name: String, at offset: Int) throws {
        if name.utf8.contains(where: \.isWhitespace) { throw error(.invalidName(name), at: offset) }
    }

    /// `{{=<% %>=}}`: two new delimiters separated by whitespace, neither containing `=`.
    private mutating func setDelimiters(_ content: String, at offset: Int) throws {
        let parts = Array(content.utf8).split(whereSeparator: \.isWhitespace)
        guard parts.count == 2, !parts.contains(where: { $0.contains(UInt8(ascii: "=")) }) else {
            throw error(.invalidDelimiters(content), at: offset)
        }
        openDelimiter = Array(parts[0])
        closeDelimiter = Array(parts[1])
    }

    private func error(_ reason: TemplateError.Reason, at offset: Int) -> TemplateError {
        TemplateError(reason, at: SourceLocation(file: file, source: source, offset: offset))
    }
}

extension UInt8 {
    static let newline = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")

    /// A space or a tab: what may surround a standalone tag on its line.
    var isBlank: Bool { self == UInt8(ascii: " ") || self == UInt8(ascii: "\t") }

    var isWhitespace: Bool { isBlank || self == .newline || self == .carriageReturn }
}

extension Array where Element == UInt8 {
    /// The start of the first occurrence of `needle` at or after `start`.
    func offset(of needle: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, needle.count <= count else { return nil }
        var index = start
        let last = count - needle.count
        while index <= last {
            if self[index] == first {
                var matched = 1
                while matched < needle.count, self[index + matched] == needle[matched] { matched += 1 }
                if matched == needle.count { return index }
            }
            index += 1
        }
        return nil
    }
}
