import HTTPParsing
import Testing

@testable import HTTPServer

/// A request's query is split once, on first use, and kept with the request; each reader then
/// decodes what it reads. Behaviour only: what the readers see, and that the split is shared.
@Suite("Server: a request's query")
struct RequestQueryTests {
    func request(_ target: String) -> HTTPRequest {
        HTTPRequest(method: .get, target: target)
    }

    /// The address of an array's storage: equal for two arrays sharing it.
    func storage<T>(_ array: [T]) -> UnsafeRawPointer? {
        array.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) }
    }

    @Test func theQueryIsSplitOnce_andCopiesOfTheRequestShareIt() {
        let request = request("/products?view=grid&page=2&q=tea")
        let copy = request
        let first = request.queryItems
        #expect(first.count == 3)
        #expect(storage(request.queryItems) == storage(first), "a second read returns the same items")
        #expect(storage(copy.queryItems) == storage(first), "a copy of the request reads the same items")
        #expect(storage(request.queryPairs.spans) == storage(copy.queryPairs.spans), "one split, shared")
        _ = request.queryValue("page")
        #expect(storage(request.queryPairs.spans) == storage(copy.queryPairs.spans))
    }

    @Test(arguments: [
        "", "a=1", "a=1&b=2&a=3", "a", "a&b=", "=x", "&&a=1&&", "a=%zz&b=%2&c=%", "%zz=1&%6Cang=ko",
        "q=a+b%2Bc&a+b=1", "x=%C3%A9%FF", "view=grid&page=1&per_page=20&q=&mine=0",
    ])
    func pairsAndValues_agreeWithTheDecodedItems(_ query: String) {
        let request = request("/p?" + query)
        let items = request.queryItems
        #expect(items == URLEncodedForm.parse(query))
        for item in items {
            #expect(request.queryValue(item.name) == items.first { $0.name == item.name }?.value, "\(query): \(item.name)")
        }
        #expect(request.queryValue("absent") == nil)
    }

    @Test func queryValue_readsDecodedNames_andTheFirstOfRepeatedOnes() {
        let request = request("/p?%6Cang=ko&lang=en&a+b=1&page=%zz&page=2")
        #expect(request.queryValue("lang") == "ko")
        #expect(request.queryValue("a b") == "1")
        #expect(request.queryValue("a+b") == nil)
        #expect(request.queryValue("page") == "%zz", "a broken escape is kept as sent")
    }

    /// 500 parameters in 8 KB, repeated names, broken escapes: every pair is there once, in order.
    @Test func aLongQuery_isSplitIntoEveryPair() {
        let pairs = (0..<500).map { index in index % 2 == 0 ? "page=%zz\(index)" : "x\(index)=%%%z\(index)" }
        let query = pairs.joined(separator: "&") + String(repeating: "&", count: 8192 - pairs.joined(separator: "&").utf8.count)
        #expect(query.utf8.count == 8192)
        let request = request("/p?" + query)
        #expect(request.queryPairs.count == 500)
        #expect(request.queryItems.count == 500)
        #expect(request.queryItems.last == URLEncodedForm.Field("x499", "%%%z499"), "broken escapes kept as sent")
        #expect(request.queryValue("page") == "%zz0")
    }

    /// A reader's known names are matched as bytes, encoded names decoded first; the others
    /// are passed over, and each value is what `queryValue` would decode.
    @Test func forEachKnownName_visitsTheKnownPairsInOrder() {
        let names = QueryNames(["page", "q", "per_page", ""])
        let request = request("/p?utm_source=x&%70age=2&q=a+b&pag=9&pages=8&q=%zz&=empty&per_page")
        var seen: [String] = []
        request.queryPairs.forEach(in: names) { index, value in seen.append("\(index):\(value())") }
        #expect(seen == ["0:2", "1:a b", "1:%zz", "3:empty", "2:"])
        #expect(names.index(of: "per_page") == 2)
        #expect(names.index(of: "PAGE") == nil, "names are compared exactly")
    }

    /// A request's fields sit behind one reference: a copy that is changed gets its own, and
    /// the original keeps what it had.
    @Test func changingACopy_leavesTheOriginalAsItWas() {
        let original = HTTPRequest(method: .post, target: "/a?x=1", headers: ["Cookie": "c=1"], body: [1, 2])
        var copy = original
        copy.body = [9]
        copy.pathParameters["id"] = "7"
        copy.remoteAddress = "127.0.0.1:1"
        #expect(original.body == [1, 2])
        #expect(original.pathParameters.isEmpty)
        #expect(original.remoteAddress.isEmpty)
        #expect(copy.body == [9] && copy.pathParameters["id"] == "7" && copy.remoteAddress == "127.0.0.1:1")
        #expect(copy.queryValue("x") == "1" && copy.cookie("c") == "1", "the copy reads the same query and cookies")
        #expect(original.target == copy.target && original.headers == copy.headers)
    }

    @Test func noQuery_meansNoPairs() {
        let request = request("/products")
        #expect(request.queryItems.isEmpty)
        #expect(request.queryPairs.isEmpty)
        #expect(request.queryValue("page") == nil)
    }
}
