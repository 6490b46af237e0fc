// Times the catalog snapshot's own code, without HTTP: making N products as a count does,
// building the orders, and answering sorted and filtered list pages (page 1 and page 400, 20 a
// page) as /products does; then the same questions over the same rows in SQLite (an in-memory
// table with an index per order and on the filter columns), side by side in one run.
// Run by Scripts/bench-catalog: `catalog-bench COUNT [ROUNDS]`.
import Dashboard
import DashboardEngine
import Foundation
import MarketClient
import SQLite

let arguments = CommandLine.arguments.dropFirst()
// `--prices [PRODUCTS [DAYS]]`: a price timeline of PRODUCTS (100,000) products with a state a
// day for DAYS (365) days, and the reference of 10,000 of them at once (Scripts/bench-prices).
if arguments.first == "--prices" {
    let products = arguments.dropFirst().first.flatMap { Int($0) } ?? 100_000
    let days = arguments.dropFirst(2).first.flatMap { Int($0) } ?? 365
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("price-bench-\(UUID().uuidString)")
    do {
        let lines = try await PriceTimelineBenchmark.run(products: products, days: days, directory: folder)
        try? FileManager.default.removeItem(at: folder)
        for line in lines { print(line) }
        exit(0)
    } catch {
        try? FileManager.default.removeItem(at: folder)
        FileHandle.standardError.write(Data("catalog-bench --prices: \(error)\n".utf8))
        exit(1)
    }
}
guard let count = arguments.first.flatMap({ Int($0) }), count > 0 else {
    FileHandle.standardError.write(Data("usage: catalog-bench COUNT [ROUNDS]\n".utf8))
    exit(2)
}
// ROUNDS 0 stops after building the snapshot (for a profiler).
let rounds = arguments.dropFirst().first.flatMap { Int($0) } ?? (count > 200_000 ? 9 : 31)
let ownVendor = 7

/// Prints a line and sends it on at once, also into a pipe (the script shows progress).
func line(_ text: String = "") {
    print(text)
    fflush(nil)
}

/// The process's resident memory (`VmRSS`) or peak (`VmHWM`) in MB.
func memory(_ key: String) -> Double {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix(key + ":") } ?? ""
    return (Double(line.split(separator: " ").dropFirst().first ?? "") ?? 0) / 1024
}

func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}

func timed<T>(_ work: () throws -> T) rethrows -> (T, Double) {
    let clock = ContinuousClock()
    let start = clock.now
    let result = try work()
    return (result, milliseconds(clock.now - start))
}

/// The median and 99th percentile of `samples` (nearest rank).
func percentiles(_ samples: [Double]) -> (p50: Double, p99: Double) {
    let sorted = samples.sorted()
    func rank(_ p: Double) -> Double { sorted[min(sorted.count - 1, Int((p * Double(sorted.count)).rounded(.up)) - 1)] }
    return (rank(0.5), rank(0.99))
}

func format(_ ms: Double) -> String { ms < 10 ? String(format: "%.2f", ms) : String(format: "%.1f", ms) }

// MARK: The catalog

