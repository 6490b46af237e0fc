import Testing
@testable import Templating

/// Mustache spec, sections.yml.
@Suite struct SectionTests {
    @Test func truthy_rendersContents() throws {
        #expect(try render("\"{{#boolean}}This should be rendered.{{/boolean}}\"", ["boolean": true])
            == "\"This should be rendered.\"")
    }

    @Test func falseyAndNull_omitContents() throws {
        #expect(try render("\"{{#boolean}}no{{/boolean}}\"", ["boolean": false]) == "\"\"")
        #expect(try render("\"{{#null}}no{{/null}}\"", ["null": nil]) == "\"\"")
    }

    @Test func emptyStringZeroAndEmptyObject_areFalsey() throws {
        let data: TemplateValue = ["empty": "", "zero": 0, "object": [:]]
        #expect(try render("[{{#empty}}e{{/empty}}{{#zero}}z{{/zero}}{{#object}}o{{/object}}]", data) == "[]")
    }

    @Test func object_isPushedOntoTheContextStack() throws {
        #expect(try render("\"{{#context}}Hi {{name}}.{{/context}}\"", ["context": ["name": "Joe"]]) == "\"Hi Joe.\"")
    }

    @Test func parentContexts_areSearched() throws {
        let data: TemplateValue = ["a": "foo", "b": "wrong", "sec": ["b": "bar"], "c": ["d": "baz"]]
        #expect(try render("\"{{#sec}}{{a}}, {{b}}, {{c.d}}{{/sec}}\"", data) == "\"foo, bar, baz\"")
    }

    @Test func variableTest_valueIsOnTopOfTheStack() throws {
        #expect(try render("\"{{#foo}}{{.}} is {{foo}}{{/foo}}\"", ["foo": "bar"]) == "\"bar is bar\"")
    }

    @Test func listContexts_allElementsOfTheStackAreVisible() throws {
        let data: TemplateValue = [
            "tops": [[
                "tname": ["upper": "A", "lower": "a"],
                "middles": [["mname": "1", "bottoms": [["bname": "x"], ["bname": "y"]]]],
            ]],
        ]
        let template = "{{#tops}}{{#middles}}{{tname.lower}}{{mname}}.{{#bottoms}}{{tname.upper}}{{mname}}{{bname}}.{{/bottoms}}{{/middles}}{{/tops}}"
        #expect(try render(template, data) == "a1.A1x.A1y.")
    }

    @Test func deeplyNestedContexts() throws {
        let data: TemplateValue = [
            "a": ["one": 1], "b": ["two": 2], "c": ["three": 3, "d": ["four": 4, "five": 5]],
        ]
        let template = """
            {{#a}}
            {{one}}
            {{#b}}
            {{one}}{{two}}{{one}}
            {{#c}}
            {{one}}{{two}}{{three}}{{two}}{{one}}
            {{#d}}
            {{one}}{{two}}{{three}}{{four}}{{three}}{{two}}{{one}}
            {{#five}}
            {{one}}{{two}}{{three}}{{four}}{{.}}6{{.}}{{four}}{{three}}{{two}}{{one}}
            {{/five}}
            {{/d}}
            {{/c}}
            {{/b}}
            {{/a}}

            """
        #expect(try render(template, data) == "1\n121\n12321\n1234321\n12345654321\n")
    }

    @Test func list_iteratesWithEachItemPushed() throws {
        let data: TemplateValue = ["list": [["item": 1], ["item": 2], ["item": 3]]]
        #expect(try render("\"{{#list}}{{item}}{{/list}}\"", data) == "\"123\"")
    }

    @Test func emptyList_isFalsey() throws {
        #expect(try render("\"{{#list}}Yay lists!{{/list}}\"", ["list": []]) == "\"\"")
    }

    @Test func strings_areNotLists() throws {
        #expect(try render("\"{{#section}}foo{{/section}}\"", ["section": "123"]) == "\"foo\"")
    }

    @Test func doubledSections() throws {
        let template = "{{#bool}}\n* first\n{{/bool}}\n* {{two}}\n{{#bool}}\n* third\n{{/bool}}\n"
        #expect(try render(template, ["bool": true, "two": "second"]) == "* first\n* second\n* third\n")
    }

    @Test func nestedSections() throws {
        let template = "| A {{#bool}}B {{#bool}}C{{/bool}} D{{/bool}} E |"
        #expect(try render(template, ["bool": true]) == "| A B C D E |")
        #expect(try render(template, ["bool": false]) == "| A  E |")
    }

    @Test func contextMisses_areFalsey() throws {
        #expect(try render("[{{#missing}}Found key 'missing'!{{/missing}}]") == "[]")
    }

    @Test func implicitIterator_overScalarsAndNestedLists() throws {
        #expect(try render("{{#list}}({{.}}){{/list}}", ["list": ["a", "b", "c"]]) == "(a)(b)(c)")
        #expect(try render("{{#list}}({{.}}){{/list}}", ["list": [1, 2, 3]]) == "(1)(2)(3)")
        #expect(try render("{{#list}}({{.}}){{/list}}", ["list": [1.10, 2.20, 5.50]]) == "(1.1)(2.2)(5.5)")
        let nested: TemplateValue = ["list": [[1, 2, 3], ["a", "b", "c"]]]
        #expect(try render("{{#list}}({{#.}}{{.}}{{/.}}){{/list}}", nested) == "(123)(abc)")
    }

    @Test func dottedNames_inSections() throws {
        let template = "\"{{#a.b.c}}Here{{/a.b.c}}\""
        #expect(try render(template, ["a": ["b": ["c": true]]]) == "\"Here\"")
        #expect(try render(template, ["a": ["b": ["c": false]]]) == "\"\"")
        #expect(try render(template, ["a": [:]]) == "\"\"")
    }

    @Test func surroundingAndInternalWhitespace_isKept() throws {
        #expect(try render(" | {{#boolean}}\t|\t{{/boolean}} | \n", ["boolean": true]) == " | \t|\t | \n")
        #expect(try render(" | {{#boolean}} {{! Important Whitespace }}\n {{/boolean}} | \n", ["boolean": true])
            == " |  \n  | \n")
        #expect(try render(" {{#boolean}}YES{{/boolean}}\n {{#boolean}}GOOD{{/boolean}}\n", ["boolean": true])
            == " YES\n GOOD\n")
    }

    @Test func padding_insideSectionTagsIsIgnored() throws {
        #expect(try render("|{{# boolean }}={{/ boolean }}|", ["boolean": true]) == "|=|")
    }
}
