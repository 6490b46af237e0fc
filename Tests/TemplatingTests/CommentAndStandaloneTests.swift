import Testing
@testable import Templating

/// Mustache spec, comments.yml and delimiters.yml, plus the standalone-line rule.
@Suite struct CommentAndStandaloneTests {
    @Test func inlineComment_isRemoved() throws {
        #expect(try render("12345{{! Comment Block! }}67890") == "1234567890")
        #expect(try render("12345 {{! Comment Block! }} 67890") == "12345  67890")
    }

    @Test func multilineComment_isRemoved() throws {
        #expect(try render("12345{{!\n  This is a\n  multi-line comment...\n}}67890\n") == "1234567890\n")
    }

    @Test func standaloneComment_removesItsLine() throws {
        #expect(try render("Begin.\n{{! Comment Block! }}\nEnd.\n") == "Begin.\nEnd.\n")
        #expect(try render("Begin.\n  {{! Indented Comment Block! }}\nEnd.\n") == "Begin.\nEnd.\n")
        #expect(try render("Begin.\n{{!\nSomething's going on here\n}}\nEnd.\n") == "Begin.\nEnd.\n")
    }

    @Test func standaloneComment_withCRLF() throws {
        #expect(try render("|\r\n{{! Standalone Comment }}\r\n|") == "|\r\n|")
    }

    @Test func standaloneComment_withoutPreviousLineOrNewline() throws {
        #expect(try render("  {{! I'm Still Standalone }}\n!") == "!")
        #expect(try render("!\n  {{! I'm Still Standalone }}") == "!\n")
    }

    /// Each of the dashboard's templates opens with a comment of several lines naming its keys,
    /// before its first partial or section; a partial's may be included indented.
    @Test func multilineCommentOnTheFirstLines_rendersNothing() throws {
        let comment = "{{! page: GET /page (Page).\n    Keys: `heading`, `items`. }}\n"
        let head = ["head": "<!doctype html>\n<title>{{heading}}</title>\n"]
        #expect(try render(comment + "{{> head}}\n<h1>{{heading}}</h1>\n", ["heading": "Hi"], partials: head)
            == "<!doctype html>\n<title>Hi</title>\n<h1>Hi</h1>\n")
        #expect(try render(comment + "{{#items}}\n<li>{{.}}</li>\n{{/items}}\n", ["items": ["a", "b"]])
            == "<li>a</li>\n<li>b</li>\n")
        #expect(try render(comment + "<p>first</p>\n") == "<p>first</p>\n")
        #expect(try render("<ul>\n  {{> item}}\n</ul>\n", partials: ["item": comment + "<li>x</li>\n"])
            == "<ul>\n  <li>x</li>\n</ul>\n")
        #expect(try render("{{! page: a.\r\n    Keys: b. }}\r\n<p>x</p>\r\n") == "<p>x</p>\r\n")
    }

    @Test func commentWithEqualsSign_isStillAComment() throws {
        #expect(try render("comments never show: >{{! comment }}{{! comment = }}<") == "comments never show: ><")
    }

    @Test func standaloneLines_areRemoved() throws {
        let template = "| This Is\n{{#boolean}}\n|\n{{/boolean}}\n| A Line\n"
        #expect(try render(template, ["boolean": true]) == "| This Is\n|\n| A Line\n")
    }

    @Test func indentedStandaloneLines_areRemoved() throws {
        let template = "| This Is\n  {{#boolean}}\n|\n  {{/boolean}}\n| A Line\n"
        #expect(try render(template, ["boolean": true]) == "| This Is\n|\n| A Line\n")
    }

    @Test func standaloneLineEndings_crlf() throws {
        #expect(try render("|\r\n{{#boolean}}\r\n{{/boolean}}\r\n|", ["boolean": true]) == "|\r\n|")
    }

    @Test func standaloneWithoutPreviousLine() throws {
        #expect(try render("  {{#boolean}}\n#{{/boolean}}\n/", ["boolean": true]) == "#\n/")
    }

    @Test func standaloneWithoutNewline() throws {
        #expect(try render("#{{#boolean}}\n/\n  {{/boolean}}", ["boolean": true]) == "#\n/\n")
    }

    @Test func tabsCountAsIndentation() throws {
        #expect(try render("a\n\t {{#b}}\t\nx\n {{/b}} \t\r\nz", ["b": true]) == "a\nx\nz")
    }

    @Test func twoTagsOnALine_areNotStandalone() throws {
        #expect(try render("a\n  {{#b}}{{/b}}\nz", ["b": true]) == "a\n  \nz")
    }

    @Test func setDelimiters_changeTheTagsForTheRestOfTheFile() throws {
        #expect(try render("{{=<% %>=}}(<%text%>)", ["text": "Hey!"]) == "(Hey!)")
        #expect(try render("({{=[ ]=}}[text])", ["text": "It worked!"]) == "(It worked!)")
        let template = "[\n{{#section}}\n  {{data}}\n  |data|\n{{/section}}\n{{= | | =}}\n|#section|\n  {{data}}\n  |data|\n|/section|\n]\n"
        #expect(try render(template, ["section": true, "data": "I got interpolated."])
            == "[\n  I got interpolated.\n  |data|\n  {{data}}\n  I got interpolated.\n]\n")
    }

    @Test func setDelimiters_doNotLeakIntoPartials() throws {
        #expect(try render("[ {{>include}} ]\n{{= | | =}}\n[ |>include| ]\n", ["value": "yes"],
                           partials: ["include": ".{{value}}."]) == "[ .yes. ]\n[ .yes. ]\n")
    }

    @Test func setDelimiters_standalone() throws {
        #expect(try render("Begin.\n{{=| |=}}\nEnd.\n") == "Begin.\nEnd.\n")
        #expect(try render("|\r\n{{= @ @ =}}\r\n|") == "|\r\n|")
    }
}
