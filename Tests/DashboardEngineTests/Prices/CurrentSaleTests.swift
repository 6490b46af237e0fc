import Foundation
import MarketClient
import Testing

@testable import DashboardEngine

/// Each on-sale product's sale (`PriceTimeline.currentSale`, `currentSales`): when it started
/// and its reference, from writes and counts told to the timeline as the writer and the catalog
/// tell it, over a database in a temp folder with a hand-moved clock.
@Suite struct CurrentSaleTests {
    typealias Fixture = PriceTimelineTests.Fixture

    /// Product 7 at 24,000, raised to 30,000 30 days later, 30 % off 10 days after that: the
    /// sale's start.
    static func raiseThenSale(_ fixture: Fixture) async -> Date {
        await fixture.write(7, price: 24000)
        fixture.calendar.advance(days: 30)
        await fixture.write(7, price: 30000)
        fixture.calendar.advance(days: 10)
        let start = fixture.calendar.now()
        await fixture.write(7, price: 30000, discount: 9000)
        return start
    }

    /// Raised 10 days before a 30 % sale: the struck-through price is above the price of the
    /// 30 days before, and the true discount is from that price.
    @Test func aRaiseThenASale_isAbove_withTheTrueDiscount() async throws {
        let fixture = try Fixture()
        let start = await Self.raiseThenSale(fixture)
        let sale = try #require(fixture.timeline.currentSale(productID: 7))
        #expect(sale.startedAt == start)
        #expect(sale.reference == .known(price: 24000, currency: .krw))
        #expect(sale.check == .above(reference: 24000, trueDiscount: 0.125))
        #expect(fixture.timeline.currentSales().aboveReference == [7])
    }

    @Test func aSteadyPrice_isOK() async throws {
        let fixture = try Fixture()
        await fixture.write(3, price: 30000)
        fixture.calendar.advance(days: 40)
        await fixture.write(3, price: 30000, discount: 9000)
        let sale = try #require(fixture.timeline.currentSale(productID: 3))
        #expect(sale.check == .ok(reference: 30000))
        #expect(fixture.timeline.currentSales().aboveReference.isEmpty)
    }

    /// A deeper sale is a new start: its window holds the first sale's price.
    @Test func aDeepening_movesTheStart() async throws {
        let fixture = try Fixture()
        await fixture.write(1, price: 30000)
        fixture.calendar.advance(days: 40)
        let first = fixture.calendar.now()
        await fixture.write(1, price: 30000, discount: 3000)
        #expect(fixture.timeline.currentSale(productID: 1)?.startedAt == first)
        #expect(fixture.timeline.currentSale(productID: 1)?.check == .ok(reference: 30000))
        fixture.calendar.advance(days: 5)
        let deeper = fixture.calendar.now()
        await fixture.write(1, price: 30000, discount: 9000)
        let sale = try #require(fixture.timeline.currentSale(productID: 1))
        #expect(sale.startedAt == deeper)
        #expect(sale.reference == .known(price: 27000, currency: .krw))
        #expect(sale.check == .above(reference: 27000, trueDiscount: Decimal(6000) / 27000))
    }

    /// A shallower sale, or a new price that keeps the sale price, starts nothing: the sale's
    /// start and reference stay, and the latest state is checked against them.
    @Test func aShallowing_keepsTheStart() async throws {
        let fixture = try Fixture()
        await fixture.write(1, price: 24000)
        fixture.calendar.advance(days: 40)
        let start = fixture.calendar.now()
        await fixture.write(1, price: 24000, discount: 6000)
        fixture.calendar.advance(days: 3)
        await fixture.write(1, price: 24000, discount: 3000)
        var sale = try #require(fixture.timeline.currentSale(productID: 1))
        #expect(sale.startedAt == start)
        #expect(sale.check == .ok(reference: 24000))
        // The same sale price shown from a higher price: above, from the same start.
        fixture.calendar.advance(days: 1)
        await fixture.write(1, price: 30000, discount: 9000)
        sale = try #require(fixture.timeline.currentSale(productID: 1))
        #expect(sale.startedAt == start)
        #expect(sale.check == .above(reference: 24000, trueDiscount: 0.125))
        // The sale ends: nothing.
        await fixture.write(1, price: 30000)
        #expect(fixture.timeline.currentSale(productID: 1) == nil)
        #expect(fixture.timeline.currentSales().byProduct.isEmpty)
    }

