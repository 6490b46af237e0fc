/// The numbered links of a paged list: first, last, a window around the current page, and
/// gaps shown as an ellipsis (`1 … 4 5 [6] 7 8 … 20`).
struct Pagination: Sendable, Equatable {
    enum Item: Sendable, Equatable {
        case page(Int)
        case gap
    }

    let current: Int
    let lastPage: Int
    let items: [Item]

    /// - Parameter radius: how many pages on each side of the current one are listed.
    init(current: Int, lastPage: Int, radius: Int = 2) {
        let last = max(1, lastPage)
        self.current = min(max(1, current), last)
        self.lastPage = last
        var pages: [Int] = [1]
        let low = max(2, self.current - radius)
        // `current` can be as large as `lastPage`, a number from the market: no `+` that traps.
        let (ahead, overflow) = self.current.addingReportingOverflow(radius)
        let high = min(last - 1, overflow ? Int.max : ahead)
        if low <= high { pages.append(contentsOf: low...high) }
        if last > 1 { pages.append(last) }
        var items: [Item] = []
        var previous = 0
        for page in pages {
            if page - previous == 2 {
                items.append(.page(previous + 1))  // a gap of one page: show the page, not "…"
            } else if page - previous > 2 {
                items.append(.gap)
            }
            items.append(.page(page))
            previous = page
        }
        self.items = items
    }

    var hasPrevious: Bool { current > 1 }
    var hasNext: Bool { current < lastPage }
}
