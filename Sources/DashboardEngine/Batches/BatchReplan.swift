import Foundation
import MarketClient

/// A new preview of a batch that was never sent (it missed its time): the same changes,
/// planned again against the products as they are now, so the preview's old values are
/// today's. A bulk action is planned again as the list's form plans it (a 10% cut of today's
/// price); any other edit keeps its new values and reads its old ones afresh; a delete reads
/// the product afresh. A product that is gone, or no longer this vendor's, is refused by name.
/// Creates are not planned again: their images went with the batch, and the file is imported
/// anew instead. Pure: the batch, its rows and the products in, rows out.
package enum BatchReplan {
    /// Whether a batch with these counts can be planned again here (no create among its rows).
    package static func canReplan(_ counts: BatchCounts) -> Bool { counts.creates == 0 }

    /// The ids of the products `rows` change, each once, in order: what to read before
    /// `rows(of:_:products:ownVendorID:)`.
    package static func productIDs(_ rows: [BatchRow]) -> [Int] {
        var seen = Set<Int>()
        return rows.compactMap(\.productID).filter { seen.insert($0).inserted }
    }

    /// The new preview's rows for `batch`'s `rows`, against `products` (by id; a missing id is
    /// a product the market no longer has).
    package static func rows(of batch: Batch, _ rows: [BatchRow], products: [Int: CatalogProduct], ownVendorID: Int) -> [BatchRow] {
        if batch.kind == .bulk, let action = batch.action {
            let targets = productIDs(rows).map { id in products[id].map(BulkPlanner.Target.product) ?? .notFound(id: id) }
            return BulkPlanner.rows(action, targets: targets, ownVendorID: ownVendorID)
        }
        return rows.compactMap { row -> BatchRow? in
            guard let id = row.productID, row.operation == .edit || row.operation == .delete else { return nil }
            guard let product = products[id] else { return BulkPlanner.refused(id: id, name: row.name, currency: row.currency, .row(.notFound(id: id))) }
            guard product.vendorID == ownVendorID else {
                return BulkPlanner.refused(id: id, name: product.name, currency: product.currency.rawValue, .row(.notOwn))
            }
            let current = RecordedFields(product.summary)
            var again = BatchRow(
                batchID: 0, number: 0, line: row.line, productID: id, operation: row.operation, status: .pending, name: product.name,
                currency: product.currency.rawValue, before: current, after: row.after)
            if row.operation == .edit {
                // The fields it changes and those its new values were computed from.
                let fields = row.before.setFields + row.after.setFields.filter { !row.before.setFields.contains($0) }
                again.before = current.only(fields)
                if row.after.matches(product.summary) {
                    again.status = .unchanged
                    again.operation = .none
                }
            }
            return again
        }
    }
}
