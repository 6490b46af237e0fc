import MarketClient

/// The recycle bin's part in a delete, in the open: `MarketWriter` asks it to keep the product
/// before the delete is sent, and the journal tells it how each write ended.
extension RecycleBin: DeleteKeeper, WriteEndObserver {
    /// Keeps `product` and its images as item `entry`; when an image cannot be downloaded or
    /// stored, refuses the delete (nothing is kept, nothing is sent).
    func keep(_ product: ProductDetail, for entry: WriteLogEntry) async throws(WriteRefusal) {
        do {
            try await keep(product, entry: entry.id)
        } catch {
            logger.log(.warning, "recycle bin: product \(product.id) was not deleted: it could not be kept (\(error))")
            throw WriteRefusal(code: .imagesNotKept, detail: error.description)
        }
    }

    /// A delete's outcome decides its item (kept, or dropped when nothing was deleted); a
    /// restore that is done records the product the item became.
    func writeEnded(_ entry: WriteLogEntry, kind: WriteKind, cause: WriteCause?, outcome: WriteOutcome) async {
        if kind == .delete { await deleteEnded(entry: entry.id, outcome: outcome) }
        if case .restore(let item)? = cause, case .done(_, let productID) = outcome {
            await restored(entry: item, as: productID)
        }
    }
}
