import Foundation
import Testing

@testable import Dashboard
import DashboardEngine

/// The list's bulk form refused: it comes back on the list it was posted from (422), open,
/// with every tick, choice and typed value kept, every problem in the summary and beside its
/// field, and nothing made or sent. Amounts are read in one currency: a selection in two is
/// refused with the way on, a percent is not; a percent of the price on stock is refused.
@Suite struct BulkFormRefusalTests {
    /// The embedded market's own products (vendor 28): 19 in KRW, 1 in USD.
    static let krwList = "/products?mine=1&currency=KRW"

    /// The ids of the own products a list page offers to tick.
    static func boxes(_ page: TestResponse) -> [Int] {
        HTMLScan.tags("input", in: page.text).filter { $0["name"] == "ids" && $0["type"] == "checkbox" }.compactMap { $0["value"].flatMap { Int($0) } }
    }

    /// The ticked boxes of a page.
    static func ticked(_ page: TestResponse) -> [Int] {
        HTMLScan.tags("input", in: page.text).filter { $0["name"] == "ids" && $0["checked"] != nil }.compactMap { $0["value"].flatMap { Int($0) } }
    }

    /// Posts the bulk form of the list at `back` (its hidden fields as the page carries them).
    static func post(
        _ session: FormSession, back: String, ids: [Int], _ fields: [(String, String)]
    ) async throws -> TestResponse {
        let hidden = PageLink(back).query.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        return try await BatchTesting.bulk(session, [("back", back)] + hidden + ids.map { ("ids", String($0)) } + fields)
    }

    /// The value's hint says that only Delete leaves it empty, and the currency rule stands
    /// on its own line, offering the percent only where it is taken; both describe the input.
    @Test func theValuesHints_sayWhenToLeaveItEmpty_andTheCurrencyRuleApart() async throws {
        try await withDashboard(.shared) { dash in
            let list = try await dash.get("/products?mine=1", headers: ["Accept-Language": "en"])
            let hint = HTMLScan.text(HTMLScan.block(in: list.text, from: "<p id=\"bulk-value-hint\"", to: "</p>"))
            #expect(hint == "Enter a number. Use a minus sign to lower or take away (-10). For Delete, leave this empty.", "\(hint)")
            let currency = HTMLScan.text(HTMLScan.block(in: list.text, from: "<p id=\"bulk-currency-hint\"", to: "</p>"))
            #expect(currency.hasPrefix("Amounts of money are in the currency of the products you select"), "\(currency)")
            #expect(currency.contains("To raise or lower prices or set discounts across currencies, use “% of the price”."))
            let input = HTMLScan.tags("input", in: list.text).first { $0["id"] == "bulk-value" }
            #expect(input?["aria-describedby"] == "bulk-value-hint bulk-currency-hint")

            let korean = try await dash.get("/products?mine=1", headers: KoreanPageScan.korean)
            let koreanHint = HTMLScan.text(HTMLScan.block(in: korean.text, from: "<p id=\"bulk-value-hint\"", to: "</p>"))
            #expect(koreanHint.contains("“삭제” 항목을 선택했다면 값은 비워 두어도 됩니다."), "\(koreanHint)")
        }
    }

