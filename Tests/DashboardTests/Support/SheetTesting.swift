import Foundation
import Testing

/// One cell of the sheet as the tests read it: its input's value, accessible name and the
/// hidden value the sheet showed.
struct ShownSheetCell: Sendable, Equatable {
    var value: String
    var label: String
    var shown: String
    /// The id of the message beside it (`aria-describedby`), when it has a problem.
    var describedBy: String?
}

/// Reading and posting `/products/sheet` as a browser does.
enum SheetTesting {
    static let fields = ["name", "price", "discounted_price", "stock"]

    /// The sheet's rows in order: each product's id and its cells by field.
    static func rows(_ html: String) -> [(id: Int, cells: [String: ShownSheetCell])] {
        let form = HTMLScan.block(in: html, from: "<form id=\"sheet\"", to: "</form>")
        let body = HTMLScan.block(in: form, from: "<tbody>", to: "</tbody>")
        return HTMLScan.blocks(in: body, from: "<tr", to: "</tr>").compactMap { block in
            guard let id = HTMLScan.tags("tr", in: block).first?["data-product-id"].flatMap({ Int($0) }) else { return nil }
            let inputs = HTMLScan.tags("input", in: block)
            var cells: [String: ShownSheetCell] = [:]
            for field in fields {
                let name = "\(field).\(id)"
                guard let input = inputs.first(where: { $0["name"] == name }) else { continue }
                let shown = inputs.first { $0["name"] == "was.\(name)" }?["value"] ?? "(no was. field)"
                cells[field] = ShownSheetCell(
                    value: input["value"] ?? "", label: input["aria-label"] ?? "", shown: shown, describedBy: input["aria-describedby"])
            }
            return (id, cells)
        }
    }

    /// The fields a browser sends from the sheet on `page` (its tokens left to `FormSession`,
    /// disabled inputs left out), with `edits` (`"price.12": "9000"`) typed over them.
    static func form(_ page: TestResponse, _ edits: [String: String] = [:]) -> [(String, String)] {
        let form = HTMLScan.block(in: page.text, from: "<form id=\"sheet\"", to: "</form>")
        var seen = Set<String>()
        var fields: [(String, String)] = []
        for input in HTMLScan.tags("input", in: form) {
            guard let name = input["name"], name != "csrf_token", name != "form_token" else { continue }
            seen.insert(name)
            guard input["disabled"] == nil else { continue }
            fields.append((name, edits[name] ?? input["value"] ?? ""))
        }
        for (name, value) in edits.sorted(by: { $0.key < $1.key }) where !seen.contains(name) { fields.append((name, value)) }
        return fields
    }

    /// Posts the sheet as a browser does (urlencoded, the session's cookie and tokens).
    static func post(_ session: FormSession, _ fields: [(String, String)], query: String = "") async throws -> TestResponse {
        try await session.postURLEncoded("/products/sheet" + query, fields)
    }

    /// The own products on `page` of the market's list (newest first), as the market holds them.
    static func ownProducts(_ harness: DashboardHarness, page: Int = 1, perPage: Int = 20, vendor: Int) async throws -> [[String: Any]] {
        let json = try await harness.marketJSON("/api/products?page_no=\(page)&items_per_page=\(perPage)")
        return (json["pages"] as? [[String: Any]] ?? []).filter { $0["vendor_id"] as? Int == vendor }
    }

    /// A number from the market's JSON.
    static func number(_ value: Any?) -> Double? { (value as? NSNumber)?.doubleValue }

    /// The sheet batches `/batches` lists.
    static func sheetBatches(_ session: FormSession) async throws -> [HTMLTag] {
        let list = try await session.get("/batches?lang=en")
        return HTMLScan.blocks(in: list.text, from: "<li data-batch-id", to: "</li>")
            .filter { HTMLScan.text($0).hasPrefix("Batch") && HTMLScan.text($0).contains("Sheet edits") }
            .compactMap { HTMLScan.tags("li", in: $0).first }
    }
}
