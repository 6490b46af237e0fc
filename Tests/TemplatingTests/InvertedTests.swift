import Testing
@testable import Templating

/// Mustache spec, inverted.yml.
@Suite struct InvertedTests {
    @Test func falsey_rendersContents() throws {
        #expect(try render("\"{{^boolean}}This should be rendered.{{/boolean}}\"", ["boolean": false])
            == "\"This should be rendered.\"")
        #expect(try render("\"{{^null}}shown{{/null}}\"", ["null": nil]) == "\"shown\"")
    }

    @Test func truthy_omitsContents() throws {
        #expect(try render("\"{{^boolean}}no{{/boolean}}\"", ["boolean": true]) == "\"\"")
        #expect(try render("\"{{^context}}Hi {{name}}.{{/context}}\"", ["context": ["name": "Joe"]]) == "\"\"")
        #expect(try render("\"{{^list}}{{n}}{{/list}}\"", ["list": [["n": 1]]]) == "\"\"")
    }

    @Test func emptyList_rendersContents() throws {
        #expect(try render("\"{{^list}}Yay lists!{{/list}}\"", ["list": []]) == "\"Yay lists!\"")
    }

    @Test func contextMisses_renderContents() throws {
        #expect(try render("[{{^missing}}Found key 'missing'!{{/missing}}]") == "[Found key 'missing'!]")
    }

    @Test func doubledAndNested() throws {
        let template = "{{^bool}}\n* first\n{{/bool}}\n* {{two}}\n{{^bool}}\n* third\n{{/bool}}\n"
        #expect(try render(template, ["bool": false, "two": "second"]) == "* first\n* second\n* third\n")
        let nested = "| A {{^bool}}B {{^bool}}C{{/bool}} D{{/bool}} E |"
        #expect(try render(nested, ["bool": false]) == "| A B C D E |")
        #expect(try render(nested, ["bool": true]) == "| A  E |")
    }

    @Test func dottedNames() throws {
        let template = "\"{{^a.b.c}}Not Here{{/a.b.c}}\""
        #expect(try render(template, ["a": ["b": ["c": true]]]) == "\"\"")
        #expect(try render(template, ["a": ["b": ["c": false]]]) == "\"Not Here\"")
        #expect(try render(template, ["a": [:]]) == "\"Not Here\"")
    }

    @Test func sectionAndInvertedTogether_makeIfElse() throws {
        let template = "{{#stock}}{{stock}} left{{/stock}}{{^stock}}Sold out{{/stock}}"
        #expect(try render(template, ["stock": 3]) == "3 left")
        #expect(try render(template, ["stock": 0]) == "Sold out")
    }

    @Test func standaloneLines_areRemoved() throws {
        let template = "| This Is\n  {{^boolean}}\n|\n  {{/boolean}}\n| A Line\n"
        #expect(try render(template, ["boolean": false]) == "| This Is\n|\n| A Line\n")
    }

    @Test func padding_insideTagsIsIgnored() throws {
        #expect(try render("|{{^ boolean }}={{/ boolean }}|", ["boolean": false]) == "|=|")
    }
}
