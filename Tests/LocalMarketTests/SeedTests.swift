import Foundation
import Testing
@testable import LocalMarket

@Suite("Seed data installed on an empty data directory")
struct SeedTests {
    private func allProducts() async throws -> [JSONValue] {
        try await SeededMarket.fixture().get("/api/products?items_per_page=1000").json["pages"]?.array ?? []
    }

    private func details() async throws -> [JSONValue] {
        let fixture = try SeededMarket.fixture()
        var result: [JSONValue] = []
        for id in 1...60 { result.append(try await fixture.get("/api/products/\(id)").json) }
        return result
    }

    @Test func sixtyProductsFromThreeVendorsOverSeveralPages() async throws {
        let products = try await allProducts()
        #expect(products.count == 60)
        let byVendor = Dictionary(grouping: products, by: { $0["vendorName"]?.string ?? "" })
        #expect(Set(byVendor.keys) == Set(MarketVendor.all.map(\.name)))
        #expect(byVendor.values.allSatisfy { $0.count >= 15 })
        let page = try await SeededMarket.fixture().get("/api/products?page_no=1&items_per_page=20").json
        #expect(page["lastPage"]?.int == 3)
    }

    @Test func namesExerciseEscapingAndUnicode() async throws {
        let names = try await allProducts().compactMap { $0["name"]?.string }
        #expect(names.contains("<script>alert(1)</script>"))
        #expect(names.contains(#""quotes" & <b>bold</b>"#))
        #expect(names.contains { $0.unicodeScalars.contains { $0.properties.isEmojiPresentation } })
        #expect(names.contains { $0.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) } })  // Hangul
        let longest = names.map(\.count).max() ?? 0
        #expect((90...100).contains(longest))
    }

    @Test func pricesCoverBothCurrenciesDiscountsAndTheExponentSpelling() async throws {
        let products = try await allProducts()
        #expect(products.contains { $0["currency"]?.string == "KRW" })
        let usd = products.filter { $0["currency"]?.string == "USD" }
        #expect(usd.contains { ($0["price"]?.literal ?? "").hasSuffix(".99") })
        #expect(products.contains { $0["price"]?.literal == "6.0E7" })
        #expect(products.filter { ($0["discounted_price"]?.double ?? 0) > 0 }.count >= 20)
        for product in products {
            let price = try #require(product["price"]?.double)
            let discount = try #require(product["discounted_price"]?.double)
            let bargain = try #require(product["bargain_price"]?.double)
            #expect(abs(price - discount - bargain) < 0.001)
            #expect(discount >= 0 && discount <= price)
        }
    }

    /// Like the live server, the seed holds products registered before the rules were kept
    /// (from the iOS apps): a 2-character description, price 0. The create rules stay strict.
    @Test func productsRegisteredEarlier_breakTheCreateRules_likeLiveData() async throws {
        let products = try await allProducts()
        #expect(products.contains { ($0["description"]?.string?.count ?? 0) == 2 && $0["price"]?.literal == "0.0" })
        #expect(products.contains { (1...4).contains($0["description"]?.string?.count ?? 0) && $0["vendor_id"]?.int == 28 })
    }

    @Test func soldOutItemsEmptyDescriptionsAndLineBreaksExist() async throws {
        let products = try await allProducts()
        #expect(products.filter { $0["stock"]?.int == 0 }.count >= 5)
        #expect(products.contains { $0["description"]?.string == "" })
        #expect(products.contains { $0["description"]?.string?.unicodeScalars.contains("\n") == true })
    }

    @Test func someProductsHaveSeveralImagesAndAllImagesAreServed() async throws {
        let fixture = try SeededMarket.fixture()
        let details = try await details()
        let counts = details.map { $0["images"]?.array.count ?? 0 }
        #expect(counts.allSatisfy { (1...5).contains($0) })
        #expect(counts.filter { $0 > 1 }.count >= 10)
        #expect(counts.contains(5) || counts.contains(4))
        var sizes: [Int] = []
        for detail in details {
            for image in detail["images"]?.array ?? [] {
                let served = try await fixture.imageBytes(at: try #require(image["url"]?.string))
                #expect(StoredImageFormat(sniffing: served.bytes) != nil)
                sizes.append(served.bytes.count)
            }
        }
        #expect(sizes.allSatisfy { $0 <= ProductRules.maxImageBytes })
        #expect(sizes.contains { $0 > 40_000 })  // the benchmark image
    }

    @Test func vendorConstantsAreDistinctAndTheDefaultIsOneOfThem() {
        #expect(LocalMarket.vendors.count == 3)
        #expect(Set(LocalMarket.vendors.map(\.identifier)).count == 3)
        #expect(Set(LocalMarket.vendors.map(\.secret)).count == 3)
        #expect(Set(LocalMarket.vendors.map(\.id)).count == 3)
        #expect(LocalMarket.vendors.contains(LocalMarket.defaultVendor))
        #expect(LocalMarket.vendors.allSatisfy { UUID(uuidString: $0.identifier) != nil && $0.identifier == $0.identifier.lowercased() })
    }

    @Test func seedIsInstalledOnlyOnce() async throws {
        let fixture = try MarketFixture(seed: true)
        let id = try await fixture.createProduct(name: "Added after the seed")
        try fixture.restart()
        let page = try await fixture.get("/api/products?items_per_page=1").json
        #expect(page["totalCount"]?.int == 61)
        #expect(page["pages"]?.array.first?["id"]?.int == id)
    }
}
