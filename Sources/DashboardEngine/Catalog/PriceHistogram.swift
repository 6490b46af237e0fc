import Foundation
import MarketClient

/// How many products cost how much, in one currency: buckets on the 1–2–5 steps
/// (1,000, 2,000, 5,000, 10,000, …) from the cheapest product's to the dearest's, empty
/// ones between included so the shape reads true. A bucket holds its lower bound, not its upper.
package struct PriceHistogram: Sendable, Equatable {
    package struct Bucket: Sendable, Equatable {
        /// Inclusive.
        package var from: Decimal
        /// Exclusive; nil for the bucket of free (zero-priced) products.
        package var upTo: Decimal?
        package var products: Int
    }

    package var currency: Currency
    package var buckets: [Bucket]

    /// Never more buckets than this (the 1–2–5 steps cover 10⁻² to 10¹⁷ in 58).
    static let maxBuckets = 60

    init(currency: Currency, prices: [Decimal]) {
        self.currency = currency
        let positive = prices.filter { $0 > 0 && !$0.isNaN }
        let free = prices.count - positive.count
        var buckets: [Bucket] = free > 0 ? [Bucket(from: 0, upTo: nil, products: free)] : []
        if let low = positive.min(), let high = positive.max() {
            var edges = [Self.stepAtOrBelow(low)]
            while let last = edges.last, last <= high, edges.count <= Self.maxBuckets {
                edges.append(Self.nextStep(after: last))
            }
            var counts = [Int](repeating: 0, count: max(0, edges.count - 1))
            for price in positive {
                // The last edge with edge <= price (edges ascend).
                var lowIndex = 0
                var highIndex = edges.count - 1
                while lowIndex < highIndex {
                    let middle = (lowIndex + highIndex + 1) / 2
                    if edges[middle] <= price { lowIndex = middle } else { highIndex = middle - 1 }
                }
                if counts.indices.contains(lowIndex) { counts[lowIndex] += 1 }
            }
            for (index, count) in counts.enumerated() {
                buckets.append(Bucket(from: edges[index], upTo: edges[index + 1], products: count))
            }
        }
        self.buckets = buckets
    }

    /// The largest 1–2–5 step at or below `value` (value > 0), at least 0.01.
    static func stepAtOrBelow(_ value: Decimal) -> Decimal {
        var step = Decimal(sign: .plus, exponent: -2, significand: 1)
        while nextStep(after: step) <= value, step < Decimal(sign: .plus, exponent: 17, significand: 1) {
            step = nextStep(after: step)
        }
        return step
    }

    /// 1 → 2 → 5 → 10, at every power of ten.
    static func nextStep(after step: Decimal) -> Decimal {
        var exponent = 0
        var mantissa = step
        while mantissa >= 10 {
            mantissa /= 10
            exponent += 1
        }
        while mantissa < 1 {
            mantissa *= 10
            exponent -= 1
        }
        let next: Decimal = mantissa < 2 ? 2 : (mantissa < 5 ? 5 : 10)
        return Decimal(sign: .plus, exponent: exponent, significand: next)
    }
}
