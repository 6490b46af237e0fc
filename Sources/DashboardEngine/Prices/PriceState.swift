import Foundation
import MarketClient

/// One state of a product's price: (price, discount, currency) in effect from an instant, and
/// where it was learned. `discount` is the amount off, as `RecordedFields.discountedPrice`;
/// the buyer pays `salePrice`.
package struct PriceState: Sendable, Equatable {
    /// Where a state was learned.
    package enum Source: String, Sendable, CaseIterable {
        /// A write of this dashboard (a form, a batch row, an undo, a restore, a schedule's
        /// start or end), at the moment the market answered it.
        case dashboard
        /// Seen by a catalog count: the change happened between the previous count
        /// (`seenAfter`) and this one (`at`).
        case elsewhere
        /// The seller's own past records, added before the first state the dashboard saw.
        case imported
    }

    /// The latest instant the state can have begun: a write's answer, a count's start, an
    /// imported record's time.
    package var at: Date
    /// For an `elsewhere` state, the earliest instant it can have begun (the previous count,
    /// or this dashboard's last state of the product when that is later); nil for the first
    /// sight of a product and for the other sources, which are known to the instant.
    package var seenAfter: Date?
    package var price: Decimal
    /// The amount off (`discounted_price`); 0 when the product is not on sale.
    package var discount: Decimal
    package var currency: Currency
    package var source: Source

    package init(at: Date, seenAfter: Date? = nil, price: Decimal, discount: Decimal, currency: Currency, source: Source) {
        self.at = at
        self.seenAfter = seenAfter
        self.price = price
        self.discount = discount
        self.currency = currency
        self.source = source
    }

    /// What the buyer pays: `price − discount`.
    package var salePrice: Decimal { price - discount }

    /// The earliest instant the state can have been in effect.
    package var mayHaveBegunAt: Date { seenAfter ?? at }
}
