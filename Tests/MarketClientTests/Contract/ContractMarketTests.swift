import Foundation
import LocalMarket
import Testing

@testable import MarketClient

/// The contract suite: every call of `MarketClient` against the embedded market over sockets.
@Suite("Contract: MarketClient × LocalMarket")
struct EmbeddedMarketContractTests {
    @Test func listPagingMath_matchesTheAPI() async throws {
        try await withEmbeddedMarket { market in
            let client = market.client()
            let first = try await client.listProducts(page: 1, itemsPerPage: 20, search: nil)
            #expect(first.totalCount == 60)
            #expect(first.lastPage == 3)
            #expect(first.offset == 0)
            #expect(first.limit == 20)  // offset + itemsPerPage, the API's quirk
            #expect(first.hasNext && !first.hasPrevious)

            let second = try await client.listProducts(page: 2, itemsPerPage: 20, search: nil)
            #expect(second.offset == 20 && second.limit == 40)
            #expect(second.hasNext && second.hasPrevious)

            let last = try await client.listProducts(page: 3, itemsPerPage: 20, search: nil)
            #expect(!last.hasNext && last.hasPrevious)

            let ids = (first.products + second.products + last.products).map(\.id)
            #expect(ids.count == 60)
            #expect(Set(ids).count == 60)
            #expect(ids == ids.sorted(by: >), "newest id first across pages")

            let odd = try await client.listProducts(page: 4, itemsPerPage: 17, search: nil)
            #expect(odd.lastPage == 4 && odd.products.count == 60 - 3 * 17)
        }
    }

    @Test func search_filtersByName() async throws {
        try await withEmbeddedMarket { market in
            let page = try await market.client().listProducts(page: 1, itemsPerPage: 100, search: "coffee")
            #expect(!page.products.isEmpty)
            #expect(page.products.allSatisfy { $0.name.lowercased().contains("coffee") })
            let korean = try await market.client().listProducts(page: 1, itemsPerPage: 100, search: "김치")
            #expect(!korean.products.isEmpty && korean.products.allSatisfy { $0.name.contains("김치") })
            let none = try await market.client().listProducts(page: 1, itemsPerPage: 20, search: "no such product at all")
            #expect(none.totalCount == 0 && none.products.isEmpty)
        }
    }

    @Test func detail_agreesWithTheList() async throws {
        try await withEmbeddedMarket { market in
            let client = market.client()
            for summary in try await client.listProducts(page: 1, itemsPerPage: 20, search: nil).products {
                let detail = try await client.product(id: summary.id)
                #expect(detail.name == summary.name)
                #expect(detail.price == summary.price && detail.bargainPrice == summary.bargainPrice)
                #expect(detail.bargainPrice == detail.price - detail.discountedPrice)
                #expect(!detail.images.isEmpty)
                #expect(detail.thumbnail == detail.images.first?.thumbnailURL)
                #expect(detail.vendor?.name == summary.vendorName)
            }
            await #expect(throws: MarketError.notFound) { try await client.product(id: 999_999) }
        }
    }

    @Test(arguments: [1, 5])
    func create_roundTripsEveryImageByte(imageCount: Int) async throws {
        try await withEmbeddedMarket(seed: false) { market in
            let uploads = try ContractMarket.images.prefix(imageCount).map(ContractMarket.seedImage)
            let price = try #require(Money(string: "12.5"))
            let discount = try #require(Money(string: "2.5"))
            let created = try await market.client().createProduct(.sample(price: price, discount: discount, currency: .usd), images: uploads)
            #expect(created.name == "Contract Mug")
            #expect(created.price == price && created.discountedPrice == discount && created.bargainPrice == 10)
            #expect(created.currency == .usd)
            #expect(created.description == "A mug made for contract tests.\nDishwasher safe.")
            #expect(created.images.count == imageCount)
            for (image, upload) in zip(created.images, uploads) {
                #expect(try await ContractMarket.download(image.url) == upload.bytes)
            }
            let listed = try await market.client().listProducts(page: 1, itemsPerPage: 20, search: nil)
            #expect(listed.products.first?.id == created.id)
        }
    }

    @Test(arguments: [
        ("ab", "name"),
        (String(repeating: "n", count: 101), "name"),
    ])
    func create_refusesABadName(name: String, field: String) async throws {
        try await withEmbeddedMarket(seed: false) { market in
            let image = try ContractMarket.seedImage("photo-01-circle.jpg")
            do {
                _ = try await market.client().createProduct(.sample(name), images: [image])
                Issue.record("a name of \(name.count) characters was accepted")
            } catch MarketError.rejected(let status, let message) {
                #expect(status == 400)
                #expect(message.lowercased().contains(field), "\(message)")
            }
        }
    }

