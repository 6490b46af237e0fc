import Foundation
import HTTPServer

/// One start tag read from a page: its name and attributes, values unescaped.
struct HTMLTag: Sendable {
    var name: String
    var attributes: [String: String]

    subscript(_ attribute: String) -> String? { attributes[attribute] }
}

/// A link split into its path and query items (percent-decoded, `+` as space).
struct PageLink: Sendable, Equatable {
    var path: String
    var query: [String: String]

    init(_ href: String) {
        let parts = href.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        path = String(parts.first ?? "")
        query = [:]
        if parts.count > 1 {
            for field in URLEncodedForm.parse(Array(parts[1].utf8)) { query[field.name] = field.value }
        }
    }
}

/// Just enough HTML reading for page tests. Our templates quote every attribute with `"` and
/// escape every value, so a start tag ends at the first `>` after its name.
enum HTMLScan {
    /// Every `<name …>` start tag, in document order.
    static func tags(_ name: String, in html: some StringProtocol) -> [HTMLTag] {
        var tags: [HTMLTag] = []
        var rest = Substring(html)
        while let open = rest.range(of: "<" + name) {
            rest = rest[open.upperBound...]
            guard let next = rest.unicodeScalars.first, next == " " || next == ">" || next == "/" || next == "\n",
                let close = rest.firstIndex(of: ">")
            else { continue }
            tags.append(HTMLTag(name: name, attributes: attributes(rest[..<close])))
            rest = rest[close...]
        }
        return tags
    }

    /// The `href` of every link, unescaped.
    static func hrefs(in html: some StringProtocol) -> [String] {
        tags("a", in: html).compactMap { $0["href"] }
    }

    /// Each piece of `html` from a `start` to the next `end` (both included), e.g. the
    /// `<li class="product` blocks of a list page.
    static func blocks(in html: some StringProtocol, from start: String, to end: String) -> [Substring] {
        var blocks: [Substring] = []
        let whole = Substring(html)
        var rest = whole
        while let open = rest.range(of: start), let close = rest[open.upperBound...].range(of: end) {
            blocks.append(whole[open.lowerBound..<close.upperBound])
            rest = rest[close.upperBound...]
        }
        return blocks
    }

    /// The first block from `start` to the next `end`, both included (so start from a whole
    /// tag, `<dd data-x="y">`, not from its middle), or an empty string.
    static func block(in html: some StringProtocol, from start: String, to end: String) -> Substring {
        blocks(in: html, from: start, to: end).first ?? ""
    }

    /// The text of `html` with tags removed and entities decoded, spaces collapsed.
    static func text(_ html: some StringProtocol) -> String {
        var out = ""
        var inTag = false
        for scalar in html.unicodeScalars {
            if scalar == "<" { inTag = true } else if scalar == ">" { inTag = false; out.append(" ") } else if !inTag {
                out.unicodeScalars.append(scalar)
            }
        }
        let words = unescape(out).split(whereSeparator: { $0.isWhitespace })
        return words.joined(separator: " ")
    }

    /// Decodes the entities our escaper writes.
    static func unescape(_ text: some StringProtocol) -> String {
        String(text)
            .replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"")
            .replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    /// `name="value"` and bare `name` attributes of a start tag's inside.
    private static func attributes(_ inside: Substring) -> [String: String] {
        var attributes: [String: String] = [:]
        for match in inside.matches(of: /([A-Za-z_:][-A-Za-z0-9_:.]*)(?:="([^"]*)")?/) {
            attributes[String(match.output.1)] = match.output.2.map { unescape($0) } ?? ""
        }
        return attributes
    }
}

extension TestResponse {
    /// The products of a list page in the order shown: each id (from the product's link) and
    /// its `<li class="product …">` block.
    var products: [(id: Int, block: String)] {
        HTMLScan.blocks(in: text, from: "<li class=\"product", to: "</li>").compactMap { block in
            guard let href = HTMLScan.tags("a", in: block).first(where: { $0["class"] == "product-link" })?["href"],
                let id = PageLink(href).path.split(separator: "/").last.flatMap({ Int($0) })
            else { return nil }
            return (id, String(block))
        }
    }

    var productIDs: [Int] { products.map(\.id) }

    /// The product block of `id` on a list page, or an empty string.
    func productBlock(_ id: Int) -> String {
        products.first { $0.id == id }?.block ?? ""
    }
}
