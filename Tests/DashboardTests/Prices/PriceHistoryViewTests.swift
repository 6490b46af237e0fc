import DashboardEngine
import Foundation
import MarketClient
import Templating
import Testing

@testable import Dashboard

/// `PriceHistoryPage` and `PriceStepChart` without a server: an empty timeline, one shorter
/// than a sale's window, and the chart's steps and uncertain stretches.
@Suite struct PriceHistoryViewTests {
    let zone = TimeZone(identifier: "Asia/Seoul") ?? .gmt
    let now = Date(timeIntervalSince1970: 1_780_000_000)

    func page(_ states: [PriceState], _ language: Language = .en) -> TemplateObject {
        PriceHistoryPage(productID: 7, name: "Mug", states: states, now: now, referenceDays: 30, language: language, zone: zone).context
    }

    @Test func anEmptyTimeline_hasNoRowsNoChartAndNoKnownFrom() {
        let context = page([])
        #expect(context["hasStates"] == .bool(false))
        #expect(context["rows"] == .list([]))
        #expect(context["chart"] == nil)
        #expect(context["knownFrom"] == nil)
    }

    @Test func aTimelineShorterThanTheWindow_saysFromWhenPricesAreKnown() {
        let first = PriceState(at: now.addingTimeInterval(-10 * 86_400), price: 100, discount: 0, currency: .krw, source: .dashboard)
        let known = page([first])["knownFrom"]
        #expect(known == .string(Wording(.en).pricesKnownFrom(
            LocalTime.timestamp(first.at, zone: zone, Wording(.en)), days: 30,
            until: LocalTime.timestamp(first.at.addingTimeInterval(30 * 86_400), zone: zone, Wording(.en)))))
        let old = PriceState(at: now.addingTimeInterval(-31 * 86_400), price: 100, discount: 0, currency: .krw, source: .imported)
        #expect(page([first, old])["knownFrom"] == nil, "a timeline that covers the window says nothing")
    }

    @Test func theChart_hasAStepPerState_andHatchesWhereAChangeElsewhereMayHaveBegun() throws {
        let states = [
            PriceState(at: now.addingTimeInterval(-9 * 86_400), price: 24_000, discount: 0, currency: .krw, source: .dashboard),
            PriceState(
                at: now.addingTimeInterval(-5 * 86_400), seenAfter: now.addingTimeInterval(-6 * 86_400), price: 30_000, discount: 0,
                currency: .krw, source: .elsewhere),
            PriceState(at: now.addingTimeInterval(-86_400), price: 30_000, discount: 9_000, currency: .krw, source: .dashboard),
        ]
        let chart = PriceStepChart(states: states, end: now, title: "Mug", zone: zone, wording: Wording(.en))
        guard case .object(let values) = chart.context, case .list(let steps)? = values["steps"] else {
            Issue.record("no steps")
            return
        }
        #expect(steps.count == 3)
        let bands = steps.compactMap { step -> TemplateValue? in
            guard case .object(let object) = step else { return nil }
            return object["uncertain"]
        }
        #expect(bands.count == 1)
        #expect(values["hasUncertain"] == .bool(true), "the hatch's legend")
        // The first step is a tread; each later one rises from the level before it.
        guard case .object(let second) = steps[1], case .string(let path)? = second["pricePath"] else {
            Issue.record("no path")
            return
        }
        #expect(path.contains("V"))
        guard case .list(let ticks)? = values["amountTicks"] else {
            Issue.record("no ticks")
            return
        }
        #expect(ticks.count >= 2)
    }
}