    @Test func create_refusesEveryOtherRuleBreak() async throws {
        try await withEmbeddedMarket(seed: false) { market in
            let client = market.client()
            let image = try ContractMarket.seedImage("photo-01-circle.jpg")
            let broken: [NewProduct] = [
                NewProduct(name: "Short description", description: "too short", price: 1000, currency: .krw),
                .sample(price: 0),
                .sample(price: 1000, discount: 1001),
                .sample(stock: -1),
            ]
            for product in broken {
                await #expect(throws: MarketError.self, "\(product)") { try await client.createProduct(product, images: [image]) }
            }
            let tooBig = ImageUpload(filename: "big.jpg", contentType: "image/jpeg", bytes: [0xFF, 0xD8, 0xFF] + [UInt8](repeating: 1, count: 301 * 1024))
            await #expect(throws: MarketError.self) { try await client.createProduct(.sample(), images: [tooBig]) }
            let notAnImage = ImageUpload(filename: "x.jpg", contentType: "image/jpeg", bytes: Array("<svg></svg>".utf8))
            await #expect(throws: MarketError.self) { try await client.createProduct(.sample(), images: [notAnImage]) }
            // 0 or 6 images never leave the client.
            await #expect(throws: MarketError.self) { try await client.createProduct(.sample(), images: []) }
            await #expect(throws: MarketError.self) { try await client.createProduct(.sample(), images: Array(repeating: image, count: 6)) }
            #expect(try await client.listProducts(page: 1, itemsPerPage: 20, search: nil).totalCount == 0)
        }
    }

    @Test func wrongSecretOrIdentifier_isUnauthorized_andNeverEchoed() async throws {
        try await withEmbeddedMarket(seed: false) { market in
            let image = try ContractMarket.seedImage("photo-01-circle.jpg")
            for client in [market.client(secret: "not-the-secret"), market.client(identifier: UUID().uuidString.lowercased())] {
                do {
                    _ = try await client.createProduct(.sample(), images: [image])
                    Issue.record("wrong credentials were accepted")
                } catch {
                    #expect(error as? MarketError == .unauthorized)
                    #expect(!"\(error)".contains("not-the-secret"))
                }
            }
        }
    }

    @Test func editAndDelete_areForTheOwnerOnly() async throws {
        try await withEmbeddedMarket(seed: false) { market in
            let owner = market.client(.localTeam)
            let other = market.client(.seoulShop)
            let created = try await owner.createProduct(.sample(), images: [try ContractMarket.seedImage("photo-01-circle.jpg")])
            await #expect(throws: MarketError.unauthorized) { try await other.editProduct(id: created.id, ProductChanges(stock: 9)) }
            await #expect(throws: MarketError.unauthorized) { try await other.deleteProduct(id: created.id) }
            #expect(try await owner.product(id: created.id).stock == 3)
        }
    }

    @Test func edit_changesOnlyWhatItSends() async throws {
        try await withEmbeddedMarket(seed: false) { market in
            let client = market.client()
            let uploads = try ContractMarket.images.prefix(2).map(ContractMarket.seedImage)
            let created = try await client.createProduct(.sample(), images: uploads)
            let second = try #require(created.images.last)
            let edited = try await client.editProduct(id: created.id, ProductChanges(price: 15000, discountedPrice: 5000, thumbnailID: second.id))
            #expect(edited.price == 15000 && edited.bargainPrice == 10000)
            #expect(edited.name == created.name && edited.stock == created.stock)
            #expect(edited.thumbnail == second.thumbnailURL)
            #expect(try await client.product(id: created.id).price == 15000)
        }
    }

    @Test func delete_goesThroughTheArchivedLookup() async throws {
        try await withEmbeddedMarket(seed: false) { market in
            let client = market.client()
            let created = try await client.createProduct(.sample(), images: [try ContractMarket.seedImage("photo-01-circle.jpg")])
            let deleted = try await client.deleteProduct(id: created.id)
            #expect(deleted?.id == created.id)
            await #expect(throws: MarketError.notFound) { try await client.product(id: created.id) }
            #expect(try await client.listProducts(page: 1, itemsPerPage: 20, search: nil).totalCount == 0)
            await #expect(throws: MarketError.self) { try await client.deleteProduct(id: created.id) }
        }
    }

    @Test func writes_surviveARestart() async throws {
        let first = try ContractMarket(seed: false)
        defer { try? FileManager.default.removeItem(at: first.directory) }
        let upload = try ContractMarket.seedImage("icon-01-hexagon.png")
        let created = try await first.client().createProduct(.sample("Kept across restarts"), images: [upload])
        first.stop()

        let second = try ContractMarket(directory: first.directory, seed: false)
        defer { second.stop() }
        let reread = try await second.client().product(id: created.id)
        #expect(reread.name == "Kept across restarts")
        let image = try #require(reread.images.first)
        #expect(try await ContractMarket.download(image.url) == upload.bytes)
    }

    @Test func health_answers() async throws {
        try await withEmbeddedMarket(seed: false) { market in
            let healthy = try await market.client().health()
            #expect(healthy)
        }
    }
}
