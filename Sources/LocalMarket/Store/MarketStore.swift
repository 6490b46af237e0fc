import Foundation
import Synchronization

/// The market's products, images and counters. Reads take a snapshot under a short lock;
/// writes are serialised by `writer` and follow one rule: files first (images), then the state
/// file (atomic replace), then memory. A crash at any point leaves the last committed state.
final class MarketStore: Sendable {
    let files: MarketFiles
    private let state: Mutex<MarketState>
    private let writer = Mutex<Void>(())
    private let today: @Sendable () -> MarketDate

    /// Opens the data directory, installing `seed` when it holds no market yet.
    init(
        files: MarketFiles,
        seed: (MarketFiles) throws(StorageError) -> MarketState,
        today: @escaping @Sendable () -> MarketDate = { MarketDate(Date()) }
    ) throws(StorageError) {
        self.files = files
        self.today = today
        var loaded: MarketState
        if let existing = try files.loadState() {
            loaded = existing
        } else {
            loaded = try seed(files)
            try files.saveState(loaded)
        }
        let referenced = loaded.products.flatMap { $0.images.flatMap { [$0.originPath, $0.thumbnailPath] } }
        files.removeUnreferencedImages(keeping: Set(referenced))
        loaded.products.sort { $0.id < $1.id }
        state = Mutex(loaded)
    }

    func snapshot() -> MarketState {
        state.withLock { $0 }
    }

    func product(id: Int) -> ProductRecord? {
        state.withLock { $0.product(id: id) }
    }

    /// Stores the uploaded images, then the product that refers to them.
    func create(
        vendor: MarketVendor, product new: ProductRules.NewProduct, images: [(bytes: [UInt8], format: ImageFormat)]
    ) throws(MarketError) -> ProductRecord {
        try commit { (state: inout MarketState) throws(MarketError) -> ProductRecord in
            let date = today()
            var records: [ImageRecord] = []
            for (offset, image) in images.enumerated() {
                let key = UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
                let paths = ImageNaming.paths(vendorId: vendor.id, day: date.folder, key: key, format: image.format)
                do {
                    try files.writeImage(image.bytes, origin: paths.origin, thumbnail: paths.thumbnail, durable: true)
                } catch {
                    files.removeImages(records.flatMap { [$0.originPath, $0.thumbnailPath] } + [paths.origin, paths.thumbnail])
                    throw .storage("could not store image \(offset + 1): \(error)")
                }
                records.append(ImageRecord(
                    id: state.nextImageId + offset, originPath: paths.origin,
                    thumbnailPath: paths.thumbnail, issuedAt: date.timestamp))
            }
            state.nextImageId += records.count
            let record = ProductRecord(
                id: state.nextProductId, uuid: UUID().uuidString.lowercased(), vendorId: vendor.id,
                name: new.name, description: new.description, currency: new.currency,
                price: new.price, discountedPrice: new.discountedPrice, stock: new.stock,
                thumbnailImageId: records.first?.id ?? 0, images: records,
                createdAt: date.timestamp, issuedAt: date.timestamp)
            state.nextProductId += 1
            state.products.append(record)
            return record
        } onFailure: { record in
            files.removeImages(record.images.flatMap { [$0.originPath, $0.thumbnailPath] })
        }
    }

    /// Applies an edit by the product's own vendor.
    func edit(id: Int, vendor: MarketVendor, fields: ProductFields) throws(MarketError) -> ProductRecord {
        try commit { (state: inout MarketState) throws(MarketError) -> ProductRecord in
            guard let index = state.index(of: id) else { throw .notFound("product \(id) not found") }
            try Self.checkOwner(state.products[index], vendor)
            var product = state.products[index]
            try ProductRules.apply(fields, to: &product)
            product.issuedAt = today().timestamp
            state.products[index] = product
            return product
        }
    }

    /// The path a vendor DELETEs to remove its product: `/api/products/<token>`, where the
    /// token is base64 of `"{id}|{product uuid}"`.
    func deletePath(id: Int, vendor: MarketVendor) throws(MarketError) -> String {
        guard let product = product(id: id) else { throw .notFound("product \(id) not found") }
        try Self.checkOwner(product, vendor)
        return "/api/products/" + DeleteToken.make(id: product.id, uuid: product.uuid)
    }

    /// Removes the product a delete token names; its image files go after the commit.
    func delete(token: String, vendor: MarketVendor) throws(MarketError) -> ProductRecord {
        guard let (id, uuid) = DeleteToken.parse(token) else {
            throw .notFound("no product for this delete path")
        }
        let removed = try commit { (state: inout MarketState) throws(MarketError) -> ProductRecord in
            guard let index = state.index(of: id), state.products[index].uuid == uuid else {
                throw .notFound("no product for this delete path")
            }
            try Self.checkOwner(state.products[index], vendor)
            return state.products.remove(at: index)
        }
        files.removeImages(removed.images.flatMap { [$0.originPath, $0.thumbnailPath] })
        return removed
    }

    private static func checkOwner(_ product: ProductRecord, _ vendor: MarketVendor) throws(MarketError) {
        guard product.vendorId == vendor.id else {
            throw .forbidden("product \(product.id) belongs to another vendor")
        }
    }

    /// Runs one change on a copy of the state, writes it durably, then publishes it. If the
    /// write fails nothing changes in memory and `onFailure` undoes the change's own files.
    private func commit<Result: Sendable>(
        _ change: (inout MarketState) throws(MarketError) -> Result,
        onFailure: (Result) -> Void = { _ in }
    ) throws(MarketError) -> Result {
        try writer.withLock { (_: inout Void) throws(MarketError) -> Result in
            var next = state.withLock { $0 }
            let result = try change(&next)
            do {
                try files.saveState(next)
            } catch {
                onFailure(result)
                throw .storage("could not save the market: \(error)")
            }
            state.withLock { $0 = next }
            return result
        }
    }
}
