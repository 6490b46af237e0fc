import MarketClient

/// Which products of the snapshot a list shows: the own vendor's or all, a name search, and
/// the stock, sale, currency and price filters of `ProductListQuery`. Prices compare in
/// hundredths (`CatalogProduct.paidHundredths`).
struct CatalogFilter: Sendable, Equatable {
    var vendorID: Int?
    var search = CatalogSearch.Query("")
    var stock: ProductListQuery.StockFilter?
    /// The most a product may have left and count as low on stock.
    var lowStockThreshold = 5
    var onSale = false
    var currency: Currency?
    var minHundredths: Int64?
    var maxHundredths: Int64?

    init(vendorID: Int? = nil) {
        self.vendorID = vendorID
    }

    /// The filter a list query asks for; `vendorID` when it lists the own vendor's products.
    init(_ query: ProductListQuery, vendorID: Int?, lowStockThreshold: Int) {
        self.vendorID = vendorID
        search = CatalogSearch.Query(query.search)
        stock = query.stock
        self.lowStockThreshold = lowStockThreshold
        onSale = query.onSale
        currency = query.currency
        if query.currency != nil {
            minHundredths = query.minPrice.map(CatalogProduct.hundredths)
            maxHundredths = query.maxPrice.map(CatalogProduct.hundredths)
        }
    }

    /// Nothing is filtered out: a walk can take the order as it is.
    var keepsEverything: Bool {
        vendorID == nil && search.isEmpty && stock == nil && !onSale && currency == nil
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
        if let currency {
            if product.currency != currency { return false }
            if let minHundredths, product.paidHundredths < minHundredths { return false }
            if let maxHundredths, product.paidHundredths > maxHundredths { return false }
        }
        return search.matches(product.searchName)
    }
}
