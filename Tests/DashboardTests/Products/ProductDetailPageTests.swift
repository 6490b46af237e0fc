import Foundation
import Testing

@testable import Dashboard

/// `/products/{id}`: gallery, name, description with its line breaks, vendor, dates, and 404s.
@Suite struct ProductDetailPageTests {
    func slides(_ response: TestResponse) -> [Substring] {
        HTMLScan.blocks(in: response.text, from: "<li id=\"image-", to: "</li>")
    }

    /// Products with 1 to 5 images (ids 10 and 4 have five and four).
    @Test(arguments: [10, 4, 3, 1, 5])
    func gallery_showsEveryImageWithItsNumber(_ id: Int) async throws {
        try await withDashboard(.shared) { dash in
            let response = try await dash.get("/products/\(id)")
            #expect(response.status == 200)
            let total = (try await dash.marketProduct(id)["images"] as? [Any])?.count ?? -1
            let slides = slides(response)
            #expect(slides.count == total)
            #expect(slides.map { HTMLScan.text(HTMLScan.block(in: $0, from: "<figcaption", to: "</figcaption>")) }
                == (1...total).map { "\($0)/\(total)" })
            let sources = slides.compactMap { HTMLScan.tags("img", in: $0).first?["src"] }
            #expect(Set(sources).count == total)
            #expect(sources.allSatisfy { $0.hasPrefix("/images/") })
            // Without JavaScript: several images get thumbnail links to each slide.
            let thumbnails = HTMLScan.hrefs(in: HTMLScan.block(in: response.text, from: "<nav class=\"thumbnails\"", to: "</nav>"))
            #expect(thumbnails == (total > 1 ? (1...total).map { "#image-\($0)" } : []))
            // Several images scroll sideways: the keyboard reaches the named list to scroll it.
            let list = HTMLScan.tags("ul", in: response.text).first { $0["class"] == "slides" }
            #expect(list?["tabindex"] == (total > 1 ? "0" : nil))
            #expect(list?["aria-label"] == (total > 1 ? "Product images" : nil))
        }
    }

    @Test func description_lineBreaksBecomeParagraphs() async throws {
        try await withDashboard(.shared) { dash in
            // "M2 Pro, 16GB, 512GB SSD.\n\n상태: 거의 새것"
            let four = try await dash.get("/products/4")
            #expect(paragraphs(four) == ["M2 Pro, 16GB, 512GB SSD.", "상태: 거의 새것"])
            // Three lines.
            let nineteen = try await dash.get("/products/19")
            #expect(paragraphs(nineteen).count == 3)
            #expect(paragraphs(nineteen).first == "접이식 캠핑 의자입니다.")
        }
    }

    @Test func emptyDescription_saysSo() async throws {
        try await withDashboard(.shared) { dash in
            let page = try await dash.get("/products/8")
            #expect(paragraphs(page) == ["No description."])
        }
    }

    func paragraphs(_ response: TestResponse) -> [String] {
        let description = HTMLScan.block(in: response.text, from: "<div class=\"description\">", to: "</div>")
        return HTMLScan.blocks(in: description, from: "<p", to: "</p>").map { HTMLScan.text($0) }
    }

    @Test func detail_showsNameVendorAndDates() async throws {
        try await withDashboard(.shared) { dash in
            let response = try await dash.get("/products/1")
            let market = try await dash.marketProduct(1)
            let created = String((market["created_at"] as? String ?? "?").prefix(10))
            let text = HTMLScan.text(response.text)
            #expect(HTMLScan.text(HTMLScan.block(in: response.text, from: "<h1>", to: "</h1>")) == "에어팟 3")
            #expect(text.contains("Sold by LocalMarketTeam"))
            #expect(created == "2022-10-01")
            #expect(response.text.contains("<time datetime=\"\(created)\">\(created)</time>"))
            #expect(text.contains("Added \(created)"))
        }
    }

    /// The number every message names a product by ("Product 7", "7번 상품") is on its page,
    /// with the dates.
    @Test func theProductNumber_isShownWithTheDates() async throws {
        try await withDashboard(.shared) { dash in
            for (language, words) in [("en", "Product number 7"), ("ko", "상품 번호 7")] {
                let page = try await dash.get("/products/7?lang=\(language)")
                let dates = HTMLScan.text(HTMLScan.block(in: page.text, from: "<dl class=\"dates\">", to: "</dl>"))
                #expect(dates.hasPrefix(words), "\(language): \(dates)")
            }
        }
    }

    /// A discounted price reads to a screen reader as it was and as it is now.
    @Test func aDiscountedPrice_readsAsWasAndNow() async throws {
        try await withDashboard(.shared) { dash in
            var found: (id: Int, price: Double, paid: Double)?
            for id in 1...60 {
                let product = try await dash.marketProduct(id)
                if let price = product["price"] as? Double, let paid = product["bargain_price"] as? Double, paid < price,
                    product["currency"] as? String == "KRW"
                {
                    found = (id, price, paid)
                    break
                }
            }
            let (id, price, paid) = try #require(found, "a discounted KRW product among the seed products")
            let won = { (amount: Double) in NumberText.grouped(Int(amount)) }
            let english = HTMLScan.text(HTMLScan.block(in: try await dash.get("/products/\(id)?lang=en").text, from: "<p class=\"price\">", to: "</p>"))
            #expect(english.hasPrefix("Was KRW \(won(price)), now KRW"), "\(english)")
            let korean = HTMLScan.text(HTMLScan.block(in: try await dash.get("/products/\(id)?lang=ko").text, from: "<p class=\"price\">", to: "</p>"))
            #expect(korean.hasPrefix("원래 \(won(price))원, 지금 \(won(price))원 \(won(paid))원"), "\(korean)")
        }
    }

    @Test func ownProducts_offerEditAndDelete_othersDoNot() async throws {
        try await withDashboard(.shared) { dash in
            let own = HTMLScan.hrefs(in: try await dash.get("/products/1").text)  // vendor 28, the dashboard's
            let other = HTMLScan.hrefs(in: try await dash.get("/products/2").text)  // vendor 15
            #expect(own.contains("/products/1/edit") && own.contains("/products/1/delete"))
            // Another seller's product has no form, and no price history of this seller's.
            #expect(other.filter { $0.hasPrefix("/products/2/") } == [])
        }
    }

    @Test func backLink_withoutListState_goesToTheFirstPage() async throws {
        try await withDashboard(.shared) { dash in
            let response = try await dash.get("/products/1")
            let back = HTMLScan.hrefs(in: HTMLScan.block(in: response.text, from: "<p class=\"back\">", to: "</p>"))
            #expect(back == ["/products"])
        }
    }

    @Test(arguments: ["/products/99999", "/products/0", "/products/abc", "/products/-1", "/products/1.5", "/products/99999?view=grid"])
    func unknownOrMalformedID_givesA404PageInTheSiteLayout(_ path: String) async throws {
        try await withDashboard(.shared) { dash in
            let response = try await dash.get(path)
            #expect(response.status == 404)
            #expect(response.header("Content-Type")?.hasPrefix("text/html") == true)
            #expect(response.text.contains("<header class=\"site-header\">"))
            #expect(response.text.contains("<footer class=\"site-footer\">"))
            #expect(HTMLScan.text(HTMLScan.block(in: response.text, from: "<h1>", to: "</h1>")) == "Product not found")
            #expect(HTMLScan.hrefs(in: response.text).contains("/products"))
            #expect(!response.text.contains("Try again"))
        }
    }
}