/// N products as varied as a real catalog: 50 vendors, names of 2 to 4 words in English and
/// Korean, a quarter in USD (cents), a third on sale, stock 0 to 100 (a tenth sold out, a
/// fifth at 1 to 5), newest (highest id) first as a count meets them.
func generate(_ count: Int) -> [ProductSummary] {
    let words = ["Kettle", "Mug", "Lamp", "Chair", "Keyboard", "Tumbler", "Notebook", "Speaker", "에어팟", "김치", "텀블러", "맥북",
                 "Ceramic", "Wooden", "Limited", "Vintage", "Handmade", "Café", "Pro", "Mini", "가방", "Éclair", "의자", "Set"]
    var state: UInt64 = 0x5EED
    func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    var products: [ProductSummary] = []
    products.reserveCapacity(count)
    for id in stride(from: count, through: 1, by: -1) {
        let h = next()
        let vendor = Int(h % 50) + 1
        var parts: [String] = []
        for word in 0..<(2 + Int((h >> 8) % 3)) {
            let shift = 12 + 5 * UInt64(word)
            parts.append(words[Int((h >> shift) % UInt64(words.count))])
        }
        let name = parts.joined(separator: " ") + " \(id)"
        let usd = (h >> 40) % 4 == 0
        let price = usd ? Decimal(Int((h >> 20) % 50_000) + 100) / 100 : Decimal((Int((h >> 20) % 2000) + 1) * 1000)
        let off = (h >> 44) % 3 == 0 ? (usd ? Decimal(Int((h >> 48) % 100)) / 100 : Decimal(Int((h >> 48) % 10) * 100)) : 0
        let roll = Int((h >> 52) % 100)
        let stock = roll < 10 ? 0 : roll < 30 ? 1 + Int((h >> 56) % 5) : Int((h >> 32) % 101)
        products.append(ProductSummary(
            id: id, vendorID: vendor, vendorName: "vendor-\(vendor)", name: name, description: "", thumbnail: nil,
            currency: usd ? .usd : .krw, price: Money(price), discountedPrice: Money(off), bargainPrice: Money(price - off),
            stock: stock))
    }
    return products
}

line("catalog-bench: \(count) products, \(rounds) rounds a query")
let rssStart = memory("VmRSS")
let (summaries, generateTime) = timed { generate(count) }
let rssSummaries = memory("VmRSS")
let (products, productsTime) = timed { CatalogBenchmark.products(summaries) }
let rssProducts = memory("VmRSS")
let (catalog, orderingsTime) = timed { CatalogBenchmark.snapshot(products) }
let rssSnapshot = memory("VmRSS")
line(String(format: "  generated in %.0f ms (RSS %.0f -> %.0f MB)", generateTime, rssStart, rssSummaries))
line(String(format: "  products made in %.0f ms: RSS +%.1f MB", productsTime, rssProducts - rssSummaries))
line(String(format: "  orders and columns built in %.0f ms: %.1f MB of orders, %.1f MB of search names; RSS +%.1f MB; peak (VmHWM) %.0f MB",
             orderingsTime, Double(catalog.orderingsBytes) / 1_048_576, Double(catalog.columnsBytes) / 1_048_576,
             rssSnapshot - rssProducts, memory("VmHWM")))

if rounds == 0 { exit(0) }

// MARK: SQLite, the same rows

let database = try SQLiteConnection(path: ":memory:")
try database.execute("""
    CREATE TABLE products (
        id INTEGER PRIMARY KEY, vendor_id INTEGER NOT NULL, currency TEXT NOT NULL, currency_rank INTEGER NOT NULL,
        paid INTEGER NOT NULL, on_sale INTEGER NOT NULL, stock INTEGER NOT NULL, search_name TEXT NOT NULL,
        name_en TEXT NOT NULL, name_ko TEXT NOT NULL)
    """)
let (_, sqliteLoadTime) = try timed { () throws in
    try database.transaction(.immediate, mapError: { $0 }) { () throws(SQLiteError) in
        for product in summaries {
            let rank = product.currency == .krw ? 0 : product.currency == .usd ? 1 : 2
            try database.run(
                "INSERT INTO products VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [.integer(product.id), .integer(product.vendorID), .text(product.currency.rawValue), .integer(rank),
                 .integer(Int(CatalogBenchmark.hundredths(product.bargainPrice.amount))), .integer(product.discountedPrice.amount > 0 ? 1 : 0),
                 .integer(product.stock), .text(CatalogBenchmark.searchName(product.name)),
                 .text(CatalogBenchmark.nameSortText(product.name, korean: false)), .text(CatalogBenchmark.nameSortText(product.name, korean: true))])
        }
    }
}
let (_, sqliteIndexTime) = try timed { () throws in
    try database.execute("""
        CREATE INDEX by_price ON products (currency_rank, currency, paid, id DESC);
        CREATE INDEX by_price_desc ON products (currency_rank, currency, paid DESC, id DESC);
        CREATE INDEX by_stock ON products (stock, id DESC);
        CREATE INDEX by_stock_desc ON products (stock DESC, id DESC);
        CREATE INDEX by_name_en ON products (name_en, id DESC);
        CREATE INDEX by_name_ko ON products (name_ko, id DESC);
        CREATE INDEX by_vendor ON products (vendor_id, id DESC);
        CREATE INDEX by_currency ON products (currency, paid);
        CREATE INDEX by_sale ON products (on_sale, id DESC);
        ANALYZE;
        """)
}
line(String(format: "  SQLite (%@, in memory): rows in %.0f ms, indexes in %.0f ms", (try? SQLiteLibrary.system.get().version) ?? "?", sqliteLoadTime, sqliteIndexTime))

