import DashboardEngine
import Foundation
import HTTPServer

/// The state of a history page a person is looking at: `page`, `per_page`, `product` (one
/// product's history) and `by` (the entries one account made). Unusable values fall back to
/// their defaults.
struct HistoryQuery: Sendable, Equatable {
    var page = 1
    var perPage = Self.defaultPageSize
    var product: Int?
    /// Only the entries this account made (names compared without case). A name no account
    /// could have is kept as given: it matches no entry, and the page shows its empty state.
    var by: AccountName?

    static let pageSizes = [20, 50, 100]
    static let defaultPageSize = 20

    init(page: Int = 1, perPage: Int = defaultPageSize, product: Int? = nil, by: AccountName? = nil) {
        self.page = page
        self.perPage = perPage
        self.product = product
        self.by = by
    }

    init(_ request: HTTPRequest) {
        for item in request.queryItems {
            switch item.name {
            case "page": page = Int(item.value).flatMap { (1...1_000_000).contains($0) ? $0 : nil } ?? 1
            case "per_page": perPage = Int(item.value).flatMap { Self.pageSizes.contains($0) ? $0 : nil } ?? Self.defaultPageSize
            case "product": product = Int(item.value).flatMap { $0 > 0 ? $0 : nil }
            case "by": by = Self.account(item.value)
            default: continue
            }
        }
    }

    /// Where the page's rows start in the journal.
    var offset: Int { (page - 1) * perPage }

    /// `/history?product=5&by=Mina&page=2`: the defaults left out.
    var path: String { Self.path("/history", filters + pageItems) }

    /// `/history.csv` with this page's filters (every entry they keep, not one page).
    var csvPath: String { Self.path("/history.csv", filters) }

    /// `product` and `by`, as a query carries them.
    private var filters: [String] {
        var items: [String] = []
        if let product { items.append("product=\(product)") }
        if let by { items.append("by=" + URLEncodedForm.encode(by.text)) }
        return items
    }

    private var pageItems: [String] {
        var items: [String] = []
        if page != 1 { items.append("page=\(page)") }
        if perPage != Self.defaultPageSize { items.append("per_page=\(perPage)") }
        return items
    }

    private static func path(_ base: String, _ items: [String]) -> String {
        items.isEmpty ? base : base + "?" + items.joined(separator: "&")
    }

    /// The account `by=` names: nil for an empty value; a name no account could have (too
    /// long, a control character) as given, so that it matches nothing.
    private static func account(_ value: String) -> AccountName? {
        if value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return nil }
        return (try? AccountName(value)) ?? AccountName(stored: String(value.prefix(AccountName.maximumCharacters * 4)))
    }

    func with(page: Int) -> HistoryQuery {
        var copy = self
        copy.page = page
        return copy
    }

    /// The first page of this query's entries made by `by` (anyone: nil).
    func with(by: AccountName?) -> HistoryQuery {
        var copy = self
        copy.by = by
        copy.page = 1
        return copy
    }
}
