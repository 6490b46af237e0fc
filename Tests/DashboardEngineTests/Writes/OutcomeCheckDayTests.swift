import Foundation
import MarketClient
import Testing

@testable import DashboardEngine

/// A lost create's check at the edges of a day. The market stamps a product with the day it
/// was registered, a Korean calendar date with no time (read as that date's midnight, UTC),
/// so a create sent in the first or last minute of a Seoul day carries a stamp a few hours
/// after or almost a day before its send: either way the check finds it, whatever zone the
/// machine or the dashboard is in. A product stamped three days before is not the one.
@Suite struct OutcomeCheckDayTests {
    /// A create of "Midnight jar" at KRW 4,000 sent at `sentAt`, nothing of that name known.
    static func create(sentAt: Date) -> OutcomeCheck.Attempt {
        OutcomeCheck.Attempt(
            kind: .create, productID: nil, before: nil,
            after: RecordedFields(name: "Midnight jar", description: "A jar sent at midnight.", price: 4000, currency: "KRW", discountedPrice: 0, stock: 2),
            sentAt: sentAt, knownIDs: [])
    }

    /// An own product with the create's name, price and currency, stamped with `day`
    /// ("2026-11-29") as the market's answer is read: that date's midnight, UTC.
    static func stamped(id: Int, _ day: String) throws -> ProductDetail {
        var product = ScriptedMarket.product(id: id, name: "Midnight jar", price: 4000, discount: 0)
        product.summary.createdAt = try instant("\(day)T00:00:00Z")
        return product
    }

    static func instant(_ iso: String) throws -> Date {
        try #require(ISO8601DateFormatter().date(from: iso), "\(iso) is not an instant")
    }

    /// Sent 30 seconds before and after midnight in Seoul, each found with the Korean day it
    /// was registered on; the lookalike stamped three days before the send is passed over.
    @Test(arguments: [
        ("2026-11-28T14:59:30Z", "2026-11-28"),  // 23:59:30 KST on the 28th
        ("2026-11-28T15:00:30Z", "2026-11-29"),  // 00:00:30 KST on the 29th
        ("2026-12-31T15:00:30Z", "2027-01-01"),  // 00:00:30 KST on New Year's Day
    ])
    func aCreateSentAtMidnightInSeoul_isFound_byTheKoreanDayItWasStamped(sent: String, day: String) async throws {
        let sentAt = try Self.instant(sent)
        let threeDaysBefore = sentAt.addingTimeInterval(-3 * 86_400)
        let market = ScriptedMarket(products: [
            try Self.stamped(id: 40, day),
            try Self.stamped(id: 41, String(ISO8601DateFormatter().string(from: threeDaysBefore).prefix(10))),
        ])
        let check = OutcomeCheck(api: market, ownVendor: OwnVendor(id: ScriptedMarket.vendorID, source: .flag), writeTimeout: 30)
        let verdict = try await check.verdict(for: Self.create(sentAt: sentAt))
        guard case .applied(let id, _) = verdict else {
            Issue.record("sent \(sent), stamped \(day): \(verdict)")
            return
        }
        #expect(id == 40)
    }
}
