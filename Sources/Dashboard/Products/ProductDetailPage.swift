import DashboardEngine
import Foundation
import MarketClient
import Templating

/// The view model of `/products/{id}`: every image as a gallery with an `n/total` label,
/// name, prices, stock, description with its line breaks, vendor, dates, and a back link to
/// the list page and view the person came from.
struct ProductDetailPage {
    let product: ProductDetail
    let query: ProductListQuery
    let imagePath: (URL) -> String
    let notice: String?
    /// Whether the dashboard's vendor owns this product (edit and delete are offered then);
    /// nil while the dashboard does not know its vendor (the page says how to tell it).
    let ownership: Bool?
    var language: Language = .en
    var lowStockThreshold = DashboardConfiguration.defaultLowStock
    /// Changes scheduled for the product, and the zone their times are shown in.
    var scheduledChanges: [BatchScheduler.ScheduledChange] = []
    let zone: TimeZone
    /// The product's sale as the price timeline knows it (nil: not on sale, or not known).
    var sale: CurrentSale?
    /// The days before a sale its reference is the lowest of (`--reference-days`).
    var referenceDays = ReferencePrice.defaultDays

    var context: TemplateObject {
        let wording = Wording(language)
        var context = ProductListPage.priceContext(product.summary, wording, lowStockThreshold: lowStockThreshold)
        context["title"] = .string(BidiText.isolated(product.name))
        context["id"] = TemplateValue(product.id)
        context["name"] = .string(product.name)
        context["backHref"] = .string(query.listPath)
        context["images"] = .list(images)
        context["hasSeveralImages"] = .bool(images.count > 1)
        context["descriptionLines"] = .list(descriptionLines.map { .string($0) })
        context["isOwn"] = .bool(ownership == true)
        if !scheduledChanges.isEmpty {
            context["hasScheduledChanges"] = true
            context["scheduledChanges"] = .list(scheduledChanges.map { change in
                let old = FieldText.value(change.field, change.before, currency: change.currency, wording) ?? ""
                let new = FieldText.value(change.field, change.after, currency: change.currency, wording) ?? ""
                let text: String
                if change.schedule.startedAt != nil, let end = change.schedule.endsAt {
                    // A window under way: the value shown is the batch's until its end.
                    text = wording.changeUntil(
                        wording.fieldLabel(change.field), now: new, back: old, end: wording.scheduleShortTime(end, zone: zone), batch: change.batchID)
                } else {
                    text = wording.scheduledChange(
                        wording.fieldLabel(change.field), from: old, to: new, start: change.schedule.startsAt, end: change.schedule.endsAt, zone: zone,
                        batch: change.batchID)
                }
                return ["text": .string(text), "href": .string("/batches/\(change.batchID)")]
            })
        }
        context["vendorUnknown"] = .bool(ownership == nil)
        // A price history is the seller's own record: another seller's product has none to link.
        context["hasPriceHistory"] = .bool(ownership != false)
        if let vendor = product.vendor?.name ?? product.vendorName, !vendor.isEmpty {
            context["vendor"] = .string(vendor)
            context["soldBy"] = .string(wording.soldBy(vendor))
        }
        if let created = product.createdAt {
            context["createdAt"] = .string(MarketDay.iso(created))
            context["createdText"] = .string(wording.day(MarketDay.iso(created)[...]))
        }
        if let issued = product.issuedAt {
            context["issuedAt"] = .string(MarketDay.iso(issued))
            context["issuedText"] = .string(wording.day(MarketDay.iso(issued)[...]))
        }
        if let notice { context["notice"] = .string(notice) }
        if let reference = referenceContext(wording) { context["reference"] = .object(reference) }
        return context
    }

    /// An on-sale product's sale against its reference price: the lowest price of the days
    /// before the sale, and `ReferenceText`'s hooks and sentence for the latest state's check
    /// (a warning when the struck-through price is above it), with a link to the price history.
    /// Nil for a product not on sale, and for another seller's (whose history is not shown).
    func referenceContext(_ wording: Wording) -> TemplateObject? {
        guard let sale, product.summary.isOnSale, ownership != false else { return nil }
        let currency = sale.currency.rawValue
        let text = ReferenceText(
            price: sale.price, discount: sale.discount, currency: currency, days: referenceDays, zone: zone, wording: wording)
        let check = text.context(sale.check)
        // Keys of their own: a section looks a missing key up in the page's context, whose
        // `price` is the product's.
        var context: TemplateObject = [
            "hook": check["hook"] ?? .string(sale.check.hook), "text": check["text"] ?? "",
            "isWarning": check["warning"] ?? false, "href": .string("/products/\(product.id)/prices"),
            // Past prices are taken for the seller's own products only.
            "canImport": .bool(ownership == true && check["insufficient"] == true),
        ]
        if let reference = sale.check.reference {
            context["referencePrice"] = .string("\(reference)")
            context["lowest"] = .string(wording.lowestBeforeSale(wording.price(reference, currency: currency), days: referenceDays))
        }
        return context
    }

    var images: [TemplateValue] {
        var sources = product.images.map { (full: $0.url, thumbnail: $0.thumbnailURL) }
        if sources.isEmpty, let thumbnail = product.thumbnail { sources = [(thumbnail, thumbnail)] }
        let total = sources.count
        let wording = Wording(language)
        if total == 0 {
            return [[
                "number": 1, "total": 1, "src": .string(ProductListPage.placeholderPath),
                "thumbnailSrc": .string(ProductListPage.placeholderPath), "alt": .string(product.name), "lazy": false,
            ]]
        }
        return sources.enumerated().map { index, source in
            [
                "number": TemplateValue(index + 1),
                "total": TemplateValue(total),
                "src": .string(imagePath(source.full)),
                "thumbnailSrc": .string(imagePath(source.thumbnail)),
                "alt": .string(wording.imageAlt(product.name, number: index + 1, total: total)),
                "linkLabel": .string(wording.imageLink(number: index + 1, total: total)),
                "lazy": .bool(index > 0),
            ]
        }
    }

    /// Paragraphs from the description's line breaks (`\r\n`, `\n` or `\r`), blank ones dropped.
    var descriptionLines: [String] {
        product.description.unicodeScalars
            .split(whereSeparator: { $0 == "\n" || $0 == "\r" })
            .map { String(String.UnicodeScalarView($0)).trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
    }
}
