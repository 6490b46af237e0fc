import Testing
@testable import Templating

@Suite struct EscapingTests {
    @Test func allFiveCharacters_areEscaped() {
        #expect(HTMLEscaping.escape(#"<a href="x" title='y'>&</a>"#)
            == "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;")
    }

    // `"` + U+0301 is a single Character; escaping per Character would miss the quote.
    @Test func quoteFollowedByCombiningAccent_isStillEscaped() throws {
        let value = "\"\u{0301}onmouseover=alert(1)"
        #expect(value.count == "\"\u{0301}".count + "onmouseover=alert(1)".count)
        #expect(try render("<input value=\"{{v}}\">", ["v": .string(value)])
            == "<input value=\"&quot;\u{0301}onmouseover=alert(1)\">")
        #expect(HTMLEscaping.escape("'\u{0301}<\u{0301}") == "&#39;\u{0301}&lt;\u{0301}")
    }

    @Test func multiByteText_isPreservedAroundEscapes() {
        #expect(HTMLEscaping.escape("가격 < ₩1,000 & 🍵 \"차\"") == "가격 &lt; ₩1,000 &amp; 🍵 &quot;차&quot;")
    }

    @Test func textWithoutSpecialCharacters_isUnchanged() {
        #expect(HTMLEscaping.escape("") == "")
        #expect(HTMLEscaping.escape("plain text, é ü 日本") == "plain text, é ü 日本")
    }

    @Test func rawInterpolation_isAnExplicitOptOut() throws {
        #expect(try render("{{{html}}} {{&html}} {{html}}", ["html": "<b>"]) == "<b> <b> &lt;b&gt;")
    }

    @Test func templateText_isNeverEscaped() throws {
        #expect(try render("<p class=\"a\">'&'</p>") == "<p class=\"a\">'&'</p>")
    }

    @Test func nonUTF8TemplateBytes_passThrough() throws {
        let library = try TemplateLibrary(templates: ["t": "é{{x}}"])
        #expect(try library.render("t", ["x": "<"]) == Array("é&lt;".utf8))
    }

    /// Long text is scanned eight bytes at a time: each special character at every position of
    /// a 24-byte text (first, inside and across words, last), and the near misses `%`, `=`,
    /// `?`, `;` that share bits with them, must come out as a byte-at-a-time escape writes them.
    @Test func everySpecialAtEveryPosition_isEscaped() {
        let entities: [Character: String] = ["&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;"]
        for special in "&<>\"'%=?;$" {
            for position in 0..<24 {
                var characters = Array("abcdefghijklmnopqrstuvwx")
                characters[position] = special
                let text = String(characters)
                let expected = characters.map { entities[$0] ?? String($0) }.joined()
                #expect(HTMLEscaping.escape(text) == expected, "\(special) at \(position)")
            }
        }
    }
}
