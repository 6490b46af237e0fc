import Foundation
import LocalMarket
import Testing

@testable import Dashboard

/// `/products?mine=1` over the embedded market.
@Suite("My products")
struct MyProductsRouteTests {
    static func productIDs(_ html: String) -> [Int] {
        HTMLScan.tags("a", in: html).filter { $0["class"] == "product-link" }.compactMap { tag in
            tag["href"].flatMap { PageLink($0).path.split(separator: "/").last.flatMap { Int($0) } }
        }
    }

    @Test func showsOnlyAndAllOwnProducts_pageByPage_andEveryLinkKeepsMine() async throws {
        try await withDashboard { harness in
            let own = try await harness.marketCatalog().filter { $0["vendor_id"] as? Int == LocalMarket.defaultVendor.id }
            #expect(own.count > 10)
            var shown: [Int] = []
            var path: String? = "/products?mine=1&per_page=10&view=grid"
            while let next = path {
                let page = try await harness.get(next)
                #expect(page.status == 200)
                #expect(page.text.contains("<h1>My products</h1>"))
                shown += Self.productIDs(page.text)
                let main = HTMLScan.block(in: page.text, from: "<main", to: "</main>")
                // Every link but the switch back to all products (and registering one) keeps mine=1.
                let ownerSwitch = HTMLScan.block(in: main, from: #"<nav class="owner-switch""#, to: "</nav>")
                #expect(HTMLScan.hrefs(in: ownerSwitch).map { PageLink($0).query["mine"] } == [nil, "1"])
                let links = HTMLScan.hrefs(in: main.replacingOccurrences(of: ownerSwitch, with: ""))
                    .filter { $0.hasPrefix("/products") && $0 != "/products/new" }
                #expect(links.count > 10)
                for href in links { #expect(PageLink(href).query["mine"] == "1", "\(href) lost mine=1") }
                path = HTMLScan.tags("a", in: main).first { $0["rel"] == "next" }?["href"]
            }
            #expect(shown == own.compactMap { $0["id"] as? Int })
            let pictures = HTMLScan.tags("img", in: try await harness.get("/products?mine=1&per_page=100").text).compactMap { $0["src"] }
            #expect(pictures.count == own.count)
            #expect(pictures.allSatisfy { $0.hasPrefix("/images/") }, "own products show their thumbnails")
        }
    }

    @Test func theSwitchSitsByTheViewSwitch_andMarksTheCurrentChoice() async throws {
        try await withDashboard(.shared) { harness in
            let all = try await harness.get("/products")
            // In the toolbar, right after the view switch, with nothing between them.
            let toolbar = HTMLScan.block(in: all.text, from: #"<div class="toolbar""#, to: "</div>")
            let viewSwitch = try #require(toolbar.range(of: #"<nav class="view-switch""#), "the toolbar has the view switch")
            let viewSwitchEnd = try #require(toolbar.range(of: "</nav>", range: viewSwitch.upperBound..<toolbar.endIndex))
            let ownerSwitch = try #require(toolbar.range(of: #"<nav class="owner-switch""#), "the toolbar has the owner switch")
            try #require(viewSwitchEnd.upperBound <= ownerSwitch.lowerBound, "the owner switch comes after the view switch")
            #expect(toolbar[viewSwitchEnd.upperBound..<ownerSwitch.lowerBound].allSatisfy { $0.isWhitespace }, "nothing sits between the switches")
            let switchLinks = HTMLScan.tags("a", in: HTMLScan.block(in: all.text, from: #"<nav class="owner-switch""#, to: "</nav>"))
            #expect(switchLinks.map { $0["href"] } == ["/products", "/products?mine=1"])
            #expect(switchLinks.map { $0["aria-current"] } == ["page", nil])
        }
    }

    @Test func searchWithinOwnProducts() async throws {
        try await withDashboard { harness in
            let own = try await harness.marketCatalog().filter { $0["vendor_id"] as? Int == LocalMarket.defaultVendor.id }
            let name = try #require(own.first?["name"] as? String)
            let word = String(name.split(separator: " ").first ?? "")
            let page = try await harness.get("/products?mine=1&q=" + FormSession.encode(word))
            let ids = Self.productIDs(page.text)
            #expect(!ids.isEmpty)
            let expected = own.filter { ($0["name"] as? String ?? "").localizedCaseInsensitiveContains(word) }
            #expect(ids == expected.compactMap { $0["id"] as? Int })
            #expect(page.text.contains(#"<input type="hidden" name="mine" value="1">"#))
        }
    }

    @Test func afterDeletingOneOfMine_theListNoLongerShowsIt() async throws {
        try await withDashboard { harness in
            let before = Self.productIDs(try await harness.get("/products?mine=1&per_page=100").text)
            let id = try #require(before.first)
            var session = FormSession(port: harness.port)
            _ = try await session.open("/products/\(id)/delete")
            let deleted = try await session.postURLEncoded("/products/\(id)/delete", [])
            #expect(deleted.status == 303)
            let after = Self.productIDs(try await harness.get("/products?mine=1&per_page=100").text)
            #expect(after == Array(before.dropFirst()))
        }
    }

    @Test func withoutAnOwnVendor_saysHowToSetIt() async throws {
        try await withDashboard(.scripted(ScriptedMarket(), ownVendorID: nil)) { harness in
            let page = try await harness.get("/products?mine=1")
            #expect(page.status == 409)
            #expect(page.text.contains("--vendor-id"))
            #expect(page.text.contains("OPENMARKET_VENDOR_ID"))
            // The step a seller can take comes first, the option after it.
            let text = HTMLScan.text(page.text)
            let add = try #require(text.range(of: "Add one product here"))
            let flag = try #require(text.range(of: "--vendor-id"))
            #expect(add.lowerBound < flag.lowerBound)
            #expect(text.contains("The dashboard doesn't know which products are yours yet"))
            let korean = HTMLScan.text(try await harness.get("/products?mine=1", headers: KoreanPageScan.korean).text)
            #expect(korean.contains("이 대시보드에서 상품을 한 번 등록하면 자동으로 설정됩니다. 또는 대시보드를 --vendor-id N"))
        }
    }
}
