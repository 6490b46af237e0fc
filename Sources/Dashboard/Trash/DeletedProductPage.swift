import DashboardEngine
import Foundation

/// What a page about a product the market no longer has says when the recycle bin holds it:
/// when it was deleted and until when it can be restored, with the link to the bin; or, once
/// restored, its new number with the link to it. Times are in the configured zone.
enum DeletedProductPage {
    static func explain(
        _ item: TrashItem, retentionDays: Int, zone: TimeZone, _ wording: Wording
    ) -> (text: Wording.ErrorText, next: (href: String, label: String)) {
        let day = wording.day(LocalTime.isoDay(item.keptAt, zone: zone)[...])
        let time = LocalTime.clockWithZone(item.keptAt, zone: zone)
        if let restored = item.restoredID {
            return (wording.productRestoredAs(item.name, day: day, time: time, as: restored), ("/products/\(restored)", wording.openProduct(restored)))
        }
        let until = item.keptAt.addingTimeInterval(TimeInterval(retentionDays) * 24 * 3600)
        let keptUntil = wording.day(LocalTime.isoDay(until, zone: zone)[...])
        return (wording.productInBin(item.name, day: day, time: time, keptUntil: keptUntil), ("/trash", wording.openRecycleBin))
    }
}
