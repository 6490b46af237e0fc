import Foundation
import HTTPServer
import MarketClient

/// One product of the sort and filter tests' catalog, as the test knows it: prices in
/// hundredths of the currency's unit, so the test's own answers never go through the
/// dashboard's money code.
struct MatrixProduct: Sendable, Equatable {
    var id: Int
    var vendorID: Int
    var name: String
    var currency: String
    var priceHundredths: Int
    var discountHundredths: Int
    var stock: Int

    /// The price paid (the API's `bargain_price`).
    var paidHundredths: Int { priceHundredths - discountHundredths }

    /// The product as the scripted market holds it.
    var detail: ProductDetail {
        ScriptedMarket.product(
            id: id, name: name, vendor: Vendor(id: vendorID, name: ListMatrixCatalog.vendorNames[vendorID] ?? ""),
            price: Money(Decimal(priceHundredths) / 100), discount: Money(Decimal(discountHundredths) / 100),
            currency: Currency(rawValue: currency), stock: stock, description: "A product of the sort and filter tests.",
            imageIDs: [id * 10])
    }

    /// Back from the scripted market's product, to follow what a write did.
    init?(_ detail: ProductDetail) {
        guard let price = Self.hundredths(detail.price), let discount = Self.hundredths(detail.discountedPrice) else { return nil }
        self.init(
            id: detail.id, vendorID: detail.vendorID, name: detail.name, currency: detail.currency.rawValue, priceHundredths: price,
            discountHundredths: discount, stock: detail.stock)
    }

    init(id: Int, vendorID: Int, name: String, currency: String, priceHundredths: Int, discountHundredths: Int, stock: Int) {
        self.id = id
        self.vendorID = vendorID
        self.name = name
        self.currency = currency
        self.priceHundredths = priceHundredths
        self.discountHundredths = discountHundredths
        self.stock = stock
    }

    static func hundredths(_ money: Money) -> Int? {
        Int(exactly: NSDecimalNumber(decimal: money.amount * 100).doubleValue.rounded())
    }

    /// A price as a query writes it (`12.34`), in hundredths.
    static func hundredths(_ text: String) -> Int? {
        Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")).flatMap { hundredths(Money($0)) }
    }
}

/// The catalog the sort and filter tests run on: several hundred products of three vendors
/// (the own one and two others), in KRW and USD (whole and fractional), with and without
/// discounts, stock from 0 to 100, names in Korean and in Latin script with accents and
/// capitals, many of them equal so that ties are broken by id. Made from a fixed seed.
enum ListMatrixCatalog {
    static let ownVendorID = LiveShapedData.ownVendorID
    /// The `--low-stock` of the shared catalog dashboard; not the default (5), so a list that
    /// ignored the option would show it.
    static let lowStock = 7

    /// A scripted market holding the catalog, its identifier the own vendor's.
    static func market() -> ScriptedMarket {
        LiveShapedData.market(products.map(\.detail))
    }

    static let vendorNames: [Int: String] = [ownVendorID: LiveShapedData.ownVendor.name, 15: "red123", 28: "OmarketTeam"]

    static let names = [
        "Café", "cafe", "CAFÉ", "Éclair", "éclair", "Zebra mug", "apple", "Apple", "Ångström lamp", "Über chair",
        "über chair", "Mug", "mug", "Noël", "Señor", "Crème brûlée", "ÇA", "2 cups", "10 cups", "(Set) mug", "Café 라떼",
        "라떼 Latte", "텀블러", "라면", "김치", "가방", "나무 의자", "다리미", "컵", "에어팟", "간식", "우유병 텀블러", "Kettle",
        "kettle", "KETTLE", "Zoë", "élan", "Yak", "Mañana",
    ]
    static let suffixes = ["", "", "", " 2", " Pro", " mini", " 세트", " été", " XL"]

    static let byID: [Int: MatrixProduct] = Dictionary(uniqueKeysWithValues: products.map { ($0.id, $0) })

    static let products: [MatrixProduct] = {
        var rng = SplitMix64(seed: 0x5EED_CA7A)
        let vendors = [ownVendorID, 15, 28]
        var made: [MatrixProduct] = []
        var id = 1000
        for _ in 0..<360 {
            id += 1 + Int(rng.next() % 3)
            let currency = rng.next() % 100 < 55 ? "KRW" : "USD"
            // Prices from a short list often, so equal prices are common; otherwise anything.
            let price: Int
            if currency == "KRW" {
                let won = rng.next() % 3 == 0 ? [0, 500, 1000, 3500, 12000][Int(rng.next() % 5)] : Int(rng.next() % 3000) * 100
                price = won * 100
            } else {
                price = rng.next() % 3 == 0 ? [99, 1250, 1299, 4000, 50000][Int(rng.next() % 5)] : 1 + Int(rng.next() % 99_999)
            }
            let discount: Int
            if rng.next() % 2 == 0 || price == 0 {
                discount = 0
            } else if currency == "KRW" {
                discount = min(price, Int(rng.next() % 20 + 1) * 100 * 100)
            } else {
                discount = Int(rng.next() % UInt64(max(1, price / 2))) + 1
            }
            let roll = rng.next() % 100
            let stock = roll < 15 ? 0 : roll < 40 ? 1 + Int(rng.next() % 8) : Int(rng.next() % 101)
            let name = names[Int(rng.next() % UInt64(names.count))] + suffixes[Int(rng.next() % UInt64(suffixes.count))]
            made.append(MatrixProduct(
                id: id, vendorID: vendors[Int(rng.next() % 3)], name: name, currency: currency, priceHundredths: price,
                discountHundredths: discount, stock: stock))
        }
        return made
    }()
}

