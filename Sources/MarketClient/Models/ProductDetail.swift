import Foundation

/// A product as the detail, create, edit and delete calls return it: the list item's fields
/// (reachable directly, `detail.name`), its images and its vendor.
///
/// The detail has no `vendorName`; `summary.vendorName` is filled from `vendors.name` so both
/// shapes read the same. Malformed images are skipped rather than failing the product.
@dynamicMemberLookup
public struct ProductDetail: Sendable, Hashable, Identifiable, Codable {
    public var summary: ProductSummary
    public var images: [ProductImage]
    /// The `vendors` object (plural key, one object); nil when absent.
    public var vendor: Vendor?

    public init(summary: ProductSummary, images: [ProductImage], vendor: Vendor?) {
        self.summary = summary
        self.images = images
        self.vendor = vendor
    }

    public var id: Int { summary.id }

    public subscript<Value>(dynamicMember keyPath: KeyPath<ProductSummary, Value>) -> Value {
        summary[keyPath: keyPath]
    }

    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<ProductSummary, Value>) -> Value {
        get { summary[keyPath: keyPath] }
        set { summary[keyPath: keyPath] = newValue }
    }

    enum CodingKeys: String, CodingKey {
        case images, vendors
    }

    public init(from decoder: any Decoder) throws {
        summary = try ProductSummary(from: decoder)
        let c = try decoder.container(keyedBy: AnyCodingKey.self)
        images = (try c.value([Lossy<ProductImage>].self, "images") ?? []).compactMap(\.value)
        vendor = try? c.value(Vendor.self, "vendors", "vendor")
        if summary.vendorName == nil { summary.vendorName = vendor?.name }
        if summary.thumbnail == nil { summary.thumbnail = images.first?.thumbnailURL }
    }

    public func encode(to encoder: any Encoder) throws {
        var plain = summary
        plain.vendorName = nil
        try plain.encode(to: encoder)
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(images, forKey: .images)
        try c.encodeIfPresent(vendor, forKey: .vendors)
    }
}
