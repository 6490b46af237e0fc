extension MustacheSpec {
    /// `specs/interpolation.json`
    static let interpolation = SpecCase.module("interpolation", [
        SpecCase("no-tags", "Hello from {Mustache}!\n", "Hello from {Mustache}!\n"),
        SpecCase("basic", "Hello, {{subject}}!\n", ["subject": "world"], "Hello, world!\n"),
        SpecCase("output-not-reparsed", "{{template}}: {{planet}}", ["template": "{{planet}}", "planet": "Earth"], "{{planet}}: Earth"),
        SpecCase(
            "escaped", "These characters should be HTML escaped: {{forbidden}}\n", ["forbidden": "& \" < >"],
            "These characters should be HTML escaped: &amp; &quot; &lt; &gt;\n"),
        SpecCase(
            "triple-unescaped", "These characters should not be HTML escaped: {{{forbidden}}}\n", ["forbidden": "& \" < >"],
            "These characters should not be HTML escaped: & \" < >\n"),
        SpecCase(
            "ampersand-unescaped", "These characters should not be HTML escaped: {{&forbidden}}\n", ["forbidden": "& \" < >"],
            "These characters should not be HTML escaped: & \" < >\n"),
        SpecCase("integer", "\"{{mph}} miles an hour!\"", ["mph": 85], "\"85 miles an hour!\""),
        SpecCase("triple-integer", "\"{{{mph}}} miles an hour!\"", ["mph": 85], "\"85 miles an hour!\""),
        SpecCase("ampersand-integer", "\"{{&mph}} miles an hour!\"", ["mph": 85], "\"85 miles an hour!\""),
        SpecCase("decimal", "\"{{power}} jiggawatts!\"", ["power": 1.21], "\"1.21 jiggawatts!\""),
        SpecCase("triple-decimal", "\"{{{power}}} jiggawatts!\"", ["power": 1.21], "\"1.21 jiggawatts!\""),
        SpecCase("ampersand-decimal", "\"{{&power}} jiggawatts!\"", ["power": 1.21], "\"1.21 jiggawatts!\""),
        SpecCase("null", "I ({{cannot}}) be seen!", ["cannot": nil], "I () be seen!"),
        SpecCase("triple-null", "I ({{{cannot}}}) be seen!", ["cannot": nil], "I () be seen!"),
        SpecCase("ampersand-null", "I ({{&cannot}}) be seen!", ["cannot": nil], "I () be seen!"),
        SpecCase("missing", "I ({{cannot}}) be seen!", "I () be seen!"),
        SpecCase("triple-missing", "I ({{{cannot}}}) be seen!", "I () be seen!"),
        SpecCase("ampersand-missing", "I ({{&cannot}}) be seen!", "I () be seen!"),
        SpecCase(
            "dotted", "\"{{person.name}}\" == \"{{#person}}{{name}}{{/person}}\"", ["person": ["name": "Joe"]],
            "\"Joe\" == \"Joe\""),
        SpecCase(
            "triple-dotted", "\"{{{person.name}}}\" == \"{{#person}}{{{name}}}{{/person}}\"", ["person": ["name": "Joe"]],
            "\"Joe\" == \"Joe\""),
        SpecCase(
            "ampersand-dotted", "\"{{&person.name}}\" == \"{{#person}}{{&name}}{{/person}}\"", ["person": ["name": "Joe"]],
            "\"Joe\" == \"Joe\""),
        SpecCase(
            "dotted-deep", "\"{{a.b.c.d.e.name}}\" == \"Phil\"", ["a": ["b": ["c": ["d": ["e": ["name": "Phil"]]]]]],
            "\"Phil\" == \"Phil\""),
        SpecCase("dotted-broken-chain", "\"{{a.b.c}}\" == \"\"", ["a": [:]], "\"\" == \"\""),
        SpecCase(
            "dotted-parts-resolve-in-parent-only", "\"{{a.b.c.name}}\" == \"\"", ["a": ["b": [:]], "c": ["name": "Jim"]],
            "\"\" == \"\""),
        SpecCase(
            "dotted-first-part-uses-the-stack", "\"{{#a}}{{b.c.d.e.name}}{{/a}}\" == \"Phil\"",
            ["a": ["b": ["c": ["d": ["e": ["name": "Phil"]]]]], "b": ["c": ["d": ["e": ["name": "Wrong"]]]]],
            "\"Phil\" == \"Phil\""),
        SpecCase("dotted-no-fallback-after-first-part", "{{#a}}{{b.c}}{{/a}}", ["a": ["b": [:]], "b": ["c": "ERROR"]], ""),
        SpecCase("dotted-name-is-never-one-key", "{{a.b}}", ["a.b": "c"], ""),
        SpecCase("dotted-key-does-not-mask-the-path", "{{a.b}}", ["a.b": "c", "a": ["b": "d"]], "d"),
        SpecCase("dot-root-string", "Hello, {{.}}!\n", "world", "Hello, world!\n"),
        SpecCase(
            "dot-root-escaped", "These characters should be HTML escaped: {{.}}\n", "& \" < >",
            "These characters should be HTML escaped: &amp; &quot; &lt; &gt;\n"),
        SpecCase(
            "dot-root-triple", "These characters should not be HTML escaped: {{{.}}}\n", "& \" < >",
            "These characters should not be HTML escaped: & \" < >\n"),
        SpecCase(
            "dot-root-ampersand", "These characters should not be HTML escaped: {{&.}}\n", "& \" < >",
            "These characters should not be HTML escaped: & \" < >\n"),
        SpecCase("dot-root-integer", "\"{{.}} miles an hour!\"", 85, "\"85 miles an hour!\""),
        SpecCase("surrounding-whitespace", "| {{string}} |", ["string": "---"], "| --- |"),
        SpecCase("triple-surrounding-whitespace", "| {{{string}}} |", ["string": "---"], "| --- |"),
        SpecCase("ampersand-surrounding-whitespace", "| {{&string}} |", ["string": "---"], "| --- |"),
        SpecCase("never-standalone", "  {{string}}\n", ["string": "---"], "  ---\n"),
        SpecCase("triple-never-standalone", "  {{{string}}}\n", ["string": "---"], "  ---\n"),
        SpecCase("ampersand-never-standalone", "  {{&string}}\n", ["string": "---"], "  ---\n"),
        SpecCase("padding", "|{{ string }}|", ["string": "---"], "|---|"),
        SpecCase("triple-padding", "|{{{ string }}}|", ["string": "---"], "|---|"),
        SpecCase("ampersand-padding", "|{{& string }}|", ["string": "---"], "|---|"),
    ])
}