/// The question's page and match count from SQLite: one statement per order (filters as
/// parameters, so the index of the order is walked and filtered, as the snapshot does) and a
/// count.
@MainActor func sqlite(_ q: CatalogBenchmark.Question) throws -> (ids: [Int], total: Int) {
    let none = SQLiteValue.null
    let values: [SQLiteValue] = [
        q.vendorID.map { .integer($0) } ?? none, q.stockAtLeast.map { .integer($0) } ?? none, q.stockAtMost.map { .integer($0) } ?? none,
        .integer(q.onSale ? 1 : 0), q.currency.map { .text($0) } ?? none, q.minHundredths.map { .integer(Int($0)) } ?? none,
        q.maxHundredths.map { .integer(Int($0)) } ?? none, q.search.isEmpty ? none : .text(q.search),
        .integer(q.perPage), .integer((q.page - 1) * q.perPage),
    ]
    let total = try database.first("""
        SELECT count(*) FROM products WHERE (?1 IS NULL OR vendor_id = ?1) AND (?2 IS NULL OR stock >= ?2) AND (?3 IS NULL OR stock <= ?3)
        AND (?4 = 0 OR on_sale = 1) AND (?5 IS NULL OR currency = ?5) AND (?6 IS NULL OR paid >= ?6) AND (?7 IS NULL OR paid <= ?7)
        AND (?8 IS NULL OR instr(search_name, ?8) > 0) AND ?9 >= 0 AND ?10 >= 0
        """, values) { $0.integer(0) } ?? 0
    let read = { (row: SQLiteRow) in row.integer(0) }
    let ids: [Int]
    switch (q.sort, q.korean) {
    case ("oldest", _):
        ids = try database.rows("""
            SELECT id FROM products WHERE (?1 IS NULL OR vendor_id = ?1) AND (?2 IS NULL OR stock >= ?2) AND (?3 IS NULL OR stock <= ?3)
            AND (?4 = 0 OR on_sale = 1) AND (?5 IS NULL OR currency = ?5) AND (?6 IS NULL OR paid >= ?6) AND (?7 IS NULL OR paid <= ?7)
            AND (?8 IS NULL OR instr(search_name, ?8) > 0) ORDER BY id LIMIT ?9 OFFSET ?10
            """, values, read)
    case ("price", _):
        ids = try database.rows("""
            SELECT id FROM products WHERE (?1 IS NULL OR vendor_id = ?1) AND (?2 IS NULL OR stock >= ?2) AND (?3 IS NULL OR stock <= ?3)
            AND (?4 = 0 OR on_sale = 1) AND (?5 IS NULL OR currency = ?5) AND (?6 IS NULL OR paid >= ?6) AND (?7 IS NULL OR paid <= ?7)
            AND (?8 IS NULL OR instr(search_name, ?8) > 0) ORDER BY currency_rank, currency, paid, id DESC LIMIT ?9 OFFSET ?10
            """, values, read)
    case ("-price", _):
        ids = try database.rows("""
            SELECT id FROM products WHERE (?1 IS NULL OR vendor_id = ?1) AND (?2 IS NULL OR stock >= ?2) AND (?3 IS NULL OR stock <= ?3)
            AND (?4 = 0 OR on_sale = 1) AND (?5 IS NULL OR currency = ?5) AND (?6 IS NULL OR paid >= ?6) AND (?7 IS NULL OR paid <= ?7)
            AND (?8 IS NULL OR instr(search_name, ?8) > 0) ORDER BY currency_rank, currency, paid DESC, id DESC LIMIT ?9 OFFSET ?10
            """, values, read)
    case ("stock", _):
        ids = try database.rows("""
            SELECT id FROM products WHERE (?1 IS NULL OR vendor_id = ?1) AND (?2 IS NULL OR stock >= ?2) AND (?3 IS NULL OR stock <= ?3)
            AND (?4 = 0 OR on_sale = 1) AND (?5 IS NULL OR currency = ?5) AND (?6 IS NULL OR paid >= ?6) AND (?7 IS NULL OR paid <= ?7)
            AND (?8 IS NULL OR instr(search_name, ?8) > 0) ORDER BY stock, id DESC LIMIT ?9 OFFSET ?10
            """, values, read)
    case ("-stock", _):
        ids = try database.rows("""
            SELECT id FROM products WHERE (?1 IS NULL OR vendor_id = ?1) AND (?2 IS NULL OR stock >= ?2) AND (?3 IS NULL OR stock <= ?3)
            AND (?4 = 0 OR on_sale = 1) AND (?5 IS NULL OR currency = ?5) AND (?6 IS NULL OR paid >= ?6) AND (?7 IS NULL OR paid <= ?7)
            AND (?8 IS NULL OR instr(search_name, ?8) > 0) ORDER BY stock DESC, id DESC LIMIT ?9 OFFSET ?10
            """, values, read)
    case ("name", false):
        ids = try database.rows("""
            SELECT id FROM products WHERE (?1 IS NULL OR vendor_id = ?1) AND (?2 IS NULL OR stock >= ?2) AND (?3 IS NULL OR stock <= ?3)
            AND (?4 = 0 OR on_sale = 1) AND (?5 IS NULL OR currency = ?5) AND (?6 IS NULL OR paid >= ?6) AND (?7 IS NULL OR paid <= ?7)
            AND (?8 IS NULL OR instr(search_name, ?8) > 0) ORDER BY name_en, id DESC LIMIT ?9 OFFSET ?10
            """, values, read)
    case ("name", true):
        ids = try database.rows("""
            SELECT id FROM products WHERE (?1 IS NULL OR vendor_id = ?1) AND (?2 IS NULL OR stock >= ?2) AND (?3 IS NULL OR stock <= ?3)
            AND (?4 = 0 OR on_sale = 1) AND (?5 IS NULL OR currency = ?5) AND (?6 IS NULL OR paid >= ?6) AND (?7 IS NULL OR paid <= ?7)
            AND (?8 IS NULL OR instr(search_name, ?8) > 0) ORDER BY name_ko, id DESC LIMIT ?9 OFFSET ?10
            """, values, read)
    default:
        ids = try database.rows("""
            SELECT id FROM products WHERE (?1 IS NULL OR vendor_id = ?1) AND (?2 IS NULL OR stock >= ?2) AND (?3 IS NULL OR stock <= ?3)
            AND (?4 = 0 OR on_sale = 1) AND (?5 IS NULL OR currency = ?5) AND (?6 IS NULL OR paid >= ?6) AND (?7 IS NULL OR paid <= ?7)
            AND (?8 IS NULL OR instr(search_name, ?8) > 0) ORDER BY id DESC LIMIT ?9 OFFSET ?10
            """, values, read)
    }
    return (ids, total)
}

