import DashboardEngine
import Foundation
import HTTPServer

/// What a page about a product the market no longer has says when the recycle bin holds it:
/// when it was deleted and until when it can be restored, with the link to the bin; or, once
/// restored, its new number with the link to it. Times are in the configured zone. The
/// product's own page and the edit and delete forms answer alike (`response`), each with the
/// step that fits what the person came to do.
enum DeletedProductPage {
    /// 404 for product `id`, which the market does not have: when the recycle bin holds it, when
    /// it was deleted and the way to restore it (or its new number, once restored); otherwise
    /// plainly not found. `action` is what the person came to do (nil: see the product).
    static func response(
        _ id: Int, recycleBin: RecycleBin?, action: Wording.WriteAction?, renderer: PageRenderer, _ context: RequestContext
    ) async -> HTTPResponse {
        let wording = context.wording
        let item: TrashItem?
        do {
            item = try await recycleBin?.item(productID: id)
        } catch {
            renderer.logger.log(.error, "recycle bin: it could not be read: \(error)")
            item = nil
        }
        guard let item, let recycleBin else { return renderer.error(.notFound, wording.productNotFound(id: id), retryHref: nil, for: context) }
        let (text, next) = explain(item, retentionDays: recycleBin.settings.retentionDays, zone: context.settings.timeZone, action: action, wording)
        return renderer.error(.notFound, text, retryHref: nil, next: next, for: context)
    }

    static func explain(
        _ item: TrashItem, retentionDays: Int, zone: TimeZone, action: Wording.WriteAction?, _ wording: Wording
    ) -> (text: Wording.ErrorText, next: (href: String, label: String)) {
        let day = wording.day(LocalTime.isoDay(item.keptAt, zone: zone)[...])
        let time = LocalTime.clockWithZone(item.keptAt, zone: zone)
        if let restored = item.restoredID {
            return (wording.productRestoredAs(item.name, day: day, time: time, as: restored), ("/products/\(restored)", wording.openProduct(restored)))
        }
        let until = item.keptAt.addingTimeInterval(TimeInterval(retentionDays) * 24 * 3600)
        let keptUntil = wording.day(LocalTime.isoDay(until, zone: zone)[...])
        return (wording.productInBin(item.name, day: day, time: time, keptUntil: keptUntil, action: action), ("/trash", wording.openRecycleBin))
    }
}
