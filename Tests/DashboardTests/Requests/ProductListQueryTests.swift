import HTTPServer
import Testing

@testable import Dashboard

@Suite struct ProductListQueryTests {
    func query(_ target: String) -> ProductListQuery {
        ProductListQuery(HTTPRequest(method: .get, target: target))
    }

    @Test func noParameters_giveTheDefaults() {
        let q = query("/products")
        #expect(q == ProductListQuery(view: .list, page: 1, perPage: 20, search: ""))
        #expect(q.listPath == "/products")
    }

    @Test func validParameters_areRead() {
        let q = query("/products?view=grid&page=3&per_page=50&q=%EC%97%90%EC%96%B4%ED%8C%9F+3")
        #expect(q == ProductListQuery(view: .grid, page: 3, perPage: 50, search: "에어팟 3"))
    }

    @Test(arguments: [
        "/products?view=gallery", "/products?page=0", "/products?page=-2", "/products?page=abc",
        "/products?page=99999999999999999999", "/products?per_page=7", "/products?per_page=",
        "/products?view=&page=&per_page=&q=",
    ])
    func invalidValues_fallBackToDefaults(_ target: String) {
        #expect(query(target) == ProductListQuery())
    }

    /// The price filters read amounts as the forms and the sheet do: "1,000" is 1000; a KRW
    /// bound is whole won, a USD bound has at most two decimals, and none is below 0.
    @Test func priceBounds_readAmountsAsTheSheetDoes() {
        let grouped = query("/products?currency=KRW&min_price=1%2C000&max_price=300%2C000")
        #expect(grouped.minPrice == 1000 && grouped.maxPrice == 300_000 && grouped.ignored.isEmpty)
        #expect(grouped.orderAndFilterFields.map(\.value) == ["KRW", "1000", "300000"], "links carry the plain amount")
        #expect(query("/products?currency=USD&min_price=12.50").minPrice == 12.5)
        #expect(query("/products?currency=KRW&min_price=10.5").ignored == [.init(name: "min_price", code: .tooManyDecimals(.krw))])
        #expect(query("/products?currency=USD&min_price=1.234").ignored == [.init(name: "min_price", code: .tooManyDecimals(.usd))])
        #expect(query("/products?currency=KRW&min_price=-5").ignored == [.init(name: "min_price", code: .negative)])
        #expect(query("/products?currency=USD&min_price=abc").ignored == [.init(name: "min_price", code: .notANumber(.usd))])
        let reversed = query("/products?currency=KRW&min_price=50%2C000&max_price=1%2C000")
        #expect(reversed.minPrice == 50_000 && reversed.maxPrice == nil)
        #expect(reversed.ignored == [.init(name: "max_price", code: .belowMinimum(.krw, low: 50_000, high: 1_000))])
    }

    @Test func searchText_isTrimmedAndBounded() {
        let long = String(repeating: "a", count: 500)
        #expect(query("/products?q=%20%20mug%20").search == "mug")
        #expect(query("/products?q=\(long)").search.count == ProductListQuery.maxSearchLength)
    }

    @Test func links_keepEveryOtherParameter() {
        let q = ProductListQuery(view: .grid, page: 3, perPage: 50, search: "a&b c")
        #expect(q.listPath == "/products?view=grid&page=3&per_page=50&q=a%26b+c")
        #expect(q.with(view: .list).listPath == "/products?page=3&per_page=50&q=a%26b+c")
        #expect(q.with(page: 4).listPath == "/products?view=grid&page=4&per_page=50&q=a%26b+c")
        #expect(q.productPath(12) == "/products/12?view=grid&page=3&per_page=50&q=a%26b+c")
    }

    @Test func changingThePageSize_startsAtPageOne() {
        let q = ProductListQuery(view: .grid, page: 3, perPage: 20)
        #expect(q.with(perPage: 100).listPath == "/products?view=grid&per_page=100")
    }

    @Test func linksRoundTrip_throughTheParser() {
        let q = ProductListQuery(view: .grid, page: 7, perPage: 10, search: "<script>\"'&=?#")
        #expect(query(q.listPath) == q)
    }
}

extension ProductListQueryTests {
    @Test func controlCharactersInTheSearch_areDropped() {
        #expect(query("/products?q=mu%00g%1B%0A").search == "mug")
    }
}

/// Repeated names and broken escapes are read as the loop over the pairs reads them: in order,
/// the last occurrence of a name deciding (an unusable one gives the default).
extension ProductListQueryTests {
    @Test func aRepeatedName_theLastOneDecides() {
        #expect(query("/products?page=2&page=3").page == 3)
        #expect(query("/products?page=3&page=abc").page == 1)
        #expect(query("/products?view=grid&view=list").view == .list)
        #expect(query("/products?q=tea&q=").search == "")
    }

    @Test func brokenEscapes_areKeptAsSent() {
        #expect(query("/products?page=%zz") == ProductListQuery())
        #expect(query("/products?q=100%25+%zz").search == "100% %zz")
        #expect(query("/products?%70age=2").page == 2, "an encoded name is read decoded")
    }

    /// 500 parameters, most of them unknown or broken, around the few the list reads.
    @Test func fiveHundredParameters_readLikeTheFewThatMatter() {
        var pairs = ["view=grid"]
        for index in 0..<497 { pairs.append(index % 3 == 0 ? "page=%zz" : index % 3 == 1 ? "utm\(index)=%%x" : "%zz\(index)=1") }
        pairs += ["per_page=50", "page=4"]
        #expect(pairs.count == 500)
        #expect(query("/products?" + pairs.joined(separator: "&")) == ProductListQuery(view: .grid, page: 4, perPage: 50))
        #expect(query("/products?" + pairs.dropLast().joined(separator: "&")) == ProductListQuery(view: .grid, page: 1, perPage: 50))
    }
}
