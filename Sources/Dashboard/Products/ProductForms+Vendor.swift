import HTTPServer
import MarketClient

/// How the form routes speak about whose product it is: the 403 for another vendor's product,
/// and, while the dashboard does not know its own vendor, a refusal from the market explained
/// by the product's owner.
extension ProductForms {
    /// 403: the product belongs to another vendor; the page names that vendor and ours.
    func notYourProduct(_ product: ProductDetail, action: Wording.WriteAction, _ context: RequestContext) -> HTTPResponse {
        let wording = context.wording
        let text = wording.notYourProduct(product.name, owner: Self.owner(of: product, wording), ours: ownVendor.id, action: action)
        return renderer.error(.forbidden, text, retryHref: nil, for: context)
    }

    /// `red123 (vendor_id 15)`, or just the id when the market named no vendor.
    static func owner(of product: ProductDetail, _ wording: Wording) -> String {
        wording.owner(name: product.vendor?.name ?? product.vendorName ?? "", vendorID: product.vendorID)
    }

    /// `Self.explain`, except for a refusal while the own vendor is unknown: then the likely
    /// reason is that the product is another vendor's, and the page says whose and what to do.
    func explain(
        _ error: MarketError, action: Wording.WriteAction, product: ProductDetail?, _ wording: Wording
    ) -> (HTTPStatus, ProductFormPage.Problem) {
        guard case .unauthorized = error, ownVendor.id == nil, let product else { return Self.explain(error, action: action, wording) }
        return (.forbidden, .init(wording.vendorRefused(product.name, owner: Self.owner(of: product, wording), action: action)))
    }
}
