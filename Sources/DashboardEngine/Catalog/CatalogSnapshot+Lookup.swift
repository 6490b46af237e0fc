/// Products by id for a batch's preview: the snapshot's, and the market's for ids the snapshot
/// does not have (a product newer than the count).
extension CatalogSnapshot {
    /// The products `ids` name, by id: from the snapshot, else read through `gateway`, at most
    /// `maxReads` reads, the first ids first. An id nobody has, or past the reads, is left out.
    package func products(_ ids: [Int], readingMissingFrom gateway: MarketGateway, maxReads: Int) async -> [Int: CatalogProduct] {
        var found = products(Set(ids))
        var reads = 0
        for id in ids where found[id] == nil && reads < maxReads {
            reads += 1
            if let detail = try? await gateway.product(id: id).value {
                found[id] = CatalogProduct(detail, vendorName: detail.vendorName ?? "")
            }
        }
        return found
    }

    /// The snapshot's products among `ids`, by id (one pass over the snapshot; no market read).
    package func products(_ ids: Set<Int>) -> [Int: CatalogProduct] {
        var found: [Int: CatalogProduct] = [:]
        for product in products where ids.contains(product.id) { found[product.id] = product }
        return found
    }
}
