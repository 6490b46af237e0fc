import Foundation
import MarketClient

/// A day the market gives as a date (a product's `created_at`, `issued_at`): its calendar day,
/// "2022-11-04", the same in every zone. The API's dates carry no time of day (midnight at the
/// market), so read as an instant in the vendor's zone, west of the market, it would fall on
/// the day before: every page shows it as the market wrote it.
enum MarketDay {
    /// "2022-11-04", for `<time datetime>` and for `Wording.day(_:)`.
    static func iso(_ date: Date) -> String {
        String(MarketDate.format(date).prefix(10))
    }
}
