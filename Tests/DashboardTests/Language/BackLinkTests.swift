import Foundation
import Testing

@testable import Dashboard

/// Every way back is one pattern in each language: an arrow and the place's name ("← 상품
/// 목록", "← Product list"), never "…으로 돌아가기", "…으로 이동" or "Back to …".
@Suite struct BackLinkTests {
    static let expected: [Language: [String]] = [
        .en: ["← Product list", "← Product page", "← Recycle bin", "← All batches"],
        .ko: ["← 상품 목록", "← 상품 페이지", "← 휴지통", "← 모든 일괄 작업"],
    ]

    @Test(arguments: Language.allCases)
    func theWaysBack_areAnArrowAndAPlace(_ language: Language) async throws {
        try await withDashboard { harness in
            var flow = HistoryFlow(harness)
            let id = try await flow.register(name: "Back Link Kettle")
            let other = try await flow.register(name: "Binned Kettle")
            _ = try await flow.delete(other)
            let trash = try await flow.session.open("/trash")
            let entry = try #require(HTMLScan.tags("li", in: trash.text).first { $0["class"] == "trash-item" }?["data-entry-id"])
            _ = try await flow.session.open("/products")
            let batch = try #require(BatchTesting.batchID(try await BatchTesting.bulk(
                flow.session, [("ids", String(id)), ("action", "stock_set"), ("value", "3"), ("unit", "amount")])))
            let lang = "lang=\(language.rawValue)"
            let back = { (html: String) in HTMLScan.text(HTMLScan.block(in: html, from: "<p class=\"back\">", to: "</p>")) }
            var shown: [String] = []
            for path in ["/products/\(id)?\(lang)", "/products/\(id)/delete?\(lang)"] {
                shown.append(back(try await flow.session.get(path).text))
            }
            // The question before removing an item for good comes from the bin's button.
            _ = try await flow.session.open("/trash")
            shown.append(back(try await flow.session.postURLEncoded("/trash/\(entry)/forget?\(lang)", []).text))
            shown.append(back(try await flow.session.get("/batches/\(batch)?\(lang)").text))
            #expect(shown == Self.expected[language], "\(shown)")

            // An error page's ways out follow it too.
            let missing = try await flow.session.get("/no-such-page?\(lang)")
            #expect(HTMLScan.text(missing.text).contains(Self.expected[language]?.first ?? "?"))
            for old in ["돌아가기", "으로 이동", "Back to", "Go to the"] {
                #expect(!HTMLScan.text(missing.text).contains(old), "\(old)")
            }
        }
    }
}
