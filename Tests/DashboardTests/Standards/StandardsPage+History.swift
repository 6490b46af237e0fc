import Foundation
import Testing

@testable import Dashboard
@testable import DashboardEngine

extension StandardsPage {
    /// Gives the history an entry of every kind and outcome the page shows (an edit and its
    /// undo, a batch row, a refused and an unknown write, changes made elsewhere, a delete and
    /// a restore), and the recycle bin a deleted product, so the checks see every part of both
    /// pages. Real writes go through the forms; the rest through the journal itself.
    static func seedHistory(on dashboard: DashboardHarness, own: Int) async throws {
        var flow = HistoryFlow(dashboard)
        let kept = try await flow.register(name: "휴지통에 간 주전자")
        _ = try await flow.edit(kept, name: "휴지통에 간 주전자", [("price", "15000"), ("stock", "3")])
        _ = try await flow.delete(kept)
        let restored = try await flow.register(name: "Restored Kettle")
        _ = try await flow.delete(restored)
        let trash = try await dashboard.get("/trash")
        if let entry = HTMLScan.tags("li", in: trash.text).first(where: { $0["class"] == "trash-item" })?["data-entry-id"].flatMap({ Int($0) }) {
            _ = try await flow.restore(entry)
        }

        let journal = dashboard.app.journal
        let before = RecordedFields(name: "맥북 프로 14", description: "Before", price: 2_390_000, currency: "KRW", discountedPrice: 0, stock: 4)
        var after = before
        after.price = 2_190_000
        for (cause, outcome) in [
            (WriteCause.batch(id: 3, row: 2), WriteOutcome.done(after, productID: own)),
            (.form, .unknown),
            (.form, .failed(WriteError(code: .refused, marketMessage: "price too low"))),
        ] {
            let entry = try await journal.admit(WriteIntent(kind: .edit, cause: cause, productID: own, before: before, after: after))
            await journal.recordOutcome(entry, outcome)
        }
        let undone = try #require(try await journal.admit(WriteIntent(kind: .edit, cause: .form, productID: own, before: before, after: after)))
        await journal.recordOutcome(undone, .done(after, productID: own))
        let undo = try await journal.admit(WriteIntent(kind: .edit, cause: .undo(entry: undone.id), productID: own, before: after, after: before))
        await journal.recordOutcome(undo, .done(before, productID: own))
        let outside = OutsideChanges.Change(kind: .changed, productID: own, name: "맥북 프로 14", before: before, after: after)
        var changes = OutsideChanges(
            from: CatalogSnapshot(products: [], takenAt: Date(), isPartial: false, reportedTotal: 0, generation: 1),
            to: CatalogSnapshot(products: [], takenAt: Date(), isPartial: false, reportedTotal: 0, generation: 2), limit: 0)
        changes.changes = [outside, .init(kind: .appeared, productID: 999_001, name: "Phone Teapot", before: nil, after: after)]
        changes.notListed = 12
        await journal.record(changes)
    }
}
