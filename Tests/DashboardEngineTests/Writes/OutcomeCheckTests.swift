import Foundation
import MarketClient
import Testing

@testable import DashboardEngine

/// What the market shows about a write whose answer was lost, read once its deadline has
/// passed: each verdict from the market's state alone, and the deadline itself. The check
/// only reads: nothing is ever sent.
@Suite struct OutcomeCheckTests {
    static let own = ScriptedMarket.vendorID
    static let sentAt = Date()

    static func check(_ market: ScriptedMarket, writeTimeout: TimeInterval = 30) -> OutcomeCheck {
        OutcomeCheck(api: market, ownVendor: OwnVendor(id: Self.own, source: .flag), writeTimeout: writeTimeout)
    }

    /// An edit of product 7's stock from 3 to `to`.
    static func stockEdit(to stock: Int) -> OutcomeCheck.Attempt {
        OutcomeCheck.Attempt(
            kind: .edit, productID: 7, before: RecordedFields(name: "Jar", stock: 3), after: RecordedFields(name: "Jar", stock: stock),
            sentAt: sentAt)
    }

    static func market(stock: Int) -> ScriptedMarket {
        ScriptedMarket(products: [ScriptedMarket.product(id: 7, name: "Jar", stock: stock)])
    }

    /// A create of "New jar" at KRW 4,000, own products with that name known when it was sent.
    static func create(known: [Int]? = []) -> OutcomeCheck.Attempt {
        OutcomeCheck.Attempt(
            kind: .create, productID: nil, before: nil,
            after: RecordedFields(name: "New jar", description: "A jar for the check.", price: 4000, currency: "KRW", discountedPrice: 0, stock: 2),
            sentAt: sentAt, knownIDs: known)
    }

    /// A product with the create's name, price and currency, registered `daysAgo` days before
    /// the send.
    static func lookalike(id: Int, vendor: Vendor = ScriptedMarket.defaultVendor, daysAgo: Double = 0, price: Money = 4000) -> ProductDetail {
        var product = ScriptedMarket.product(id: id, name: "New jar", vendor: vendor, price: price, discount: 0)
        product.summary.createdAt = sentAt.addingTimeInterval(-daysAgo * 86_400)
        return product
    }

    // MARK: Edits

    @Test func anEditWhoseNewValuesAreThere_wasApplied() async throws {
        let verdict = try await Self.check(Self.market(stock: 9)).verdict(for: Self.stockEdit(to: 9))
        guard case .applied(let id, let fields) = verdict else { Issue.record("\(verdict)"); return }
        #expect(id == 7 && fields?.stock == 9)
    }

    @Test func anEditWhoseOldValuesAreThere_wasNotApplied() async throws {
        #expect(try await Self.check(Self.market(stock: 3)).verdict(for: Self.stockEdit(to: 9)) == .notApplied)
    }

    @Test func anEditWhoseFieldHoldsAThirdValue_wasChangedElsewhere_withTheMarketsValue() async throws {
        let verdict = try await Self.check(Self.market(stock: 40)).verdict(for: Self.stockEdit(to: 9))
        #expect(verdict == .changedElsewhere(RecordedFields(stock: 40)))
    }

    /// Only the fields the edit changes decide: another field changed since means nothing.
    @Test func anEditIsJudgedByItsOwnFieldsOnly() async throws {
        let market = Self.market(stock: 9)
        market.state.withLock { $0.products[7]?.summary.price = 123_456 }
        guard case .applied = try await Self.check(market).verdict(for: Self.stockEdit(to: 9)) else {
            Issue.record("a price changed elsewhere hid an applied stock edit")
            return
        }
    }

    // MARK: Deletes

    @Test func aDeleteWhoseProductIsGone_wasApplied_andOneStillThere_wasNot() async throws {
        let delete = OutcomeCheck.Attempt(kind: .delete, productID: 7, before: RecordedFields(name: "Jar"), after: nil, sentAt: Self.sentAt)
        #expect(try await Self.check(ScriptedMarket()).verdict(for: delete) == .applied(productID: 7, fields: nil))
        #expect(try await Self.check(Self.market(stock: 3)).verdict(for: delete) == .notApplied)
    }

