import Foundation
import MarketClient
import Templating

/// The view model of `/overview`: the catalog's figures and charts, the own vendor's, the
/// snapshot's time, or the progress of the first count. Pure: tests check it on literals.
struct OverviewPage {
    let status: CatalogStatus
    /// The whole catalog's figures and the own vendor's (nil while there is no snapshot).
    let catalog: CatalogFigures?
    let mine: CatalogFigures?
    let ownVendorID: Int?
    let now: Date

    /// Seconds between reloads while the first count runs (a meta refresh; no script needed).
    static let refreshSeconds = 2

    var context: TemplateObject {
        var context: TemplateObject = ["title": "Overview"]
        if let progress = status.progress {
            let counting = Self.progressText(progress)
            if status.snapshot == nil {
                context["refreshSeconds"] = TemplateValue(Self.refreshSeconds)
                context["counting"] = [
                    "value": TemplateValue(progress.productsDone),
                    "max": TemplateValue(max(progress.productsTotal, progress.productsDone, 1)),
                    "text": .string(counting),
                    "pages": .string(progress.pagesDone > 0 ? "Page \(Self.grouped(progress.pagesDone)) of \(Self.grouped(progress.pagesTotal)) of the list." : ""),
                ]
            } else {
                context["recounting"] = .string(counting)
            }
        }
        if let failure = status.failure {
            let age = ProductPages.describe(age: .seconds(max(0, now.timeIntervalSince(failure.at))))
            context["failure"] = .string(
                status.snapshot == nil
                    ? "Counting products failed \(age): \(failure.message). It will be tried again."
                    : "Showing the last count; counting again failed \(age): \(failure.message).")
        }
        guard let snapshot = status.snapshot, let catalog else { return context }
        let age = ProductPages.describe(age: .seconds(max(0, now.timeIntervalSince(snapshot.takenAt))))
        context["snapshot"] = [
            "time": .string(Self.timestamp(snapshot.takenAt)),
            "datetime": .string(Self.isoTimestamp(snapshot.takenAt)),
            "age": .string(age),
        ]
        if snapshot.isPartial {
            context["partial"] = .string(
                "The figures are partial: they cover the first \(Self.grouped(snapshot.products.count)) of the "
                    + "\(Self.grouped(snapshot.reportedTotal)) products the market reports.")
        }
        var sections: [TemplateValue] = [section(catalog, scope: "catalog", heading: "Whole catalog", vendorChart: true)]
        if let mine, let ownVendorID {
            sections.append(section(mine, scope: "mine", heading: "My products (vendor \(ownVendorID))", vendorChart: false))
        } else {
            context["unknownVendor"] = true
        }
        context["sections"] = .list(sections)
        return context
    }

    private func section(_ figures: CatalogFigures, scope: String, heading: String, vendorChart: Bool) -> TemplateValue {
        let metrics: [(String, String, Int)] = [
            ("products", "Products", figures.products),
            ("sold-out", "Sold out", figures.soldOut),
            ("on-sale", "On sale", figures.onSale),
            ("stock-total", "Items in stock", figures.stockTotal),
        ]
        var items: [TemplateValue] = metrics.map { metric, label, value in
            ["metric": .string(metric), "label": .string(label), "value": .string(String(value)), "text": .string(Self.grouped(value))]
        }
        for (currency, amount) in figures.stockValue {
            items.append([
                "metric": .string("stock-value-" + currency.rawValue),
                "label": .string("Value of stock (\(currency.rawValue))"),
                "value": .string(amount.isNaN ? "" : "\(amount)"),
                "text": .string(amount.isNaN ? "too large to add up" : PriceText.format(amount, currency: currency.rawValue)),
            ])
        }
        var charts: [TemplateValue] = []
        if vendorChart, !figures.topVendors.isEmpty {
            charts.append(BarChart(
                title: "Products per vendor (top \(CatalogFigures.topVendorCount))", labelHeading: "Vendor", valueHeading: "Products",
                bars: figures.topVendors.map { .init(label: $0.name.isEmpty ? "Vendor \($0.vendorID)" : $0.name, value: $0.products, valueText: Self.grouped($0.products)) }
            ).context)
        }
        for histogram in figures.priceHistograms {
            let code = histogram.currency.rawValue
            charts.append(BarChart(
                title: "Products by price to pay (\(code))", labelHeading: "Price (\(code))", valueHeading: "Products",
                bars: histogram.buckets.map { bucket in
                    let from = PriceText.format(bucket.from, currency: code)
                    let label = bucket.upTo.map { "\(from) to under \(PriceText.grouped($0, minimumFractionDigits: 0))" } ?? "Free"
                    return .init(label: label, value: bucket.products, valueText: Self.grouped(bucket.products))
                }
            ).context)
        }
        if !figures.weeks.isEmpty {
            charts.append(BarChart(
                title: "Registrations per week (the \(CatalogFigures.weekCount) weeks up to the newest)", labelHeading: "Week of",
                valueHeading: "Products registered",
                bars: figures.weeks.map { .init(label: Self.day($0.start), value: $0.products, valueText: Self.grouped($0.products)) }
            ).context)
        }
        return [
            "scope": .string(scope),
            "heading": .string(heading),
            "metrics": .list(items),
            "charts": .list(charts),
            "isEmpty": .bool(figures.products == 0),
        ]
    }

    static func progressText(_ progress: CatalogProgress) -> String {
        guard progress.pagesDone > 0 else { return "Counting products…" }
        return "Counting products: \(grouped(progress.productsDone)) of \(grouped(max(progress.productsTotal, progress.productsDone)))"
    }

    static func grouped(_ number: Int) -> String {
        PriceText.grouped(Decimal(number), minimumFractionDigits: 0)
    }

    static func day(_ date: Date) -> String {
        let parts = CatalogFigures.utc.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    /// "2026-11-23 10:45 UTC".
    static func timestamp(_ date: Date) -> String {
        let parts = CatalogFigures.utc.dateComponents([.hour, .minute], from: date)
        return day(date) + String(format: " %02d:%02d UTC", parts.hour ?? 0, parts.minute ?? 0)
    }

    static func isoTimestamp(_ date: Date) -> String {
        let parts = CatalogFigures.utc.dateComponents([.hour, .minute, .second], from: date)
        return day(date) + String(format: "T%02d:%02d:%02dZ", parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
    }
}
