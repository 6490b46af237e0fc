/// One render: runs a template's instructions, appending into a single byte buffer.
struct TemplateRendering: ~Copyable {
    /// Partials nested deeper than this stop the render with an error instead of the stack.
    static let maximumPartialDepth = 100

    typealias Instruction = TemplateProgram.Instruction

    /// The program's arrays, borrowed for the whole render (no retain per instruction).
    private struct Code {
        let instructions: UnsafeBufferPointer<Instruction>
        let pool: UnsafeBufferPointer<UInt8>
        let lineStarts: UnsafeBufferPointer<Int32>
        let keys: UnsafeBufferPointer<TemplateProgram.Key>
    }

    var output: RenderBuffer
    /// The context stack; the innermost context is last. Never empty.
    private var stack: [TemplateValue]
    /// The indentation of the standalone partials being rendered, outermost first; a run
    /// indents with the part from its `indentStart` on.
    private var indentation: [UInt8] = []
    private var partialDepth = 0

    init(context: TemplateValue, capacity: Int) {
        self.output = RenderBuffer(capacity: capacity)
        self.stack = []
        stack.reserveCapacity(8)
        stack.append(context)
    }

    /// Renders the instructions `range` of `program`.
    mutating func render(_ program: TemplateProgram, _ range: Range<Int>) throws {
        try program.instructions.withUnsafeBufferPointer { instructions in
            try program.pool.withUnsafeBufferPointer { pool in
                try program.lineStarts.withUnsafeBufferPointer { lineStarts in
                    try program.keys.withUnsafeBufferPointer { keys in
                        let code = Code(instructions: instructions, pool: pool, lineStarts: lineStarts, keys: keys)
                        try run(code, range.lowerBound, range.upperBound, indentStart: 0)
                    }
                }
            }
        }
    }

    private mutating func run(_ code: Code, _ start: Int, _ end: Int, indentStart: Int) throws {
        var index = start
        while index < end {
            let instruction = code.instructions[index]
            index += 1
            switch instruction.code {
            case .text:
                let text = UnsafeBufferPointer(rebasing: code.pool[Int(instruction.a)..<Int(instruction.b)])
                if indentStart == indentation.count || instruction.c == instruction.d {
                    output.append(text)
                } else {
                    appendIndented(code, instruction, indentStart)
                }
            case .lineStart:
                if indentStart < indentation.count { appendIndentation(indentStart) }
            case .escaped, .raw:
                if let value = lookUp(code, instruction) { append(value, escaped: instruction.code == .escaped) }
            // Spec (sections): a list renders once per element with the element pushed; any other
            // truthy value renders once with the value pushed (a `true` pushes nothing, as it has
            // no names and `{{.}}` of it is never wanted).
            case .section:
                let body = index..<Int(instruction.d)
                index = body.upperBound
                guard let value = lookUp(code, instruction), value.isTruthy else { continue }
                switch value {
                case .list(let items):
                    for item in items {
                        stack.append(item)
                        try run(code, body.lowerBound, body.upperBound, indentStart: indentStart)
                        stack.removeLast()
                    }
                case .bool:
                    try run(code, body.lowerBound, body.upperBound, indentStart: indentStart)
                case .string, .number, .object, .null:
                    stack.append(value)
                    try run(code, body.lowerBound, body.upperBound, indentStart: indentStart)
                    stack.removeLast()
                }
            case .invertedSection:
                let body = index..<Int(instruction.d)
                index = body.upperBound
                if lookUp(code, instruction)?.isTruthy != true {
                    try run(code, body.lowerBound, body.upperBound, indentStart: indentStart)
                }
            // Spec (partials): a standalone partial is indented by the whitespace before its tag,
            // on top of the indentation of the partial it sits in; an inline one is not indented.
            case .standalonePartial:
                try enterPartial()
                let saved = indentation.count
                indentation.append(contentsOf: UnsafeBufferPointer(rebasing: code.pool[Int(instruction.c)..<Int(instruction.d)]))
                try run(code, Int(instruction.a), Int(instruction.b), indentStart: indentStart)
                indentation.removeSubrange(saved...)
                partialDepth -= 1
            case .inlinePartial:
                try enterPartial()
                try run(code, Int(instruction.a), Int(instruction.b), indentStart: indentation.count)
                partialDepth -= 1
            }
        }
    }

    private mutating func enterPartial() throws {
        guard partialDepth < Self.maximumPartialDepth else {
            throw TemplateError(.partialsTooDeep(limit: Self.maximumPartialDepth))
        }
        partialDepth += 1
    }

    /// Literal text inside an indented partial: the indentation goes before each of its lines.
    private mutating func appendIndented(_ code: Code, _ text: Instruction, _ indentStart: Int) {
        var copied = Int(text.a)
        for lineStart in code.lineStarts[Int(text.c)..<Int(text.d)] {
            output.append(UnsafeBufferPointer(rebasing: code.pool[copied..<Int(lineStart)]))
            appendIndentation(indentStart)
            copied = Int(lineStart)
        }
        output.append(UnsafeBufferPointer(rebasing: code.pool[copied..<Int(text.b)]))
    }

    private mutating func appendIndentation(_ indentStart: Int) {
        indentation.withUnsafeBufferPointer { output.append(UnsafeBufferPointer(rebasing: $0[indentStart...])) }
    }

    // MARK: Names

    /// Spec (interpolation, name resolution): the first key is looked up from the innermost
    /// context outward; each further key only inside the value found so far. Nil for a miss
    /// (rendered as null).
    @inline(__always)
    private func lookUp(_ code: Code, _ instruction: Instruction) -> TemplateValue? {
        var key = Int(instruction.a)
        let end = Int(instruction.b)
        guard key < end else { return stack[stack.count - 1] }  // `.`
        var found: TemplateValue?
        if instruction.c == 1 {
            found = stack[stack.count - 1].member(code.keys[key])
        } else {
            var level = stack.count - 1
            while level >= 0 {
                if let value = stack[level].member(code.keys[key]) {
                    found = value
                    break
                }
                level -= 1
            }
        }
        key += 1
        while key < end, let value = found {
            found = value.member(code.keys[key])
            key += 1
        }
        return found
    }

    // MARK: Output

    private mutating func append(_ value: TemplateValue, escaped: Bool) {
        switch value {
        case .string(let text):
            if escaped {
                output.appendEscaped(text)
            } else {
                output.append(text)
            }
        case .number(let number):
            // Digits, signs, dots and letters: nothing to escape.
            if let integer = TemplateValue.integer(number) {
                Self.appendDecimal(integer, to: &output)
            } else {
                output.append(TemplateValue.format(number))
            }
        case .bool(let flag):
            output.append(flag ? "true" : "false")
        case .null, .list, .object:
            break
        }
    }

    /// Writes the decimal digits of `value` straight into `output`, without a String.
    static func appendDecimal(_ value: Int64, to output: inout RenderBuffer) {
        if value < 0 { output.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var first = digits.count
            repeat {
                first -= 1
                digits[first] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            output.append(UnsafeBufferPointer(rebasing: digits[first...]))
        }
    }
}

extension TemplateValue {
    /// The member `key` when this is an object that has it.
    @inline(__always)
    fileprivate func member(_ key: TemplateProgram.Key) -> TemplateValue? {
        guard case .object(let members) = self else { return nil }
        return members.value(key.fingerprint, key.name)
    }
}
