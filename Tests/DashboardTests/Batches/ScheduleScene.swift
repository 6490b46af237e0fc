import Foundation
import Testing

@testable import Dashboard
import DashboardEngine

/// A vendor in Seoul scheduling a batch, end to end: a dashboard over a market that records
/// every request (`RecordingMarket`), its wall clock moved by hand (`ManualWallClock`), pages
/// shown in `Asia/Seoul` and times typed as a `datetime-local` input sends them, in KST.
struct ScheduleScene {
    let market: RecordingMarket
    let harness: DashboardHarness
    let clock: ManualWallClock
    var session: FormSession

    static let seoul = TimeZone(identifier: "Asia/Seoul") ?? .gmt

    /// Thursday 26 November 2026, 09:00:10 in Seoul: where every scene's clock starts unless a
    /// test says otherwise. A fixed instant keeps the words a page writes for a time (the year
    /// beside a date in another year, "tomorrow") the same on every run, whatever the day.
    static let thursday = Date(timeIntervalSince1970: 1_795_651_210)

    /// Runs `body` with a fresh market and dashboard, the clock at `start` (by default
    /// `thursday`, 10 seconds into its minute, so "the next minute" is 50 seconds away), in
    /// `zone`.
    /// `accounts`: with accounts on (`--accounts required`, cheap password hashes); the scene's
    /// session is then nobody's until the test signs one in.
    static func run(
        zone: TimeZone = seoul, startingAt start: Date = thursday, accounts: Bool = false,
        _ body: (inout ScheduleScene) async throws -> Void
    ) async throws {
        let clock = ManualWallClock(start)
        try await withRecordingMarket { market in
            try await withDashboard(.recording(market), clock: clock, adjust: {
                $0.timeZone = zone
                if accounts {
                    $0.accounts = .required
                    $0.passwordHashing = .testsOnly(iterations: 2)
                }
            }) { harness in
                var scene = ScheduleScene(market: market, harness: harness, clock: clock, session: FormSession(port: harness.port))
                try await body(&scene)
            }
        }
    }

    // MARK: Times

