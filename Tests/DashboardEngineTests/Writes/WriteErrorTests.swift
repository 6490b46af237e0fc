import MarketClient
import Testing

@testable import DashboardEngine

/// The code a write's error is kept as: a write the dashboard refused to send keeps its reason,
/// a refusal of the market keeps the market's words, and an error that leaves the market's
/// answer unusable is unknown. How a batch row words each code is `RowFailureWordingTests`'.
@Suite struct WriteErrorTests {
    @Test func aWriteTheDashboardRefusedToSend_isNotSent_withItsReason() {
        let pictures = WriteError(WriteRefusal(code: .imagesNotKept, detail: "the image server did not answer"))
        let journal = WriteError(WriteRefusal(code: .journalUnavailable, detail: "disk I/O error"))
        #expect(pictures.code == .imagesNotKept)
        #expect(journal.code == .journalUnavailable)
    }

    @Test func theMarketsRefusal_keepsItsWords() {
        let refused = WriteError(MarketError.rejected(status: 400, message: "price is too low"))
        #expect(refused.code == .refused)
        #expect(refused.marketMessage == "price is too low")
        #expect(WriteError(MarketError.notFound).code == .notFound)
    }

    @Test func noUsableAnswer_isUnknown() {
        #expect(WriteError(MarketError.timeout).code == .unknown)
        #expect(WriteError(MarketError.malformedResponse("half a body")).code == .unknown)
        #expect(WriteError(CancellationError()).code == .unknown)
    }
}
