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

    /// Checks the create sent at `sentAt` against `market` and expects it found as product `id`.
    static func expectFound(_ id: Int, sentAt: Date, in market: ScriptedMarket, _ what: String) async throws {
        let check = OutcomeCheck(api: market, ownVendor: OwnVendor(id: ScriptedMarket.vendorID, source: .flag), writeTimeout: 30)
        let verdict = try await check.verdict(for: create(sentAt: sentAt))
        guard case .applied(let found, _) = verdict else {
            Issue.record("\(what): \(verdict)")
            return
        }
        #expect(found == id, "\(what)")
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
        try await Self.expectFound(40, sentAt: sentAt, in: market, "sent \(sent), stamped \(day)")
    }

    /// Sent two minutes before and after midnight in Seoul (15:00 UTC) and in UTC, found both
    /// when stamped with the Korean day it was registered on and when stamped with the earliest
    /// day the check accepts, the UTC day before the send.
    ///
    /// The check runs in this process, whose zone is the machine's and cannot be changed safely
    /// from a test, so the instants are the ones a day cut in the machine's zone gets wrong. The
    /// cut is the start of the send's day less 24 hours: in any zone it is at least 24 hours
    /// before the send, while a Korean day's stamp (its midnight, UTC) is at most 15 hours
    /// before it, so the product stamped with the Korean day is found however the day is cut
    /// (the first four rows keep the rule, whatever the zone). The zone moves the earliest day:
    /// cut in UTC it is the UTC day before the send; cut in a zone east of UTC whose date is
    /// already ahead of UTC's (Seoul from 15:00 UTC), or in a zone west of UTC whose date is
    /// UTC's (New York from 05:00 UTC), it starts hours later, and the product stamped with the
    /// UTC day before is passed over. So on a machine in Seoul a machine-zone cut fails the
    /// 15:02 and 23:58 rows below, in New York the 14:58, 15:02 and 23:58 rows, and at 23:58
    /// UTC in every zone but UTC; at 00:02 UTC every zone's cut agrees with UTC's, and the row
    /// holds the day before as the earliest.
    @Test(arguments: [
        ("2026-11-28T14:58:00Z", "2026-11-28"),  // 23:58 KST on the 28th: its Korean day
        ("2026-11-28T15:02:00Z", "2026-11-29"),  // 00:02 KST on the 29th
        ("2026-11-28T23:58:00Z", "2026-11-29"),  // 23:58 UTC on the 28th, 08:58 KST on the 29th
        ("2026-11-29T00:02:00Z", "2026-11-29"),  // 00:02 UTC on the 29th, 09:02 KST
        ("2026-11-28T14:58:00Z", "2026-11-27"),  // the UTC day before the send: the 27th
        ("2026-11-28T15:02:00Z", "2026-11-27"),
        ("2026-11-28T23:58:00Z", "2026-11-27"),
        ("2026-11-29T00:02:00Z", "2026-11-28"),
    ])
    func aCreateSentAtMidnightInSeoulOrUTC_isFound_inAnyMachineZone(sent: String, day: String) async throws {
        let sentAt = try Self.instant(sent)
        let market = ScriptedMarket(products: [try Self.stamped(id: 40, day)])
        try await Self.expectFound(40, sentAt: sentAt, in: market, "sent \(sent), stamped \(day), machine zone \(TimeZone.current.identifier)")
    }
}