    @Test func aRefusedForm_comesBackOnItsList_withEverythingKept() async throws {
        try await withRecordingMarket { market in
            try await withDashboard(.recording(market)) { harness in
                var session = FormSession(port: harness.port)
                let list = try await session.open(Self.krwList)
                let own = Self.boxes(list)
                #expect(own.count == 19)
                let chosen = Array(own.prefix(2))
                let refused = try await Self.post(
                    session, back: Self.krwList, ids: chosen, [("scope", "selected"), ("action", ""), ("value", "abc"), ("unit", "percent")])
                #expect(refused.status == 422)
                #expect(refused.header("Cache-Control") == "no-store")
                let html = refused.text
                #expect(HTMLScan.tags("title", in: html).isEmpty == false && html.contains("<title>Error: "))
                // The summary names both problems, in the form's order, each linked to its field.
                let summary = HTMLScan.block(in: html, from: "class=\"error-summary\"", to: "</div>")
                #expect(HTMLScan.text(summary).contains("There are 2 problems to fix"))
                #expect(HTMLScan.tags("a", in: summary).compactMap { $0["href"] } == ["#bulk-action", "#bulk-value"])
                #expect(HTMLScan.text(HTMLScan.block(in: html, from: "id=\"bulk-action-error\"", to: "</p>")).contains("Choose what to change."))
                #expect(HTMLScan.text(HTMLScan.block(in: html, from: "id=\"bulk-value-error\"", to: "</p>")).contains("Enter the value as a number"))
                #expect(HTMLScan.tags("select", in: html).first { $0["id"] == "bulk-action" }?["aria-invalid"] == "true")
                // What was ticked, chosen and typed is on the form again.
                #expect(HTMLScan.tags("details", in: html).first { $0["class"] == "bulk" }?["open"] != nil)
                #expect(Self.ticked(refused) == chosen)
                #expect(Self.boxes(refused) == own, "the same list")
                let inputs = HTMLScan.tags("input", in: html)
                #expect(inputs.first { $0["id"] == "bulk-value" }?["value"] == "abc")
                #expect(inputs.first { $0["id"] == "scope-selected" }?["checked"] != nil)
                #expect(HTMLScan.tags("option", in: html).first { $0["value"] == "percent" }?["selected"] != nil)
                #expect(inputs.first { $0["name"] == "back" }?["value"] == Self.krwList)
                // The language switch leads to the list, not to the POST's address.
                #expect(HTMLScan.hrefs(in: html).contains("/products?mine=1&currency=KRW&lang=ko"))
                #expect(try harness.app.engine.batchStore.recent().isEmpty, "no batch was made")
                #expect(market.writes.isEmpty)
            }
        }
    }

    /// The kept list page is the plain list after a refusal on it, byte for byte.
    @Test func aRefusal_leavesTheKeptListPageAsItWas() async throws {
        try await withDashboard { harness in
            var session = FormSession(port: harness.port)
            let before = try await session.open("/products")
            #expect(before.status == 200)
            let refused = try await Self.post(session, back: "/products", ids: [], [("action", "price_set"), ("value", "1000"), ("unit", "amount")])
            #expect(refused.status == 422)
            #expect(refused.text.contains("<a href=\"#scope-selected\">"))
            #expect(HTMLScan.text(refused.text).contains("Select at least one of your products, or choose “All my products matching this list's search and filters”."))
            #expect(HTMLScan.tags("option", in: refused.text).first { $0["value"] == "price_set" }?["selected"] != nil)
            let after = try await HTTPTestClient.get(harness.port, "/products")
            #expect(after.status == 200)
            // A busy machine can make the market slow to answer, and either page may then say
            // that its data is a moment old: that notice aside, the page is byte for byte the same.
            func withoutSlowNotice(_ page: String) -> String {
                page.replacing(/<p class="notice" role="status">[^<]*<\/p>\n/, with: "")
            }
            #expect(withoutSlowNotice(after.text) == withoutSlowNotice(before.text), "the kept page is untouched")
            #expect(!after.text.contains("error-summary"))
        }
    }

    /// A product ticked on another page (after "Load more") stays ticked, named beside the form.
    @Test func aProductTickedOnAnotherPage_staysTicked() async throws {
        try await withRecordingMarket { market in
            try await withDashboard(.recording(market)) { harness in
                var session = FormSession(port: harness.port)
                let usd = try #require(Self.boxes(try await session.open("/products?mine=1&currency=USD")).first)
                let list = try await session.open(Self.krwList)
                let krw = try #require(Self.boxes(list).first)
                let refused = try await Self.post(session, back: Self.krwList, ids: [krw, usd], [("action", ""), ("value", "5")])
                #expect(refused.status == 422)
                let kept = try #require(HTMLScan.tags("input", in: refused.text).first { $0["id"] == "kept-\(usd)" })
                #expect(kept["checked"] != nil && kept["name"] == "ids" && kept["value"] == String(usd))
                #expect(HTMLScan.tags("label", in: refused.text).contains { $0["for"] == "kept-\(usd)" })
                #expect(Set(Self.ticked(refused)) == [krw, usd])
                #expect(market.writes.isEmpty)
            }
        }
    }

