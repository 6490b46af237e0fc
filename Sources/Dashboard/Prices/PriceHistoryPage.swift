import DashboardEngine
import Foundation
import Templating

/// The view model of `/products/{id}/prices`: the product's price states, newest first, as a
/// table (`<tr data-at data-price data-discount data-source>`) and as a step chart
/// (`PriceStepChart`), with the way back to the product and the CSV. An empty timeline says how
/// prices come to be known; one shorter than a sale's window (`referenceDays`) says from when
/// they are known.
struct PriceHistoryPage {
    let productID: Int
    let name: String
    /// Newest first, as `PriceTimeline.states(productID:)` reads them.
    let states: [PriceState]
    let now: Date
    let referenceDays: Int
    let language: Language
    let zone: TimeZone
    /// Whether the product is the own vendor's: only then does the page offer the import of
    /// past prices, which takes own products only.
    var canImport = false

    var context: TemplateObject {
        let wording = Wording(language)
        let heading = wording.priceHistoryHeading(name, id: productID)
        var context: TemplateObject = [
            "title": .string(heading),
            "heading": .string(heading),
            "productHref": .string("/products/\(productID)"),
            "csvHref": .string("/products/\(productID)/prices.csv"),
            "hasStates": .bool(!states.isEmpty),
            "canImport": .bool(canImport),
            "rows": .list(states.map { row($0, wording) }),
        ]
        guard let newest = states.first, let oldest = states.last else { return context }
        let windowEnd = oldest.at.addingTimeInterval(Double(referenceDays) * 86_400)
        if windowEnd > now {
            context["knownFrom"] = .string(wording.pricesKnownFrom(
                LocalTime.timestamp(oldest.at, zone: zone, wording), days: referenceDays,
                until: LocalTime.timestamp(windowEnd, zone: zone, wording)))
        }
        // The chart draws the states in the currency the product has now; a change of currency
        // is in the table, but amounts of two currencies share no axis.
        let drawn = Array(states.prefix { $0.currency == newest.currency }.reversed())
        let end = max(now, newest.at)
        let from = drawn.first.map { wording.day(LocalTime.isoDay($0.mayHaveBegunAt, zone: zone)[...]) } ?? ""
        let title = wording.priceChartTitle(
            name, from: from, to: wording.day(LocalTime.isoDay(end, zone: zone)[...]), count: drawn.count,
            now: wording.price(newest.price, currency: newest.currency.rawValue))
        context["chart"] = PriceStepChart(states: drawn, end: end, title: title, zone: zone, wording: wording).context
        return context
    }

    private func row(_ state: PriceState, _ wording: Wording) -> TemplateValue {
        let currency = state.currency.rawValue
        var row: TemplateObject = [
            "at": .string(LocalTime.machineReadable(state.at, zone: zone)),
            "price": .string("\(state.price)"),
            "discount": .string("\(state.discount)"),
            "source": .string(state.source.rawValue),
            "fromText": .string(wording.priceFrom(
                at: LocalTime.timestamp(state.at, zone: zone, wording),
                seenAfter: state.seenAfter.map { LocalTime.timestamp($0, zone: zone, wording) }, source: state.source)),
            "priceText": .string(wording.price(state.price, currency: currency)),
            "discountText": .string(wording.price(state.discount, currency: currency)),
            "salePriceText": .string(wording.price(state.salePrice, currency: currency)),
            "currency": .string(currency),
            "sourceText": .string(wording.priceSource(state.source)),
        ]
        if let after = state.seenAfter { row["seenAfter"] = .string(LocalTime.machineReadable(after, zone: zone)) }
        return .object(row)
    }
}
