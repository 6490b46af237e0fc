import Foundation
import SQLite

/// A preview's rows given another price and discount: the offer of a batch's page to show a
/// sale's reference price (the lowest of the days before it) as the price before, keeping
/// the price the buyer pays.
///
/// The preview is changed in place rather than made anew (as `again` makes a missed batch's):
/// the batch keeps its number, its other rows, its notes and an import's images, the person
/// stays on the page they were reading, and the revision bump refuses every form drawn
/// before the change, as any other change of the batch does.
extension BatchStore {
    /// One row's new price and discount, and the values the preview read them against.
    package struct PriceRewrite: Sendable, Equatable {
        /// The row's number in its batch.
        package var number: Int
        package var price: Decimal
        package var discount: Decimal
        /// The product's price, discount and currency as the preview saw them: kept as the
        /// row's old values where it had none, so applying skips a product changed since.
        package var before: RecordedFields

        package init(number: Int, price: Decimal, discount: Decimal, before: RecordedFields) {
            self.number = number
            self.price = price
            self.discount = discount
            self.before = before
        }
    }

    /// Sets each named pending edit's new price and discount, in a batch still in preview and
    /// at `revision` (the one the page was drawn at), and bumps its revision. One transaction;
    /// false, with nothing changed, when the batch is in another state or revision. The rows'
    /// warnings about the price and the discount are made again for the new values.
    package func rewritePrices(_ batchID: Int, revision: Int, _ rewrites: [PriceRewrite]) throws(DatabaseError) -> Bool {
        try database.use { db throws(SQLiteError) -> Bool in
            try db.transaction(.immediate, mapError: { $0 }) { () throws(SQLiteError) -> Bool in
                let current = try db.first(
                    "SELECT state, revision FROM batches WHERE id = ?", [.integer(batchID)]) { ($0.text(0), $0.integer(1)) }
                guard let current, current.0 == Batch.State.preview.rawValue, current.1 == revision else { return false }
                for rewrite in rewrites {
                    let warnings = try db.first(
                        "SELECT warnings FROM batch_rows WHERE batch_id = ? AND number = ? AND status = 'pending' AND operation = 'edit'",
                        [.integer(batchID), .integer(rewrite.number)]) { Self.decode($0.text(0)) }
                    guard let warnings else { continue }
                    var kept = warnings.filter { note in
                        switch note.code {
                        case .warning(.priceJump), .warning(.deepDiscount): false
                        default: true
                        }
                    }
                    if let old = rewrite.before.price, let jump = BulkPlanner.priceJump(from: old, to: rewrite.price) { kept.append(jump) }
                    if let deep = BulkPlanner.deepDiscount(rewrite.discount, of: rewrite.price) { kept.append(deep) }
                    try db.run(
                        """
                        UPDATE batch_rows SET new_price = ?, new_discount = ?, warnings = ?,
                            old_price = COALESCE(old_price, ?), old_discount = COALESCE(old_discount, ?),
                            old_currency = COALESCE(old_currency, ?)
                        WHERE batch_id = ? AND number = ?
                        """,
                        [
                            .text("\(rewrite.price)"), .text("\(rewrite.discount)"), .text(Self.encode(kept)),
                            .optional(rewrite.before.price.map { "\($0)" }), .optional(rewrite.before.discountedPrice.map { "\($0)" }),
                            .optional(rewrite.before.currency), .integer(batchID), .integer(rewrite.number),
                        ])
                }
                try db.run("UPDATE batches SET revision = revision + 1 WHERE id = ?", [.integer(batchID)])
                return true
            }
        }
    }
}
