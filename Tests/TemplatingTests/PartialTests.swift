import Testing
@testable import Templating

/// Mustache spec, partials.yml (except "Failed Lookup": a missing partial is a load error here).
@Suite struct PartialTests {
    @Test func basicBehavior() throws {
        #expect(try render("\"{{>text}}\"", partials: ["text": "from partial"]) == "\"from partial\"")
    }

    @Test func partial_rendersInTheCurrentContext() throws {
        #expect(try render("\"{{>partial}}\"", ["text": "content"], partials: ["partial": "*{{text}}*"]) == "\"*content*\"")
        let data: TemplateValue = ["items": [["name": "a"], ["name": "b"]]]
        #expect(try render("{{#items}}{{>item}}{{/items}}", data, partials: ["item": "<{{name}}>"]) == "<a><b>")
    }

    @Test func recursion_followsTheData() throws {
        let data: TemplateValue = ["content": "X", "nodes": [["content": "Y", "nodes": []]]]
        let partials = ["node": "{{content}}<{{#nodes}}{{>node}}{{/nodes}}>"]
        #expect(try render("{{>node}}", data, partials: partials) == "X<Y<>>")
    }

    @Test func recursion_thatNeverConsumesData_stopsWithAnError() throws {
        let library = try TemplateLibrary(templates: ["loop": "{{#again}}x{{>loop}}{{/again}}"])
        #expect(throws: TemplateError(.partialsTooDeep(limit: TemplateRendering.maximumPartialDepth))) {
            try library.render("loop", ["again": true])
        }
    }

    @Test func surroundingWhitespace_isKept() throws {
        #expect(try render("| {{>partial}} |", partials: ["partial": "\t|\t"]) == "| \t|\t |")
    }

    @Test func inlineIndentation_isLeftUntouched() throws {
        #expect(try render("  {{data}}  {{> partial}}\n", ["data": "|"], partials: ["partial": ">\n>"]) == "  |  >\n>\n")
    }

    @Test func standaloneLineEndings_crlf() throws {
        #expect(try render("|\r\n{{>partial}}\r\n|", partials: ["partial": ">"]) == "|\r\n>|")
    }

    @Test func standaloneWithoutPreviousLine() throws {
        #expect(try render("  {{>partial}}\n>", partials: ["partial": ">\n>"]) == "  >\n  >>")
    }

    @Test func standaloneWithoutNewline() throws {
        #expect(try render(">\n  {{>partial}}", partials: ["partial": ">\n>"]) == ">\n  >\n  >")
    }

    @Test func standaloneIndentation_indentsThePartialsLinesNotTheData() throws {
        let template = "\\\n {{>partial}}\n/\n"
        let partial = "|\n{{{content}}}a b{{{content}}}c\n|\n"
        #expect(try render(template, ["content": "<\n->"], partials: ["partial": partial])
            == "\\\n |\n <\n->a b<\n->c\n |\n/\n")
    }

    @Test func standaloneIndentation_accumulatesThroughNestedPartials() throws {
        let partials = ["outer": "<ul>\n  {{>inner}}\n</ul>\n", "inner": "<li>a</li>\n<li>b</li>\n"]
        #expect(try render("<nav>\n  {{>outer}}\n</nav>\n", partials: partials)
            == "<nav>\n  <ul>\n    <li>a</li>\n    <li>b</li>\n  </ul>\n</nav>\n")
    }

    @Test func standaloneIndentation_appliesInsideSectionsOfThePartial() throws {
        let partials = ["list": "{{#items}}\n<li>{{.}}</li>\n{{/items}}\n"]
        #expect(try render("<ul>\n  {{>list}}\n</ul>\n", ["items": ["a", "b"]], partials: partials)
            == "<ul>\n  <li>a</li>\n  <li>b</li>\n</ul>\n")
    }

    @Test func standaloneIndentation_withTagAtLineStartAndEmptyLines() throws {
        let partials = ["p": "{{a}}\n\n{{b}}\n"]
        #expect(try render("  {{>p}}\n", ["a": "1", "b": "2"], partials: partials) == "  1\n  \n  2\n")
    }

    @Test func padding_insideTheTagIsIgnored() throws {
        #expect(try render("|{{> partial }}|", ["boolean": true], partials: ["partial": "[]"]) == "|[]|")
    }

    @Test func partialNames_arePaths() throws {
        #expect(try render("{{> layout/head}}", ["title": "T"], partials: ["layout/head": "<title>{{title}}</title>"])
            == "<title>T</title>")
    }
}
