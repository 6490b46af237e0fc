import DashboardEngine
import Foundation
import Templating

/// The view model of `/products/prices/import` (`prices/import`): the upload form with what
/// each column holds, and, after a post, the file's problem, or the preview of every line
/// (`<tr data-row data-product-id data-status data-reason>`) with its summary and the **Add**
/// button, or what an Add did.
struct PastPriceImportPage {
    var language: Language
    var zone: TimeZone
    var now: Date
    var csrfToken: String
    var problem: String?
    /// The preview's lines, when a file was read.
    var lines: [PastPriceLine]?
    /// The token the Add button carries (nil: nothing to add).
    var addToken: String?
    /// What an Add did.
    var added: PastPriceStash.Added?

    var context: TemplateObject {
        let wording = Wording(language)
        let title = wording[.pastPricesTitle]
        var values: TemplateObject = [
            "title": .string(problem == nil ? title : wording.errorTitle(title)),
            "csrfToken": .string(csrfToken),
            "columns": .list(ImportedPriceCSV.Column.allCases.map { column in
                [
                    "name": .string(column.rawValue),
                    "otherNames": .list(column.names.dropFirst().map { .string($0) }),
                    "text": .string(wording.pastPriceColumnMeaning(column)),
                ]
            }),
            "zone": ["name": .string(zone.identifier), "label": .string(LocalTime.zoneLabel(zone, at: now))],
            "limits": .string(wording.pastPriceLimits(rows: PastPriceImportPages.maxRows, csvBytes: ImportUpload.maxCSVBytes)),
        ]
        if let problem { values["problem"] = .string(problem) }
        if let lines { values["preview"] = preview(lines, wording) }
        if let added { values["added"] = result(added, wording) }
        return values
    }

    private func preview(_ lines: [PastPriceLine], _ wording: Wording) -> TemplateValue {
        let pending = lines.filter(\.willBeAdded).count
        var preview: TemplateObject = [
            "summary": [
                "text": .string(wording.pastPricesSummary(total: lines.count, pending: pending, refused: lines.count - pending)),
                "total": .string(String(lines.count)), "pending": .string(String(pending)),
                "invalid": .string(String(lines.count - pending)),
            ],
            "rows": .list(lines.map { row($0, wording) }),
        ]
        if let addToken, pending > 0 {
            preview["add"] = ["token": .string(addToken), "label": .string(wording.pastPricesAddButton(pending))]
        } else {
            preview["nothingToAdd"] = .bool(true)
        }
        return .object(preview)
    }

    private func row(_ line: PastPriceLine, _ wording: Wording) -> TemplateValue {
        var row: TemplateObject = [
            "line": .string(String(line.line)),
            "status": .string(line.willBeAdded ? "pending" : "invalid"),
            "statusText": .string(wording[line.willBeAdded ? .pastPricesWillBeAdded : .pastPricesRefused]),
            "problems": .list(line.problems.map { .string(wording.pastPriceProblem($0, zone: zone)) }),
            "price": .string(line.cells.price),
            "discount": .string(line.cells.discount),
        ]
        if let id = line.productID {
            row["productID"] = .string(String(id))
            row["product"] = .string(line.productName ?? wording.pastPriceProduct(id))
            if line.productName != nil { row["href"] = .string("/products/\(id)/prices") }
        } else {
            row["product"] = .string(line.cells.id)
        }
        if let reason = line.problems.first { row["reason"] = .string(reason.code) }
        if let record = line.record {
            row["at"] = .string(LocalTime.machineReadable(record.at, zone: zone))
            row["atText"] = .string(LocalTime.timestamp(record.at, zone: zone, wording))
            row["price"] = .string(wording.price(record.price, currency: record.currency.rawValue))
            row["discount"] = .string(wording.price(record.discount, currency: record.currency.rawValue))
            if line.repeatedTime {
                row["note"] = .string(wording.pastPriceRepeatedTime(LocalTime.timestamp(record.at, zone: zone, wording)))
            }
        } else {
            row["atText"] = .string(line.cells.at)
        }
        return .object(row)
    }

    private func result(_ added: PastPriceStash.Added, _ wording: Wording) -> TemplateValue {
        var counts: [Int: Int] = [:]
        var order: [Int] = []
        var names: [Int: String] = [:]
        for line in added.added {
            guard let id = line.productID else { continue }
            if counts[id] == nil { order.append(id) }
            counts[id, default: 0] += 1
            names[id] = line.productName
        }
        return [
            "text": .string(wording.pastPricesAdded(added.added.count, products: order.count)),
            "count": .string(String(added.added.count)),
            "hasProducts": .bool(!order.isEmpty),
            "products": .list(order.map { id in
                [
                    "text": .string(wording.pastPricesAddedOf(names[id] ?? wording.pastPriceProduct(id), id: id, count: counts[id] ?? 0)),
                    "href": .string("/products/\(id)/prices"), "productID": .string(String(id)),
                ]
            }),
            "refused": .list(added.refused.map { line in
                .string(wording.pastPriceRefusedSincePreview(
                    line: line.line, line.problems.first.map { wording.pastPriceProblem($0, zone: zone) } ?? ""))
            }),
        ]
    }
}
