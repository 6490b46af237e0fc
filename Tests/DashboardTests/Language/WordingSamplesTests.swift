import Foundation
import Testing

/// `WordingSamples` calls every `Wording` function and computed property, so the Korean checks
/// (`KoreanWritingTests`) read every text.
///
/// The test reads the code rather than the samples being derived from it. It scans
/// `Sources/Dashboard/**/*.swift` for the members declared in `struct Wording` and in every
/// `extension Wording`, wherever a feature keeps its wording, and fails for each one
/// `WordingSamples.swift` does not call on `w` (its `Wording`) or on `Wording` (a static member).
/// A member is named with its argument labels, so `undoLabel(_:)` and `undoLabel(entry:)` each
/// need a call. Derived samples (a `samples` list per code enum, checked by a `switch`) would
/// cover the enums of codes but not the functions that take free names and numbers
/// (`listTitle(mine:search:page:)`), would put test data in the product, and would still
/// need a hand-kept list of the functions; the scan covers every member as it is written,
/// and its failure names the file and the member to sample. `private` members are reached
/// only through the members that call them, so they need no line of their own.
@Suite struct WordingSamplesTests {
    /// Members that give no text of a language, so no Korean check can find anything in them,
    /// each with the reason. A member here must still exist.
    static let withoutText: [String: String] = [
        "signed(_:always:)": "a number with its sign (“−1,000”, “+10”): digits and signs, the same in every language",
    ]

