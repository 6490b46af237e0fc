extension MustacheSpec {
    /// `specs/delimiters.json`
    static let delimiters = SpecCase.module("delimiters", [
        SpecCase("pair", "{{=<% %>=}}(<%text%>)", ["text": "Hey!"], "(Hey!)"),
        SpecCase("regex-characters", "({{=[ ]=}}[text])", ["text": "It worked!"], "(It worked!)"),
        SpecCase(
            "persist-into-sections",
            "[\n{{#section}}\n  {{data}}\n  |data|\n{{/section}}\n\n{{= | | =}}\n|#section|\n  {{data}}\n  |data|\n|/section|\n]\n",
            ["section": true, "data": "I got interpolated."],
            "[\n  I got interpolated.\n  |data|\n\n  {{data}}\n  I got interpolated.\n]\n"),
        SpecCase(
            "persist-into-inverted",
            "[\n{{^section}}\n  {{data}}\n  |data|\n{{/section}}\n\n{{= | | =}}\n|^section|\n  {{data}}\n  |data|\n|/section|\n]\n",
            ["section": false, "data": "I got interpolated."],
            "[\n  I got interpolated.\n  |data|\n\n  {{data}}\n  I got interpolated.\n]\n"),
        SpecCase(
            "not-into-partials", "[ {{>include}} ]\n{{= | | =}}\n[ |>include| ]\n", ["value": "yes"],
            "[ .yes. ]\n[ .yes. ]\n", partials: ["include": ".{{value}}."]),
        SpecCase(
            "not-out-of-partials", "[ {{>include}} ]\n[ .{{value}}.  .|value|. ]\n", ["value": "yes"],
            "[ .yes.  .yes. ]\n[ .yes.  .|value|. ]\n", partials: ["include": ".{{value}}. {{= | | =}} .|value|."]),
        SpecCase("surrounding-whitespace", "| {{=@ @=}} |", "|  |"),
        SpecCase("outlying-whitespace", " | {{=@ @=}}\n", " | \n"),
        SpecCase("standalone", "Begin.\n{{=@ @=}}\nEnd.\n", "Begin.\nEnd.\n"),
        SpecCase("indented-standalone", "Begin.\n  {{=@ @=}}\nEnd.\n", "Begin.\nEnd.\n"),
        SpecCase("standalone-crlf", "|\r\n{{= @ @ =}}\r\n|", "|\r\n|"),
        SpecCase("standalone-first-line", "  {{=@ @=}}\n=", "="),
        SpecCase("standalone-last-line", "=\n  {{=@ @=}}", "=\n"),
        SpecCase("padding", "|{{= @   @ =}}|", "||"),
    ])
}
