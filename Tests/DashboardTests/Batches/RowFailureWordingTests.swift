import Testing

@testable import Dashboard
import DashboardEngine

/// How a batch row words a write the dashboard refused to send: as not done, with the verb of
/// what it was not (the codes themselves are `WriteErrorTests`' in the engine's tests).
@Suite struct RowFailureWordingTests {
    @Test func aWriteTheDashboardRefusedToSend_isWordedAsNotDone() {
        #expect(Wording(.en).rowFailure(.imagesNotKept, undoing: nil).hasPrefix("Not deleted"))
        #expect(Wording(.en).rowFailure(.journalUnavailable, undoing: nil).hasPrefix("Not changed"))
    }
}
