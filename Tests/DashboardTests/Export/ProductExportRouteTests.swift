import Foundation
import LocalMarket
import MarketClient
import Testing

@testable import Dashboard
import DashboardEngine

/// `GET /products.csv` over the embedded market and over a market that holds its answers.
@Suite("CSV export")
struct ProductExportRouteTests {
    static let header = "id,name,vendor,currency,price,discount,sale_price,stock,added"

    /// The ids in the first column of each row after the header (rows may hold quoted newlines,
    /// so rows are found as lines that start with a number and a comma).
    static func ids(_ body: [UInt8]) -> [Int] {
        String(decoding: body.dropFirst(3), as: UTF8.self).components(separatedBy: "\r\n").dropFirst()
            .compactMap { line in Int(line.prefix { $0 != "," }) }
    }

    @Test func everyProduct_oneRowEach_withBOMHeaderAndAttachmentName() async throws {
        try await withDashboard { harness in
            let csv = try await harness.fetch("/products.csv")
            #expect(csv.status == 200)
            #expect(csv.headers["Content-Type"] as? String == "text/csv; charset=utf-8")
            let disposition = try #require(csv.headers["Content-Disposition"] as? String)
            #expect(disposition.wholeMatch(of: /attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"/) != nil)
            #expect(Array(csv.body.prefix(3)) == [0xEF, 0xBB, 0xBF])
            #expect(String(decoding: csv.body.dropFirst(3), as: UTF8.self).hasPrefix(Self.header + "\r\n"))
            let market = try await harness.marketCatalog()
            #expect(Self.ids(csv.body) == market.compactMap { $0["id"] as? Int })
        }
    }

    /// A Korean reader's export has the Korean header row (asked with `?lang=ko`, or by the
    /// cookie that remembers it); the rows and the file's ASCII name are the same.
    @Test func inKorean_theHeaderRowIsKorean() async throws {
        try await withDashboard { harness in
            let english = try await harness.fetch("/products.csv")
            let korean = try await harness.fetch("/products.csv?lang=ko")
            #expect(korean.headers["Content-Language"] as? String == "ko")
            let disposition = try #require(korean.headers["Content-Disposition"] as? String)
            #expect(disposition.wholeMatch(of: /attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"/) != nil)
            #expect(Array(korean.body.prefix(3)) == [0xEF, 0xBB, 0xBF])
            let text = String(decoding: korean.body.dropFirst(3), as: UTF8.self)
            #expect(text.hasPrefix("상품 번호,상품명,판매자,통화,판매가,할인 금액,할인가,재고,등록일\r\n"))
            #expect(Self.ids(korean.body) == Self.ids(english.body))
            // The cookie a Korean reader's choice leaves asks for the same.
            let remembered = try await harness.get("/products.csv", headers: ["Cookie": "om_lang=ko"])
            #expect(remembered.header("Content-Language") == "ko")
            #expect(remembered.text.contains("상품 번호,상품명,판매자,통화,판매가,할인 금액,할인가,재고,등록일"))
            #expect(String(decoding: english.body.dropFirst(3), as: UTF8.self).hasPrefix(Self.header + "\r\n"))
        }
    }

    @Test func isStreamedInChunks() async throws {
        try await withDashboard { harness in
            let raw = try await harness.get("/products.csv")
            #expect(raw.header("Transfer-Encoding") == "chunked")
            #expect(raw.header("Content-Length") == nil)
        }
    }

    @Test func search_andMine_filterLikeTheList() async throws {
        try await withDashboard { harness in
            let searched = try await harness.fetch("/products.csv?q=kettle")
            let matches = try await harness.marketCatalog(search: "kettle")
            #expect(!matches.isEmpty)
            #expect(Self.ids(searched.body) == matches.compactMap { $0["id"] as? Int })

            let mine = try await harness.fetch("/products.csv?mine=1")
            let own = try await harness.marketCatalog().filter { $0["vendor_id"] as? Int == LocalMarket.defaultVendor.id }
            #expect(Self.ids(mine.body) == own.compactMap { $0["id"] as? Int })
        }
    }

    @Test func duringTheFirstCount_afterTheWait_is503WithRetryAfter() async throws {
        let market = ScriptedMarket(products: [ScriptedMarket.product(id: 1), ScriptedMarket.product(id: 2)])
        let gate = Gate()
        market.holdReads(at: gate)
        try await withDashboard(.scripted(market), adjust: { $0.catalog.waitLimit = .zero }) { harness in
            defer { gate.open() }
            let waiting = try await harness.get("/products.csv")
            #expect(waiting.status == 503)
            #expect(waiting.header("Retry-After") == "5")
            #expect(waiting.text.contains("Still counting products"))

            gate.open()
            await harness.app.catalog.countEnded()
            let ready = try await harness.fetch("/products.csv")
            #expect(ready.status == 200)
            #expect(Self.ids(ready.body) == [2, 1])
        }
    }

    @Test func mineWithoutAnOwnVendor_is409_sayingHowToSetIt() async throws {
        try await withDashboard(.scripted(ScriptedMarket(), ownVendorID: nil)) { harness in
            let response = try await harness.get("/products.csv?mine=1")
            #expect(response.status == 409)
            #expect(response.text.contains("--vendor-id"))
        }
    }

    @Test func theListLinksToTheExportOfWhatItShows() async throws {
        try await withDashboard(.shared) { harness in
            let page = try await harness.get("/products?q=kettle&view=grid")
            let link = try #require(HTMLScan.tags("a", in: page.text).first { $0["class"] == "download-csv" })
            #expect(link["href"] == "/products.csv?q=kettle")
        }
    }
}
