import Foundation
import MarketClient
import Testing

@testable import DashboardEngine

/// The reference price from literal timelines, with the mistakes price-history plugins are known
/// for: each case names the one it guards against.
@Suite struct ReferencePriceTests {
    static let day: TimeInterval = 86_400
    /// The sale's start, S.
    static let sale = Date(timeIntervalSince1970: 1_800_000_000)

    static func day(_ offset: Double) -> Date { sale.addingTimeInterval(offset * day) }

    static func state(
        _ offset: Double, _ price: Decimal, off discount: Decimal = 0, seenAfter: Double? = nil, currency: Currency = .krw,
        _ source: PriceState.Source = .dashboard
    ) -> PriceState {
        PriceState(
            at: day(offset), seenAfter: seenAfter.map(day), price: price, discount: discount, currency: currency,
            source: seenAfter == nil ? source : .elsewhere)
    }

    @Test func theLowestPriceOfTheWindowBeforeTheSale() {
        let states = [Self.state(-60, 30000), Self.state(-20, 24000), Self.state(-10, 30000), Self.state(0, 30000, off: 9000)]
        #expect(ReferencePrice.compute(states: states, saleStartsAt: Self.sale) == .known(price: 24000, currency: .krw))
    }

    /// A window that ends at the sale, not after it: a lower price after the sale started
    /// never counts.
    @Test func theWindowEndsBeforeTheSale() {
        let states = [Self.state(-60, 30000), Self.state(0, 30000, off: 3000), Self.state(5, 20000)]
        #expect(ReferencePrice.compute(states: states, saleStartsAt: Self.sale) == .known(price: 30000, currency: .krw))
    }

    /// No earlier price when tracking starts: insufficient, never the sale price itself.
    @Test func noEarlierPriceIsInsufficient() {
        let tracked = [Self.state(-5, 30000), Self.state(0, 30000, off: 9000)]
        #expect(ReferencePrice.compute(states: tracked, saleStartsAt: Self.sale) == .insufficient(knownFrom: Self.day(-5)))
        let onlyTheSale = [Self.state(0, 30000, off: 9000)]
        #expect(ReferencePrice.compute(states: onlyTheSale, saleStartsAt: Self.sale) == .insufficient(knownFrom: nil))
        #expect(ReferencePrice.compute(states: [], saleStartsAt: Self.sale) == .insufficient(knownFrom: nil))
    }

    /// An unchanged price inside the window is carried in from before it, not skipped for an
    /// older one.
    @Test func anUnchangedPriceIsCarriedIn() {
        let states = [Self.state(-700, 10000), Self.state(-45, 30000)]
        #expect(ReferencePrice.compute(states: states, saleStartsAt: Self.sale) == .known(price: 30000, currency: .krw))
    }

    /// The sale's own start does not count in its window.
    @Test func theSalesOwnStartDoesNotCount() {
        let states = [Self.state(-40, 30000), Self.state(0, 30000, off: 9000)]
        let reference = ReferencePrice.compute(states: states, saleStartsAt: Self.sale)
        #expect(reference == .known(price: 30000, currency: .krw))
        #expect(reference.check(price: 30000, discount: 9000, currency: .krw) == .ok(reference: 30000))
    }

    /// A change seen elsewhere between two counts counts at both prices: the old one may have
    /// lasted until the later count, the new one may have begun after the earlier one.
    @Test func aChangeBetweenTwoCountsCountsAtBothPrices() {
        // Raised between day -32 and day -28: the old price may have lasted into the window.
        let raised = [Self.state(-60, 24000), Self.state(-28, 30000, seenAfter: -32)]
        #expect(ReferencePrice.compute(states: raised, saleStartsAt: Self.sale) == .known(price: 24000, currency: .krw))
        // Lowered between day -8 and day -5, inside the window: both prices count.
        let known = [Self.state(-60, 30000), Self.state(-5, 26000, seenAfter: -8)]
        #expect(ReferencePrice.compute(states: known, saleStartsAt: Self.sale) == .known(price: 26000, currency: .krw))
    }

    /// N = 20 moves the window: a low price 25 days before counts for 30 days, not for 20.
    @Test func twentyDaysMoveTheWindow() {
        let states = [Self.state(-60, 30000), Self.state(-25, 20000), Self.state(-22, 30000)]
        #expect(ReferencePrice.compute(states: states, saleStartsAt: Self.sale, days: 30) == .known(price: 20000, currency: .krw))
        #expect(ReferencePrice.compute(states: states, saleStartsAt: Self.sale, days: 20) == .known(price: 30000, currency: .krw))
    }

