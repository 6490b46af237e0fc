import Foundation
import Testing
@testable import Templating

/// Load-time errors: each names the file, line and column.
@Suite struct ErrorTests {
    @Test func unclosedSection_pointsAtTheOpeningTag() {
        let error = loadError(["page": "<ul>\n  {{#items}}\n  <li>{{name}}</li>\n</ul>\n"])
        #expect(error?.reason == .unclosedSection("items"))
        #expect(error?.location == SourceLocation(file: "page", line: 2, column: 3))
        #expect(error?.description == "page:2:3: unclosed section 'items'")
    }

    @Test func mismatchedClosingTag_pointsAtTheClosingTag() {
        let error = loadError(["page": "{{#a}}\n{{#b}}x{{/a}}\n{{/b}}"])
        #expect(error?.description == "page:2:8: closing tag 'a' does not match the open section 'b'")
    }

    @Test func closingTagWithoutSection() {
        #expect(loadError(["page": "one\ntwo {{/a}}"])?.description == "page:2:5: closing tag 'a' has no open section")
    }

    @Test func unclosedTag() {
        #expect(loadError(["page": "a\nb {{name"])?.description == "page:2:3: unclosed tag")
        #expect(loadError(["page": "{{{name}}"])?.description == "page:1:1: unclosed tag")
    }

    @Test func columnsCountCharactersNotBytes() {
        #expect(loadError(["page": "가격 {{/x}}"])?.location?.column == 4)
    }

    @Test func emptyAndInvalidNames() {
        #expect(loadError(["page": "{{ }}"])?.reason == .emptyTag)
        #expect(loadError(["page": "{{a b}}"])?.reason == .invalidName("a b"))
        #expect(loadError(["page": "{{a..b}}"])?.reason == .invalidName("a..b"))
        #expect(loadError(["page": "{{=<%=}}"])?.reason == .invalidDelimiters("<%"))
    }

    @Test func missingPartial_isALoadError() {
        let error = loadError(["page": "<main>\n  {{> layout/hed}}\n</main>", "layout/head": "x"])
        #expect(error?.reason == .missingPartial("layout/hed"))
        #expect(error?.description == "page:2:3: missing partial 'layout/hed'")
    }

    @Test func missingPartialInsideASection_isALoadErrorToo() {
        #expect(loadError(["page": "{{#never}}{{>nope}}{{/never}}"])?.reason == .missingPartial("nope"))
    }

    @Test func partialIncludingItself_isACycle() {
        let error = loadError(["page": "a\n  b {{>page}}"])
        #expect(error?.description == "page:2:5: partial cycle: page → page")
    }

    @Test func cycleThroughSeveralPartials_namesThePath() {
        let error = loadError([
            "a": "{{>b}}",
            "b": "x\n{{^flag}}{{>c}}{{/flag}}",
            "c": "{{! loops }}\n{{>a}}",
        ])
        #expect(error?.reason == .partialCycle(["a", "b", "c", "a"]))
        #expect(error?.location == SourceLocation(file: "c", line: 2, column: 1))
    }

    @Test func recursionThroughASection_isNoCycle() {
        #expect(loadError(["node": "{{name}}{{#children}}{{>node}}{{/children}}"]) == nil)
    }

    @Test func unknownTemplate_atRender() throws {
        let library = try TemplateLibrary(templates: ["a": "x"])
        #expect(throws: TemplateError(.unknownTemplate("b"))) { try library.render("b", [:]) }
    }

    @Test func directoryErrors_nameTheFilePath() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try directory.write("ok", to: "layout/head.html")
        try directory.write("<main>\n  {{#items}}\n</main>\n", to: "products/list.html")
        #expect(throws: TemplateError(.unclosedSection("items"), at: SourceLocation(
            file: directory.path + "/products/list.html", line: 2, column: 3))) {
            try TemplateLibrary(directory: directory.path)
        }
    }

    @Test func missingDirectory_isAnError() {
        #expect(throws: TemplateError.self) { try TemplateLibrary(directory: "/nonexistent/templates") }
    }
}
