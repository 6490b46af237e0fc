import Foundation
import HTTPServer

extension MarketRoutes {
    static let defaultItemsPerPage = 20
    /// Choices the real server does not document, made here and kept: `page_no` counts from 1
    /// and `items_per_page` from 1 to 1000; a value outside those, or not an integer, is a 400
    /// with a message (not silently clamped, so a client's paging bug shows). A page past the
    /// last one is a 200 with an empty `pages`.
    static let itemsPerPageRange = 1...1000
    static let pageNoRange = 1...10_000_000

    /// The page envelope: `pageNo, itemsPerPage, totalCount, offset, limit, lastPage, hasNext,
    /// hasPrev, pages`, where `limit = offset + itemsPerPage` (the real server's quirk: an end
    /// index, not a count) and `lastPage = ceil(totalCount / itemsPerPage)`. Newest id first;
    /// `search_value` keeps the products whose name contains it, ignoring case (`ProductSearch`).
    func list(_ request: HTTPRequest) throws(MarketRefusal) -> HTTPResponse {
        let pageNo = try Self.integerQuery(request, "page_no", default: 1, range: Self.pageNoRange)
        let itemsPerPage = try Self.integerQuery(
            request, "items_per_page", default: Self.defaultItemsPerPage, range: Self.itemsPerPageRange)
        let search = request.queryValue("search_value") ?? ""

        let offset = (pageNo - 1) * itemsPerPage
        let (totalCount, pageItems) = try store.page(search: search, offset: offset, limit: itemsPerPage)
        let lastPage = (totalCount + itemsPerPage - 1) / itemsPerPage

        let encoder = productJSON(for: request)
        var json = JSONWriter()
        json.beginObject()
        json.field("pageNo", pageNo)
        json.field("itemsPerPage", itemsPerPage)
        json.field("totalCount", totalCount)
        json.field("offset", offset)
        json.field("limit", offset + itemsPerPage)
        json.field("lastPage", lastPage)
        json.field("hasNext", pageNo < lastPage)
        json.field("hasPrev", pageNo > 1)
        json.key("pages")
        json.beginArray()
        for product in pageItems { encoder.writeListItem(product, to: &json) }
        json.endArray()
        json.endObject()
        return .json(json.bytes)
    }

    private static func integerQuery(
        _ request: HTTPRequest, _ name: String, default value: Int, range: ClosedRange<Int>
    ) throws(MarketRefusal) -> Int {
        guard let text = request.queryValue(name), !text.isEmpty else { return value }
        guard let number = Int(text) else { throw .badRequest("\(name) must be an integer, got \"\(text)\"") }
        guard range.contains(number) else {
            throw .badRequest("\(name) must be between \(range.lowerBound) and \(range.upperBound)")
        }
        return number
    }
}
