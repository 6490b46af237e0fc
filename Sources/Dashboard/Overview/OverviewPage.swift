import DashboardEngine
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
    var language: Language = .en
    var lowStockThreshold = DashboardConfiguration.defaultLowStock
    /// The zone the snapshot's time is shown in (`DashboardConfiguration.timeZone`).
    let zone: TimeZone
    /// The on-sale products above their reference price, counted in the whole catalog and
    /// among the own vendor's (nil: the figure is not shown).
    var aboveReference: (catalog: Int, mine: Int?)?
    /// The days before a sale its reference is the lowest of (`--reference-days`).
    var referenceDays = ReferencePrice.defaultDays

    var wording: Wording { Wording(language) }

    var context: TemplateObject {
        let texts = wording
        var context: TemplateObject = ["title": .string(texts[.overviewHeading])]
        var runningCount: String?
        if let progress = status.progress {
            let counting = CatalogProgressText.text(progress, texts)
            if status.snapshot != nil {
                runningCount = counting
            } else {
                context["refreshSeconds"] = TemplateValue(CatalogProgressText.refreshSeconds)
                // A first count trying again after a failure, with nothing read yet: the failure
                // says what is going on, not "Counting products…" beside it.
                if status.failure == nil || progress.pagesDone > 0 {
                    context["counting"] = [
                        "value": TemplateValue(progress.productsDone),
                        "max": TemplateValue(max(progress.productsTotal, progress.productsDone, 1)),
                        "text": .string(counting),
                        "pages": .string(progress.pagesDone > 0 ? texts.countingPages(done: NumberText.grouped(progress.pagesDone), total: NumberText.grouped(progress.pagesTotal)) : ""),
                    ]
                }
            }
        }
        if let failure = status.failure {
            let age = Duration.seconds(max(0, now.timeIntervalSince(failure.at)))
            context["failure"] = .string(texts.countFailed(age: age, failure.code, haveFigures: status.snapshot != nil))
        }
        guard let snapshot = status.snapshot, let catalog else { return context }
        let age = texts.age(.seconds(max(0, now.timeIntervalSince(snapshot.takenAt))))
        context["snapshot"] = [
            "time": .string(LocalTime.timestamp(snapshot.takenAt, zone: zone, texts)),
            "datetime": .string(LocalTime.machineReadable(snapshot.takenAt, zone: zone)),
            "age": .string(age),
            "after": .string(texts.countedAge(age, runningCount: runningCount)),
        ]
        if snapshot.isPartial {
            context["partial"] = .string(
                texts.partialFigures(counted: NumberText.grouped(snapshot.products.count), reported: NumberText.grouped(snapshot.reportedTotal)))
        }
        var sections: [TemplateValue] = [section(
            catalog, scope: "catalog", heading: texts.sectionHeading(vendor: nil), vendorChart: true, aboveReference: aboveReference?.catalog)]
        if let mine, let ownVendorID {
            sections.append(section(
                mine, scope: "mine", heading: texts.sectionHeading(vendor: ownVendorID), vendorChart: false,
                aboveReference: aboveReference?.mine))
        } else {
            context["unknownVendor"] = true
        }
        context["sections"] = .list(sections)
        return context
    }

    private func section(
        _ figures: CatalogFigures, scope: String, heading: String, vendorChart: Bool, aboveReference: Int? = nil
    ) -> TemplateValue {
        let texts = wording
        // Sold out, on sale and low stock link to the list filtered that way (own products
        // in the own vendor's section).
        let mine = scope == "mine"
        let filtered = { (change: (inout ProductListQuery) -> Void) -> String in
            ProductListQuery(mine: mine).changingFilters(change).listPath
        }
        var metrics: [(String, String, Int, String?)] = [
            ("products", texts.metric(.products), figures.products, nil),
            ("sold-out", texts.metric(.soldOut), figures.soldOut, filtered { $0.stock = .out }),
            ("on-sale", texts.metric(.onSale), figures.onSale, filtered { $0.sale = .onSale }),
        ]
        if let aboveReference {
            // The sales whose struck-through price is above the lowest of the days before them.
            metrics.append((
                "sales-above-reference", texts.metric(.salesAboveReference(referenceDays)), aboveReference,
                filtered { $0.sale = .aboveReference }))
        }
        metrics += [
            ("low-stock", texts.metric(.lowStock(lowStockThreshold)), figures.lowStock, filtered { $0.stock = .low }),
            ("stock-total", texts.metric(.itemsInStock), figures.stockTotal, nil),
        ]
        var items: [TemplateValue] = metrics.map { metric, label, value, href in
            var item: TemplateObject = [
                "metric": .string(metric), "label": .string(label), "value": .string(String(value)), "text": .string(NumberText.grouped(value)),
            ]
            if let href { item["href"] = .string(href) }
            return .object(item)
        }
        for (currency, amount) in figures.stockValue {
            items.append([
                "metric": .string("stock-value-" + currency.rawValue),
                "label": .string(texts.stockValue(currency.rawValue)),
                "value": .string(amount.isNaN ? "" : "\(amount)"),
                "text": .string(amount.isNaN ? texts.tooLargeToAdd : texts.price(amount, currency: currency.rawValue)),
            ])
        }
        var charts: [TemplateValue] = []
        if vendorChart, !figures.topVendors.isEmpty {
            let chart = texts.vendorChart(top: CatalogFigures.topVendorCount)
            charts.append(BarChart(
                title: chart.title, labelHeading: chart.labelHeading, valueHeading: chart.valueHeading,
                bars: figures.topVendors.map { .init(label: $0.name.isEmpty ? texts.vendorName($0.vendorID) : $0.name, value: $0.products, valueText: NumberText.grouped($0.products)) }
            ).context)
        }
        for histogram in figures.priceHistograms {
            let code = histogram.currency.rawValue
            let chart = texts.priceChart(code)
            charts.append(BarChart(
                title: chart.title, labelHeading: chart.labelHeading, valueHeading: chart.valueHeading,
                bars: histogram.buckets.map { bucket in
                    let label = texts.priceBucket(from: bucket.from, upTo: bucket.upTo, currency: code)
                    let short = texts.priceBucketLabel(from: bucket.from, upTo: bucket.upTo, currency: code)
                    return .init(label: label, value: bucket.products, valueText: NumberText.grouped(bucket.products), shortLabel: short)
                }
            ).context)
        }
        if !figures.weeks.isEmpty {
            let chart = texts.weekChart(weeks: CatalogFigures.weekCount)
            charts.append(BarChart(
                title: chart.title, labelHeading: chart.labelHeading, valueHeading: chart.valueHeading,
                bars: figures.weeks.map { .init(label: texts.day(MarketDay.iso($0.start)[...]), value: $0.products, valueText: NumberText.grouped($0.products)) }
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
}