// MARK: The queries

/// Every order alone, each filter alone (with the default order), and combinations with a search.
let queries = [
    "sort=oldest", "sort=price", "sort=-price", "sort=stock", "sort=-stock", "sort=name", "sort=name&lang=ko",
    "stock=in", "stock=low", "stock=out", "sale=1", "currency=KRW", "currency=USD", "currency=USD&min_price=10&max_price=50",
    "mine=1", "sort=price&q=mug",
    "sort=price&stock=in&currency=KRW", "sort=-price&sale=1&currency=USD&min_price=5", "sort=name&stock=low&q=e",
    "sort=stock&sale=1&q=%EC%9D%98%EC%9E%90", "sort=-stock&currency=KRW&max_price=500000&q=lamp", "sort=oldest&mine=1&stock=in",
]

line("  ours: the list's own parse, filter, walk and page cut; memo: the same question again (paging);")
line("  SQLite: its count plus the page's rows, as the list needs both; ratio: SQLite p50 / ours")
line("")
line("  query (20 a page)                                   page   ours p50   p99  memo   SQLite p50   p99  ratio  found")
var worst: (p50: Double, p99: Double, query: String) = (0, 0, "")
for query in queries {
    for page in [1, 400] {
        let target = "/products?\(query)&page=\(page)"
        let question = catalog.question(target, ownVendorID: ownVendor)
        var ours: [Double] = []
        var theirs: [Double] = []
        var answer = catalog.page(target, ownVendorID: ownVendor)
        var check = try sqlite(question)
        for _ in 0..<rounds {
            let (mine, ms) = timed { catalog.page(target, ownVendorID: ownVendor) }
            answer = mine
            ours.append(ms)
            let (sql, sqlMS) = try timed { try sqlite(question) }
            check = sql
            theirs.append(sqlMS)
        }
        // A repeated question (paging on): answered from the memo.
        _ = catalog.page(target, ownVendorID: ownVendor, memo: true)
        let (_, memoMS) = timed { catalog.page(target, ownVendorID: ownVendor, memo: true) }
        let a = percentiles(ours)
        let b = percentiles(theirs)
        if a.p50 > worst.p50 { worst = (a.p50, max(worst.p99, a.p99), query) } else { worst.p99 = max(worst.p99, a.p99) }
        let same = answer.ids == check.ids && answer.total == check.total ? "" : "  DIFFERENT ANSWER (SQLite \(check.total))"
        let label = query.padding(toLength: 50, withPad: " ", startingAt: 0)
        line("  \(label) \(String(page).padding(toLength: 4, withPad: " ", startingAt: 0)) \(format(a.p50).leftPadded(9)) \(format(a.p99).leftPadded(5)) \(format(memoMS).leftPadded(5)) \(format(b.p50).leftPadded(12)) \(format(b.p99).leftPadded(5)) \(String(format: "%.1f×", b.p50 / max(a.p50, 0.001)).leftPadded(6)) \(String(answer.total).leftPadded(6))\(same)")
    }
}
line("")
line(String(format: "  slowest p50 %.2f ms (%@), slowest p99 %.2f ms", worst.p50, worst.query, worst.p99))

