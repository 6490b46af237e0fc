/// One page of the product list: the envelope and its products.
///
/// Accepts the current camelCase envelope (`pageNo`, `itemsPerPage`, `totalCount`, `offset`,
/// `limit`, `lastPage`, `hasNext`, `hasPrev`, `pages`) and the older snake_case one (`page_no`,
/// `items_per_page`, `total_count`, `last_page`, `has_next`, `has_prev`). Fields a generation
/// left out are computed from the rest with the API's own rules. The products are cleaned the
/// way a careful client must: malformed items skipped, duplicates (by `id`) dropped keeping the
/// first, then trimmed to `itemsPerPage` (one real capture sent more than asked for).
public struct ProductPageEnvelope: Sendable, Hashable, Codable {
    /// Starts at 1.
    public var pageNumber: Int
    public var itemsPerPage: Int
    public var totalCount: Int
    /// `(pageNumber - 1) * itemsPerPage`.
    public var offset: Int
    /// `offset + itemsPerPage`: an end index, not a count (the API's quirk, kept as sent).
    public var limit: Int
    /// `ceil(totalCount / itemsPerPage)`; 0 when there is nothing at all.
    public var lastPage: Int
    public var hasNext: Bool
    public var hasPrevious: Bool
    /// Newest first, as the server orders them.
    public var products: [ProductSummary]

    /// A page with the derived fields computed by the API's rules; `products` are cleaned.
    /// The arithmetic saturates at `Int.max` instead of trapping: the numbers may come from the
    /// network, and a page claiming 9223372036854775807 products must not end the process.
    public init(pageNumber: Int, itemsPerPage: Int, totalCount: Int, products: [ProductSummary]) {
        let perPage = max(itemsPerPage, 0)
        let last = perPage > 0 ? Self.ceilingDivision(max(totalCount, 0), perPage) : 0
        let offset = Self.saturatingProduct(max(pageNumber, 1) - 1, perPage)
        self.init(
            pageNumber: pageNumber, itemsPerPage: itemsPerPage, totalCount: totalCount,
            offset: offset, limit: Self.saturatingSum(offset, perPage),
            lastPage: last, hasNext: pageNumber < last, hasPrevious: pageNumber > 1, products: products)
    }

    public init(
        pageNumber: Int, itemsPerPage: Int, totalCount: Int, offset: Int, limit: Int, lastPage: Int,
        hasNext: Bool, hasPrevious: Bool, products: [ProductSummary]
    ) {
        self.pageNumber = pageNumber
        self.itemsPerPage = itemsPerPage
        self.totalCount = totalCount
        self.offset = offset
        self.limit = limit
        self.lastPage = lastPage
        self.hasNext = hasNext
        self.hasPrevious = hasPrevious
        self.products = Self.clean(products, pageSize: itemsPerPage)
    }

    /// De-duplicates by id keeping the first, then trims to the page size (when it is positive).
    static func clean(_ products: [ProductSummary], pageSize: Int) -> [ProductSummary] {
        let unique = products.uniqued(by: \.id)
        return pageSize > 0 ? Array(unique.prefix(pageSize)) : unique
    }

    enum CodingKeys: String, CodingKey {
        case pageNumber = "pageNo"
        case itemsPerPage, totalCount, offset, limit, lastPage, hasNext
        case hasPrevious = "hasPrev"
        case products = "pages"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: AnyCodingKey.self)
        let pageNumber = try c.required(Int.self, "pageNo", "page_no")
        let itemsPerPage = try c.required(Int.self, "itemsPerPage", "items_per_page")
        let items = try c.required([Lossy<ProductSummary>].self, "pages").compactMap(\.value)
        let totalCount = try c.value(Int.self, "totalCount", "total_count") ?? items.count
        let lastPage = try c.value(Int.self, "lastPage", "last_page")
        // The numbers the dashboard computes with must be in the API's range; anything else is
        // a malformed answer (shown as an upstream error), never a page built on nonsense.
        // `offset` and `limit` are kept as sent: nothing computes with them.
        try Self.check(pageNumber >= 1, "pageNo", in: c)
        try Self.check(itemsPerPage >= 1, "itemsPerPage", in: c)
        try Self.check(totalCount >= 0, "totalCount", in: c)
        try Self.check((lastPage ?? 0) >= 0, "lastPage", in: c)
        let computed = ProductPageEnvelope(
            pageNumber: pageNumber, itemsPerPage: itemsPerPage, totalCount: totalCount, products: items)
        self.init(
            pageNumber: pageNumber, itemsPerPage: itemsPerPage, totalCount: totalCount,
            offset: try c.value(Int.self, "offset") ?? computed.offset,
            limit: try c.value(Int.self, "limit") ?? computed.limit,
            lastPage: lastPage ?? computed.lastPage,
            hasNext: try c.value(Bool.self, "hasNext", "has_next") ?? computed.hasNext,
            hasPrevious: try c.value(Bool.self, "hasPrev", "has_prev") ?? computed.hasPrevious,
            products: items)
    }

    private static func check(
        _ inRange: Bool, _ field: String, in container: KeyedDecodingContainer<AnyCodingKey>
    ) throws {
        guard !inRange else { return }
        throw DecodingError.dataCorrupted(.init(
            codingPath: container.codingPath + [AnyCodingKey(field)], debugDescription: "\(field) is out of range."))
    }

    /// `ceil(dividend / divisor)` for a non-negative dividend and a positive divisor, without
    /// the `dividend + divisor - 1` that overflows near `Int.max`.
    static func ceilingDivision(_ dividend: Int, _ divisor: Int) -> Int {
        let (quotient, remainder) = dividend.quotientAndRemainder(dividingBy: divisor)
        return remainder > 0 ? quotient + 1 : quotient
    }

    static func saturatingProduct(_ a: Int, _ b: Int) -> Int {
        let (product, overflow) = a.multipliedReportingOverflow(by: b)
        return overflow ? (a < 0) != (b < 0) ? Int.min : Int.max : product
    }

    static func saturatingSum(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? b < 0 ? Int.min : Int.max : sum
    }

    /// Encodes the current (camelCase) envelope.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(pageNumber, forKey: .pageNumber)
        try c.encode(itemsPerPage, forKey: .itemsPerPage)
        try c.encode(totalCount, forKey: .totalCount)
        try c.encode(offset, forKey: .offset)
        try c.encode(limit, forKey: .limit)
        try c.encode(lastPage, forKey: .lastPage)
        try c.encode(hasNext, forKey: .hasNext)
        try c.encode(hasPrevious, forKey: .hasPrevious)
        try c.encode(products, forKey: .products)
    }
}
