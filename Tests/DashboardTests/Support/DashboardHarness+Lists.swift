import Foundation
import HTTPServer
import Testing

@testable import Dashboard
import DashboardEngine

/// What a list shows over all its pages.
struct WalkedList: Sendable {
    var ids: [Int] = []
    var pages: [TestResponse] = []
    /// Each product's `<li>` block (a table's `<tr>`), by id.
    var blocks: [Int: String] = [:]
}

extension DashboardHarness {
    /// Every page of the list (or table) at `path`, following each page's `rel="next"` link (so a link that
    /// lost a parameter shows up as the wrong products).
    func walkList(_ path: String, headers: [String: String] = [:], sourceLocation: SourceLocation = #_sourceLocation) async throws -> WalkedList {
        var walked = WalkedList()
        var next: String? = path
        while let target = next {
            let page = try await get(target, headers: headers)
            try #require(
                page.status == 200,
                "\(target) answered \(page.status): \(HTMLScan.text(HTMLScan.block(in: page.text, from: "<main", to: "</main>")).prefix(300))",
                sourceLocation: sourceLocation)
            walked.pages.append(page)
            // Plain string search, not `HTMLScan` (whose attribute regex costs milliseconds a
            // tag in a debug build, and these pages have hundreds).
            let html = page.text
            for piece in html.components(separatedBy: "<li class=\"product").dropFirst() {
                let block = piece.components(separatedBy: "</li>").first ?? ""
                guard let link = block.range(of: "class=\"product-link\" href=\"/products/"),
                    let id = Int(block[link.upperBound...].prefix { $0.isNumber })
                else { continue }
                walked.ids.append(id)
                walked.blocks[id] = block
            }
            // The table view's rows.
            for piece in html.components(separatedBy: "<tr data-product-id=\"").dropFirst() {
                guard let id = Int(piece.prefix { $0.isNumber }) else { continue }
                walked.ids.append(id)
                walked.blocks[id] = piece.components(separatedBy: "</tr>").first ?? ""
            }
            next = html.range(of: "<a rel=\"next\" href=\"").map { start in
                HTMLScan.unescape(html[start.upperBound...].prefix { $0 != "\"" })
            }
            try #require(walked.pages.count <= 100, "\(path) has no last page", sourceLocation: sourceLocation)
        }
        return walked
    }

    /// The ids of a CSV export, in its order.
    func csvIDs(_ path: String) async throws -> [Int] {
        let (status, _, body) = try await fetch(path)
        try #require(status == 200, "\(path) answered \(status)")
        // The CSV starts with UTF-8's byte order mark, for spreadsheets.
        try #require(body.starts(with: [0xEF, 0xBB, 0xBF]), "\(path) starts without a byte order mark")
        let lines = String(decoding: body.dropFirst(3), as: UTF8.self)
            .components(separatedBy: "\r\n").dropFirst().filter { !$0.isEmpty }
        return lines.compactMap { line in Int(line.prefix { $0 != "," }) }
    }
}

extension ScriptedMarket {
    /// The products the market holds now, in the test's terms.
    var matrixProducts: [MatrixProduct] {
        state.withLock { Array($0.products.values) }.compactMap(MatrixProduct.init)
    }
}

/// How a snapshot list's count line ends: "of 12 matches (60 products in all)" when a search
/// or filter narrows the list, "of 60" when it does not.
func matchCount(_ matches: Int, of total: Int) -> String {
    let g = NumberText.grouped
    return matches < total ? "of \(g(matches)) \(matches == 1 ? "match" : "matches") (\(g(total)) products in all)" : "of \(g(total))"
}

/// The text of a list page's count line (`p.summary`).
func countLine(_ html: String) -> String {
    HTMLScan.text(HTMLScan.block(in: html, from: "<p class=\"summary\"", to: "</p>"))
}
