/// Every linked template of a library flattened into one array of plain instructions, for
/// rendering: walking `TemplateNode` trees would retain and release each node's arrays on the
/// way, and look names up by hashing them. Here an instruction is five integers, literal text and
/// indentation live in one byte pool, and each name carries its fingerprint from load time.
struct TemplateProgram: Sendable {
    struct Instruction: Sendable {
        enum Code: UInt8, Sendable {
            /// Literal `pool[a..<b]`; the lines in it start at `lineStarts[c..<d]`.
            case text
            /// A tag began a line: the indentation goes here.
            case lineStart
            /// `{{name}}` / `{{{name}}}`: the name is `keys[a..<b]`, `c == 1` looks only at the top.
            case escaped, raw
            /// `{{#name}}` / `{{^name}}`, name as for variables; the body runs up to instruction `d`.
            case section, invertedSection
            /// `{{> name}}`: the partial's instructions are `a..<b`. A standalone tag adds the
            /// indentation `pool[c..<d]`; an inline one renders the partial without indentation.
            case standalonePartial, inlinePartial
        }

        var code: Code
        var a: Int32
        var b: Int32
        var c: Int32 = 0
        var d: Int32 = 0
    }

    /// A name in a path, with its `TemplateObject` fingerprint.
    struct Key: Sendable {
        let fingerprint: UInt64
        let name: String
    }

    var instructions: [Instruction] = []
    var pool: [UInt8] = []
    var lineStarts: [Int32] = []
    var keys: [Key] = []
    /// Each template's instructions, by the template's index in the library.
    var ranges: [Range<Int>] = []

    init(templates: [Template]) {
        // Instructions of a template are contiguous; a partial's range is filled in once every
        // template has one, so a first pass lays them out and a second patches partial calls.
        var calls: [(instruction: Int, target: Int)] = []
        for template in templates {
            let start = instructions.count
            append(template.nodes, calls: &calls)
            ranges.append(start..<instructions.count)
        }
        for call in calls {
            instructions[call.instruction].a = Int32(ranges[call.target].lowerBound)
            instructions[call.instruction].b = Int32(ranges[call.target].upperBound)
        }
    }

    private mutating func append(_ nodes: [TemplateNode], calls: inout [(instruction: Int, target: Int)]) {
        for node in nodes {
            switch node {
            case .text(let text):
                let start = pool.count
                let firstLine = lineStarts.count
                pool.append(contentsOf: text.bytes)
                lineStarts.append(contentsOf: text.lineStarts.map { Int32(start + $0) })
                instructions.append(Instruction(
                    code: .text, a: Int32(start), b: Int32(pool.count), c: Int32(firstLine), d: Int32(lineStarts.count)))
            case .lineStart:
                instructions.append(Instruction(code: .lineStart, a: 0, b: 0))
            case .variable(let path, let escaped):
                instructions.append(instruction(escaped ? .escaped : .raw, path))
            case .section(let path, let children, let inverted):
                let index = instructions.count
                instructions.append(instruction(inverted ? .invertedSection : .section, path))
                append(children, calls: &calls)
                instructions[index].d = Int32(instructions.count)
            case .partial(let reference):
                let start = pool.count
                pool.append(contentsOf: reference.indentation)
                calls.append((instructions.count, reference.target))
                instructions.append(Instruction(
                    code: reference.standalone ? .standalonePartial : .inlinePartial,
                    a: 0, b: 0, c: Int32(start), d: Int32(pool.count)))
            }
        }
    }

    private mutating func instruction(_ code: Instruction.Code, _ path: TemplatePath) -> Instruction {
        let start = keys.count
        keys.append(contentsOf: path.keys.map { Key(fingerprint: TemplateObject.fingerprint($0), name: $0) })
        return Instruction(code: code, a: Int32(start), b: Int32(keys.count), c: path.onlyTop ? 1 : 0)
    }
}
