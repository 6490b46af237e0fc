import Foundation
import SQLite

/// `local-market --seed-count N`: N products made up from their index, the same for the same
/// N on every machine (names in English and Korean, prices in both currencies, some on sale,
/// some sold out, three vendors), sharing eight of the seed images so that N = 100,000 costs
/// 8 image files, not 200,000. Inserted in one transaction (2–3 s for 100,000 here): all or
/// nothing, so a crash while generating leaves an empty directory that the next start fills.
struct GeneratedCatalog {
    let count: Int

    static let day = "20240101"
    static let createdAt = "2024-01-01T00:00:00"
    private static let imageNames = [
        "photo-01-circle.jpg", "photo-02-square.jpg", "photo-03-triangle.jpg", "photo-05-diamond.jpg",
        "icon-01-hexagon.png", "icon-02-ring.png", "icon-05-cross.png", "icon-08-circle.png",
    ]
    private static let adjectives = ["Blue", "Compact", "Handmade", "Vintage", "Wireless", "Organic", "Heavy", "Tiny"]
    private static let nouns = ["Mug", "Lamp", "Keyboard", "Backpack", "Notebook", "Speaker", "Teapot", "Chair", "Umbrella"]
    private static let koreanNames = ["무선 이어폰", "원목 의자", "유리 찻잔", "가죽 지갑", "여행 가방", "손목시계"]

    func install(into files: MarketFiles, database: MarketDatabase) throws(StorageError) {
        let images = try writeSharedImages(into: files)
        do {
            try database.write { db throws(SQLiteError) in
                try db.transaction(.immediate, mapError: { $0 }) { () throws(SQLiteError) in
                    try MarketInfo.insertVendors(extraIds: [], on: db)
                    for index in 0..<count {
                        try ProductTable.insert(product(index, images: images), on: db)
                    }
                    try MarketInfo.set(.nextProductId, count + 1, on: db)
                    try MarketInfo.set(.nextImageId, count + 1, on: db)
                    try MarketInfo.set(.productCount, count, on: db)
                    try MarketInfo.set(.installed, 1, on: db)
                }
            }
        } catch {
            throw .database(error.description)
        }
        files.clearMarkers(origins: images.map(\.origin))
    }

    /// Product `index` (id `index + 1`).
    func product(_ index: Int, images: [(origin: String, thumbnail: String, vendorId: Int)]) -> ProductRecord {
        var random = SplitMix(seed: UInt64(index))
        let vendor = MarketVendor.all[index % MarketVendor.all.count]
        let number = String(index + 1)
        let name: String
        if index % 4 == 3 {
            name = "\(Self.koreanNames[Int(random.next() % UInt64(Self.koreanNames.count))]) \(number)"
        } else {
            let adjective = Self.adjectives[Int(random.next() % UInt64(Self.adjectives.count))]
            let noun = Self.nouns[Int(random.next() % UInt64(Self.nouns.count))]
            name = "\(adjective) \(noun) \(number)"
        }
        let currency: StoredCurrency = index % 3 == 0 ? .usd : .krw
        let price: Decimal = currency == .usd
            ? Decimal(Int(random.next() % 20_000) + 100) / 100
            : Decimal((Int(random.next() % 500) + 1) * 1000)
        let discount: Decimal = index % 5 == 0 ? price / 10 : 0
        let stock = index % 7 == 0 ? 0 : Int(random.next() % 200)
        let shared = images.filter { $0.vendorId == vendor.id }
        let image = shared.isEmpty ? images[index % images.count] : shared[index / MarketVendor.all.count % shared.count]
        return ProductRecord(
            id: index + 1, uuid: Self.uuid(random.next(), random.next()), vendorId: vendor.id, name: name,
            description: "Generated product number \(number) for demos and benchmarks.", currency: currency,
            price: price, discountedPrice: discount, stock: stock, thumbnailImageId: index + 1,
            images: [ImageRecord(id: index + 1, originPath: image.origin, thumbnailPath: image.thumbnail, issuedAt: Self.createdAt)],
            createdAt: Self.createdAt, issuedAt: Self.createdAt)
    }

    /// The eight shared files, spread over the vendors, at fixed names.
    private func writeSharedImages(into files: MarketFiles) throws(StorageError) -> [(origin: String, thumbnail: String, vendorId: Int)] {
        guard let seedURL = Bundle.module.url(forResource: "Seed", withExtension: nil) else {
            throw .seedUnavailable("the Seed folder is missing from the LocalMarket resources")
        }
        var result: [(origin: String, thumbnail: String, vendorId: Int)] = []
        for (offset, name) in Self.imageNames.enumerated() {
            let source = seedURL.appendingPathComponent("images").appendingPathComponent(name).path
            guard let bytes = try AtomicFile.read(source), let format = StoredImageFormat(sniffing: bytes) else {
                throw .seedUnavailable("image \(name) is missing or not a JPEG or PNG")
            }
            let vendorId = MarketVendor.all[offset % MarketVendor.all.count].id
            let key = String(repeating: "0", count: 24) + String(format: "%08x", offset + 1)
            let paths = ImageNaming.paths(vendorId: vendorId, day: Self.day, key: key, format: format)
            if let existing = files.imageFile(paths.origin), FileManager.default.fileExists(atPath: existing) {
                // Left by a generation a crash interrupted: same name, same bytes.
                files.removeImages([paths.origin, paths.thumbnail])
            }
            try files.writeImage(bytes, origin: paths.origin, thumbnail: paths.thumbnail, durable: false)
            result.append((paths.origin, paths.thumbnail, vendorId))
        }
        try files.flush(images: result.flatMap { [$0.origin, $0.thumbnail] })
        return result
    }

    private static func uuid(_ high: UInt64, _ low: UInt64) -> String {
        let hex = String(format: "%016llx%016llx", high, low)
        let characters = Array(hex)
        return [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(characters[$0]) }.joined(separator: "-")
    }
}

/// A small deterministic generator (SplitMix64): the same sequence for the same seed.
struct SplitMix {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed &* 0x9E37_79B9_7F4A_7C15
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
