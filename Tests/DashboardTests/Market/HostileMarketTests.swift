import Foundation
import MarketClient
import Testing

@testable import Dashboard

/// A market that misbehaves on purpose, over real sockets. The dashboard must answer every
/// request (a page, an error page or the placeholder), follow no redirect off the market's
/// image hosts, read nothing past its caps, and keep serving.
@Suite(.timeLimit(.minutes(3)))
struct HostileMarketTests {
    /// Every integer field of both envelopes and of an item, at `Int.max` and `Int.min`, and
    /// prices far outside what a product costs, each under its own search (its own cache key).
    static var extremeAnswers: [(search: String, json: String)] {
        var answers: [(String, String)] = []
        let envelopeFields = ["pageNo", "itemsPerPage", "totalCount", "offset", "limit", "lastPage",
                              "page_no", "items_per_page", "total_count", "last_page"]
        for value in [Int.max, Int.min] {
            for field in envelopeFields {
                answers.append(("\(field)\(value)", HostileMarket.list([field: "\(value)"], items: [HostileMarket.item()])))
            }
            answers.append(("id\(value)", HostileMarket.list(items: [HostileMarket.item(id: "\(value)")])))
            answers.append(("vendor\(value)", HostileMarket.list(items: [HostileMarket.item(vendor: "\(value)")])))
            answers.append(("stock\(value)", HostileMarket.list(items: [HostileMarket.item(stock: "\(value)")])))
            answers.append(("price\(value)", HostileMarket.list(items: [HostileMarket.item(price: "\(value)", discount: "\(value)")])))
        }
        for price in ["1e38", "-1e38", "1e200", "1e-200", "99999999999999999999999999999999999999"] {
            answers.append(("price\(price)", HostileMarket.list(items: [HostileMarket.item(price: price, discount: "1")])))
        }
        return answers
    }

    static func search(of request: HostileMarket.Received) -> String {
        URLComponents(string: request.target)?.queryItems?.first { $0.name == "search_value" }?.value ?? ""
    }

