import Foundation
import Testing

@testable import Dashboard
import DashboardEngine

/// The history's whole-batch Undo, against a market that records every request: offered while
/// it can work and sent from the history page as its form is; once the undo waits as a preview,
/// and once it is applied, the entries say so instead of offering Undo again.
@Suite struct HistoryBatchUndoTests {
    /// The whole-batch Undo form of an entry written by `batch`, as the page has it.
    static func undoForm(_ entry: ShownEntry, _ batch: Int) -> [(String, String)]? {
        guard entry.html.contains("action=\"/batches/\(batch)/undo\"") else { return nil }
        return BatchTesting.drawn(entry.html)
    }

    @Test func aBatchUndoneFromTheHistory_isNotOfferedAgain_andItsEntriesSaySo() async throws {
        try await ScheduleScene.run { scene in
            let products = try await scene.register(2)
            let batch = try await scene.preview(products)
            #expect(try await scene.press("apply", batch).status == 303)
            try await scene.waitForRun(batch)

            let history = try await scene.session.open("/history").text
            let written = HistoryHTML.entries(history).filter { $0.html.contains("href=\"/batches/\(batch)\"") }
            #expect(written.count == 2)
            let fields = try #require(written.first.flatMap { Self.undoForm($0, batch) }, "the whole-batch Undo is offered")
            #expect(fields.map(\.0) == ["batch_id", "batch_revision", "batch_state"], "it names the batch as the page drew it")
            let pressed = try await scene.session.postURLEncoded("/batches/\(batch)/undo", fields)
            let undo = try #require(BatchTesting.batchID(pressed), "answered \(pressed.status)")

            let waiting = try await scene.page("/history").text
            for entry in HistoryHTML.entries(waiting) where entry.html.contains("href=\"/batches/\(batch)\"") {
                #expect(Self.undoForm(entry, batch) == nil, "no second undo while one waits")
                #expect(HTMLScan.text(entry.html).contains("Its undo (batch \(undo)) is a preview waiting to be applied"))
                // The entry's own Undo stays its own, under its own label.
                #expect(!HTMLScan.text(entry.html).contains("Undo the whole batch"), "\(HTMLScan.text(entry.html))")
                #expect(entry.html.components(separatedBy: "action=\"/history/\(entry.id)/undo\"").count == 2, "one Undo of the entry")
            }

            #expect(try await scene.press("apply", undo).status == 303)
            try await scene.waitForRun(undo)
            #expect(products.map(scene.patchedPrices) == [[18000, 20000], [18000, 20000]])
            let done = HistoryHTML.entries(try await scene.page("/history").text)
            func writer(_ entry: ShownEntry) -> String? { HTMLScan.hrefs(in: entry.html).first { $0.hasPrefix("/batches/") } }
            let originals = done.filter { writer($0) == "/batches/\(batch)" }
            #expect(originals.count == 2)
            for entry in originals {
                #expect(Self.undoForm(entry, batch) == nil)
                #expect(!entry.html.contains("/history/\(entry.id)/undo"), "nor an entry's own Undo")
                #expect(HTMLScan.text(entry.html).contains("Undone by batch \(undo)"))
            }
            let putBack = done.filter { writer($0) == "/batches/\(undo)" }
            #expect(putBack.count == 2)
            #expect(putBack.allSatisfy { HTMLScan.text($0.html).contains("Put back") }, "the undo's own writes are labelled as undoing")

            // Sent again from the page drawn before the undo: refused, nothing more sent.
            let late = try await scene.session.postURLEncoded("/batches/\(batch)/undo", fields)
            #expect(late.status == 409)
            #expect(HTMLScan.text(late.text).contains("Batch \(undo) already put back what batch \(batch) changed"))
            #expect(products.map(scene.patchedPrices) == [[18000, 20000], [18000, 20000]])
        }
    }
}
