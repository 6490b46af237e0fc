extension MustacheSpec {
    /// `specs/partials.json`
    static let partials = SpecCase.module("partials", [
        SpecCase("basic", "\"{{>text}}\"", "\"from partial\"", partials: ["text": "from partial"]),
        SpecCase(
            "missing", "\"{{>text}}\"", "\"\"",
            deviation: "a missing partial stops start-up with file:line:column instead of rendering empty"),
        SpecCase("context", "\"{{>partial}}\"", ["text": "content"], "\"*content*\"", partials: ["partial": "*{{text}}*"]),
        SpecCase(
            "recursion", "{{>node}}", ["content": "X", "nodes": [["content": "Y", "nodes": []]]], "X<Y<>>",
            partials: ["node": "{{content}}<{{#nodes}}{{>node}}{{/nodes}}>"]),
        SpecCase(
            "nested", "{{>outer}}", ["a": "hello", "b": "world"], "*hello world!*",
            partials: ["outer": "*{{a}} {{>inner}}*", "inner": "{{b}}!"]),
        SpecCase("surrounding-whitespace", "| {{>partial}} |", "| \t|\t |", partials: ["partial": "\t|\t"]),
        SpecCase("inline-indentation", "  {{data}}  {{> partial}}\n", ["data": "|"], "  |  >\n>\n", partials: ["partial": ">\n>"]),
        SpecCase("standalone-crlf", "|\r\n{{>partial}}\r\n|", "|\r\n>|", partials: ["partial": ">"]),
        SpecCase("standalone-first-line", "  {{>partial}}\n>", "  >\n  >>", partials: ["partial": ">\n>"]),
        SpecCase("standalone-last-line", ">\n  {{>partial}}", ">\n  >\n  >", partials: ["partial": ">\n>"]),
        SpecCase(
            "standalone-indents-every-line", "\\\n {{>partial}}\n/\n", ["content": "<\n->"], "\\\n |\n <\n->\n |\n/\n",
            partials: ["partial": "|\n{{{content}}}\n|\n"]),
        SpecCase("padding", "|{{> partial }}|", ["boolean": true], "|[]|", partials: ["partial": "[]"]),
    ])
}
