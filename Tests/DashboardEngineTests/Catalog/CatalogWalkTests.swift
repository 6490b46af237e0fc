import Foundation
import MarketClient
import Testing

@testable import DashboardEngine

/// The snapshot's fast walk (orders of packed entries, names in one buffer with pair masks)
/// answers exactly what the plain rule (`CatalogFilter.matches` on each product, then a sort by
/// the documented keys) answers, on products with values at the edges (stock and vendor ids
/// past 32 bits, currencies other than KRW and USD, huge prices), before and after writes are
/// applied in place.
@Suite struct CatalogWalkTests {
    static let names = [
        "Café", "cafe", "CAFÉ", "mug", "Mug 2", "에어팟", "텀블러 세트", "Zoë", "Straße", "ｃａｆｅ", "x", "", "a b", "Ünïcode ☕", "라떼 Latte",
    ]
    static let vendors = [1, 2, 61, Int(Int32.max) + 5, Int(Int32.min), Int.max]
    static let stocks = [-5, 0, 1, 2, 5, 6, 100, Int.max, Int.min, 1 << 40]
    static let currencies: [Currency] = [.krw, .usd, Currency(rawValue: "EUR"), Currency(rawValue: "JPY")]
    static let prices: [Decimal] = [0, 1, 12.5, 12.99, 1000, 60_000_000, Decimal(string: "1e20") ?? 1]

    static func product(_ id: Int, _ rng: inout SplitMix64) -> CatalogProduct {
        let price = prices.pick(&rng)
        let discount = Bool.random(using: &rng) ? 0 : price / 2
        let summary = ProductSummary(
            id: id, vendorID: vendors.pick(&rng), vendorName: "v", name: names.pick(&rng) + (Bool.random(using: &rng) ? " \(id % 7)" : ""),
            description: "", thumbnail: nil, currency: currencies.pick(&rng), price: Money(price), discountedPrice: Money(discount),
            bargainPrice: Money(price - discount), stock: stocks.pick(&rng))
        return CatalogProduct(summary, vendorName: "v")
    }

    static func filter(_ rng: inout SplitMix64) -> CatalogFilter {
        var filter = CatalogFilter(vendorID: Bool.random(using: &rng) ? nil : vendors.pick(&rng))
        filter.search = CatalogSearch.Query(["", "", "caf", "CAFÉ", "mug", "에어", "x", "e", " ", "zz"].pick(&rng))
        filter.stock = [nil, .inStock, .low, .out].pick(&rng)
        filter.lowStockThreshold = [1, 5, 100].pick(&rng)
        filter.onSale = Bool.random(using: &rng)
        filter.currency = Bool.random(using: &rng) ? nil : currencies.pick(&rng)
        if filter.currency != nil {
            filter.minHundredths = [nil, 0, 1250, 100_000].pick(&rng)
            filter.maxHundredths = [nil, 1299, 6_000_000_000, .max].pick(&rng)
        }
        return filter
    }

    /// The documented order, by the products themselves.
    static func precedes(_ a: CatalogProduct, _ b: CatalogProduct, _ sort: CatalogSort, _ collation: NameCollation) -> Bool {
        let rank = { (product: CatalogProduct) in product.currency == .krw ? 0 : product.currency == .usd ? 1 : 2 }
        switch sort {
        case .newest: return a.id > b.id
        case .oldest: return a.id < b.id
        case .price, .priceDescending:
            if rank(a) != rank(b) { return rank(a) < rank(b) }
            if a.currency != b.currency { return a.currency.rawValue < b.currency.rawValue }
            if a.paidHundredths != b.paidHundredths { return sort == .price ? a.paidHundredths < b.paidHundredths : a.paidHundredths > b.paidHundredths }
        case .stock, .stockDescending:
            if a.stock != b.stock { return sort == .stock ? a.stock < b.stock : a.stock > b.stock }
        case .name, .nameDescending:
            let (x, y) = (CatalogNameKey(a.name, collation), CatalogNameKey(b.name, collation))
            if x != y { return sort == .name ? x < y : y < x }
        }
        return a.id > b.id
    }

    static func expectSameAnswers(_ snapshot: CatalogSnapshot, _ rng: inout SplitMix64, seed: UInt64) {
        for _ in 0..<12 {
            let filter = filter(&rng)
            for sort in CatalogSort.allCases {
                let collation: NameCollation = Bool.random(using: &rng) ? .latinFirst : .hangulFirst
                let walked = snapshot.matching(CatalogQuery(filter: filter, sort: sort, collation: collation)).map { snapshot.products[Int($0)].id }
                let plain = snapshot.products.filter(filter.matches).sorted { precedes($0, $1, sort, collation) }.map(\.id)
                #expect(walked == plain, "seed \(seed), \(sort), \(filter)")
            }
        }
    }

    @Test func theWalk_answersAsThePlainRule_beforeAndAfterWrites() async throws {
        try await SplitMix64.cases(30, base: 0xCA7A_0000) { seed, rng in
            var next = 1
            let products = (0..<Int.random(in: 0...60, using: &rng)).map { _ in
                next += Int.random(in: 1...3, using: &rng)
                return Self.product(next, &rng)
            }.reversed()
            var snapshot = CatalogSnapshot(products: Array(products), takenAt: Date(), isPartial: false, reportedTotal: products.count, generation: 1)
            Self.expectSameAnswers(snapshot, &rng, seed: seed)

            // Writes in place: edits, registrations and deletions, then the same questions.
            for _ in 0..<Int.random(in: 1...12, using: &rng) {
                let existing = snapshot.products.map(\.id)
                switch Int.random(in: 0..<3, using: &rng) {
                case 0 where !existing.isEmpty:
                    snapshot.apply(.removed(id: existing.pick(&rng)), keepsThumbnail: { _ in false })
                case 1 where !existing.isEmpty:
                    snapshot.apply(.saved(Self.detail(Self.product(existing.pick(&rng), &rng))), keepsThumbnail: { _ in false })
                default:
                    next += 1
                    snapshot.apply(.saved(Self.detail(Self.product(next, &rng))), keepsThumbnail: { _ in false })
                }
            }
            Self.expectSameAnswers(snapshot, &rng, seed: seed)
            try #require(Set(snapshot.products.map(\.id)).count == snapshot.products.count)
        }
    }

    static func detail(_ product: CatalogProduct) -> ProductDetail {
        ProductDetail(summary: product.summary, images: [], vendor: Vendor(id: product.vendorID, name: "v"))
    }

    /// A search needs every pair of its bytes in the name: the mask never turns down a name
    /// that holds the query.
    @Test func thePairMask_ofANameHoldsTheMaskOfEveryPartOfIt() async {
        await SplitMix64.cases(200, base: 0x3A5C_0000) { seed, rng in
            let name = Array(Self.names.pick(&rng).utf8) + (0..<Int.random(in: 0...20, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            guard !name.isEmpty else { return }
            let start = Int.random(in: 0..<name.count, using: &rng)
            let part = Array(name[start..<Int.random(in: (start + 1)...name.count, using: &rng)])
            let (whole, piece) = (name.withUnsafeBufferPointer(CatalogSearch.pairMask), part.withUnsafeBufferPointer(CatalogSearch.pairMask))
            #expect(whole & piece == piece, "seed \(seed)")
        }
    }
}
