import HTTPServer
import MarketClient

/// How the form routes speak about whose product it is: the 403 for another vendor's product,
/// and, while the dashboard does not know its own vendor, a refusal from the market explained
/// by the product's owner.
extension ProductForms {
    /// 403: the product belongs to another vendor; the page names that vendor and ours.
    func notYourProduct(_ product: ProductDetail, action: String) -> HTTPResponse {
        let ours = ownVendor.id.map { " (vendor_id \($0))" } ?? ""
        return renderer.error(
            .forbidden, heading: "Not your product",
            message: "“\(product.name)” belongs to \(Self.owner(of: product)), not to this dashboard's vendor\(ours). "
                + "Only the vendor who registered a product can \(action) it.",
            retryHref: nil)
    }

    /// `red123 (vendor_id 15)`, or just the id when the market named no vendor.
    static func owner(of product: ProductDetail) -> String {
        let name = product.vendor?.name ?? product.vendorName ?? ""
        return name.isEmpty ? "vendor_id \(product.vendorID)" : "\(name) (vendor_id \(product.vendorID))"
    }

    /// `Self.explain`, except for a refusal while the own vendor is unknown: then the likely
    /// reason is that the product is another vendor's, and the page says whose and what to do.
    func explain(_ error: MarketError, action: String, product: ProductDetail?) -> (HTTPStatus, ProductFormPage.Problem) {
        guard case .unauthorized = error, ownVendor.id == nil, let product else { return Self.explain(error, action: action) }
        return (.forbidden, .init(
            heading: "The market refused",
            message: "The Open Market refused to let this dashboard \(action). “\(product.name)” belongs to "
                + "\(Self.owner(of: product)), and only the vendor who registered a product may change it: if that is not "
                + "your vendor, the product is not yours to change; if it is, check --identifier and --secret. "
                + "Start the dashboard with --vendor-id so it offers Edit and Delete only on your own products."))
    }
}
