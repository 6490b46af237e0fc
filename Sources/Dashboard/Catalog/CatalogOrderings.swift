import MarketClient

/// The snapshot's products in every order a list can ask for, as indices into
/// `CatalogSnapshot.products`: built once per count (off the event loop, in the count's task)
/// and kept up to date product by product when this dashboard writes, so a sorted and filtered
/// page walks an order instead of sorting the catalog per request.
///
/// Every order breaks ties newest first (the higher id). `oldest` is `newest` walked
/// backwards. Prices compare in `CatalogProduct.paidHundredths`, grouped by currency (KRW,
/// then USD, then any other code): amounts in two currencies have no common scale, so a
/// price order lists one currency's products, then the next's, and the page says so.
struct CatalogOrderings: Sendable {
    /// The orders kept; `oldest` has none of its own.
    enum Key: CaseIterable, Sendable {
        case newest
        case priceAscending
        case priceDescending
        case stockAscending
        case stockDescending
        case nameEnglish
        case nameKorean
    }

    private var newest: [Int32] = []
    private var priceAscending: [Int32] = []
    private var priceDescending: [Int32] = []
    private var stockAscending: [Int32] = []
    private var stockDescending: [Int32] = []
    private var nameEnglish: [Int32] = []
    private var nameKorean: [Int32] = []

    /// Where each order lives (a key path, so an order is changed in place, never copied).
    private static func path(_ key: Key) -> WritableKeyPath<CatalogOrderings, [Int32]> {
        switch key {
        case .newest: \.newest
        case .priceAscending: \.priceAscending
        case .priceDescending: \.priceDescending
        case .stockAscending: \.stockAscending
        case .stockDescending: \.stockDescending
        case .nameEnglish: \.nameEnglish
        case .nameKorean: \.nameKorean
        }
    }

    init(_ products: [CatalogProduct]) {
        let all = (0..<Int32(products.count)).map { $0 }
        for key in Key.allCases {
            switch key {
            case .nameEnglish, .nameKorean:
                // Each name's key is made once, not once per comparison.
                let language: Language = key == .nameEnglish ? .en : .ko
                let names = products.map { CatalogNameKey($0.name, language) }
                self[keyPath: Self.path(key)] = all.sorted { a, b in
                    let (x, y) = (names[Int(a)], names[Int(b)])
                    return x != y ? x < y : products[Int(a)].id > products[Int(b)].id
                }
            default:
                self[keyPath: Self.path(key)] = all.sorted { Self.precedes(products[Int($0)], products[Int($1)], key) }
            }
        }
    }

    /// The order for a list's `sort`; `reversed` for `oldest`, which walks `newest` backwards.
    func order(for sort: ProductListQuery.Sort, language: Language) -> (indices: [Int32], reversed: Bool) {
        let key: Key
        switch sort {
        case .newest, .oldest: key = .newest
        case .price: key = .priceAscending
        case .priceDescending: key = .priceDescending
        case .stock: key = .stockAscending
        case .stockDescending: key = .stockDescending
        case .name: key = language == .ko ? .nameKorean : .nameEnglish
        }
        return (self[keyPath: Self.path(key)], sort == .oldest)
    }

    /// Puts `index` (a product already in `products`) in its place in every order.
    mutating func insert(_ index: Int32, _ products: [CatalogProduct]) {
        let product = products[Int(index)]
        for key in Key.allCases {
            let path = Self.path(key)
            let place: Int
            switch key {
            case .nameEnglish, .nameKorean:
                let language: Language = key == .nameEnglish ? .en : .ko
                let name = CatalogNameKey(product.name, language)
                place = Self.insertionPoint(self[keyPath: path]) { other in
                    let otherName = CatalogNameKey(products[Int(other)].name, language)
                    return otherName != name ? otherName < name : products[Int(other)].id > product.id
                }
            default:
                place = Self.insertionPoint(self[keyPath: path]) { Self.precedes(products[Int($0)], product, key) }
            }
            self[keyPath: path].insert(index, at: place)
        }
    }