    /// An amount over KRW and USD products is refused with how many of each, and links to the
    /// list filtered by each, named in the sentence; a percent is offered only to the actions
    /// that take one, and a percent over both is previewed; nothing is sent.
    @Test func anAmountOverTwoCurrencies_isRefused_aPercentIsNot() async throws {
        try await withRecordingMarket { market in
            try await withDashboard(.recording(market)) { harness in
                var session = FormSession(port: harness.port)
                let usd = try #require(Self.boxes(try await session.open("/products?mine=1&currency=USD")).first)
                let list = try await session.open("/products?mine=1")
                let krw = Self.boxes(list).filter { $0 != usd }.prefix(2)
                let mixed = Array(krw) + [usd]
                let split = "Select Show only KRW products or Show only USD products, then select the products again"
                for (action, value, rule) in [
                    ("price_set", "1000", "A price can be set in one currency at a time. \(split)."),
                    ("price_adjust", "-500", "A price can be raised or lowered by an amount in one currency at a time. \(split), or select “% of the price” as the unit."),
                    ("discount_set", "100", "A discount can be set as an amount in one currency at a time. \(split), or select “% of the price” as the unit."),
                ] {
                    let refused = try await Self.post(session, back: "/products?mine=1", ids: mixed, [("action", action), ("value", value), ("unit", "amount")])
                    #expect(refused.status == 422, "\(action)")
                    let text = HTMLScan.text(refused.text)
                    #expect(text.contains("Your selection has 2 KRW products and 1 USD product. " + rule), "\(action): \(text)")
                    let links = HTMLScan.tags("a", in: HTMLScan.block(in: refused.text, from: "<ul class=\"currency-links\">", to: "</ul>"))
                        .compactMap { $0["href"] }.map(PageLink.init)
                    #expect(links.map(\.path) == ["/products", "/products"])
                    #expect(links.map { $0.query["currency"] } == ["KRW", "USD"])
                    #expect(links.allSatisfy { $0.query["mine"] == "1" }, "the rest of the list's query is kept")
                    #expect(Set(Self.ticked(refused)) == Set(mixed))
                }
                #expect(try harness.app.engine.batchStore.recent().isEmpty)

                // Set price takes no percent: the Korean refusal offers the two lists only.
                let korean = try await session.postURLEncoded(
                    "/products/bulk?lang=ko", [("back", "/products?mine=1"), ("mine", "1")] + mixed.map { ("ids", String($0)) } + [("action", "price_set"), ("value", "1000"), ("unit", "amount")])
                #expect(korean.status == 422)
                let koreanText = HTMLScan.text(korean.text)
                #expect(koreanText.contains(
                    "선택한 상품에 통화가 섞여 있습니다(KRW 상품 2개, USD 상품 1개). 판매가 설정은 통화가 같은 상품끼리만 할 수 있습니다. [KRW 상품만 보기]나 [USD 상품만 보기]로 나누어 다시 선택해 주세요."),
                    "\(koreanText)")
                #expect(!HTMLScan.text(HTMLScan.block(in: korean.text, from: "class=\"error-summary\"", to: "</div>")).contains("%"))

                let percent = try await Self.post(
                    session, back: "/products?mine=1", ids: mixed, [("action", "price_adjust"), ("value", "-10"), ("unit", "percent")])
                #expect(percent.status == 303)
                let batch = try #require(BatchTesting.batchID(percent))
                let preview = try await session.get("/batches/\(batch)?lang=en")
                let rows = BatchTesting.rows(preview.text)
                #expect(Set(rows.compactMap(\.productID)) == Set(mixed), "a percent is read in each product's currency")
                #expect(!rows.contains { $0.status == "invalid" })
                #expect(preview.text.contains("Lower price by 10%"))
                #expect(market.writes.isEmpty)
            }
        }
    }

    /// An amount over products of one currency makes a preview whose title names it, in both
    /// languages.
    @Test func anAmountOverOneCurrency_namesItInTheTitle() async throws {
        try await withRecordingMarket { market in
            try await withDashboard(.recording(market)) { harness in
                var session = FormSession(port: harness.port)
                let krw = Array(Self.boxes(try await session.open(Self.krwList)).prefix(2))
                let posted = try await Self.post(session, back: Self.krwList, ids: krw, [("action", "price_set"), ("value", "1,000"), ("unit", "amount")])
                #expect(posted.status == 303)
                let batch = try #require(BatchTesting.batchID(posted))
                #expect(try harness.app.engine.batchStore.batch(batch)?.action?.currency == .krw)
                #expect(HTMLScan.text(try await session.get("/batches/\(batch)?lang=en").text).contains("Set price to KRW 1,000"))
                #expect(HTMLScan.text(try await session.get("/batches/\(batch)?lang=ko").text).contains("판매가 1,000원으로 설정"))
                #expect(market.writes.isEmpty)
            }
        }
    }

    /// A percent of the price on stock is refused beside the unit; taking more stock than a
    /// product has is a row left out, saying so.
    @Test func stock_takesNoPercent_andCannotGoBelowZero() async throws {
        try await withRecordingMarket { market in
            try await withDashboard(.recording(market)) { harness in
                var session = FormSession(port: harness.port)
                let krw = Array(Self.boxes(try await session.open(Self.krwList)).prefix(1))
                for action in ["stock_set", "stock_adjust"] {
                    let refused = try await Self.post(session, back: Self.krwList, ids: krw, [("action", action), ("value", "5"), ("unit", "percent")])
                    #expect(refused.status == 422)
                    #expect(refused.text.contains("<a href=\"#bulk-unit\">"))
                    let beside = HTMLScan.text(HTMLScan.block(in: refused.text, from: "id=\"bulk-unit-error\"", to: "</p>"))
                    #expect(beside.contains("Stock is counted in pieces"))
                    #expect(beside.contains("Select “Amount or count” as the unit."))
                }
                // Set price takes no percent either: the way to a change that does, by its label.
                let price = try await Self.post(session, back: Self.krwList, ids: krw, [("action", "price_set"), ("value", "5"), ("unit", "percent")])
                #expect(price.status == 422)
                #expect(HTMLScan.text(HTMLScan.block(in: price.text, from: "id=\"bulk-unit-error\"", to: "</p>")).contains(
                    "“Set price” takes an amount, not “% of the price”. Select “Amount or count” as the unit; to change prices by “% of the price”, "
                        + "select “Raise or lower price (+/−)” instead."))
                let stock = try #require(try await market.product(krw[0])["stock"] as? Int)
                let posted = try await Self.post(
                    session, back: Self.krwList, ids: krw, [("action", "stock_adjust"), ("value", "-\(stock + 3)"), ("unit", "amount")])
                let batch = try #require(BatchTesting.batchID(posted))
                let rows = BatchTesting.rows(try await session.get("/batches/\(batch)?lang=en").text)
                #expect(rows.map(\.status) == ["invalid"])
                #expect(rows.first?.text.contains("The stock is \(stock), so \(stock + 3) cannot be taken away (that would leave −3).") == true)
                let korean = BatchTesting.rows(try await session.get("/batches/\(batch)?lang=ko").text)
                #expect(korean.first?.text.contains("재고가 \(stock)개라 \(stock + 3)개를 차감할 수 없습니다(결과 −3개).") == true)
                #expect(market.writes.isEmpty)
            }
        }
    }
}
