import Foundation
import Testing

/// The steps the kill tests of schedules share: the `dashboard` executable over a market the
/// test serves, its pages in Seoul, a schedule typed for the present minute (the executable
/// runs on the machine's clock), and a batch's rows as its page shows them.
extension DashboardProcess {
    /// The dashboard over the market at `market`, its data under `root`, its pages in Seoul.
    /// The first start gives a write a minute, so a held write cannot time out before the kill;
    /// a restarted one gives it two seconds, so the check of a write in doubt comes soon, and a
    /// read ten minutes, so the check's read held at the market does not time out.
    static func startScheduling(market: URL, root: URL, restarted: Bool) async throws -> DashboardProcess {
        try await start(
            root: root,
            upstream(market, identifier: ScriptedMarket.identifier, secret: ScriptedMarket.secret, vendorID: LiveShapedData.ownVendorID)
                + ["--time-zone", "Asia/Seoul", "--write-timeout", restarted ? "2" : "60", "--read-timeout", "600"])
    }

    /// How many of the batch's rows show each status on its page.
    static func statuses(_ port: Int, _ batch: Int) async throws -> [String: Int] {
        let page = try await HTTPTestClient.get(port, "/batches/\(batch)?refresh=off")
        return BatchTesting.rows(page.text).reduce(into: [:]) { counts, row in counts[row.status, default: 0] += 1 }
    }

    /// Posts the batch's schedule form with its start in the present minute as Seoul's clocks
    /// show it, and its end `endAfter` later (nil: no end). A minute that turns while the form
    /// is on its way can make the start more than a minute past (refused, 422); the form is
    /// then sent again for the new minute.
    static func scheduleNow(_ batch: Int, _ session: FormSession, endAfter: TimeInterval? = nil) async throws -> TestResponse {
        func fields() -> [(String, String)] {
            let now = Date()
            return [("starts_at", ScheduleScene.typed(now)), ("ends_at", endAfter.map { ScheduleScene.typed(now.addingTimeInterval($0)) } ?? "")]
        }
        let answer = try await BatchTesting.press("schedule", batch, session, fields: fields())
        guard answer.status == 422 else { return answer }
        return try await BatchTesting.press("schedule", batch, session, fields: fields())
    }
}
