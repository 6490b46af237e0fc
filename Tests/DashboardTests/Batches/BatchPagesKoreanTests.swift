import Foundation
import Testing

@testable import Dashboard

/// The batch pages in Korean, in every state, with no English of the UI left on them (the
/// market's own words aside).
@Suite struct BatchPagesKoreanTests {
    @Test func everyBatchPage_isKorean() async throws {
        try await StandardsScene.run { scene in
            let dash = scene.harness
            // An own product in KRW, as the standards run uses (the batches set prices in won).
            let own = try await seedProduct(dash, named: "맥북 프로 14")
            try await KoreanPageScan.rewriteInKorean(dash)
            let batches = try await StandardsBatches.make(on: scene, own: own)
            let marketWords = Set(StandardsBatches.marketWords.split(separator: " ").map(String.init))
            for path in ["/batches/\(batches.preview)", "/batches/\(batches.running)", "/batches/\(batches.finished)",
                         "/batches/\(batches.finished)?status=failed", "/batches/\(batches.scheduled)", "/batches/\(batches.windowOpen)",
                         "/batches", "/products/import", "/batches/999999"] {
                let response = try await dash.get(path, headers: KoreanPageScan.korean)
                KoreanPageScan.expectKorean(response, path, allowed: KoreanPageScan.properNouns.union(marketWords))
            }
            // A schedule refused: no start, and a window over another's.
            var scheduling = FormSession(port: dash.port)
            let preview = try await scheduling.open("/batches/\(batches.preview)?lang=ko").text
            scheduling.cookie += "; om_lang=ko"
            let noStart = try await scheduling.postURLEncoded(
                "/batches/\(batches.preview)/schedule", BatchTesting.drawn(preview) + [("starts_at", "")])
            #expect(noStart.status == 422)
            KoreanPageScan.expectKorean(noStart, "a schedule without a start", allowed: KoreanPageScan.properNouns)
            let inTwoDays = LocalTime.localInputValue(
                dash.app.scheduler.clock.now().addingTimeInterval(2 * 86_400 + 600), zone: dash.app.configuration.timeZone)
            let overlapping = try await scheduling.postURLEncoded(
                "/batches/\(batches.preview)/schedule", BatchTesting.drawn(preview) + [("starts_at", inTwoDays)])
            #expect(overlapping.status == 409)
            KoreanPageScan.expectKorean(overlapping, "a schedule over another", allowed: KoreanPageScan.properNouns)
            // The import's refusals too: no file, and a file that is not a CSV.
            var session = FormSession(port: dash.port)
            _ = try await session.open("/products/import?lang=ko")
            session.cookie += "; om_lang=ko"
            let empty = try await session.post("/products/import", [])
            #expect(empty.status == 422)
            KoreanPageScan.expectKorean(empty, "import without a file", allowed: [])
            let utf16 = try await session.post(
                "/products/import", [], files: [TestFile(field: "csv", filename: "a.csv", contentType: "text/csv", bytes: [0xFF, 0xFE, 0x41, 0])])
            #expect(utf16.status == 422)
            // "UTF-8" and "UTF-16" name the encodings, as the spreadsheet programs do.
            KoreanPageScan.expectKorean(utf16, "import of UTF-16", allowed: ["utf"])
        }
    }
}
