import DashboardEngine
import Foundation
import Templating

/// A product's price and sale price over time as steps, the template context of
/// `prices/step-chart`: inline SVG whose geometry is computed here (whole SVG units), drawn
/// from the oldest state to `end` (now; a minute at least). Each state is a step: a riser from the state before
/// it, then a tread until the next state begins. The stretch in which a change seen elsewhere
/// may have begun (between its `seenAfter` and `at`) is hatched, since the earlier price may
/// have lasted until the count that saw the new one. The table beside it is the text
/// alternative; every label reaches the page through the template, escaped.
struct PriceStepChart {
    /// The states to draw, oldest first, in one currency.
    var states: [PriceState]
    var end: Date
    /// Also the chart's accessible name (`aria-label` and `<title>`).
    var title: String
    var zone: TimeZone
    var wording: Wording

    static let width = 640
    static let height = 260
    static let left = 128
    static let right = 24
    static let top = 12
    static let bottom = 36
    static var plotWidth: Int { width - left - right }
    static var plotHeight: Int { height - top - bottom }

    var context: TemplateValue {
        guard let first = states.first else { return .null }
        let currency = first.currency.rawValue
        let start = states.map(\.mayHaveBegunAt).min() ?? first.at
        // A timeline of a few seconds still spans a minute, the last price reaching the edge.
        let span = max(end.timeIntervalSince(start), 60)
        let last = start.addingTimeInterval(span)
        let highest = states.map { Self.double(max($0.price, $0.salePrice)) }.max() ?? 0
        let step = Self.niceStep(highest / 4)
        let stepValue = Self.double(step)
        let tickCount = max(1, Int((highest / stepValue).rounded(.up)))
        let ceiling = stepValue * Double(tickCount)
        func x(_ date: Date) -> Int { Self.left + Int((date.timeIntervalSince(start) / span * Double(Self.plotWidth)).rounded()) }
        func y(_ amount: Decimal) -> Int { Self.top + Self.plotHeight - Int((Self.double(amount) / ceiling * Double(Self.plotHeight)).rounded()) }

        var steps: [TemplateValue] = []
        for (index, state) in states.enumerated() {
            let from = x(state.at)
            let to = index + 1 < states.count ? x(states[index + 1].at) : x(last)
            var price = "M\(from) \(y(state.price)) H\(to)"
            var sale = "M\(from) \(y(state.salePrice)) H\(to)"
            if index > 0 {
                let before = states[index - 1]
                price = "M\(from) \(y(before.price)) V\(y(state.price)) H\(to)"
                sale = "M\(from) \(y(before.salePrice)) V\(y(state.salePrice)) H\(to)"
            }
            var values: TemplateObject = ["pricePath": .string(price), "salePath": .string(sale)]
            if state.source == .elsewhere, let after = state.seenAfter {
                let bandStart = x(after)
                values["uncertain"] = [
                    "x": TemplateValue(bandStart), "y": TemplateValue(Self.top),
                    "width": TemplateValue(max(1, from - bandStart)), "height": TemplateValue(Self.plotHeight),
                ]
            }
            steps.append(.object(values))
        }

        let amountTicks: [TemplateValue] = (0...tickCount).map { index in
            let amount = Decimal(index) * step
            let level = y(amount)
            return [
                "y": TemplateValue(level), "textY": TemplateValue(level + 4), "x": TemplateValue(Self.left - 6),
                "text": .string(wording.price(amount, currency: currency)),
            ]
        }
        let withClock = span < 2 * 86_400
        let timeTicks: [TemplateValue] = [(start, "start", Self.left), (last, "end", Self.left + Self.plotWidth)].map { date, anchor, position in
            [
                "x": TemplateValue(position), "anchor": .string(anchor),
                "text": .string(dateLabel(date, withClock: withClock)),
            ]
        }
        return [
            "title": .string(title),
            "width": TemplateValue(Self.width),
            "height": TemplateValue(Self.height),
            "plotLeft": TemplateValue(Self.left),
            "plotRight": TemplateValue(Self.left + Self.plotWidth),
            "plotTop": TemplateValue(Self.top),
            "plotBottom": TemplateValue(Self.top + Self.plotHeight),
            "timeY": TemplateValue(Self.top + Self.plotHeight + 20),
            "steps": .list(steps),
            "hasUncertain": .bool(states.contains { $0.source == .elsewhere && $0.seenAfter != nil }),
            "amountTicks": .list(amountTicks),
            "timeTicks": .list(timeTicks),
        ]
    }

    /// A day, with the time of day when the chart spans less than two days.
    func dateLabel(_ date: Date, withClock: Bool) -> String {
        let day = wording.day(LocalTime.isoDay(date, zone: zone)[...])
        return withClock ? "\(day) \(LocalTime.clock(date, zone: zone))" : day
    }

    /// The smallest of 1, 2 or 5 times a power of ten that is at least `rough`, exact as a
    /// decimal so the axis reads "KRW 5,000", not a sum of binary fractions.
    static func niceStep(_ rough: Double) -> Decimal {
        guard rough > 0, rough.isFinite else { return 1 }
        let exponent = Int(log10(rough).rounded(.down))
        let magnitude = pow(10, Double(exponent))
        let factor = [1, 2, 5].first { Double($0) * magnitude >= rough } ?? 10
        return Decimal(sign: .plus, exponent: exponent, significand: Decimal(factor))
    }

    static func double(_ amount: Decimal) -> Double {
        NSDecimalNumber(decimal: amount).doubleValue
    }
}