    static let checkout = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func everyWordingMember_hasASample() throws {
        let sources = checkout("Sources/Dashboard")
        let files = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }.sorted()
        var declared: [(file: String, member: WordingScan.Member)] = []
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            declared += WordingScan.wordingMembers(in: text).map { ("Sources/Dashboard/\(file)", $0) }
        }
        // The scan finds the wording at all: well over a hundred members in a dozen files.
        #expect(declared.count > 150)
        let samples = try String(contentsOf: checkout("Tests/DashboardTests/Language/WordingSamples.swift"), encoding: .utf8)
        let uses = WordingScan.uses(in: samples, on: ["w", "Wording"])
        for (file, member) in declared where Self.withoutText[member.signature] == nil {
            #expect(uses.contains { member.accepts($0) },
                "\(file): Wording.\(member.signature) has no sample: call it in WordingSamples.swift, with a name and a number where it takes them")
        }
        for signature in Self.withoutText.keys {
            #expect(declared.contains { $0.member.signature == signature }, "withoutText names \(signature), which Wording no longer has")
        }
    }

    /// The scan reads declarations as the compiler does: not in comments or strings, not in
    /// nested types, not `private`, and with their labels.
    @Test func theScan_findsMembersByTheirLabels() {
        let source = #"""
            /// extension Wording { func inAComment() }
            extension Wording {
                func plain(_ x: Int, label y: String, z: Int = 1) -> String { "{ \(x) }" + "}" }
                var computed: String { "\("nested } string")" }
                private func hidden() -> String { "" }
                static func shared(_ name: String) -> String { name }
                enum Kind { case a; var nestedProperty: String { "" } }
                func closure(_ make: (Int, String) -> [String: Int]) -> String { "" }
            }
            extension Wording.Kind { func elsewhere() {} }
            struct Other { func notWording() {} }
            struct Wording { let language: Int; func core(entry: Int) -> String { "" } }
            """#
        let members = WordingScan.wordingMembers(in: source).map(\.signature)
        #expect(members == ["plain(_:label:z:)", "computed", "shared(_:)", "closure(_:)", "core(entry:)"])
        let uses = WordingScan.uses(
            in: #"w.plain(1, label: "a, b: c"), w.computed, Wording.shared(x ? "y" : "z"), xs.map(w.core(entry:)), w.shared("text") // w.hidden()"#,
            on: ["w", "Wording"])
        #expect(uses.map(\.description) == ["plain(_:label:)", "computed", "shared(_:)", "core(entry:)", "shared(_:)"])
        let plain = WordingScan.wordingMembers(in: source)[0]
        #expect(plain.accepts(uses[0]) && !plain.accepts(WordingScan.Use(name: "plain", labels: ["_"])))
    }

    private func checkout(_ path: String) -> URL { Self.checkout.appendingPathComponent(path) }
}

/// Just enough of Swift's syntax to find declarations and calls in our own sources: comments
/// and string literals (interpolations, multi-line and raw strings too) are blanked first, so
/// a brace or a name in a text is never read as code.
enum WordingScan {
    /// A use of a member on one of the receivers: `w.name(label: …)`, or `w.name` alone.
    struct Use: CustomStringConvertible {
        var name: String
        /// nil when the member is named without a call.
        var labels: [String]?

        var description: String { labels.map { name + "(" + $0.map { $0 + ":" }.joined() + ")" } ?? name }
    }

    /// A member of `Wording` as declared: its name, and for a function its parameters' labels
    /// (`_` for none) and which have a default.
    struct Member {
        var name: String
        /// nil for a property.
        var parameters: [(label: String, hasDefault: Bool)]?

        var signature: String {
            guard let parameters else { return name }
            return name + "(" + parameters.map { $0.label + ":" }.joined() + ")"
        }

        /// Whether `use` calls or names this member: the same name, and for a function, labels
        /// that leave out only parameters with a default. A function named without a call
        /// (`map(w.rowFailure)`) takes its arguments without labels.
        func accepts(_ use: Use) -> Bool {
            guard use.name == name else { return false }
            guard let parameters else { return use.labels == nil }
            guard let labels = use.labels else { return parameters.allSatisfy { $0.label == "_" } }
            var next = 0
            for parameter in parameters {
                if next < labels.count, labels[next] == parameter.label {
                    next += 1
                } else if !parameter.hasDefault {
                    return false
                }
            }
            return next == labels.count
        }
    }

    /// The members, not `private`, declared directly in `struct Wording` and `extension Wording`.
    static func wordingMembers(in source: String) -> [Member] {
        let code = blanked(source)
        var members: [Member] = []
        var depth = 0
        var statementStart = 0
        var inWording = false
        var body = ""
        for (index, character) in code.enumerated() {
            switch character {
            case "{":
                if depth == 0 {
                    // The head is what comes before the brace since the last top-level body
                    // (imports too): only its end, `extension Wording {`, matters.
                    let head = String(code[statementStart..<index])
                    inWording = head.range(of: #"(^|\s)(extension|struct)\s+Wording\s*(:[^{]*|where[^{]*)?$"#, options: .regularExpression) != nil
                    body = ""
                } else if depth == 1, inWording {
                    body.append("{")
                }
                depth += 1
            case "}":
                depth -= 1
                if depth == 0 {
                    if inWording { members += declarations(in: body) }
                    inWording = false
                    statementStart = index + 1
                } else if depth == 1, inWording {
                    body.append("}")
                }
            default:
                if depth == 1, inWording { body.append(character) }
            }
        }
        return members
    }

    /// The `func` and `var` declarations of a type's body whose nested braces are emptied.
    private static func declarations(in body: String) -> [Member] {
        let modifiers = #"(?:(?:@\w+(?:\([^)]*\))?|private|fileprivate|internal|package|public|static|class|nonisolated|mutating|override|final|(?:private|fileprivate)\(set\))\s+)*"#
        let pattern = try! NSRegularExpression(pattern: #"(?:^|[\s;{}])("# + modifiers + #")(func|var)\s+([A-Za-z_]\w*)"#)
        let text = body as NSString
        var members: [Member] = []
        for match in pattern.matches(in: body, range: NSRange(location: 0, length: text.length)) {
            let modifierText = text.substring(with: match.range(at: 1))
            if modifierText.contains("private") && !modifierText.contains("(set)") { continue }
            let name = text.substring(with: match.range(at: 3))
            guard text.substring(with: match.range(at: 2)) == "func" else {
                members.append(Member(name: name, parameters: nil))
                continue
            }
            let after = Array(text.substring(from: match.range.upperBound))
            guard let open = after.firstIndex(of: "(") else { continue }
            let parameters = arguments(after, from: open).map { parameter -> (label: String, hasDefault: Bool) in
                let parts = topLevelSplit(Array(parameter), on: ":")
                let names = (parts.first ?? "").split(whereSeparator: \.isWhitespace)
                let hasDefault = topLevelSplit(Array(parts.dropFirst().joined(separator: ":")), on: "=").count > 1
                return (String(names.first ?? "_"), hasDefault)
            }
            members.append(Member(name: name, parameters: parameters))
        }
        return members
    }

    /// Every `receiver.name` and `receiver.name(…)` for the given receivers, nested ones too.
    static func uses(in source: String, on receivers: [String]) -> [Use] {
        let code = blanked(source)
        let text = String(code) as NSString
        let names = receivers.map(NSRegularExpression.escapedPattern(for:)).joined(separator: "|")
        let pattern = try! NSRegularExpression(pattern: #"(?<![\w.])(?:"# + names + #")\s*\.\s*([A-Za-z_]\w*)"#)
        var uses: [Use] = []
        for match in pattern.matches(in: text as String, range: NSRange(location: 0, length: text.length)) {
            let name = text.substring(with: match.range(at: 1))
            let rest = Array(text.substring(from: match.range.upperBound))
            guard let open = rest.firstIndex(where: { !$0.isWhitespace }), rest[open] == "(" else {
                uses.append(Use(name: name, labels: nil))
                continue
            }
            let labels = arguments(rest, from: open).map { argument -> String in
                let label = argument.range(of: #"^\s*([A-Za-z_]\w*)\s*:(?!:)"#, options: .regularExpression)
                return label.map { argument[$0].dropLast().trimmingCharacters(in: .whitespaces) } ?? "_"
            }
            uses.append(Use(name: name, labels: labels))
        }
        return uses
    }

    /// The comma-separated items between the parenthesis at `open` and its partner; none for `()`.
    private static func arguments(_ code: [Character], from open: Int) -> [String] {
        var depth = 0
        var end = open
        for index in open..<code.count {
            if "([".contains(code[index]) { depth += 1 }
            if ")]".contains(code[index]) { depth -= 1 }
            if depth == 0 { end = index; break }
        }
        let inside = Array(code[(open + 1)..<end])
        guard inside.contains(where: { !$0.isWhitespace }) else { return [] }
        return topLevelSplit(inside, on: ",")
    }

    /// `code` split on `separator` where it is outside parentheses, brackets and braces.
    private static func topLevelSplit(_ code: [Character], on separator: Character) -> [String] {
        var parts: [String] = []
        var current = ""
        var depth = 0
        for character in code {
            if "([{".contains(character) { depth += 1 }
            if ")]}".contains(character) { depth -= 1 }
            if character == separator, depth == 0 {
                parts.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        parts.append(current)
        return parts
    }

    /// `source` with every comment turned into spaces and every string literal into
    /// underscores (line ends kept).
    static func blanked(_ source: String) -> [Character] {
        var scanner = Scanner(code: Array(source))
        scanner.code(until: nil, blank: false)
        return scanner.code
    }

    private struct Scanner {
        var code: [Character]
        var index = 0

        /// How many string literals the scanner is in (an interpolation holds strings too).
        var strings = 0

        /// A comment becomes spaces; a string literal becomes underscores, so an argument that
        /// is only a string still reads as an argument.
        mutating func blank(_ at: Int) {
            if code[at] != "\n" { code[at] = strings > 0 ? "_" : " " }
        }

        func starts(with text: String, at: Int) -> Bool {
            let characters = Array(text)
            return at + characters.count <= code.count && Array(code[at..<(at + characters.count)]) == characters
        }

        /// Code up to `closer` at depth 0 (an interpolation's `)`), or to the end.
        mutating func code(until closer: Character?, blank blanking: Bool) {
            var depth = 0
            while index < code.count {
                let character = code[index]
                if let closer, character == closer, depth == 0 { return }
                if character == "(" { depth += 1 }
                if character == ")" { depth -= 1 }
                if starts(with: "//", at: index) {
                    while index < code.count, code[index] != "\n" { blank(index); index += 1 }
                } else if starts(with: "/*", at: index) {
                    var nesting = 0
                    repeat {
                        if starts(with: "/*", at: index) { nesting += 1; blank(index); blank(index + 1); index += 2 }
                        else if starts(with: "*/", at: index) { nesting -= 1; blank(index); blank(index + 1); index += 2 }
                        else { blank(index); index += 1 }
                    } while nesting > 0 && index < code.count
                } else if character == "\"" || (character == "#" && rawStringStarts(at: index)) {
                    string()
                } else {
                    if blanking { blank(index) }
                    index += 1
                }
            }
        }

        func rawStringStarts(at start: Int) -> Bool {
            var at = start
            while at < code.count, code[at] == "#" { at += 1 }
            return at < code.count && code[at] == "\""
        }

        /// A string literal from its first `#` or quote to its end, all blanked.
        mutating func string() {
            strings += 1
            defer { strings -= 1 }
            var hashes = 0
            while code[index] == "#" { hashes += 1; blank(index); index += 1 }
            let multiline = starts(with: "\"\"\"", at: index)
            let quotes = multiline ? 3 : 1
            for _ in 0..<quotes { blank(index); index += 1 }
            let close = String(repeating: "\"", count: quotes) + String(repeating: "#", count: hashes)
            let escape = "\\" + String(repeating: "#", count: hashes)
            while index < code.count {
                if starts(with: close, at: index) {
                    for _ in 0..<close.count { blank(index); index += 1 }
                    return
                }
                if starts(with: escape + "(", at: index) {
                    for _ in 0...escape.count { blank(index); index += 1 }
                    code(until: ")", blank: true)
                    if index < code.count { blank(index); index += 1 }
                } else if starts(with: escape, at: index) {
                    for _ in 0..<(escape.count + 1) where index < code.count { blank(index); index += 1 }
                } else {
                    blank(index)
                    index += 1
                }
            }
        }
    }
}
