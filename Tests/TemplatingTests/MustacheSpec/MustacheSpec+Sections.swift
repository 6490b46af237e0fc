extension MustacheSpec {
    /// `specs/sections.json`
    static let sections = SpecCase.module("sections", [
        SpecCase("true", "\"{{#boolean}}This should be rendered.{{/boolean}}\"", ["boolean": true], "\"This should be rendered.\""),
        SpecCase("false", "\"{{#boolean}}This should not be rendered.{{/boolean}}\"", ["boolean": false], "\"\""),
        SpecCase("null", "\"{{#null}}This should not be rendered.{{/null}}\"", ["null": nil], "\"\""),
        SpecCase("object-pushed", "\"{{#context}}Hi {{name}}.{{/context}}\"", ["context": ["name": "Joe"]], "\"Hi Joe.\""),
        SpecCase(
            "parent-lookup", "\"{{#sec}}{{a}}, {{b}}, {{c.d}}{{/sec}}\"",
            ["a": "foo", "b": "wrong", "sec": ["b": "bar"], "c": ["d": "baz"]], "\"foo, bar, baz\""),
        SpecCase("value-as-dot", "\"{{#foo}}{{.}} is {{foo}}{{/foo}}\"", ["foo": "bar"], "\"bar is bar\""),
        SpecCase(
            "nested-lists",
            "{{#tops}}{{#middles}}{{tname.lower}}{{mname}}.{{#bottoms}}{{tname.upper}}{{mname}}{{bname}}.{{/bottoms}}{{/middles}}{{/tops}}",
            ["tops": [["tname": ["upper": "A", "lower": "a"], "middles": [["mname": "1", "bottoms": [["bname": "x"], ["bname": "y"]]]]]]],
            "a1.A1x.A1y."),
        SpecCase(
            "deep-stack",
            "{{#a}}\n{{one}}\n{{#b}}\n{{one}}{{two}}{{one}}\n{{#c}}\n{{one}}{{two}}{{three}}{{two}}{{one}}\n{{#d}}\n"
                + "{{one}}{{two}}{{three}}{{four}}{{three}}{{two}}{{one}}\n{{#five}}\n"
                + "{{one}}{{two}}{{three}}{{four}}{{five}}{{four}}{{three}}{{two}}{{one}}\n"
                + "{{one}}{{two}}{{three}}{{four}}{{.}}6{{.}}{{four}}{{three}}{{two}}{{one}}\n"
                + "{{one}}{{two}}{{three}}{{four}}{{five}}{{four}}{{three}}{{two}}{{one}}\n{{/five}}\n"
                + "{{one}}{{two}}{{three}}{{four}}{{three}}{{two}}{{one}}\n{{/d}}\n"
                + "{{one}}{{two}}{{three}}{{two}}{{one}}\n{{/c}}\n{{one}}{{two}}{{one}}\n{{/b}}\n{{one}}\n{{/a}}\n",
            ["a": ["one": 1], "b": ["two": 2], "c": ["three": 3, "d": ["four": 4, "five": 5]]],
            "1\n121\n12321\n1234321\n123454321\n12345654321\n123454321\n1234321\n12321\n121\n1\n"),
        SpecCase("list", "\"{{#list}}{{item}}{{/list}}\"", ["list": [["item": 1], ["item": 2], ["item": 3]]], "\"123\""),
        SpecCase("empty-list", "\"{{#list}}Yay lists!{{/list}}\"", ["list": []], "\"\""),
        SpecCase(
            "twice", "{{#bool}}\n* first\n{{/bool}}\n* {{two}}\n{{#bool}}\n* third\n{{/bool}}\n", ["bool": true, "two": "second"],
            "* first\n* second\n* third\n"),
        SpecCase("nested-true", "| A {{#bool}}B {{#bool}}C{{/bool}} D{{/bool}} E |", ["bool": true], "| A B C D E |"),
        SpecCase("nested-false", "| A {{#bool}}B {{#bool}}C{{/bool}} D{{/bool}} E |", ["bool": false], "| A  E |"),
        SpecCase("missing-name", "[{{#missing}}Found key 'missing'!{{/missing}}]", "[]"),
        SpecCase("dot-strings", "\"{{#list}}({{.}}){{/list}}\"", ["list": ["a", "b", "c", "d", "e"]], "\"(a)(b)(c)(d)(e)\""),
        SpecCase("dot-integers", "\"{{#list}}({{.}}){{/list}}\"", ["list": [1, 2, 3, 4, 5]], "\"(1)(2)(3)(4)(5)\""),
        SpecCase("dot-decimals", "\"{{#list}}({{.}}){{/list}}\"", ["list": [1.1, 2.2, 3.3, 4.4, 5.5]], "\"(1.1)(2.2)(3.3)(4.4)(5.5)\""),
        SpecCase("dot-lists", "\"{{#list}}({{#.}}{{.}}{{/.}}){{/list}}\"", ["list": [[1, 2, 3], ["a", "b", "c"]]], "\"(123)(abc)\""),
        SpecCase("dot-escaped", "\"{{#list}}({{.}}){{/list}}\"", ["list": ["&", "\"", "<", ">"]], "\"(&amp;)(&quot;)(&lt;)(&gt;)\""),
        SpecCase("dot-triple", "\"{{#list}}({{{.}}}){{/list}}\"", ["list": ["&", "\"", "<", ">"]], "\"(&)(\")(<)(>)\""),
        SpecCase("dot-ampersand", "\"{{#list}}({{&.}}){{/list}}\"", ["list": ["&", "\"", "<", ">"]], "\"(&)(\")(<)(>)\""),
        SpecCase("dot-root-list", "\"{{#.}}({{value}}){{/.}}\"", [["value": "a"], ["value": "b"]], "\"(a)(b)\""),
        SpecCase("dotted-true", "\"{{#a.b.c}}Here{{/a.b.c}}\" == \"Here\"", ["a": ["b": ["c": true]]], "\"Here\" == \"Here\""),
        SpecCase("dotted-false", "\"{{#a.b.c}}Here{{/a.b.c}}\" == \"\"", ["a": ["b": ["c": false]]], "\"\" == \"\""),
        SpecCase("dotted-broken-chain", "\"{{#a.b.c}}Here{{/a.b.c}}\" == \"\"", ["a": [:]], "\"\" == \"\""),
        SpecCase("surrounding-whitespace", " | {{#boolean}}\t|\t{{/boolean}} | \n", ["boolean": true], " | \t|\t | \n"),
        SpecCase(
            "internal-whitespace", " | {{#boolean}} {{! Important Whitespace }}\n {{/boolean}} | \n", ["boolean": true],
            " |  \n  | \n"),
        SpecCase("indented-inline", " {{#boolean}}YES{{/boolean}}\n {{#boolean}}GOOD{{/boolean}}\n", ["boolean": true], " YES\n GOOD\n"),
        SpecCase(
            "standalone-lines", "| This Is\n{{#boolean}}\n|\n{{/boolean}}\n| A Line\n", ["boolean": true],
            "| This Is\n|\n| A Line\n"),
        SpecCase(
            "indented-standalone-lines", "| This Is\n  {{#boolean}}\n|\n  {{/boolean}}\n| A Line\n", ["boolean": true],
            "| This Is\n|\n| A Line\n"),
        SpecCase("standalone-crlf", "|\r\n{{#boolean}}\r\n{{/boolean}}\r\n|", ["boolean": true], "|\r\n|"),
        SpecCase("standalone-first-line", "  {{#boolean}}\n#{{/boolean}}\n/", ["boolean": true], "#\n/"),
        SpecCase("standalone-last-line", "#{{#boolean}}\n/\n  {{/boolean}}", ["boolean": true], "#\n/\n"),
        SpecCase("padding", "|{{# boolean }}={{/ boolean }}|", ["boolean": true], "|=|"),
    ])
}