    /// Exactly at the window's edges: a state that began at S − N is the one carried in (the
    /// one before it ended then); one that began at S is the sale's.
    @Test func exactlyAtTheEdges() {
        let atStart = [Self.state(-60, 10000), Self.state(-30, 30000), Self.state(0, 5000)]
        #expect(ReferencePrice.compute(states: atStart, saleStartsAt: Self.sale) == .known(price: 30000, currency: .krw))
        let firstAtStart = [Self.state(-30, 30000)]
        #expect(ReferencePrice.compute(states: firstAtStart, saleStartsAt: Self.sale) == .known(price: 30000, currency: .krw))
        let justAfterStart = [PriceState(at: Self.day(-30).addingTimeInterval(0.001), price: 30000, discount: 0, currency: .krw, source: .dashboard)]
        #expect(
            ReferencePrice.compute(states: justAfterStart, saleStartsAt: Self.sale)
                == .insufficient(knownFrom: Self.day(-30).addingTimeInterval(0.001)))
        let justBeforeSale = [Self.state(-40, 30000), PriceState(at: Self.sale.addingTimeInterval(-0.001), price: 100, discount: 0, currency: .krw, source: .dashboard)]
        #expect(ReferencePrice.compute(states: justBeforeSale, saleStartsAt: Self.sale) == .known(price: 100, currency: .krw))
    }

    /// The lowest *sale* price counts: a discount inside the window lowers the reference.
    @Test func anEarlierSaleLowersTheReference() {
        let states = [Self.state(-60, 30000), Self.state(-15, 30000, off: 6000), Self.state(-8, 30000)]
        #expect(ReferencePrice.compute(states: states, saleStartsAt: Self.sale) == .known(price: 24000, currency: .krw))
    }

    /// A window that needs another currency's state is insufficient from the change.
    @Test func aCurrencyChangeInsideTheWindow() {
        let states = [Self.state(-60, 20, currency: .usd), Self.state(-10, 30000)]
        #expect(ReferencePrice.compute(states: states, saleStartsAt: Self.sale) == .insufficient(knownFrom: Self.day(-10)))
        let before = [Self.state(-60, 20, currency: .usd), Self.state(-40, 30000)]
        #expect(ReferencePrice.compute(states: before, saleStartsAt: Self.sale) == .known(price: 30000, currency: .krw))
        #expect(
            ReferencePrice.compute(states: before, saleStartsAt: Self.sale, currency: .usd) == .insufficient(knownFrom: nil))
    }

    /// Raised 10 days ago, then 30 % off: above, with the true discount from the reference.
    @Test func aRaiseBeforeTheSaleIsAbove() {
        let states = [Self.state(-60, 24000), Self.state(-10, 30000)]
        let reference = ReferencePrice.compute(states: states, saleStartsAt: Self.sale)
        let check = reference.check(price: 30000, discount: 9000, currency: .krw)
        #expect(check == .above(reference: 24000, trueDiscount: Decimal(string: "0.125")!))
        #expect(check.hook == "above")
        #expect(check.reference == 24000)
        #expect(ReferenceCheck.insufficient(knownFrom: nil).hook == "insufficient")
        #expect(reference.check(price: 24000, discount: 2400, currency: .krw).hook == "ok")
        #expect(reference.check(price: 24000, discount: 2400, currency: .usd) == .insufficient(knownFrom: nil))
    }

    @Test func whatStartsOrDeepensASale() {
        #expect(ReferencePrice.startsOrDeepensSale(fromPrice: 30000, discount: 0, toPrice: 30000, discount: 3000))
        #expect(ReferencePrice.startsOrDeepensSale(fromPrice: nil, discount: nil, toPrice: 30000, discount: 3000))
        #expect(ReferencePrice.startsOrDeepensSale(fromPrice: 30000, discount: 3000, toPrice: 30000, discount: 6000))
        #expect(ReferencePrice.startsOrDeepensSale(fromPrice: 30000, discount: 3000, toPrice: 28000, discount: 3000))
        #expect(!ReferencePrice.startsOrDeepensSale(fromPrice: 30000, discount: 3000, toPrice: 31000, discount: 3000))
        #expect(!ReferencePrice.startsOrDeepensSale(fromPrice: 30000, discount: 3000, toPrice: 30000, discount: 0))
        #expect(!ReferencePrice.startsOrDeepensSale(fromPrice: 30000, discount: 0, toPrice: 20000, discount: 0))
        #expect(!ReferencePrice.startsOrDeepensSale(fromPrice: 30000, discount: 3000, toPrice: 30000, discount: 3000))
    }
}