    /// Nothing is known before a sale seen first: its reference is insufficient, never its own price.
    @Test func aSaleSeenFirst_isInsufficient() async throws {
        let fixture = try Fixture()
        await fixture.timeline.catalogCounted(
            previous: nil, new: Fixture.snapshot([(5, 30000, 9000)], at: fixture.calendar.now()))
        await fixture.timeline.recorded()
        let sale = try #require(fixture.timeline.currentSale(productID: 5))
        #expect(sale.check == .insufficient(knownFrom: nil))
        // Registered yesterday and put on sale today: prices are known from yesterday only.
        let registered = fixture.calendar.now()
        await fixture.write(6, price: 30000)
        fixture.calendar.advance(days: 1)
        await fixture.write(6, price: 30000, discount: 3000)
        #expect(fixture.timeline.currentSale(productID: 6)?.check == .insufficient(knownFrom: registered))
    }

    /// A raise seen by a count lies between two counts: the price before it counts too.
    @Test func aChangeElsewhere_countsAtBothPrices() async throws {
        let fixture = try Fixture()
        let count1 = Fixture.snapshot([(2, 20000, 0)], at: fixture.calendar.now())
        await fixture.timeline.catalogCounted(previous: nil, new: count1)
        fixture.calendar.advance(days: 25)
        let count2 = Fixture.snapshot([(2, 30000, 0)], at: fixture.calendar.now())
        await fixture.timeline.catalogCounted(previous: count1, new: count2)
        fixture.calendar.advance(days: 10)
        let count3 = Fixture.snapshot([(2, 30000, 6000)], at: fixture.calendar.now())
        await fixture.timeline.catalogCounted(previous: count2, new: count3)
        await fixture.timeline.recorded()
        let sale = try #require(fixture.timeline.currentSale(productID: 2))
        #expect(sale.startedAt == count3.takenAt)
        #expect(sale.check == .above(reference: 20000, trueDiscount: -0.2))
        #expect(fixture.timeline.currentSales().aboveReference == [2])
    }

    /// A restart works every sale out again from the rows, as it stood.
    @Test func aRestart_findsTheSalesAgain() async throws {
        let fixture = try Fixture()
        await fixture.write(8, price: 10000)
        let start = await Self.raiseThenSale(fixture)
        fixture.calendar.advance(days: 1)
        await fixture.write(7, price: 30000, discount: 6000)
        let restarted = try fixture.reopened()
        await restarted.recorded()
        let sale = try #require(restarted.currentSale(productID: 7))
        #expect(sale.startedAt == start)
        #expect(sale.check == .above(reference: 24000, trueDiscount: 0))
        #expect(restarted.currentSale(productID: 8) == nil)
        #expect(restarted.currentSales().aboveReference == [7])
    }

    /// Past records before a sale seen first give it a reference.
    @Test func pastRecords_giveASaleItsReference() async throws {
        let fixture = try Fixture()
        await fixture.write(4, price: 30000, discount: 9000)
        #expect(fixture.timeline.currentSale(productID: 4)?.check == .insufficient(knownFrom: nil))
        let before = fixture.calendar.now().addingTimeInterval(-40 * 86_400)
        _ = try await fixture.timeline.addImported([
            ImportedPrice(productID: 4, at: before, price: 25000, discount: 0, currency: .krw)
        ])
        #expect(fixture.timeline.currentSale(productID: 4)?.check == .above(reference: 25000, trueDiscount: Decimal(4000) / 25000))
    }
}
