extension MustacheSpec {
    /// `specs/comments.json`
    static let comments = SpecCase.module("comments", [
        SpecCase("inline", "12345{{! Comment Block! }}67890", "1234567890"),
        SpecCase("multiline", "12345{{!\n  This is a\n  multi-line comment...\n}}67890\n", "1234567890\n"),
        SpecCase("standalone", "Begin.\n{{! Comment Block! }}\nEnd.\n", "Begin.\nEnd.\n"),
        SpecCase("indented-standalone", "Begin.\n  {{! Indented Comment Block! }}\nEnd.\n", "Begin.\nEnd.\n"),
        SpecCase("standalone-crlf", "|\r\n{{! Standalone Comment }}\r\n|", "|\r\n|"),
        SpecCase("standalone-first-line", "  {{! I'm Still Standalone }}\n!", "!"),
        SpecCase("standalone-last-line", "!\n  {{! I'm Still Standalone }}", "!\n"),
        SpecCase("multiline-standalone", "Begin.\n{{!\nSomething's going on here...\n}}\nEnd.\n", "Begin.\nEnd.\n"),
        SpecCase("indented-multiline-standalone", "Begin.\n  {{!\n    Something's going on here...\n  }}\nEnd.\n", "Begin.\nEnd.\n"),
        SpecCase("indented-inline", "  12 {{! 34 }}\n", "  12 \n"),
        SpecCase("surrounding-whitespace", "12345 {{! Comment Block! }} 67890", "12345  67890"),
        SpecCase(
            "never-a-variable", "comments never show: >{{! comment }}<", ["! comment": 1, "! comment ": 2, "!comment": 3, "comment": 4],
            "comments never show: ><"),
    ])
}
