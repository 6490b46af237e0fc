import Foundation
import SQLite
import Testing
@testable import LocalMarket

/// The trigram index must never change what `search_value` finds: every answer equals a plain
/// scan of all names with `SearchRule`, on names made to trip an index.
@Suite("search_value through the index equals a plain substring scan")
struct SearchIndexTests {
    static let names = [
        "에어팟 3", "에어팟 프로 2세대", "무선 충전기 에어", "한국어 이름", "\u{1112}\u{1161}\u{11AB}글 자모로 쓴 이름",
        "Coffee ☕ Mug", "Party 🎉🎉 Pack", "Family 👨‍👩‍👧 Bundle", "Thumbs 👍🏽 Up",
        "100% Cotton Shirt", "50%_off bundle", "under_score_name", "percent%%sign",
        "\"Quoted\" Lamp", "It's a Tent", "back\\slash", "O'Reilly's \"Book\"",
        "UPPER CASE NAME", "lower case name", "MiXeD CaSe NaMe", "Straße Map", "STRASSE SIGN",
        "Café au lait", "Cafe\u{301} decomposed", "ﬁne ligature", "Ｆｕｌｌ Width", "Kelvin \u{212A} sign",
        "İstanbul Rug", "ΣΟΦΙΑ Greek", "<script>alert(1)</script>", "Tab\tInside", "a", "ab",
        "가\u{11A8} jamo after", "\u{1100}가 jamo before", "찻잔\u{301} marked", "e\u{301}clair",
    ]

    static let queries = [
        "에어팟", "에어", "팟", "한", "한글", "\u{1112}\u{1161}\u{11AB}", "이름",
        "☕", "🎉", "🎉🎉", "👨‍👩‍👧", "👍", "👍🏽", "coffee ☕",
        "%", "%%", "50%", "50%_", "_", "_name", "\"", "\"quoted\"", "'", "o'reilly", "\\", "back\\",
        "case", "CASE NAME", "mixed case", "ss", "SS", "ß", "straße", "strasse",
        "cafe", "café", "cafe\u{301}", "é", "fi", "ﬁ", "full", "ｆｕｌｌ", "k", "kelvin k", "i", "istanbul", "σοφια",
        "<script>", "script>alert", "\t", "a", "ab", "abc", "zzz", " ", "\u{301}",
        "가", "가 ", "찻잔", "e", "eclair", "éclair", "jamo",
    ]

    /// Newest first, as the list orders them.
    private func plainScan(_ query: String, _ products: [(id: Int, name: String)]) -> [Int] {
        products.filter { $0.name.range(of: query, options: .caseInsensitive) != nil }.map(\.id).reversed()
    }

    @Test func everyQueryFindsExactlyWhatAScanFinds() async throws {
        let fixture = try MarketFixture()
        var products: [(id: Int, name: String)] = []
        for name in Self.names {
            var params = Products.valid()
            params["name"] = name.count >= 3 ? name : name + "__"
            let reply = try await fixture.create(params)
            products.append((try #require(reply.json["id"]?.int), params["name"] as? String ?? ""))
        }
        var nonEmpty = 0
        for query in Self.queries {
            let encoded = query.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            let reply = try await fixture.get("/api/products?items_per_page=1000&search_value=\(encoded)")
            let found = reply.json["pages"]?.array.compactMap { $0["id"]?.int } ?? []
            let expected = plainScan(query, products)
            #expect(found == expected, "search_value \(query.debugDescription)")
            #expect(reply.json["totalCount"]?.int == expected.count, "search_value \(query.debugDescription)")
            if !expected.isEmpty { nonEmpty += 1 }
        }
        // The corpus is not vacuous: most queries find something, through both index paths.
        #expect(nonEmpty > Self.queries.count * 3 / 4)
        #expect(plainScan("에어팟", products).count == 2)
        #expect(plainScan("ss", products).count == 2)
    }

    @Test func renamesAndDeletesKeepTheIndexInStep() async throws {
        let fixture = try MarketFixture()
        let secret = MarketVendor.localTeam.secret
        let plain = try await fixture.createProduct(name: "Walnut Teapot")
        let korean = try await fixture.createProduct(name: "원목 찻잔 세트")
        let marked = try await fixture.createProduct(name: "Cafe\u{301} Teapot")
        #expect(try await fixture.sendJSON(.patch, "/api/products/\(plain)", ["secret": secret, "name": "Oak 찻잔"]).status == 200)
        #expect(try await fixture.sendJSON(.patch, "/api/products/\(marked)", ["secret": secret, "name": "Plain Kettle"]).status == 200)
        let path = try await fixture.sendJSON(.post, "/api/products/\(korean)/archived", ["secret": secret]).text
        #expect(try await fixture.send(.delete, path, headers: ["identifier": MarketVendor.localTeam.identifier]).status == 200)

        func ids(_ query: String) async throws -> [Int] {
            let encoded = query.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            return try await fixture.get("/api/products?search_value=\(encoded)").json["pages"]?.array.compactMap { $0["id"]?.int } ?? []
        }
        #expect(try await ids("teapot") == [])
        #expect(try await ids("찻잔") == [plain])
        #expect(try await ids("kettle") == [marked])
        #expect(try await ids("café") == [])
        // FTS5's own check of the index against the rows it was built from.
        let db = try SQLiteConnection(path: fixture.dataPath + "/market.sqlite")
        try db.execute("INSERT INTO product_names (product_names) VALUES ('integrity-check')")
    }

    @Test func theShortcutsAgreeWithTheRuleOnEveryTrickyPair() {
        var matched = 0
        for name in Self.names {
            for query in Self.queries {
                let rule = name.range(of: query, options: .caseInsensitive) != nil
                #expect(SearchRule.matches(name: name, query: query) == rule, "\(name.debugDescription) ~ \(query.debugDescription)")
                if rule { matched += 1 }
            }
        }
        #expect(matched > 50)
    }

    @Test func theASCIIShortcutAgreesWithTheRule() {
        var random = SplitMix(seed: 15)
        let alphabet = Array("aAbBzZ%_' \"-09~".utf8)
        for _ in 0..<2000 {
            let name = String(decoding: (0..<Int(random.next() % 12)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }, as: UTF8.self)
            let query = String(decoding: (0..<Int(random.next() % 4)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }, as: UTF8.self)
            #expect(
                SearchRule.matches(name: name, query: query) == (name.range(of: query, options: .caseInsensitive) != nil),
                "\(name.debugDescription) ~ \(query.debugDescription)")
        }
    }
}
