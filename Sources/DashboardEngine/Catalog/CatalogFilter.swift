import MarketClient

/// Which products of the snapshot a question keeps: the own vendor's or all, a name search,
/// and the stock, sale, currency and price filters. Prices compare in hundredths
/// (`CatalogProduct.paidHundredths`).
package struct CatalogFilter: Sendable, Equatable {
    /// Some left (`inStock`), 1 up to the low-stock threshold (`low`), none left (`out`).
    package enum Stock: Sendable, CaseIterable, Hashable {
        case inStock
        case low
        case out
    }

    package var vendorID: Int?
    package var search = CatalogSearch.Query("")
    package var stock: Stock?
    /// The most a product may have left and count as low on stock.
    package var lowStockThreshold = Self.defaultLowStockThreshold
    package var onSale = false
    package var currency: Currency?
    package var minHundredths: Int64?
    package var maxHundredths: Int64?
    /// Only these products, by id (nil: any). The sales above their reference price
    /// (`CurrentSales.aboveReference`), a set the price timeline keeps, not the snapshot.
    package var productIDs: Set<Int>?

    /// 1 to 5 left is low on stock, unless the dashboard is told otherwise (`--low-stock`).
    package static let defaultLowStockThreshold = 5

    package init(vendorID: Int? = nil) {
        self.vendorID = vendorID
    }

    /// Nothing is filtered out: a walk can take the order as it is.
    var keepsEverything: Bool {
        vendorID == nil && search.isEmpty && stock == nil && !onSale && currency == nil && productIDs == nil
    }

    /// The filter over an order's entries (`CatalogOrderings.Entry`) with its constants worked
    /// out once, for one walk; `needsProduct` when what it cannot tell from an entry (a
    /// currency other than KRW and USD, a vendor id past 32 bits) needs the product itself.
    /// The name search is the snapshot's (`CatalogSearch.Names`).
    struct Walk {
        let vendor: Int32?
        let stockAtLeast: Int32?
        let stockAtMost: Int32?
        let onSale: Bool
        let currencyRank: UInt8?
        let minHundredths: Int64?
        let maxHundredths: Int64?
        let needsProduct: Bool

        func matches(_ entry: CatalogOrderings.Entry) -> Bool {
            if let vendor, entry.vendor != vendor { return false }
            if let stockAtLeast, entry.stock < stockAtLeast { return false }
            if let stockAtMost, entry.stock > stockAtMost { return false }
            if onSale, !entry.isOnSale { return false }
            if let currencyRank {
                if entry.currencyRank != currencyRank { return false }
                if let minHundredths, entry.paidHundredths < minHundredths { return false }
                if let maxHundredths, entry.paidHundredths > maxHundredths { return false }
            }
            return true
        }
    }

    var walk: Walk {
        // Stock is clamped to 32 bits in an entry; so is the threshold here, which keeps the
        // comparison (a threshold is at most 1,000,000 anyway).
        let threshold = Int32(clamping: lowStockThreshold)
        let bounds: (Int32?, Int32?) = switch stock {
        case .inStock?: (1, nil)
        case .low?: (1, threshold)
        case .out?: (nil, 0)
        case nil: (nil, nil)
        }
        let rank = currency.map(CatalogOrderings.currencyRank)
        let vendor = vendorID.map { Int32(exactly: $0) ?? CatalogOrderings.Entry.largeVendor }
        return Walk(
            vendor: vendor, stockAtLeast: bounds.0, stockAtMost: bounds.1, onSale: onSale, currencyRank: rank,
            minHundredths: minHundredths, maxHundredths: maxHundredths,
            needsProduct: rank == CatalogFields.otherCurrency || vendor == CatalogOrderings.Entry.largeVendor)
    }

    func matches(_ product: CatalogProduct) -> Bool {
        if let vendorID, product.vendorID != vendorID { return false }
        if let stock {
            switch stock {
            case .inStock: if product.stock <= 0 { return false }
            case .out: if product.stock > 0 { return false }
            case .low: if !product.isLowStock(lowStockThreshold) { return false }
            }
        }
        if onSale, !product.isOnSale { return false }
        if let productIDs, !productIDs.contains(product.id) { return false }
        if let currency {
            if product.currency != currency { return false }
            if let minHundredths, product.paidHundredths < minHundredths { return false }
            if let maxHundredths, product.paidHundredths > maxHundredths { return false }
        }
        return search.matches(CatalogSearch.fold(product.name))
    }
}
