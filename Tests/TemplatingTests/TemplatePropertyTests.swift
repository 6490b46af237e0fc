import Testing
@testable import Templating

/// Seeded random properties of the template parser, linker and renderer: any soup of
/// mustache-ish tokens loads or fails with a location inside its source, and whatever loads
/// renders without trapping; well-formed templates escape every value. A failure names its seed.
@Suite struct TemplatePropertyTests {
    /// Tokens that keep a template loadable.
    static let friendlyTokens = [
        "a", "b c", "\n", "\r\n", "  ", "\t", "<p>", "é", "{{x}}", "{{{x}}}", "{{& x}}", "{{ x }}", "{{.}}",
        "{{x.y}}", "{{.x}}", "{{! note }}", "{{#s}}a{{/s}}", "{{^items}}b{{/items}}", "{{#items}}{{x}}{{/items}}",
        "{{=<% %>=}}<%x%><%={{ }}=%>", "{{=| |=}}|#s||/s||={{ }}=|",
    ]
    /// Section openers, each with its closer (closed in order, at random later points).
    static let openers = [("\n{{#s}}\n", "\n  {{/s}}\n"), ("{{^items}}", "{{/items}}"), ("{{#items}}", "{{/items}}"), ("{{#x}}", "{{/x}}")]
    /// Tokens that usually break a template.
    static let hostileTokens = [
        "{", "}", "{{", "}}", "}}}", "{{ }}", "{{!", "{{= =}}", "{{a b}}", "{{a..b}}", "{{/}}", "{{#}}", "<%x%>",
        "{{=<% %>=}}", "{{/items}}", "{{=a=}}", "{{{x}}", "{{#s}}",
    ]
    static let partialTokens = [
        "{{>p}}", "  {{> q}}\n", "{{#s}}{{>main}}{{/s}}", "{{#items}}{{>p}}{{/items}}", "{{>main}}", "{{>missing}}", "{{> }}",
    ]

    /// Up to 30 tokens; one in `hostility` is hostile (none when 0), one in 15 a partial.
    static func soup(_ rng: inout SplitMix64, hostility: Int, withPartials: Bool) -> String {
        var out = ""
        var closers: [String] = []
        for _ in 0..<Int.random(in: 0...30, using: &rng) {
            let roll = Int.random(in: 0..<60, using: &rng)
            if hostility > 0, roll % hostility == 0 {
                out += hostileTokens.pick(&rng)
            } else if withPartials, roll < 4 {
                out += partialTokens.pick(&rng)
            } else if roll < 10 {
                let (opener, closer) = openers.pick(&rng)
                out += opener
                closers.append(closer)
            } else if roll < 16, let closer = closers.popLast() {
                out += closer
            } else {
                out += friendlyTokens.pick(&rng)
            }
        }
        return out + closers.reversed().joined()
    }

    /// Values that must come out escaped, in lists and objects the sections can walk.
    static let data: TemplateValue = [
        "x": "<script>&\"'", "s": true, "items": [["x": "<i>", "y": 1], ["x": "'"]], "y": 2.5,
    ]

    @Test func tokenSoup_loadsOrFailsWithALocation_andRendersWithoutTrapping() async {
        var loaded = 0
        await SplitMix64.cases(400, base: 0x5445_4D50_0000) { seed, rng in
            let withPartials = Bool.random(using: &rng)
            let hostility = [0, 0, 40, 12, 3].pick(&rng)
            let sources = ["main", "p", "q"].reduce(into: [String: String]()) { sources, name in
                sources[name] = Self.soup(&rng, hostility: hostility, withPartials: withPartials)
            }
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
            loaded += 1
            for name in library.names {
                #expect(throws: Never.self, "seed \(seed), \(name) with no data") { try library.render(name, [:]) }
                // With data a section can recurse through a partial; the depth cap makes that an error,
                // but a soup with two such partials would take 2^100 steps, so only plain soups get data.
                if !withPartials {
                    #expect(throws: Never.self, "seed \(seed), \(name) with data") { try library.render(name, Self.data) }
                }
            }
        }
        // Most soups are malformed; enough must load for the render half to mean something.
        #expect(loaded >= 100, "only \(loaded) of 400 soups loaded")
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
    @Test func wellFormedTemplates_loadAndEscapeEveryValue() async throws {
        try await SplitMix64.cases(300, base: 0x5745_4C4C_0000) { seed, rng in
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