// MARK: The sheet

// A sheet of 100 own products (GET /products/sheet?mine=1&sort=price&per_page=100), and a post
// of 100 changed prices previewed (read, looked up, planned, its batch stored): target p50
// under 50 ms each at 100,000 products. Run from the checkout (the templates are read there).
let sheetFolder = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-bench-\(UUID().uuidString)")
defer { try? FileManager.default.removeItem(at: sheetFolder) }
let sheet = try SheetBenchmark(
    catalog: catalog, ownVendorID: ownVendor, templatesDirectory: "Templates", dataDirectory: sheetFolder, clock: SystemWallClock())
var built: [Double] = []
var previewed: [Double] = []
var sheetBytes = 0
var previewRows = 0
for round in 0..<rounds {
    let page = 1 + round % 5
    let (bytes, buildMS) = timed { sheet.build(page: page, perPage: 100) }
    let (rows, previewMS) = try timed { try sheet.preview(page: page, count: 100) }
    (sheetBytes, previewRows) = (bytes, rows)
    built.append(buildMS)
    previewed.append(previewMS)
}
let builds = percentiles(built)
let previews = percentiles(previewed)
line("")
line(String(format: "  sheet of 100 own products: build p50 %.2f ms p99 %.2f ms (%d bytes); preview of 100 changed rows p50 %.2f ms p99 %.2f ms (%d rows); target p50 < 50 ms",
             builds.p50, builds.p99, sheetBytes, previews.p50, previews.p99, previewRows))
line(String(format: "  RSS at the end %.0f MB, peak %.0f MB", memory("VmRSS"), memory("VmHWM")))
withExtendedLifetime(summaries) {}

extension String {
    func leftPadded(_ width: Int) -> String { count >= width ? self : String(repeating: " ", count: width - count) + self }
}
