import MarketClient
import Testing

@testable import Dashboard
@testable import DashboardEngine

/// What a batch row says when its write did not go through: a write the dashboard refused to
/// send is "not sent" with its reason, a refusal of the market keeps the market's words, and
/// a write without a usable answer is unknown (checked before it is sent again).
@Suite struct BatchFailureTests {
    @Test func aWriteTheDashboardRefusedToSend_isNotSent_withItsReason() {
        let pictures = WriteFailure(WriteRefusal(reason: .imagesNotKept, detail: "the image server did not answer"))
        let journal = WriteFailure(WriteRefusal(reason: .journalUnavailable, detail: "disk I/O error"))
        #expect(pictures.code == .imagesNotKept)
        #expect(journal.code == .journalUnavailable)
        #expect(Wording(.en).rowFailure(pictures.code, undoing: nil).hasPrefix("Not deleted"))
        #expect(Wording(.en).rowFailure(journal.code, undoing: nil).hasPrefix("Not changed"))
    }

    @Test func theMarketsRefusal_keepsItsWords() {
        let refused = WriteFailure(MarketError.rejected(status: 400, message: "price is too low"))
        #expect(refused.code == .refused)
        #expect(refused.marketMessage == "price is too low")
        #expect(WriteFailure(MarketError.notFound).code == .notFound)
    }

    @Test func noUsableAnswer_isUnknown() {
        #expect(WriteFailure(MarketError.timeout).code == .unknown)
        #expect(WriteFailure(MarketError.malformedResponse("half a body")).code == .unknown)
        #expect(WriteFailure(CancellationError()).code == .unknown)
    }
}