    @Test func extremeNumbersInListAnswers_renderAPageOrAnErrorPage_andTheDashboardKeepsServing() async throws {
        let answers = Dictionary(Self.extremeAnswers.map { ($0.search, $0.json) }, uniquingKeysWith: { a, _ in a })
        let upstream = try HostileMarket { request in
            HostileMarket.json(answers[Self.search(of: request)] ?? HostileMarket.list(items: []))
        }
        defer { upstream.stop() }
        try await withDashboard(.hostile(upstream)) { dash in
            for (search, _) in Self.extremeAnswers {
                let page = try await dash.get("/products?q=\(search)")
                #expect(page.status == 200 || page.status == 502, "q=\(search): \(page.status)")
                if page.status == 502 { #expect(page.text.contains("The Open Market&#39;s answer could not be read")) }
            }
            // Refused: a page number before the first, a negative count.
            #expect(try await dash.get("/products?q=pageNo\(Int.min)").status == 502)
            #expect(try await dash.get("/products?q=totalCount\(Int.min)").status == 502)
            // Kept: a product with the largest id links to it; the smallest stock is sold out.
            let huge = try await dash.get("/products?q=id\(Int.max)")
            #expect(huge.status == 200 && huge.text.contains("href=\"/products/\(Int.max)?q=id\(Int.max)\""))
            let soldOut = try await dash.get("/products?q=stock\(Int.min)")
            #expect(soldOut.status == 200 && soldOut.text.contains("Sold out"))
            // Still serving.
            #expect(try await dash.get("/static/css/site.css").status == 200)
        }
    }

    @Test func extremeNumbersInADetail_renderThePage() async throws {
        let detail = """
            {"id":7,"vendor_id":\(Int.min),"name":"Edge teapot","description":"d","currency":"USD",\
            "price":\(Int.max),"discounted_price":\(Int.min),"stock":\(Int.max),\
            "images":[{"id":\(Int.max),"url":"http://127.0.0.1:1/a.png"},{"id":\(Int.min),"url":"http://127.0.0.1:1/b.png"}],\
            "vendors":{"id":\(Int.max),"name":"v"}}
            """
        let upstream = try HostileMarket { _ in HostileMarket.json(detail) }
        defer { upstream.stop() }
        try await withDashboard(.hostile(upstream)) { dash in
            let page = try await dash.get("/products/7")
            #expect(page.status == 200)
            #expect(page.text.contains("Edge teapot"))
            #expect(page.text.contains("USD 9,223,372,036,854,775,807.00"))
        }
    }

    @Test func aListLargerThanTheCap_isAnErrorPage_andTheDashboardKeepsServing() async throws {
        let prefix = HostileMarket.list(items: [HostileMarket.item()]).dropLast(2) + ","
        let upstream = try HostileMarket { request in
            switch Self.search(of: request) {
            case "endless": HostileMarket.endless(contentType: "application/json", prefix: String(prefix), fill: UInt8(ascii: " "))
            case "announced": HostileMarket.answer(status: 200, headers: [("Content-Type", "application/json")], body: Array(repeating: UInt8(ascii: " "), count: 300 * 1024))
            default: HostileMarket.json(HostileMarket.list(items: [HostileMarket.item()]))
            }
        }
        defer { upstream.stop() }
        try await withDashboard(.hostile(upstream, client: {
            $0.maxAnswerBytes = 256 * 1024
            $0.requestTimeout = .seconds(60)
        })) { dash in
            for search in ["endless", "announced"] {
                let page = try await dash.get("/products?q=\(search)")
                #expect(page.status == 502)
                #expect(page.text.contains("The Open Market&#39;s answer could not be read"))
            }
            let normal = try await dash.get("/products")
            #expect(normal.status == 200)
            #expect(normal.text.contains("Hostile 7"))
        }
    }

    /// A market dripping its answer a byte at a time: one deadline, then a 504 with a retry
    /// link; not one deadline per retry.
    @Test func aDrippingMarket_givesA504AfterOneDeadline() async throws {
        let answer = Array("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 60\r\n\r\n".utf8)
            + [UInt8](repeating: UInt8(ascii: " "), count: 60)
        let upstream = try HostileMarket { _ in .drip(answer, interval: .milliseconds(100)) }
        defer { upstream.stop() }
        try await withDashboard(.hostile(upstream, client: {
            $0.requestTimeout = .seconds(1)
            $0.retry = RetryPolicy(maxRetries: 2, baseDelay: .milliseconds(10))
        })) { dash in
            let page = try await dash.get("/products")
            #expect(page.status == 504)
            #expect(HTMLScan.hrefs(in: page.text).contains("/products"))
            // The catalog's count, which starts with the dashboard, asks for pages of 100.
            #expect(upstream.received.filter { !$0.target.contains("items_per_page=100") }.count == 1, "the page asked once")
        }
    }

    /// A market that takes a registration and hangs up without an answer may have registered
    /// it: the page says the outcome is unknown and how to check, never that nothing was
    /// changed (which invites sending it again), and the registration went out once.
    @Test func aMarketHangingUpOnARegistration_leavesItsOutcomeUnknown() async throws {
        let upstream = try HostileMarket { request in
            request.method == "POST" ? HostileMarket.hangUp : HostileMarket.json(HostileMarket.list(items: []))
        }
        defer { upstream.stop() }
        try await withDashboard(.hostile(upstream)) { dash in
            var session = FormSession(port: dash.port)
            _ = try await session.open("/products/new")
            let posted = try await session.post("/products", validProductFields, files: [.jpeg("1.jpg")])
            #expect(posted.status == 504)
            #expect(posted.text.contains("The product may not have been added"))
            #expect(!posted.text.contains("nothing was changed"))
            #expect(upstream.received.filter { $0.method == "POST" }.count == 1)
        }
    }

    @Test func aRequestTargetStartingWithTwoSlashes_getsARetryLinkOnThisServer() async throws {
        let upstream = try HostileMarket { _ in HostileMarket.json("not json") }
        defer { upstream.stop() }
        try await withDashboard(.hostile(upstream)) { dash in
            let page = try await dash.get("//products?x=1")
            #expect(page.status == 502)
            let hrefs = HTMLScan.hrefs(in: page.text)
            #expect(hrefs.contains("/products?x=1"))
            #expect(!hrefs.contains { $0.hasPrefix("//") || $0.hasPrefix("/\\") })
        }
    }

    @Test func healthz_showsTheUpstreamWithoutUserInfoOrQuery() async throws {
        let upstream = try HostileMarket { _ in HostileMarket.json("\"OK\"") }
        defer { upstream.stop() }
        try await withDashboard(.hostile(upstream), adjust: { configuration in
            configuration.marketURL = URL(string: "http://admin:hunter2@127.0.0.1:\(upstream.port)/base?token=t0ps3cret#frag")
        }) { dash in
            let health = try await dash.get("/healthz")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(health.body)) as? [String: Any])
            let shown = try #require((object["upstream"] as? [String: Any])?["url"] as? String)
            #expect(shown == "http://127.0.0.1:\(upstream.port)/base")
            for secret in ["admin", "hunter2", "token", "t0ps3cret", "frag"] { #expect(!health.text.contains(secret)) }
        }
    }
}
