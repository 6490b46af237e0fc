import Foundation
import Testing
@testable import LocalMarket

@Suite("local-market --seed-count: a generated catalog")
struct GeneratedCatalogTests {
    private func everything(_ fixture: MarketFixture) async throws -> Reply {
        try await fixture.get("/api/products?items_per_page=1000")
    }

    @Test func theSameCountGivesTheSameCatalogEverywhere() async throws {
        let first = try MarketFixture(catalog: .generated(count: 300))
        let second = try MarketFixture(catalog: .generated(count: 300))
        let page = try await everything(first)
        #expect(page.json["totalCount"]?.int == 300)
        #expect(page.bytes == (try await everything(second)).bytes)
        let products = page.json["pages"]?.array ?? []
        #expect(Set(products.compactMap { $0["vendorName"]?.string }) == Set(MarketVendor.all.map(\.name)))
        #expect(products.contains { $0["stock"]?.int == 0 })
        #expect(products.contains { $0["currency"]?.string == "USD" } && products.contains { $0["currency"]?.string == "KRW" })
        #expect(products.contains { ($0["name"]?.string ?? "").unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) } })
        // A few shared image files, not one per product.
        #expect(first.market.store.files.allImageFiles().count == 16)
    }

    @Test func deletingAProductKeepsTheImageItSharesWithOthers() async throws {
        let fixture = try MarketFixture(catalog: .generated(count: 30))
        // Products 1, 4, 7... belong to the first vendor and share its images.
        let detail = try await fixture.get("/api/products/1").json
        let url = try #require(detail["images"]?.array.first?["url"]?.string)
        let thumbnail = try #require(detail["thumbnail"]?.string)
        let sharers = try await everything(fixture).json["pages"]?.array.filter { $0["thumbnail"]?.string == thumbnail } ?? []
        #expect(sharers.count > 1)
        let path = try await fixture.sendJSON(.post, "/api/products/1/archived", ["secret": MarketVendor.localTeam.secret]).text
        #expect(try await fixture.send(.delete, path, headers: ["identifier": MarketVendor.localTeam.identifier]).status == 200)

        #expect(try await fixture.get("/api/products/1").status == 404)
        #expect(try await fixture.imageBytes(at: url).bytes.isEmpty == false)
        #expect(try await everything(fixture).json["totalCount"]?.int == 29)
    }

    @Test func aGenerationACrashInterruptedIsDoneAgainAtTheNextStart() async throws {
        let finished = try MarketFixture(catalog: .generated(count: 10))
        let files = finished.market.store.files
        // What a crash before the generation's commit leaves: its images, each still marked.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lm-generated-\(UUID().uuidString)")
        let crashed = MarketFiles(directory: directory, syncsToDisk: false)
        try crashed.prepare()
        for relative in files.allImageFiles() where relative.contains("_origin.") {
            let bytes = try #require(FileManager.default.contents(atPath: files.imagesRoot + "/" + relative))
            try crashed.writeImage(
                Array(bytes), origin: relative, thumbnail: relative.replacingOccurrences(of: "_origin.", with: "_thumb."),
                durable: false)
        }

        let again = try MarketFixture(catalog: .generated(count: 10), directory: directory)

        #expect(try await everything(again).bytes == (try await everything(finished)).bytes)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path + "/incoming").isEmpty)
    }
}