    // MARK: Creates

    @Test func aCreateFoundOnce_wasApplied_asThatProduct() async throws {
        let market = ScriptedMarket(products: [Self.lookalike(id: 40)])
        let verdict = try await Self.check(market).verdict(for: Self.create())
        guard case .applied(let id, let fields) = verdict else { Issue.record("\(verdict)"); return }
        #expect(id == 40 && fields?.name == "New jar")
    }

    @Test func aCreateNotFound_wasNotApplied() async throws {
        let market = ScriptedMarket(products: [ScriptedMarket.product(id: 41, name: "Old jar")])
        #expect(try await Self.check(market).verdict(for: Self.create()) == .notApplied)
    }

    @Test func aCreateFoundTwice_isUnsure_withBoth() async throws {
        let market = ScriptedMarket(products: [Self.lookalike(id: 40), Self.lookalike(id: 44)])
        #expect(try await Self.check(market).verdict(for: Self.create()) == .unsure(found: [40, 44]))
    }

    /// Nothing known before it was sent: one product found may have been there already.
    @Test func aCreateFoundOnce_withNothingKnownBefore_isUnsure() async throws {
        let market = ScriptedMarket(products: [Self.lookalike(id: 40)])
        #expect(try await Self.check(market).verdict(for: Self.create(known: nil)) == .unsure(found: [40]))
    }

    /// Known before the send, claimed by another row, another vendor's, another price, or
    /// registered days before the send: none of them is the one it registered.
    @Test func aCreateLooksOnlyAtOwnNewProducts_itDidNotKnowOf() async throws {
        let other = Vendor(id: 99, name: "Someone else")
        let market = ScriptedMarket(products: [
            Self.lookalike(id: 40), Self.lookalike(id: 41), Self.lookalike(id: 42, vendor: other), Self.lookalike(id: 43, daysAgo: 3),
            Self.lookalike(id: 44, price: 5000), Self.lookalike(id: 45),
        ])
        let verdict = try await Self.check(market).verdict(for: Self.create(known: [40]), claimed: [41])
        guard case .applied(let id, _) = verdict else { Issue.record("\(verdict)"); return }
        #expect(id == 45)
    }

    @Test func aMarketThatCannotBeRead_decidesNothing() async throws {
        let market = Self.market(stock: 9)
        market.state.withLock { $0.readFailure = .unreachable }
        await #expect(throws: MarketError.self) { try await Self.check(market).verdict(for: Self.stockEdit(to: 9)) }
        await #expect(throws: MarketError.self) { try await Self.check(market).verdict(for: Self.create()) }
        #expect(market.writes.isEmpty)
    }

    // MARK: The deadline

    /// The margin is a third of the timeout, at least 1 s and at most 10 s: each case below
    /// tells one part of that rule from the others (a third alone, the floor, the cap, and each
    /// edge), with the deadline worked out by hand.
    @Test(arguments: [
        (timeout: 6.0, deadline: 8.0),  // a third
        (timeout: 0.5, deadline: 1.5),  // the floor: a third would be 0.17 s
        (timeout: 3, deadline: 4),  // a third is the floor itself
        (timeout: 30, deadline: 40),  // a third is the cap itself
        (timeout: 60, deadline: 70),  // the cap: a third would be 20 s
        (timeout: 120, deadline: 130),  // the cap, as the test dashboards' two minutes
    ])
    func theDeadline_isTheWriteTimeoutAndAMarginAfterTheSend(timeout: TimeInterval, deadline: TimeInterval) {
        let sent = Date(timeIntervalSince1970: 1_000_000)
        #expect(Self.check(ScriptedMarket(), writeTimeout: timeout).deadline(sentAt: sent) == sent.addingTimeInterval(deadline))
    }
}
