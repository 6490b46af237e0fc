import Foundation

/// The sample products installed on an empty data directory, from `Seed/products.json` and
/// `Seed/images/` (resources of this module). Seed products are stored exactly like uploads.
enum MarketSeed {
    struct Entry {
        var vendorId: Int
        var name: String
        var description: String
        var currency: StoredCurrency
        var price: Decimal
        var discountedPrice: Decimal
        var stock: Int
        var images: [String]
        var createdAt: String
    }

    /// Copies the seed images into `files` and returns the state that refers to them (not yet
    /// saved: the caller commits it, after the images are on disk).
    static func install(into files: MarketFiles) throws(StorageError) -> MarketState {
        guard let seedURL = Bundle.module.url(forResource: "Seed", withExtension: nil) else {
            throw .seedUnavailable("the Seed folder is missing from the LocalMarket resources")
        }
        let entries = try entries(at: seedURL.appendingPathComponent("products.json").path)
        var state = MarketState()
        for entry in entries {
            var images: [ImageRecord] = []
            let folder = String(entry.createdAt.prefix(10).filter { $0 != "-" })
            for name in entry.images {
                let source = seedURL.appendingPathComponent("images").appendingPathComponent(name).path
                guard let bytes = try AtomicFile.read(source), let format = StoredImageFormat(sniffing: bytes) else {
                    throw .seedUnavailable("image \(name) is missing or not a JPEG or PNG")
                }
                let key = UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
                let paths = ImageNaming.paths(vendorId: entry.vendorId, day: folder, key: key, format: format)
                // A crash before the state is saved leaves no state: the next start seeds again
                // and sweeps these files as unreferenced.
                try files.writeImage(bytes, origin: paths.origin, thumbnail: paths.thumbnail, durable: false)
                images.append(ImageRecord(
                    id: state.nextImageId, originPath: paths.origin, thumbnailPath: paths.thumbnail,
                    issuedAt: entry.createdAt))
                state.nextImageId += 1
            }
            state.products.append(ProductRecord(
                id: state.nextProductId, uuid: UUID().uuidString.lowercased(), vendorId: entry.vendorId,
                name: entry.name, description: entry.description, currency: entry.currency,
                price: entry.price, discountedPrice: entry.discountedPrice, stock: entry.stock,
                thumbnailImageId: images.first?.id ?? 0, images: images,
                createdAt: entry.createdAt, issuedAt: entry.createdAt))
            state.nextProductId += 1
        }
        try files.flush(images: state.products.flatMap { $0.images.flatMap { [$0.originPath, $0.thumbnailPath] } })
        return state
    }

    static func entries(at path: String) throws(StorageError) -> [Entry] {
        guard let bytes = try AtomicFile.read(path) else { throw .seedUnavailable("products.json is missing") }
        let document: JSONValue
        do {
            document = try JSONValue.parse(bytes)
        } catch {
            throw .seedUnavailable("products.json: \(error)")
        }
        guard case .array(let items)? = document["products"] else {
            throw .seedUnavailable("products.json has no products array")
        }
        var entries: [Entry] = []
        for (index, item) in items.enumerated() {
            guard let entry = entry(item) else { throw .seedUnavailable("product \(index + 1) in products.json is malformed") }
            entries.append(entry)
        }
        return entries
    }

    private static func entry(_ item: JSONValue) -> Entry? {
        guard case .number(let vendor)? = item["vendor"], let vendorId = Int(vendor),
            MarketVendor.all.contains(where: { $0.id == vendorId }),
            case .string(let name)? = item["name"],
            case .string(let description)? = item["description"],
            case .string(let code)? = item["currency"], let currency = StoredCurrency(rawValue: code),
            case .number(let price)? = item["price"], let priceValue = Decimal(string: price),
            case .number(let discount)? = item["discounted_price"], let discountValue = Decimal(string: discount),
            case .number(let stockText)? = item["stock"], let stock = Int(stockText),
            case .array(let imageValues)? = item["images"],
            case .string(let createdAt)? = item["created_at"]
        else { return nil }
        let images = imageValues.compactMap { value -> String? in
            if case .string(let name) = value { return name }
            return nil
        }
        guard !images.isEmpty, images.count == imageValues.count else { return nil }
        return Entry(
            vendorId: vendorId, name: name, description: description, currency: currency,
            price: priceValue, discountedPrice: discountValue, stock: stock, images: images, createdAt: createdAt)
    }
}
