import Testing

@testable import Dashboard

@Suite struct PaginationTests {
    func render(_ p: Pagination) -> String {
        p.items.map { item in
            switch item {
            case .gap: "…"
            case .page(let n): n == p.current ? "[\(n)]" : "\(n)"
            }
        }.joined(separator: " ")
    }

    @Test func onePage_showsJustIt() {
        #expect(render(Pagination(current: 1, lastPage: 1)) == "[1]")
    }

    @Test func fewPages_showEveryPage() {
        #expect(render(Pagination(current: 3, lastPage: 6)) == "1 2 [3] 4 5 6")
    }

    @Test func manyPages_useEllipsesAroundAWindow() {
        #expect(render(Pagination(current: 10, lastPage: 20)) == "1 … 8 9 [10] 11 12 … 20")
        #expect(render(Pagination(current: 1, lastPage: 20)) == "[1] 2 3 … 20")
        #expect(render(Pagination(current: 20, lastPage: 20)) == "1 … 18 19 [20]")
    }

    @Test func aGapOfOnePage_showsThePageInsteadOfAnEllipsis() {
        #expect(render(Pagination(current: 5, lastPage: 20)) == "1 2 3 4 [5] 6 7 … 20")
    }

    @Test func previousAndNext() {
        #expect(!Pagination(current: 1, lastPage: 3).hasPrevious)
        #expect(Pagination(current: 1, lastPage: 3).hasNext)
        #expect(Pagination(current: 3, lastPage: 3).hasPrevious)
        #expect(!Pagination(current: 3, lastPage: 3).hasNext)
    }
}
