import Foundation
import MarketClient

/// The reference price of a sale: the lowest price the buyer paid (`price − discount`) at any
/// moment of the `days` before the sale starts, from a product's price timeline. Pure: it reads
/// only the states it is given (`PriceTimeline.references` reads them for many products at once).
///
/// The rule, for a sale starting at S with a window [S − days, S):
/// - the state in effect at S − days counts (the last state that began at or before it is
///   carried in), and so does every state that began inside the window;
/// - a state that began at S or later does not count: the sale's own state is not its reference;
/// - an `elsewhere` state may have begun as early as its `seenAfter`, and the state before it may
///   have lasted until its `at`: both count for the interval between the two counts (both are
///   in the window whenever that interval meets it, which the first two rules already give);
/// - only states in the sale's currency count: a window that needs a state in another currency
///   is insufficient, with prices known from the first state after the change;
/// - a timeline whose first state began after S − days (nothing is known of the price at the
///   window's start) is insufficient, with prices known from that first state's `at`; one
///   with no state before S is insufficient with nothing known.
package enum ReferencePrice: Sendable, Equatable {
    /// The lowest sale price of the window, in `currency`.
    case known(price: Decimal, currency: Currency)
    /// The timeline does not cover the window: prices are known from `knownFrom` (nil: no price
    /// in the sale's currency is known before the sale).
    case insufficient(knownFrom: Date?)

    /// The days of the window (`--reference-days`): 30 covers the EU's rule and Korea's 20.
    package static let defaultDays = 30

    /// The reference of a sale starting at `saleStartsAt`, from `states` (one product's, in any
    /// order). `currency` is the sale's; nil takes the currency of the state in effect just
    /// before the sale.
    package static func compute(
        states: [PriceState], saleStartsAt start: Date, days: Int = defaultDays, currency: Currency? = nil
    ) -> ReferencePrice {
        let windowStart = start.addingTimeInterval(-Double(days) * 86_400)
        let before = states.filter { $0.at < start }.sorted { $0.at < $1.at }
        guard let first = before.first, let last = before.last else {
            return .insufficient(knownFrom: nil)
        }
        guard first.at <= windowStart else { return .insufficient(knownFrom: first.at) }
        // The state in effect at the window's start, then every state that began inside it.
        let carried = before.lastIndex { $0.at <= windowStart } ?? before.startIndex
        let counted = before[carried...]
        let currency = currency ?? last.currency
        var lowest: Decimal?
        for index in counted.indices.reversed() {
            let state = counted[index]
            guard state.currency == currency else {
                let after = counted.index(after: index)
                return .insufficient(knownFrom: after < counted.endIndex ? counted[after].at : nil)
            }
            lowest = min(lowest ?? state.salePrice, state.salePrice)
        }
        guard let lowest else { return .insufficient(knownFrom: nil) }
        return .known(price: lowest, currency: currency)
    }

    /// The lowest price, when known.
    package var price: Decimal? {
        if case .known(let price, _) = self { return price }
        return nil
    }

    /// How a proposed state (a sale showing `price` struck through, `discount` off, in
    /// `currency`) stands against this reference.
    package func check(price: Decimal, discount: Decimal, currency: Currency) -> ReferenceCheck {
        switch self {
        case .insufficient(let knownFrom):
            return .insufficient(knownFrom: knownFrom)
        case .known(let reference, let referenceCurrency):
            guard referenceCurrency == currency else { return .insufficient(knownFrom: nil) }
            if price <= reference { return .ok(reference: reference) }
            let paid = price - discount
            let trueDiscount = reference > 0 ? (reference - paid) / reference : 0
            return .above(reference: reference, trueDiscount: trueDiscount)
        }
    }

    /// Whether going from `before` (nil: the product is new) to `after` starts or deepens a
    /// sale, the moment a reference applies to: a discount appears, or the buyer's price goes
    /// lower while the product stays on sale. A raise, an end of the sale or a lower price with
    /// no discount starts none.
    package static func startsOrDeepensSale(
        fromPrice beforePrice: Decimal?, discount beforeDiscount: Decimal?, toPrice price: Decimal, discount: Decimal
    ) -> Bool {
        guard discount > 0 else { return false }
        guard let beforePrice, let beforeDiscount, beforeDiscount > 0 else { return true }
        return price - discount < beforePrice - beforeDiscount
    }
}

/// How a proposed sale stands against its reference price. `hook` is the value a page writes
/// in `data-reference`.
package enum ReferenceCheck: Sendable, Equatable {
    /// The struck-through price is at or below the reference.
    case ok(reference: Decimal)
    /// The struck-through price is above the reference: the buyer's true discount, from the
    /// reference, is `trueDiscount` as a fraction (0.125 for 12.5 %; 0 or less when the sale
    /// price is not below the reference at all).
    case above(reference: Decimal, trueDiscount: Decimal)
    /// The timeline does not cover the window (see `ReferencePrice.insufficient`).
    case insufficient(knownFrom: Date?)

    /// `ok`, `above` or `insufficient`: the `data-reference` value.
    package var hook: String {
        switch self {
        case .ok: "ok"
        case .above: "above"
        case .insufficient: "insufficient"
        }
    }

    /// The reference price, when known (`data-reference-price`).
    package var reference: Decimal? {
        switch self {
        case .ok(let reference), .above(let reference, _): reference
        case .insufficient: nil
        }
    }
}
