extension MustacheSpec {
    /// `specs/inverted.json`
    static let inverted = SpecCase.module("inverted", [
        SpecCase("false", "\"{{^boolean}}This should be rendered.{{/boolean}}\"", ["boolean": false], "\"This should be rendered.\""),
        SpecCase("true", "\"{{^boolean}}This should not be rendered.{{/boolean}}\"", ["boolean": true], "\"\""),
        SpecCase("null", "\"{{^null}}This should be rendered.{{/null}}\"", ["null": nil], "\"This should be rendered.\""),
        SpecCase("object", "\"{{^context}}Hi {{name}}.{{/context}}\"", ["context": ["name": "Joe"]], "\"\""),
        SpecCase("list", "\"{{^list}}{{n}}{{/list}}\"", ["list": [["n": 1], ["n": 2], ["n": 3]]], "\"\""),
        SpecCase("empty-list", "\"{{^list}}Yay lists!{{/list}}\"", ["list": []], "\"Yay lists!\""),
        SpecCase(
            "twice", "{{^bool}}\n* first\n{{/bool}}\n* {{two}}\n{{^bool}}\n* third\n{{/bool}}\n", ["bool": false, "two": "second"],
            "* first\n* second\n* third\n"),
        SpecCase("nested-false", "| A {{^bool}}B {{^bool}}C{{/bool}} D{{/bool}} E |", ["bool": false], "| A B C D E |"),
        SpecCase("nested-true", "| A {{^bool}}B {{^bool}}C{{/bool}} D{{/bool}} E |", ["bool": true], "| A  E |"),
        SpecCase("missing-name", "[{{^missing}}Cannot find key 'missing'!{{/missing}}]", "[Cannot find key 'missing'!]"),
        SpecCase("dotted-true", "\"{{^a.b.c}}Not Here{{/a.b.c}}\" == \"\"", ["a": ["b": ["c": true]]], "\"\" == \"\""),
        SpecCase(
            "dotted-false", "\"{{^a.b.c}}Not Here{{/a.b.c}}\" == \"Not Here\"", ["a": ["b": ["c": false]]],
            "\"Not Here\" == \"Not Here\""),
        SpecCase(
            "dotted-broken-chain", "\"{{^a.b.c}}Not Here{{/a.b.c}}\" == \"Not Here\"", ["a": [:]], "\"Not Here\" == \"Not Here\""),
        SpecCase("surrounding-whitespace", " | {{^boolean}}\t|\t{{/boolean}} | \n", ["boolean": false], " | \t|\t | \n"),
        SpecCase(
            "internal-whitespace", " | {{^boolean}} {{! Important Whitespace }}\n {{/boolean}} | \n", ["boolean": false],
            " |  \n  | \n"),
        SpecCase("indented-inline", " {{^boolean}}NO{{/boolean}}\n {{^boolean}}WAY{{/boolean}}\n", ["boolean": false], " NO\n WAY\n"),
        SpecCase(
            "standalone-lines", "| This Is\n{{^boolean}}\n|\n{{/boolean}}\n| A Line\n", ["boolean": false],
            "| This Is\n|\n| A Line\n"),
        SpecCase(
            "indented-standalone-lines", "| This Is\n  {{^boolean}}\n|\n  {{/boolean}}\n| A Line\n", ["boolean": false],
            "| This Is\n|\n| A Line\n"),
        SpecCase("standalone-crlf", "|\r\n{{^boolean}}\r\n{{/boolean}}\r\n|", ["boolean": false], "|\r\n|"),
        SpecCase("standalone-first-line", "  {{^boolean}}\n^{{/boolean}}\n/", ["boolean": false], "^\n/"),
        SpecCase("standalone-last-line", "^{{^boolean}}\n/\n  {{/boolean}}", ["boolean": false], "^\n/\n"),
        SpecCase("padding", "|{{^ boolean }}={{/ boolean }}|", ["boolean": false], "|=|"),
    ])
}
