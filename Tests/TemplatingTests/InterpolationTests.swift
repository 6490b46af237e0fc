import Testing
@testable import Templating

/// Mustache spec, interpolation.yml.
@Suite struct InterpolationTests {
    @Test func noTags_renderAsIs() throws {
        #expect(try render("Hello from {Mustache}!\n") == "Hello from {Mustache}!\n")
    }

    @Test func basicInterpolation() throws {
        #expect(try render("Hello, {{subject}}!\n", ["subject": "world"]) == "Hello, world!\n")
    }

    @Test func basicInterpolation_isHTMLEscaped() throws {
        let data: TemplateValue = ["forbidden": "& \" < > '"]
        #expect(try render("{{forbidden}}", data) == "&amp; &quot; &lt; &gt; &#39;")
    }

    @Test func tripleMustacheAndAmpersand_areNotEscaped() throws {
        let data: TemplateValue = ["forbidden": "& \" < >"]
        #expect(try render("{{{forbidden}}}|{{&forbidden}}", data) == "& \" < >|& \" < >")
    }

    @Test func integers_renderWithoutDecimalPoint() throws {
        let data: TemplateValue = ["mph": 85]
        #expect(try render("\"{{mph}} miles an hour!\" {{{mph}}} {{&mph}}", data) == "\"85 miles an hour!\" 85 85")
    }

    @Test func decimals_renderWithProperSignificance() throws {
        #expect(try render("{{power}} jiggawatts!", ["power": 1.210]) == "1.21 jiggawatts!")
        #expect(try render("{{a}} {{b}}", ["a": -3.0, "b": 0.5]) == "-3 0.5")
    }

    @Test func booleansAndNull_render() throws {
        #expect(try render("{{yes}} {{no}} [{{none}}]", ["yes": true, "no": false, "none": nil]) == "true false []")
    }

    @Test func contextMisses_renderEmpty() throws {
        #expect(try render("I ({{cannot}}) be seen!") == "I () be seen!")
        #expect(try render("I ({{{cannot}}}) ({{&cannot}}) be seen!") == "I () () be seen!")
    }

    @Test func dottedNames_areShorthandForSections() throws {
        let data: TemplateValue = ["person": ["name": "Joe"]]
        #expect(try render("\"{{person.name}}\" == \"{{#person}}{{name}}{{/person}}\"", data) == "\"Joe\" == \"Joe\"")
        #expect(try render("{{{person.name}}} {{&person.name}}", data) == "Joe Joe")
    }

    @Test func dottedNames_arbitraryDepth() throws {
        let data: TemplateValue = ["a": ["b": ["c": ["d": ["e": ["name": "Phil"]]]]]]
        #expect(try render("{{a.b.c.d.e.name}}", data) == "Phil")
    }

    @Test func dottedNames_brokenChains_renderEmpty() throws {
        #expect(try render("\"{{a.b.c}}\"", ["a": [:]]) == "\"\"")
    }

    @Test func dottedNames_eachPartResolvesOnlyAgainstItsParent() throws {
        let data: TemplateValue = ["a": ["b": [:]], "c": ["name": "Jim"]]
        #expect(try render("\"{{a.b.c.name}}\"", data) == "\"\"")
    }

    @Test func dottedNames_firstPartResolvesLikeAnyName() throws {
        let data: TemplateValue = [
            "a": ["b": ["c": ["d": ["e": ["name": "Phil"]]]]],
            "b": ["c": ["d": ["e": ["name": "Wrong"]]]],
        ]
        #expect(try render("{{#a}}{{b.c.d.e.name}}{{/a}}", data) == "Phil")
    }

    @Test func dottedNames_contextPrecedence() throws {
        let data: TemplateValue = ["a": ["b": [:]], "b": ["c": "ERROR"]]
        #expect(try render("{{#a}}{{b.c}}{{/a}}", data) == "")
    }

    @Test func dottedNames_areNeverSingleKeys() throws {
        #expect(try render("{{a.b}}", ["a.b": "c"]) == "")
    }

    @Test func leadingDot_looksOnlyInTheCurrentContext() throws {
        let data: TemplateValue = ["a": [:], "b": ["name": "Name"], "name": "Fail"]
        #expect(try render("{{#a}}{{.name}}{{/a}}{{#b}}{{.name}}{{/b}}", data) == "Name")
    }

    @Test func implicitIterator_rendersTheCurrentItem() throws {
        #expect(try render("{{.}}", "top") == "top")
        #expect(try render("{{#list}}({{.}}){{/list}}", ["list": ["a", "<b>"]]) == "(a)(&lt;b&gt;)")
    }

    @Test func interpolation_neverStandsAlone() throws {
        #expect(try render("| {{string}} |", ["string": "---"]) == "| --- |")
        #expect(try render("  {{string}}\n", ["string": "---"]) == "  ---\n")
        #expect(try render("  {{{string}}}\n  {{&string}}\n", ["string": "---"]) == "  ---\n  ---\n")
    }

    @Test func padding_insideTagsIsIgnored() throws {
        let data: TemplateValue = ["string": "---"]
        #expect(try render("|{{ string }}|{{{ string }}}|{{& string }}|", data) == "|---|---|---|")
    }

    @Test func multiByteText_isPreserved() throws {
        let data: TemplateValue = ["name": "한국어 상품 🍵 café"]
        #expect(try render("<b>{{name}}</b> · ok", data) == "<b>한국어 상품 🍵 café</b> · ok")
    }
}