/// The list a query asks for, worked out here from the test's own data, not by the
/// dashboard's code: filter, then sort, ties newest (the higher id) first.
struct MatrixQuery: Sendable, CustomStringConvertible {
    enum Sort: String, CaseIterable, Sendable {
        case newest, oldest, price, priceDescending = "-price", stock, stockDescending = "-stock", name, nameDescending = "-name"
    }

    var sort = Sort.newest
    var stock: String?
    var sale = false
    var currency: String?
    var minPrice: String?
    var maxPrice: String?
    var search = ""
    var mine = false

    /// The query's own parameters, in a fixed order (`sort` left out when it is the default).
    var items: [(String, String)] {
        var items: [(String, String)] = []
        if !search.isEmpty { items.append(("q", search)) }
        if mine { items.append(("mine", "1")) }
        if sort != .newest { items.append(("sort", sort.rawValue)) }
        if let stock { items.append(("stock", stock)) }
        if sale { items.append(("sale", "1")) }
        if let currency { items.append(("currency", currency)) }
        if let minPrice { items.append(("min_price", minPrice)) }
        if let maxPrice { items.append(("max_price", maxPrice)) }
        return items
    }

    var description: String { items.map { "\($0)=\($1)" }.joined(separator: "&") }

    /// The query string of these parameters plus `extra`, percent-encoded.
    func queryString(_ extra: [(String, String)] = []) -> String {
        (items + extra).map { "\($0)=\(URLEncodedForm.encode($1))" }.joined(separator: "&")
    }

    /// Whether the dashboard answers it from the catalog snapshot (an order or filter the
    /// market's list has not, or `mine`).
    var readsSnapshot: Bool { sort != .newest || stock != nil || sale || currency != nil || mine }

    func keeps(_ product: MatrixProduct, lowStock threshold: Int) -> Bool {
        if mine, product.vendorID != ListMatrixCatalog.ownVendorID { return false }
        switch stock {
        case "in": if product.stock <= 0 { return false }
        case "low": if !(1...threshold).contains(product.stock) { return false }
        case "out": if product.stock > 0 { return false }
        default: break
        }
        if sale, product.discountHundredths <= 0 { return false }
        if let currency {
            if product.currency != currency { return false }
            if let low = minPrice.flatMap(MatrixProduct.hundredths), product.paidHundredths < low { return false }
            if let high = maxPrice.flatMap(MatrixProduct.hundredths), product.paidHundredths > high { return false }
        }
        return search.isEmpty || product.name.lowercased().contains(search.lowercased())
    }

    /// The ids the list shows, in order.
    func expected(_ products: [MatrixProduct], lowStock threshold: Int, korean: Bool = false) -> [Int] {
        let kept = products.filter { keeps($0, lowStock: threshold) }
        // Each name's key once, not once a comparison.
        let keys = sort == .name || sort == .nameDescending ? kept.map { NameOrder.key($0.name, korean: korean) } : kept.map { _ in [] }
        let sorted = zip(kept, keys).sorted { a, b in Self.precedes(a.0, b.0, sort, keys: (a.1, b.1)) }
        return sorted.map(\.0.id)
    }

    static func precedes(_ a: MatrixProduct, _ b: MatrixProduct, _ sort: Sort, keys: ([Int], [Int])) -> Bool {
        let rank = { (product: MatrixProduct) in product.currency == "KRW" ? 0 : 1 }
        switch sort {
        case .newest: return a.id > b.id
        case .oldest: return a.id < b.id
        case .price, .priceDescending:
            if rank(a) != rank(b) { return rank(a) < rank(b) }
            if a.paidHundredths != b.paidHundredths {
                return sort == .price ? a.paidHundredths < b.paidHundredths : a.paidHundredths > b.paidHundredths
            }
        case .stock, .stockDescending:
            if a.stock != b.stock { return sort == .stock ? a.stock < b.stock : a.stock > b.stock }
        case .name:
            if keys.0 != keys.1 { return keys.0.lexicographicallyPrecedes(keys.1) }
        case .nameDescending:
            if keys.0 != keys.1 { return keys.1.lexicographicallyPrecedes(keys.0) }
        }
        return a.id > b.id
    }
}

/// The documented name order, written out for the names this catalog uses: case and accents
/// do not count; spaces and punctuation come first, then digits, then the reader's script
/// (English: Latin, then Hangul; Korean: Hangul, then Latin); within a script, letter order
/// (for Hangul syllables, their code order, which is the dictionary's).
enum NameOrder {
    /// The letters with accents in the catalog's names, and the plain letter each sorts as.
    static let plain: [Character: Character] = [
        "é": "e", "É": "e", "è": "e", "ê": "e", "ë": "e", "à": "a", "Å": "a", "å": "a", "Ü": "u", "ü": "u", "û": "u",
        "ç": "c", "Ç": "c", "ñ": "n", "ö": "o",
    ]

    static func key(_ name: String, korean: Bool) -> [Int] {
        name.map { character -> Int in
            let letter = plain[character] ?? Character(character.lowercased())
            let value = Int(letter.unicodeScalars.first?.value ?? 0)
            let group: Int
            switch value {
            case 0x30...0x39: group = 1
            case 0x61...0x7A: group = korean ? 3 : 2
            case 0xAC00...0xD7A3: group = korean ? 2 : 3
            default: group = 0
            }
            return group << 21 | value
        }
    }
}
