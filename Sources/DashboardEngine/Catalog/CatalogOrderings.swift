import MarketClient

/// The snapshot's products in every order a list can ask for, as entries (a position in
/// `CatalogSnapshot.products` with what filters compare of it): built once per count (off the
/// event loop, in the count's task) and kept up to date product by product when this
/// dashboard writes, so a sorted and filtered page walks an order instead of sorting the
/// catalog per request.
///
/// Every order breaks ties newest first (the higher id). `oldest` is `newest` walked
/// backwards. Prices compare in `CatalogProduct.paidHundredths`, grouped by currency (KRW,
/// then USD, then any other code): amounts in two currencies have no common scale, so a
/// price order lists one currency's products, then the next's, and the page says so.
package struct CatalogOrderings: Sendable {
    /// The orders kept; `oldest` has none of its own.
    enum Key: CaseIterable, Sendable {
        case newest
        case priceAscending
        case priceDescending
        case stockAscending
        case stockDescending
        case nameLatinFirst
        case nameHangulFirst
        case nameLatinFirstDescending
        case nameHangulFirstDescending
    }

    /// One place in an order: the product's position in `CatalogSnapshot.products` and what
    /// the filters compare of it (24 bytes), so a walk reads its order front to back and
    /// never jumps to the products, which lie in another order and are several times larger.
    struct Entry: Sendable, Equatable {
        var index: Int32
        /// Clamped to 32 bits, which keeps every comparison a filter makes (with 0, 1 and the
        /// low-stock threshold).
        var stock: Int32
        /// The price paid in hundredths (`CatalogProduct.paidHundredths`).
        var paidHundredths: Int64
        /// The vendor id, or `largeVendor` for one that does not fit in 32 bits.
        var vendor: Int32
        /// `CatalogOrderings.currencyRank`: KRW 0, USD 1, any other `CatalogFields.otherCurrency`.
        var currencyRank: UInt8
        var isOnSale: Bool

        static let largeVendor = Int32.min

        init(_ index: Int32, _ product: CatalogProduct) {
            self.index = index
            stock = Int32(clamping: product.stock)
            paidHundredths = product.paidHundredths
            vendor = Int32(exactly: product.vendorID) ?? Self.largeVendor
            currencyRank = CatalogOrderings.currencyRank(product.currency)
            isOnSale = product.isOnSale
        }
    }

    private var newest: [Entry] = []
    private var priceAscending: [Entry] = []
    private var priceDescending: [Entry] = []
    private var stockAscending: [Entry] = []
    private var stockDescending: [Entry] = []
    private var nameLatinFirst: [Entry] = []
    private var nameHangulFirst: [Entry] = []
    private var nameLatinFirstDescending: [Entry] = []
    private var nameHangulFirstDescending: [Entry] = []

    /// Where each order lives (a key path, so an order is changed in place, never copied).
    private static func path(_ key: Key) -> WritableKeyPath<CatalogOrderings, [Entry]> {
        switch key {
        case .newest: \.newest
        case .priceAscending: \.priceAscending
        case .priceDescending: \.priceDescending
        case .stockAscending: \.stockAscending
        case .stockDescending: \.stockDescending
        case .nameLatinFirst: \.nameLatinFirst
        case .nameHangulFirst: \.nameHangulFirst
        case .nameLatinFirstDescending: \.nameLatinFirstDescending
        case .nameHangulFirstDescending: \.nameHangulFirstDescending
        }
    }

    /// Sorts by what orders compare of each product (`CatalogFields`, made once a product, never
    /// copies of the products themselves); names by keys made once a name, in one buffer.
    init(_ products: [CatalogProduct]) {
        let all = (0..<Int32(products.count)).map { $0 }
        let fields = products.map(CatalogFields.init)
        let entries = products.enumerated().map { Entry(Int32($0.offset), $0.element) }
        products.withUnsafeBufferPointer { products in
            fields.withUnsafeBufferPointer { fields in
                // Each collation's keys are made once, for both directions.
                var keys: [NameCollation: CatalogNameKeys] = [:]
                for key in Key.allCases {
                    let sorted: [Int32]
                    if let (collation, descending) = Self.nameOrder(key) {
                        let names = keys[collation] ?? CatalogNameKeys(products, collation)
                        keys[collation] = names
                        sorted = all.sorted { a, b in
                            let order = names.compare(Int(a), Int(b))
                            guard order != 0 else { return fields[Int(a)].id > fields[Int(b)].id }
                            return descending ? order > 0 : order < 0
                        }
                    } else {
                        sorted = all.sorted { Self.precedes($0, $1, key, fields, products) }
                    }
                    self[keyPath: Self.path(key)] = sorted.map { entries[Int($0)] }
                }
            }
        }
    }

    /// The order for a list's `sort`; `reversed` for `oldest`, which walks `newest` backwards.
    func order(for sort: CatalogSort, collation: NameCollation) -> (entries: [Entry], reversed: Bool) {
        let key: Key
        switch sort {
        case .newest, .oldest: key = .newest
        case .price: key = .priceAscending
        case .priceDescending: key = .priceDescending
        case .stock: key = .stockAscending
        case .stockDescending: key = .stockDescending
        case .name:
            key = switch collation {
            case .latinFirst: .nameLatinFirst
            case .hangulFirst: .nameHangulFirst
            }
        case .nameDescending:
            key = switch collation {
            case .latinFirst: .nameLatinFirstDescending
            case .hangulFirst: .nameHangulFirstDescending
            }
        }
        return (self[keyPath: Self.path(key)], sort == .oldest)
    }

    /// The collation and direction of a name order; nil for the other orders. Ties break
    /// newest first both ways, as in every order.
    private static func nameOrder(_ key: Key) -> (collation: NameCollation, descending: Bool)? {
        switch key {
        case .nameLatinFirst: (.latinFirst, false)
        case .nameHangulFirst: (.hangulFirst, false)
        case .nameLatinFirstDescending: (.latinFirst, true)
        case .nameHangulFirstDescending: (.hangulFirst, true)
        case .newest, .priceAscending, .priceDescending, .stockAscending, .stockDescending: nil
        }
    }

    /// Puts `index` (a product already in `products`) in its place in every order.
    mutating func insert(_ index: Int32, _ products: [CatalogProduct]) {
        let product = products[Int(index)]
        let entry = Entry(index, product)
        let fields = CatalogFields(product)
        for key in Key.allCases {
            let path = Self.path(key)
            let place: Int
            if let (collation, descending) = Self.nameOrder(key) {
                let name = CatalogNameKey(product.name, collation)
                place = Self.insertionPoint(self[keyPath: path]) { other in
                    let otherName = CatalogNameKey(products[Int(other)].name, collation)
                    guard otherName != name else { return products[Int(other)].id > product.id }
                    return descending ? name < otherName : otherName < name
                }
            } else {
                place = Self.insertionPoint(self[keyPath: path]) { other in
                    let otherProduct = products[Int(other)]
                    return Self.precedes(CatalogFields(otherProduct), fields, key) {
                        (otherProduct.currency.rawValue, product.currency.rawValue)
                    }
                }
            }
            self[keyPath: path].insert(entry, at: place)
        }
    }

    /// Takes `index` out of every order.
    mutating func remove(_ index: Int32) {
        for key in Key.allCases {
            let path = Self.path(key)
            if let place = self[keyPath: path].firstIndex(where: { $0.index == index }) { self[keyPath: path].remove(at: place) }
        }
    }

    /// After the product at `old` moved to `new` in `products` (a removal filling its gap).
    mutating func renumber(_ old: Int32, to new: Int32) {
        for key in Key.allCases {
            let path = Self.path(key)
            if let place = self[keyPath: path].firstIndex(where: { $0.index == old }) { self[keyPath: path][place].index = new }
        }
    }

    /// The first position whose product does not precede the one being placed.
    private static func insertionPoint(_ order: [Entry], precedes: (Int32) -> Bool) -> Int {
        var low = 0
        var high = order.count
        while low < high {
            let middle = (low + high) / 2
            if precedes(order[middle].index) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The product at `a` comes before the one at `b` in the order `key` (names excepted: see
    /// `CatalogNameKey`). Reads `fields`; `products` only to tell two currencies other than
    /// KRW and USD apart.
    static func precedes(
        _ a: Int32, _ b: Int32, _ key: Key, _ fields: UnsafeBufferPointer<CatalogFields>, _ products: UnsafeBufferPointer<CatalogProduct>
    ) -> Bool {
        precedes(fields[Int(a)], fields[Int(b)], key) { (products[Int(a)].currency.rawValue, products[Int(b)].currency.rawValue) }
    }

    /// The product of `x` comes before the one of `y`; `currencies` gives their currency codes,
    /// asked for only when both are other than KRW and USD.
    static func precedes(_ x: CatalogFields, _ y: CatalogFields, _ key: Key, currencies: () -> (String, String)) -> Bool {
        switch key {
        case .newest, .nameLatinFirst, .nameHangulFirst, .nameLatinFirstDescending, .nameHangulFirstDescending:
            return x.id > y.id
        case .priceAscending, .priceDescending:
            if x.currencyRank != y.currencyRank { return x.currencyRank < y.currencyRank }
            if x.currencyRank == CatalogFields.otherCurrency {
                let (ca, cb) = currencies()
                if ca != cb { return ca < cb }
            }
            if x.paidHundredths != y.paidHundredths {
                return key == .priceAscending ? x.paidHundredths < y.paidHundredths : x.paidHundredths > y.paidHundredths
            }
            return x.id > y.id
        case .stockAscending, .stockDescending:
            if x.stock != y.stock { return key == .stockAscending ? x.stock < y.stock : x.stock > y.stock }
            return x.id > y.id
        }
    }

    /// KRW, then USD, then any other code.
    static func currencyRank(_ currency: Currency) -> UInt8 {
        switch currency {
        case .krw: 0
        case .usd: 1
        default: CatalogFields.otherCurrency
        }
    }

    /// Bytes the orders take (for the catalog benchmark).
    package var byteCount: Int { Key.allCases.reduce(0) { $0 + self[keyPath: Self.path($1)].capacity * MemoryLayout<Entry>.stride } }
}

/// What the orders compare of one product, in full (the stock unclamped), made once a product
/// while the orders are sorted: sorting then reads these 32 bytes, never copies of the
/// products with their strings and decimals.
struct CatalogFields: Sendable, Equatable {
    var id: Int
    var stock: Int
    /// The price paid in hundredths (`CatalogProduct.paidHundredths`).
    var paidHundredths: Int64
    /// `CatalogOrderings.currencyRank`: KRW 0, USD 1, any other `otherCurrency`.
    var currencyRank: UInt8

    static let otherCurrency: UInt8 = 2

    init(_ product: CatalogProduct) {
        id = product.id
        stock = product.stock
        paidHundredths = product.paidHundredths
        currencyRank = CatalogOrderings.currencyRank(product.currency)
    }
}

/// Every product's `CatalogNameKey` for one collation in one buffer (a key a name, not an array
/// a name), for sorting the catalog by name.
struct CatalogNameKeys {
    private var scalars: [UInt32] = []
    /// Where each product's key starts in `scalars`; one more entry marks the end.
    private var starts: [Int] = [0]

    init(_ products: UnsafeBufferPointer<CatalogProduct>, _ collation: NameCollation) {
        scalars.reserveCapacity(products.count * 24)
        starts.reserveCapacity(products.count + 1)
        for product in products {
            CatalogNameKey.append(product.name, collation, to: &scalars)
            starts.append(scalars.count)
        }
    }

    /// Negative, zero or positive as the name at `a` sorts before, with or after the one at `b`.
    func compare(_ a: Int, _ b: Int) -> Int {
        scalars.withUnsafeBufferPointer { scalars in
            let (x, xEnd, y, yEnd) = (starts[a], starts[a + 1], starts[b], starts[b + 1])
            var offset = 0
            while x + offset < xEnd, y + offset < yEnd {
                let (p, q) = (scalars[x + offset], scalars[y + offset])
                if p != q { return p < q ? -1 : 1 }
                offset += 1
            }
            return (xEnd - x) - (yEnd - y)
        }
    }
}

/// A name's place in an alphabetical order. Case, accents and full-width forms do not count
/// (`Café` sorts with `cafe`); then scripts come in the collation's order: spaces and
/// punctuation, digits, then Latin and Hangul in the order the collation names (an English
/// reader's Latin first, a Korean reader's Hangul first), then any other script. Within a script, scalar order, which
/// for Hangul syllables is the dictionary's (가, 각, ..., 나).
package struct CatalogNameKey: Comparable, Sendable {
    private let scalars: [UInt32]

    package init(_ name: String, _ collation: NameCollation) {
        var scalars: [UInt32] = []
        Self.append(name, collation, to: &scalars)
        self.scalars = scalars
    }

    /// Appends the key of `name` to `scalars`: each scalar of the folded name with its group
    /// above it.
    static func append(_ name: String, _ collation: NameCollation, to scalars: inout [UInt32]) {
        let folded = name.unicodeScalars.allSatisfy { CatalogSearch.isCaseless($0.value) }
            ? CatalogSearch.fold(name)
            : name.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        for scalar in folded.unicodeScalars {
            scalars.append(UInt32(group(scalar, collation)) << 21 | scalar.value)
        }
    }

    package static func < (a: CatalogNameKey, b: CatalogNameKey) -> Bool {
        a.scalars.lexicographicallyPrecedes(b.scalars)
    }

    /// The key as text that sorts the same way byte by byte: each scalar with its group as 6
    /// lowercase hex digits (for `catalog-bench`, which sorts names in SQLite too).
    package var hexText: String {
        scalars.map { value in
            let digits = String(value, radix: 16)
            return String(repeating: "0", count: max(0, 6 - digits.count)) + digits
        }.joined()
    }

    private static func group(_ scalar: Unicode.Scalar, _ collation: NameCollation) -> UInt32 {
        let value = scalar.value
        if (0x30...0x39).contains(value) { return 1 }
        let isLatin = (0x61...0x7A).contains(value) || (0xC0...0x24F).contains(value)
        let isHangul = (0xAC00...0xD7A3).contains(value) || (0x3131...0x318E).contains(value) || (0x1100...0x11FF).contains(value)
        let (latin, hangul): (UInt32, UInt32) = switch collation {
        case .latinFirst: (2, 3)
        case .hangulFirst: (3, 2)
        }
        if isLatin { return latin }
        if isHangul { return hangul }
        if scalar.properties.isAlphabetic { return 4 }
        return 0
    }
}
