import Foundation
import SQLite

/// For `catalog-bench --prices` (same package), never for the server: a price timeline of
/// `products` products with a state each day for `days` days (every day's price differs from
/// the day before), in a database under `directory`; then the start-up read of each product's
/// last state, and `PriceTimeline.references` for `lookup` products at once (a preview's
/// question), timed over `rounds`, and the database's size; then the sales every on-sale
/// product has worked out at start-up, and reading them (`currentSale`, `currentSales`).
package enum PriceTimelineBenchmark {
    package static func run(
        products: Int = 100_000, days: Int = 365, lookup: Int = 10_000, rounds: Int = 7, directory: URL
    ) async throws -> [String] {
        let clock = ContinuousClock()
        let end = Date(timeIntervalSince1970: 1_800_000_000)
        let first = end.addingTimeInterval(-Double(days) * 86_400)
        let wall = FixedClock(instant: end)
        var lines: [String] = []
        let database = try DashboardDatabase(directory: directory, migrations: PriceTimeline.migrations, durable: false, clock: wall)
        let filling = clock.now
        // Rows made inside SQLite, product by product and day by day (the index's order): a
        // price that moves every day, a sale on one day in five.
        try database.use { db throws(SQLiteError) in
            try db.transaction(.immediate, mapError: { $0 }) { () throws(SQLiteError) in
                try db.run(
                    """
                    WITH RECURSIVE
                        product(id) AS (SELECT 1 UNION ALL SELECT id + 1 FROM product WHERE id < ?),
                        day(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM day WHERE n + 1 < ?)
                    INSERT INTO price_states (product_id, at, seen_after, price, discount, currency, source)
                    SELECT id, ? + n * 86400000, CASE WHEN n % 2 = 1 THEN ? + (n - 1) * 86400000 END,
                        CAST(10000 + ((id * 7919 + n * 104729) % 5000) * 10 AS TEXT),
                        CASE WHEN (id + n) % 5 = 0 THEN '1000' ELSE '0' END,
                        'KRW', CASE WHEN n % 2 = 1 THEN 'elsewhere' ELSE 'dashboard' END
                    FROM product CROSS JOIN day
                    """,
                    [
                        .integer(products), .integer(days), .integer(StoredTime.milliseconds(first)),
                        .integer(StoredTime.milliseconds(first)),
                    ])
            }
            try db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        }
        let rows = products * days
        lines.append("\(products) products × \(days) days: \(rows) states written in \(seconds(clock.now - filling)) s")
        let size = fileSize(directory.appendingPathComponent(DashboardDatabase.fileName).path)
        lines.append(String(format: "database: %.0f MB (%.1f bytes a state)", Double(size) / 1_048_576, Double(size) / Double(max(rows, 1))))

        let loading = clock.now
        let timeline = try PriceTimeline(database: database, clock: wall)
        lines.append("start-up: the last state of each product read in \(seconds(clock.now - loading)) s")
        // The timeline works out every on-sale product's sale in the background from there.
        let working = clock.now
        await timeline.recorded()
        let worked = clock.now - working
        let gathering = clock.now
        let sales = timeline.currentSales()
        let gathered = clock.now - gathering
        lines.append(
            "start-up: the sales of \(sales.byProduct.count) on-sale products worked out in \(seconds(worked)) s "
                + "(\(sales.aboveReference.count) above their reference)")
        let reading = clock.now
        for _ in 0..<1_000 { _ = timeline.currentSale(productID: Int.random(in: 1...products)) }
        lines.append(
            "a product page's sale: \(seconds((clock.now - reading) / 1_000)) s; every sale, once per change of the timeline: "
                + "\(seconds(gathered)) s")

        var times: [Duration] = []
        var answered = 0
        for _ in 0..<rounds {
            // `lookup` different products, in no order, as a preview's rows are.
            let ids = Array((1...products).shuffled().prefix(lookup))
            let start = clock.now
            let references = try await timeline.references(for: ids, saleStartsAt: end, days: 30)
            times.append(clock.now - start)
            answered = references.values.filter { $0.price != nil }.count
        }
        times.sort()
        lines.append(
            "\(lookup) references (30 days, \(answered) known): median \(seconds(times[times.count / 2])) s, "
                + "best \(seconds(times[0])) s, worst \(seconds(times[times.count - 1])) s over \(rounds) rounds")
        return lines
    }

    private static func seconds(_ duration: Duration) -> String {
        String(format: "%.3f", Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)
    }

    private static func fileSize(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
    }

    /// A clock that stays at one instant: the benchmark waits for nothing.
    private struct FixedClock: WallClock {
        let instant: Date
        func now() -> Date { instant }
        func sleep(until date: Date, for wait: ClockWait) async throws { throw CancellationError() }
    }
}