    /// `date` as a `datetime-local` input in `zone` sends it: "2026-11-28T09:00".
    static func typed(_ date: Date, in zone: TimeZone = seoul) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm"
        return formatter.string(from: date)
    }

    /// The start of the minute `minutes` after the clock's present minute.
    func minute(_ minutes: Int) -> Date {
        let now = clock.now().timeIntervalSince1970
        return Date(timeIntervalSince1970: (now / 60).rounded(.down) * 60 + TimeInterval(minutes * 60))
    }

    /// Sets the clock to `date`, then waits until the scheduler carried out every start and
    /// end due then, and the runs they started; each wait under the hang guard.
    func move(to date: Date, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        clock.set(date)
        try #require(await harness.app.scheduler.dueStepsTaken(), "a step due at \(date) was not taken", sourceLocation: sourceLocation)
        for batch in try harness.app.engine.batchStore.recent() where batch.state == .running {
            try await waitForRun(batch.id, sourceLocation: sourceLocation)
        }
    }

    /// Waits until batch `id`'s run has ended in the dashboard running now (or in `app`, a
    /// stopped one), under the hang guard.
    func waitForRun(_ id: Int, in app: DashboardApp? = nil, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try #require(await (app ?? harness.app).batchRunner.runEnds(id), "batch \(id) still runs", sourceLocation: sourceLocation)
    }

    /// Waits until the scheduler sleeps on the clock again, then tells the instant it waits
    /// for: a test that moved the clock to just before a step asserts it waits for exactly
    /// that step.
    func nextWake(sourceLocation: SourceLocation = #_sourceLocation) async throws -> Date? {
        try #require(await clock.sleepersArrive(1, .schedule), "the scheduler does not sleep on the clock", sourceLocation: sourceLocation)
        return clock.nextWake(.schedule)
    }

    /// Stops the dashboard with a graceful shutdown (its runs cancelled, its database
    /// checkpointed) and starts another on the same data, the clock set to `date` (if given)
    /// while neither runs. The browser comes to the new one. `ScheduleKillTests` kills the
    /// executable instead.
    @discardableResult
    mutating func restart(at date: Date? = nil) async throws -> DashboardApp {
        let clock = self.clock
        let old = try await harness.restart { _ in if let date { clock.set(date) } }
        session = FormSession(port: harness.port)
        return old
    }

    /// Waits until `gate` lets a waiter through: true then; false if it has not after
    /// `Patience.hangGuard` (a guard against a hang, never a measurement), when it is opened
    /// to end the wait.
    static func passes(_ gate: Gate) async -> Bool {
        await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                await gate.wait()
                return true
            }
            group.addTask {
                try? await Task.sleep(for: Patience.hangGuard)
                return false
            }
            let first = await group.next() ?? false
            if !first { gate.open() }
            group.cancelAll()
            return first
        }
    }

    // MARK: Products and batches

    /// Own products registered straight on the market, each at `price` with no discount.
    func register(_ count: Int, price: Int = 20000, stock: Int = 7) async throws -> [Int] {
        var ids: [Int] = []
        for number in 1...count {
            ids.append(try await market.register(
                name: "Sale Kettle \(number)", images: [ImageFixtures.jpeg(600, fill: UInt8(number))], price: price, discount: 0,
                stock: stock))
        }
        return ids
    }

    /// A sale as most tests run one, scheduled: `count` own products at 20,000, their price cut
    /// to 18,000 from `start` until `end` (minutes after the clock's present minute).
    mutating func sale(_ count: Int, from start: Int, until end: Int) async throws -> Sale {
        let products = try await register(count)
        let batch = try await preview(products)
        let sale = Sale(products: products, batch: batch, start: minute(start), end: minute(end))
        let scheduled = try await schedule(batch, from: sale.start, until: sale.end)
        try #require(scheduled.status == 303, "the schedule form answered \(scheduled.status)")
        return sale
    }

    struct Sale {
        var products: [Int]
        var batch: Int
        var start: Date
        var end: Date
    }

    /// The list's bulk form for `ids` (`price_set` to 18,000 unless told): the new batch's id,
    /// a preview.
    mutating func preview(_ ids: [Int], action: String = "price_set", value: String = "18000") async throws -> Int {
        _ = try await session.open("/products")
        let posted = try await BatchTesting.bulk(
            session, ids.map { ("ids", String($0)) } + [("action", action), ("value", value), ("unit", "amount")])
        return try #require(BatchTesting.batchID(posted), "the bulk form answered \(posted.status)")
    }

    /// Opens the batch's page (its form's token taken, as a browser has it) and posts its
    /// schedule form with the times as typed; `language` as the browser asks for it.
    mutating func schedule(_ batch: Int, starts: String, ends: String = "", language: String = "en") async throws -> TestResponse {
        _ = try await session.open("/batches/\(batch)")
        return try await postSchedule(batch, starts: starts, ends: ends, language: language)
    }

    /// Posts the batch's schedule form, from its page as it is now, with the session's tokens
    /// as they are.
    func postSchedule(_ batch: Int, starts: String, ends: String = "", language: String = "en") async throws -> TestResponse {
        let page = try await session.get("/batches/\(batch)")
        return try await postSchedule(batch, from: page.text, starts: starts, ends: ends, language: language)
    }

    /// Posts the schedule form of a page drawn earlier (`page`).
    func postSchedule(_ batch: Int, from page: String, starts: String, ends: String = "", language: String = "en") async throws -> TestResponse {
        let (headers, body) = scheduleForm(from: page, starts: starts, ends: ends, language: language)
        return try await HTTPTestClient.request(harness.port, "POST", "/batches/\(batch)/schedule", headers: headers, body: body)
    }

    /// Posts the schedule form of `page` `times` times at once, each on its own connection and
    /// complete at the same moment (`HTTPTestClient.together`): a double click.
    func postScheduleAtOnce(_ batch: Int, from page: String, starts: String, ends: String = "", times: Int = 2) async throws -> [TestResponse] {
        let (headers, body) = scheduleForm(from: page, starts: starts, ends: ends, language: "en")
        let request = HTTPTestClient.encoded(harness.port, "POST", "/batches/\(batch)/schedule", headers: headers, body: body)
        return try await HTTPTestClient.together(harness.port, Array(repeating: request, count: times))
    }

    /// The schedule form of `page` as a browser sends it: the page's token and drawn fields,
    /// then the times.
    private func scheduleForm(from page: String, starts: String, ends: String, language: String) -> (headers: [String: String], body: [UInt8]) {
        var tab = session
        if let token = FormSession.hidden("csrf_token", in: page) { tab.csrfToken = token }
        return tab.urlEncoded(
            BatchTesting.drawn(page) + [("starts_at", starts), ("ends_at", ends)],
            headers: session.browserHeaders.merging(["Accept-Language": language]) { $1 })
    }

    /// `schedule` with instants, typed in the scene's zone.
    mutating func schedule(_ batch: Int, from start: Date, until end: Date? = nil, zone: TimeZone = seoul) async throws -> TestResponse {
        try await schedule(batch, starts: Self.typed(start, in: zone), ends: end.map { Self.typed($0, in: zone) } ?? "")
    }

    /// Presses a button of the batch's page (`unschedule`, `end-now`, `apply`).
    mutating func press(_ button: String, _ batch: Int) async throws -> TestResponse {
        _ = try await session.open("/batches/\(batch)")
        return try await BatchTesting.press(button, batch, session)
    }

    /// The page a `303` leads to, with its one-time message.
    func follow(_ response: TestResponse) async throws -> TestResponse {
        let location = try #require(response.header("Location"), "answered \(response.status), not a redirect")
        return try await session.get(location, extraCookie: response.setCookie("om_flash"))
    }

    func page(_ path: String) async throws -> TestResponse {
        try await session.get(path)
    }

    /// The batch as stored.
    func batch(_ id: Int) throws -> Batch {
        try #require(try harness.app.engine.batchStore.batch(id))
    }

    /// The batch that put back what `id` set.
    func revert(of id: Int) throws -> Int {
        try #require(try batch(id).schedule?.revertID, "batch \(id) was not reverted")
    }

    // MARK: What the market saw and holds

    /// The prices each PATCH to product `id` sent, in order.
    func patchedPrices(_ id: Int) -> [Int] {
        patches(id).compactMap { ($0["price"] as? NSNumber)?.intValue }
    }

    /// The bodies of the PATCHes product `id` received.
    func patches(_ id: Int) -> [[String: Any]] {
        market.writes.filter { $0.method == "PATCH" && $0.path == "/api/products/\(id)" }.map { $0.json ?? [:] }
    }

    /// Every PATCH the market received.
    var allPatches: Int { market.writes.filter { $0.method == "PATCH" }.count }

    func price(_ id: Int) async throws -> Int? {
        (try await market.product(id)["price"] as? NSNumber)?.intValue
    }

    // MARK: Pages

    /// `data-state` of the batch on `/batches`.
    func listedState(_ id: Int) async throws -> String? {
        let list = try await page("/batches")
        return HTMLScan.tags("li", in: list.text).first { $0["data-batch-id"] == String(id) }?["data-state"]
    }

    /// The rows of the batch's page, by product.
    func rows(_ id: Int) async throws -> [Int: ShownBatchRow] {
        let shown = BatchTesting.rows(try await page("/batches/\(id)").text)
        return Dictionary(shown.compactMap { row in row.productID.map { ($0, row) } }) { first, _ in first }
    }

    /// The visible text of the batch's schedule lines ("Starts …", "Ended 2 hours late …").
    func scheduleLines(_ id: Int) async throws -> String {
        let html = try await page("/batches/\(id)").text
        return HTMLScan.blocks(in: html, from: "<p class=\"schedule-line\">", to: "</p>").map { HTMLScan.text($0) }.joined(separator: " ")
    }
}