    /// Takes `index` out of every order.
    mutating func remove(_ index: Int32) {
        for key in Key.allCases {
            let path = Self.path(key)
            if let place = self[keyPath: path].firstIndex(of: index) { self[keyPath: path].remove(at: place) }
        }
    }

    /// After the product at `old` moved to `new` in `products` (a removal filling its gap).
    mutating func renumber(_ old: Int32, to new: Int32) {
        for key in Key.allCases {
            let path = Self.path(key)
            if let place = self[keyPath: path].firstIndex(of: old) { self[keyPath: path][place] = new }
        }
    }

    /// The first position whose product does not precede the one being placed.
    private static func insertionPoint(_ order: [Int32], precedes: (Int32) -> Bool) -> Int {
        var low = 0
        var high = order.count
        while low < high {
            let middle = (low + high) / 2
            if precedes(order[middle]) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// `a` comes before `b` in the order `key` (names excepted: see `CatalogNameKey`).
    static func precedes(_ a: CatalogProduct, _ b: CatalogProduct, _ key: Key) -> Bool {
        switch key {
        case .newest, .nameEnglish, .nameKorean:
            return a.id > b.id
        case .priceAscending, .priceDescending:
            let (ca, cb) = (currencyRank(a.currency), currencyRank(b.currency))
            if ca != cb { return ca < cb }
            if a.currency != b.currency { return a.currency.rawValue < b.currency.rawValue }
            if a.paidHundredths != b.paidHundredths {
                return key == .priceAscending ? a.paidHundredths < b.paidHundredths : a.paidHundredths > b.paidHundredths
            }
            return a.id > b.id
        case .stockAscending, .stockDescending:
            if a.stock != b.stock { return key == .stockAscending ? a.stock < b.stock : a.stock > b.stock }
            return a.id > b.id
        }
    }

    /// KRW, then USD, then any other code.
    static func currencyRank(_ currency: Currency) -> Int {
        switch currency {
        case .krw: 0
        case .usd: 1
        default: 2
        }
    }

    /// Bytes the orders take (for the catalog benchmark).
    var byteCount: Int { Key.allCases.reduce(0) { $0 + self[keyPath: Self.path($1)].capacity * MemoryLayout<Int32>.stride } }
}

/// A name's place in a language's alphabetical order. Case, accents and full-width forms do
/// not count (`Café` sorts with `cafe`); then scripts come in the reader's order: spaces and
/// punctuation, digits, then the reader's own script first (English: Latin, then Hangul;
/// Korean: Hangul, then Latin), then any other script. Within a script, scalar order, which
/// for Hangul syllables is the dictionary's (가, 각, ..., 나).
struct CatalogNameKey: Comparable, Sendable {
    private let scalars: [UInt32]

    init(_ name: String, _ language: Language) {
        let folded = name.unicodeScalars.allSatisfy { CatalogSearch.isCaseless($0.value) }
            ? CatalogSearch.fold(name)
            : name.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        scalars = folded.unicodeScalars.map { scalar in
            UInt32(Self.group(scalar, language)) << 21 | scalar.value
        }
    }

    static func < (a: CatalogNameKey, b: CatalogNameKey) -> Bool {
        a.scalars.lexicographicallyPrecedes(b.scalars)
    }

    private static func group(_ scalar: Unicode.Scalar, _ language: Language) -> UInt32 {
        let value = scalar.value
        if (0x30...0x39).contains(value) { return 1 }
        let isLatin = (0x61...0x7A).contains(value) || (0xC0...0x24F).contains(value)
        let isHangul = (0xAC00...0xD7A3).contains(value) || (0x3131...0x318E).contains(value) || (0x1100...0x11FF).contains(value)
        if isLatin { return language == .en ? 2 : 3 }
        if isHangul { return language == .en ? 3 : 2 }
        if scalar.properties.isAlphabetic { return 4 }
        return 0
    }
}
