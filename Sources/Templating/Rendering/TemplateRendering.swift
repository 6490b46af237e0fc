/// One render: walks the linked node tree, appending into a single byte buffer.
struct TemplateRendering {
    /// Partials nested deeper than this stop the render with an error instead of the stack.
    static let maximumPartialDepth = 100

    let templates: [Template]
    var output: [UInt8]
    /// The context stack; the innermost context is last.
    private var stack: [TemplateValue]
    private var partialDepth = 0

    init(templates: [Template], context: TemplateValue, output: [UInt8]) {
        self.templates = templates
        self.output = output
        self.stack = [context]
    }

    /// `indentation` goes before each line of the template being rendered: non-empty only
    /// inside a standalone partial.
    mutating func render(_ nodes: [TemplateNode], indentation: [UInt8]) throws {
        for node in nodes {
            switch node {
            case .text(let text):
                if indentation.isEmpty || text.lineStarts.isEmpty {
                    output.append(contentsOf: text.bytes)
                } else {
                    appendIndented(text, indentation)
                }
            case .lineStart:
                output.append(contentsOf: indentation)
            case .variable(let path, let escaped):
                append(lookUp(path), escaped: escaped)
            case .section(let path, let children, let inverted):
                try renderSection(lookUp(path), children, inverted: inverted, indentation: indentation)
            case .partial(let reference):
                try renderPartial(reference, indentation: indentation)
            }
        }
    }

    private mutating func appendIndented(_ text: TemplateText, _ indentation: [UInt8]) {
        var copied = 0
        for lineStart in text.lineStarts {
            output.append(contentsOf: text.bytes[copied..<lineStart])
            output.append(contentsOf: indentation)
            copied = lineStart
        }
        output.append(contentsOf: text.bytes[copied...])
    }

    // Spec (sections): a list renders once per element with the element pushed; any other
    // truthy value renders once with the value pushed (a `true` pushes nothing, as it has no
    // names and `{{.}}` of it is never wanted).
    private mutating func renderSection(
        _ value: TemplateValue, _ children: [TemplateNode], inverted: Bool, indentation: [UInt8]
    ) throws {
        if inverted {
            if !value.isTruthy { try render(children, indentation: indentation) }
            return
        }
        guard value.isTruthy else { return }
        switch value {
        case .list(let items):
            for item in items {
                stack.append(item)
                try render(children, indentation: indentation)
                stack.removeLast()
            }
        case .bool:
            try render(children, indentation: indentation)
        case .string, .number, .object, .null:
            stack.append(value)
            try render(children, indentation: indentation)
            stack.removeLast()
        }
    }

    // Spec (partials): a standalone partial is indented by the whitespace before its tag, on
    // top of the indentation of the partial it sits in; an inline partial is not indented.
    private mutating func renderPartial(_ reference: PartialReference, indentation: [UInt8]) throws {
        guard partialDepth < Self.maximumPartialDepth else {
            throw TemplateError(.partialsTooDeep(limit: Self.maximumPartialDepth))
        }
        partialDepth += 1
        defer { partialDepth -= 1 }
        let nested = reference.standalone ? indentation + reference.indentation : []
        try render(templates[reference.target].nodes, indentation: nested)
    }

    // MARK: Names

    /// Spec (interpolation, name resolution): the first key is looked up from the innermost
    /// context outward; each further key only inside the value found so far. Any miss is null.
    private func lookUp(_ path: TemplatePath) -> TemplateValue {
        guard let first = path.keys.first else { return stack.last ?? .null }
        var found: TemplateValue?
        if path.onlyTop {
            found = stack.last?[first]
        } else {
            // Index loop: iterating `stack.reversed()` retains every context it passes.
            var index = stack.count - 1
            while index >= 0 {
                if case .object(let members) = stack[index], let value = members[first] {
                    found = value
                    break
                }
                index -= 1
            }
        }
        guard var value = found else { return .null }
        for key in path.keys.dropFirst() {
            guard case .object(let members) = value, let member = members[key] else { return .null }
            value = member
        }
        return value
    }

    // MARK: Output

    private mutating func append(_ value: TemplateValue, escaped: Bool) {
        switch value {
        case .string(let text):
            if escaped {
                HTMLEscaping.append(text, to: &output)
            } else {
                output.append(contentsOf: text.utf8)
            }
        case .number, .bool:
            // Digits, signs, dots and letters: nothing to escape.
            output.append(contentsOf: value.interpolated.utf8)
        case .null, .list, .object:
            break
        }
    }
}
