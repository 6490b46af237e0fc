import DashboardEngine
import Foundation
import MarketClient

/// Each row of a batch that starts or deepens a sale, checked against the sale's reference
/// price (the lowest price of the days before it, see docs/prices.md), for a batch in preview
/// or scheduled: what its page shows per row and counts above the rows, and what the offer to
/// show the reference as the price before sets.
///
/// The sale starts at the schedule's start for a scheduled batch, else now. A row's old price
/// and discount are its own (`before`); a row that records only some of them (a sheet row
/// that changes only the discount) takes the rest from the catalog as it is counted. The
/// references of all the rows are read in one query.
struct BatchReferences {
    /// A row's proposed sale and how it stands against its reference.
    struct Row {
        /// The struck-through price, the amount off and the currency the row proposes.
        var price: Decimal
        var discount: Decimal
        var currency: String
        /// The product's price, discount and currency as the preview read them.
        var before: RecordedFields
        var check: ReferenceCheck

        /// The price and discount that keep the sale price and show the reference as the price
        /// before: for a row above its reference whose sale price is below it.
        var offer: (price: Decimal, discount: Decimal)? {
            guard case .above(let reference, _) = check, price - discount < reference else { return nil }
            return (reference, reference - (price - discount))
        }
    }

    /// By row number: only the rows that start or deepen a sale.
    var rows: [Int: Row] = [:]
    /// The window's days (`--reference-days`).
    var days: Int
    /// When the sale starts.
    var saleStartsAt: Date

    /// The numbers of the rows above their reference, in order.
    var above: [Int] { rows.filter { if case .above = $0.value.check { true } else { false } }.keys.sorted() }

    /// The rows the offer can set, by number, in order.
    var offers: [(number: Int, row: Row)] { rows.keys.sorted().compactMap { number in rows[number].flatMap { $0.offer == nil ? nil : (number, $0) } } }

    /// Whether a batch in `state` is checked at all: what is not yet sent.
    static func applies(to batch: Batch) -> Bool { batch.state == .preview || batch.state == .scheduled }

    /// The checks of `rows` of `batch`, its sale starting at its schedule's start when it is
    /// scheduled and at `now` otherwise.
    static func read(
        _ batch: Batch, rows: [BatchRow], prices: PriceTimeline, catalog: CatalogSnapshot?, now: Date
    ) async throws(DatabaseError) -> BatchReferences {
        let start = batch.state == .scheduled ? batch.schedule?.startsAt ?? now : now
        var found = BatchReferences(days: prices.referenceDays, saleStartsAt: start)
        let sales = rows.compactMap { row in oldValues(row).map { (row, $0) } }
        guard !sales.isEmpty else { return found }
        // What a row does not record of its product's price, as the catalog counts it.
        let missing = Set(sales.compactMap { row, old in old.price == nil || old.discountedPrice == nil ? row.productID : nil })
        let counted = missing.isEmpty ? [:] : catalog?.products(missing) ?? [:]
        var proposed: [(row: BatchRow, before: RecordedFields, price: Decimal, discount: Decimal)] = []
        for (row, old) in sales {
            var before = old
            if let id = row.productID, let product = counted[id]?.summary {
                before.price = before.price ?? product.price.amount
                before.discountedPrice = before.discountedPrice ?? product.discountedPrice.amount
                before.currency = before.currency ?? product.currency.rawValue
            }
            guard let price = row.after.price ?? before.price else { continue }
            let discount = row.after.discountedPrice ?? before.discountedPrice ?? 0
            guard ReferencePrice.startsOrDeepensSale(
                fromPrice: row.operation == .create ? nil : before.price, discount: row.operation == .create ? nil : before.discountedPrice,
                toPrice: price, discount: discount)
            else { continue }
            proposed.append((row, before, price, discount))
        }
        let ids = proposed.compactMap { $0.row.operation == .create ? nil : $0.row.productID }
        var currencies: [Int: Currency] = [:]
        for item in proposed { if let id = item.row.productID { currencies[id] = Currency(rawValue: currency(item.row)) } }
        let references = ids.isEmpty ? [:] : try await prices.references(for: ids, saleStartsAt: start, currencies: currencies)
        for item in proposed {
            let currency = currency(item.row)
            // A new product has no earlier price: nothing is known before its sale.
            let reference = item.row.operation == .create ? nil : item.row.productID.flatMap { references[$0] }
            let check = (reference ?? .insufficient(knownFrom: nil)).check(
                price: item.price, discount: item.discount, currency: Currency(rawValue: currency))
            found.rows[item.row.number] = Row(price: item.price, discount: item.discount, currency: currency, before: item.before, check: check)
        }
        return found
    }

    /// The row's new currency: the one it sets, else the one its amounts are of.
    private static func currency(_ row: BatchRow) -> String { row.after.currency ?? row.currency }

    /// The old price, discount and currency of a row that may start a sale (an edit or a
    /// create that sets a price or a discount; a create has none); nil for any other row.
    private static func oldValues(_ row: BatchRow) -> RecordedFields? {
        guard row.operation == .edit || row.operation == .create, row.after.price != nil || row.after.discountedPrice != nil else { return nil }
        guard row.operation == .edit else { return RecordedFields() }
        return RecordedFields(price: row.before.price, currency: row.before.currency, discountedPrice: row.before.discountedPrice)
    }
}
