import Foundation
import Testing

/// Text in the sheet's name cells that looks the same as what the sheet showed but is spelled
/// with other code points: Hangul composed (as a browser types it) or decomposed (as text pasted
/// from a macOS file name arrives), and invisible zero-width spaces.
@Suite struct SheetCellTextTests {
    /// The own product registered for the test, named in composed Hangul, and the sheet showing it.
    static func withHangulProduct(
        _ body: (DashboardHarness, inout FormSession, _ id: Int, _ sheet: TestResponse) async throws -> Void
    ) async throws {
        try await withDashboard { harness in
            var session = FormSession(port: harness.port)
            _ = try await session.open("/products/new")
            let made = try await session.post("/products", replacing(validProductFields, "name", with: "라면 세트 한정판"), files: [.jpeg("a.jpg")])
            let id = try #require(productID(fromLocation: made.header("Location")), "\(made.status)")
            let sheet = try await session.open("/products/sheet?lang=en")
            #expect(SheetTesting.rows(sheet.text).first { $0.id == id }?.cells["name"]?.shown == "라면 세트 한정판")
            try await body(harness, &session, id, sheet)
        }
    }

    /// The name sent back decomposed (ᄅ ᅡ ᄆ ᅧ ᆫ …) reads the same, so it is no change: the
    /// sheet again with its "no changes" note, no preview made.
    @Test func aNameSentBackDecomposed_isNoChange() async throws {
        try await Self.withHangulProduct { _, session, id, sheet in
            let decomposed = "라면 세트 한정판".decomposedStringWithCanonicalMapping
            #expect(decomposed.unicodeScalars.count > "라면 세트 한정판".unicodeScalars.count, "the test sends other code points")
            let answer = try await SheetTesting.post(session, SheetTesting.form(sheet, ["name.\(id)": decomposed]))
            #expect(answer.status == 303)
            #expect(answer.header("Location")?.hasPrefix("/products/sheet") == true, "\(answer.header("Location") ?? "")")
            #expect(try await SheetTesting.sheetBatches(session).isEmpty)
        }
    }

    /// A name made only of zero-width spaces looks empty, and one with a zero-width space added
    /// looks unchanged: a seller expects neither to become a change sent to the market.
    @Test func zeroWidthSpaces_doNotMakeAChangeNobodyCanSee() async throws {
        try await Self.withHangulProduct { _, session, id, _ in
            for typed in ["라면 세트 한정판\u{200B}", "\u{200B}\u{200B}\u{200B}"] {
                // A sheet of its own for each, so each post is judged, not taken for the other.
                let sheet = try await session.open("/products/sheet?lang=en")
                let answer = try await SheetTesting.post(session, SheetTesting.form(sheet, ["name.\(id)": typed]))
                #expect(answer.header("Location")?.hasPrefix("/batches/") != true, "\(typed.unicodeScalars.map { String($0.value, radix: 16) })")
            }
        }
    }
}
