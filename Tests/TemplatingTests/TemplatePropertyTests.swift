import Testing
@testable import Templating

/// Seeded random properties of the template parser, linker and renderer: any soup of
/// mustache-ish tokens loads or fails with a location inside its source, and whatever loads
/// renders without trapping; well-formed templates escape every value. A failure names its seed.
@Suite struct TemplatePropertyTests {
    static let plainTokens = [
        "a", "b c", "\n", "\r\n", "  ", "\t", "<p>", "{", "}", "é", "{{x}}", "{{{x}}}", "{{& x}}", "{{ x }}",
        "{{#s}}", "{{/s}}", "{{^s}}", "{{#items}}", "{{/items}}", "{{^items}}", "{{.}}", "{{x.y}}", "{{.x}}",
        "{{ }}", "{{", "}}", "}}}", "{{! note }}", "{{!", "{{=<% %>=}}", "<%x%>", "<%#s%>", "<%/s%>",
        "<%={{ }}=%>", "{{=| |=}}", "|x|", "{{= =}}", "{{a b}}", "{{a..b}}", "{{/}}", "{{#}}",
    ]
    static let partialTokens = ["{{>p}}", "  {{> q}}\n", "{{>main}}", "{{#s}}{{>main}}{{/s}}", "{{>missing}}", "{{> }}"]

    static func soup(_ rng: inout SplitMix64, tokens: [String]) -> String {
        (0..<Int.random(in: 0...30, using: &rng)).map { _ in tokens.pick(&rng) }.joined()
    }

    /// Values that must come out escaped, in lists and objects the sections can walk.
    static let data: TemplateValue = [
        "x": "<script>&\"'", "s": true, "items": [["x": "<i>", "y": 1], ["x": "'"]], "y": 2.5,
    ]

    @Test func tokenSoup_loadsOrFailsWithALocation_andRendersWithoutTrapping() {
        SplitMix64.cases(400, base: 0x5445_4D50_0000) { seed, rng in
            let withPartials = Bool.random(using: &rng)
            let tokens = withPartials ? Self.plainTokens + Self.partialTokens : Self.plainTokens
            let sources = ["main": Self.soup(&rng, tokens: tokens), "p": Self.soup(&rng, tokens: tokens), "q": Self.soup(&rng, tokens: tokens)]
            let library: TemplateLibrary
            do {
                library = try TemplateLibrary(templates: sources)
            } catch let error as TemplateError {
                Self.expectLocationInside(error, sources: sources, seed: seed)
                return
            } catch {
                Issue.record("seed \(seed): not a TemplateError: \(error)")
                return
            }
            for name in library.names {
                #expect(throws: Never.self, "seed \(seed), \(name) with no data") { try library.render(name, [:]) }
                // With data a section can recurse through a partial; the depth cap makes that an error,
                // but a soup with two such partials would take 2^100 steps, so only plain soups get data.
                if !withPartials {
                    #expect(throws: Never.self, "seed \(seed), \(name) with data") { try library.render(name, Self.data) }
                }
            }
        }
    }

    static func expectLocationInside(_ error: TemplateError, sources: [String: String], seed: UInt64) {
        guard let location = error.location, let source = sources[location.file] else {
            Issue.record("seed \(seed): \(error) names no template")
            return
        }
        let lines = source.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        #expect((1...lines.count).contains(location.line), "seed \(seed): \(error)")
        if (1...lines.count).contains(location.line) {
            let line = lines[location.line - 1]
            #expect((1...(line.count + 1)).contains(location.column), "seed \(seed): \(error)")
        }
    }

    /// Nested sections, variables and text without markup: loads, and no value escapes raw.
    @Test func wellFormedTemplates_loadAndEscapeEveryValue() throws {
        try SplitMix64.cases(300, base: 0x5745_4C4C_0000) { seed, rng in
            let source = Self.wellFormed(&rng, depth: 0)
            let output = try TemplateLibrary(templates: ["main": source]).renderString("main", Self.data)
            for raw in ["<", ">", "\"", "'"] {
                #expect(!output.contains(raw), "seed \(seed): \(raw) in \(output.debugDescription) from \(source.debugDescription)")
            }
        }
    }

    static func wellFormed(_ rng: inout SplitMix64, depth: Int) -> String {
        var out = ""
        var standaloneOpen = 0
        for _ in 0..<Int.random(in: 0...5, using: &rng) {
            switch Int.random(in: 0..<6, using: &rng) {
            case 0: out += ["text ", "\n", "  ", "é", "a\r\n", "&amp;"].pick(&rng)
            case 1: out += ["{{x}}", "{{ x }}", "{{y}}", "{{.}}", "{{x.y}}", "{{missing}}"].pick(&rng)
            case 2: out += "{{! \(["a", "}", "{{"].pick(&rng)) }}"
            case 3 where depth < 4:
                let name = ["s", "items", "missing", "x"].pick(&rng)
                let sigil = ["#", "^"].pick(&rng)
                out += "{{\(sigil)\(name)}}\(wellFormed(&rng, depth: depth + 1)){{/\(name)}}"
            case 4:
                out += "\n  {{#s}}\n"
                standaloneOpen += 1
            default: out += "{{=<% %>=}}<%x%><%={{ }}=%>"
            }
        }
        return out + String(repeating: "{{/s}}", count: standaloneOpen)
    }
}
