import Foundation
import Glibc
import SQLite
import Synchronization
import Testing
import TestSupport

@testable import Dashboard
import DashboardEngine

/// kill -9 to the real `dashboard` executable while it edits products: every edit it
/// acknowledged (303) is in the journal, done, when the database is opened again, and no
/// entry is left in flight.
@Suite("SIGKILL while the dashboard writes")
struct JournalKillTests {
    final class Log: Sendable {
        struct State: Sendable {
            /// (product, stock) of every edit answered 303.
            var acknowledged: [(product: Int, stock: Int)] = []
            var inFlight = 0
            var killed = false
            var failures: [String] = []
        }

        let state = Mutex(State())
    }

    @Test(DashboardProcess.isBuilt, arguments: [2, 5])
    func everyAcknowledgedEdit_survivesAKillInTheJournal(acknowledgedBeforeKill: Int) async throws {
        try await withRecordingMarket { market in
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dashboard-kill-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: folder) }
            var products: [Int] = []
            for index in 0..<3 {
                products.append(try await market.register(name: "Killed Kettle \(index)", images: [ImageFixtures.jpeg(800, fill: UInt8(index))]))
            }
            let vendor = RecordingMarket.vendor
            let dashboard = try await DashboardProcess.start(
                root: folder, DashboardProcess.upstream(market.baseURL, identifier: vendor.identifier, secret: vendor.secret, vendorID: vendor.id))
            let process = dashboard.child
            let port = dashboard.port
            let log = Log()

            let writers = products.map { product in
                Task { await Self.edit(product, port: port, log: log) }
            }
            let killed = try await eventually {
                log.state.withLock { state in
                    guard state.acknowledged.count >= acknowledgedBeforeKill, state.inFlight >= 1 else { return false }
                    // Under the lock: no answer is counted between the check and the kill.
                    process.signal(SIGKILL)
                    state.killed = true
                    return true
                }
            }
            if !killed { process.signal(SIGKILL) }
            #expect(killed, "\(acknowledgedBeforeKill) edits acknowledged with another in flight")
            #expect(await process.waitForEnd(patience: Patience.hangGuard) == .signalled(SIGKILL))
            for writer in writers { await writer.value }
            let seen = log.state.withLock { $0 }
            #expect(seen.failures.isEmpty, "\(seen.failures)")

            // The next start on the same data: nothing left in flight, every acknowledged edit
            // there and done.
            let entries = try await withDashboard(.recording(market), adjust: { $0.dataDirectory = folder.appendingPathComponent("data") }) {
                try await $0.app.journal.page(product: nil, offset: 0, limit: 100_000).entries
            }
            #expect(!entries.contains { $0.outcome == .pending })
            // Every edit done keeps the market's answer, which is then the fields it shows after.
            let database = try SQLiteConnection(path: folder.appendingPathComponent("data/dashboard.sqlite").path)
            let withoutAnswer = try database.rows("SELECT id FROM journal WHERE kind = 'edit' AND outcome = 'done' AND result IS NULL") { $0.integer(0) }
            #expect(withoutAnswer.isEmpty, "done edits without the market's answer: \(withoutAnswer)")
            for edit in seen.acknowledged {
                let found = entries.first { $0.kind == .edit && $0.productID == edit.product && $0.fieldsAfter?.stock == edit.stock }
                #expect(found?.outcome == .done, "edit of \(edit.product) to stock \(edit.stock) was answered 303, then lost")
            }
        }
    }

    /// One writer: edits `product`'s stock through the dashboard's form, again and again, until
    /// the dashboard is gone.
    static func edit(_ product: Int, port: Int, log: Log) async {
        var session = FormSession(port: port)
        var stock = 100
        while !log.state.withLock({ $0.killed }) {
            stock += 1
            do {
                _ = try await session.open("/products/\(product)/edit")
            } catch {
                return  // killed between two edits
            }
            let started = log.state.withLock { state -> Bool in
                guard !state.killed else { return false }
                state.inFlight += 1
                return true
            }
            guard started else { return }
            let fields = replacing(replacing(validProductFields, "name", with: "Killed Kettle"), "stock", with: String(stock))
            let response = try? await session.postURLEncoded("/products/\(product)/edit", fields)
            log.state.withLock { state in
                state.inFlight -= 1
                guard let response else {
                    if !state.killed { state.failures.append("edit of \(product) got no answer before the kill") }
                    return
                }
                if response.status == 303 {
                    state.acknowledged.append((product, stock))
                } else if !state.killed {
                    state.failures.append("edit of \(product) answered \(response.status)")
                }
            }
        }
    }
}
