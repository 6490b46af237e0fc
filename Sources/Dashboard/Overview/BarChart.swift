import Templating

/// A horizontal bar chart as the template context of `overview/bar-chart`: inline SVG whose
/// geometry is computed here (whole numbers of SVG units), with the same numbers in a table.
/// Every label reaches the page through the template, escaped like any other value.
struct BarChart {
    struct Bar {
        var label: String
        var value: Int
        var valueText: String
        /// What the drawing shows when the label is too long for it (nil: the label, cut).
        var shortLabel: String?
    }

    /// Also the chart's accessible name (`aria-label` and `<title>`) and the table's caption.
    var title: String
    var labelHeading: String
    var valueHeading: String
    var bars: [Bar]

    static let width = 640
    static let labelWidth = 220
    static let barArea = 330
    static let rowHeight = 28
    static let barHeight = 18
    /// Longer labels are cut in the drawing (the table beside shows them whole).
    static let maxLabelLength = 28

    var context: TemplateValue {
        let largest = bars.map(\.value).max() ?? 0
        let rows: [TemplateValue] = bars.enumerated().map { index, bar in
            let top = index * Self.rowHeight + 4
            let length = largest > 0 ? Int(Double(max(0, bar.value)) / Double(largest) * Double(Self.barArea)) : 0
            return [
                "label": .string(bar.label),
                "shortLabel": .string(Self.shorten(bar.shortLabel ?? bar.label)),
                "valueText": .string(bar.valueText),
                "y": TemplateValue(top),
                "textY": TemplateValue(top + Self.barHeight - 4),
                "barX": TemplateValue(Self.labelWidth),
                "barWidth": TemplateValue(max(length, bar.value > 0 ? 1 : 0)),
                "barHeight": TemplateValue(Self.barHeight),
                "valueX": TemplateValue(Self.labelWidth + length + 6),
            ]
        }
        return [
            "title": .string(title),
            "labelHeading": .string(labelHeading),
            "valueHeading": .string(valueHeading),
            "width": TemplateValue(Self.width),
            "height": TemplateValue(max(1, bars.count) * Self.rowHeight + 8),
            "bars": .list(rows),
        ]
    }

    static func shorten(_ label: String) -> String {
        label.count > maxLabelLength ? String(label.prefix(maxLabelLength - 1)) + "…" : label
    }
}
