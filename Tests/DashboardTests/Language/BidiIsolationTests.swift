import Foundation
import Testing

@testable import Dashboard

/// A name holding an unbalanced RIGHT-TO-LEFT OVERRIDE (U+202E), stored by the market as
/// typed, is isolated wherever a page shows it: in `<bdi>` as an element, between FIRST STRONG
/// ISOLATE and POP DIRECTIONAL ISOLATE inside a sentence, `dir="auto"` in an input, so the
/// override never reaches the text after the name.
@Suite struct BidiIsolationTests {
    static let evil = "\u{202E}Kettle Evil"
    static let gone = "\u{202E}Teapot Gone"

    /// Each place `name` appears in `html` that is not isolated: the 40 characters before it.
    static func unisolated(_ name: String, in html: String) -> [String] {
        var found: [String] = []
        var rest = html[...]
        while let range = rest.range(of: name) {
            let before = String(html[html.startIndex..<range.lowerBound].suffix(40))
            let isolated = before.hasSuffix("<bdi>") || before.hasSuffix("\u{2068}") || before.hasSuffix("“\u{2068}")
                // An attribute's value: `alt`, an input's `value` or `data-shown` (the input has dir="auto").
                || before.hasSuffix("alt=\"") || before.hasSuffix("value=\"") || before.hasSuffix("data-shown=\"")
            if !isolated { found.append(before) }
            rest = html[range.upperBound...]
        }
        return found
    }

    static func expectIsolated(_ name: String, in html: String, _ page: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(html.contains(name), "\(page) does not show the name", sourceLocation: sourceLocation)
        #expect(unisolated(name, in: html).isEmpty, "\(page): \(unisolated(name, in: html))", sourceLocation: sourceLocation)
    }

    @Test func aNameWithAnOverride_isIsolatedOnEveryPage() async throws {
        try await withRecordingMarket { market in
            try await withDashboard(.recording(market)) { harness in
                let id = try await market.register(name: Self.evil, images: [ImageFixtures.jpeg(600, fill: 3)])
                let other = try await market.register(name: Self.gone, images: [ImageFixtures.jpeg(600, fill: 4)])
                var flow = HistoryFlow(harness)
                #expect(try await flow.edit(id, name: Self.evil, [("stock", "9")]).status == 303)
                let deleted = try await flow.delete(other)
                #expect(deleted.status == 303)
                let flash = try await flow.session.get(deleted.header("Location") ?? "/products", extraCookie: deleted.setCookie("om_flash"))
                let message = HTMLScan.block(in: flash.text, from: "<p class=\"flash\"", to: "</p>")
                #expect(message.contains("“\u{2068}\(Self.gone)\u{2069}” was deleted."), "\(message)")

                for path in ["/products", "/products?view=list", "/products?view=table", "/products/\(id)", "/products/\(id)/edit", "/products/\(id)/delete",
                    "/products/sheet", "/history", "/history?product=\(id)", "/history?lang=ko"]
                {
                    Self.expectIsolated(Self.evil, in: try await flow.session.open(path).text, path)
                }
                Self.expectIsolated(Self.gone, in: try await flow.session.open("/trash").text, "/trash")

                let sheet = try await flow.session.open("/products/sheet")
                let input = HTMLScan.tags("input", in: sheet.text).first { $0["name"] == "name.\(id)" }
                #expect(input?["dir"] == "auto")

                _ = try await flow.session.open("/products")
                let posted = try await BatchTesting.bulk(flow.session, [("ids", String(id)), ("action", "stock_set"), ("value", "4"), ("unit", "amount")])
                let batch = try #require(BatchTesting.batchID(posted), "the bulk form answered \(posted.status)")
                Self.expectIsolated(Self.evil, in: try await flow.session.open("/batches/\(batch)").text, "the batch")
            }
        }
    }

    @Test func onlyNamesThatCanMoveText_areWrapped() {
        #expect(BidiText.isolated("Kettle") == "Kettle")
        #expect(BidiText.isolated("맥북 프로 14") == "맥북 프로 14")
        #expect(BidiText.isolated("\u{202E}Kettle") == "\u{2068}\u{202E}Kettle\u{2069}")
        #expect(BidiText.isolated("שלום") == "\u{2068}שלום\u{2069}")
        #expect(BidiText.isolated("كوب") == "\u{2068}كوب\u{2069}")
        #expect(Wording(.en).flash(.deleted("\u{202E}Mug", keptDays: nil)) == "“\u{2068}\u{202E}Mug\u{2069}” was deleted.")
        #expect(Wording(.ko).formTitle(edit: "\u{202E}Mug", failed: false) == "“\u{2068}\u{202E}Mug\u{2069}” 수정", "quoted, as the heading is")
    }
}
