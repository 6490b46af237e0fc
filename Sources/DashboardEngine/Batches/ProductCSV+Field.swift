extension ProductCSV.Column {
    /// The column an import reads `field` from; nil for the thumbnail, which no column holds
    /// (an import's first image is the thumbnail). Kept with the import, which is what maps a
    /// file's columns to a product's fields, so the CSV format knows nothing of the fields.
    package init?(_ field: ProductField) {
        switch field {
        case .name: self = .name
        case .description: self = .description
        case .price: self = .price
        case .discountedPrice: self = .discountedPrice
        case .stock: self = .stock
        case .currency: self = .currency
        case .images: self = .images
        case .thumbnailID: return nil
        }
    }
}
