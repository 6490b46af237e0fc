/// The seam between the dashboard and the market: `MarketClient` talks to a real server over
/// HTTP; tests put doubles behind it. Every method throws `MarketError` (or `CancellationError`
/// when the calling task is cancelled).
public protocol MarketAPI: Sendable {
    /// True when the market answers its health check (`GET /healthChecker` → `"OK"`); false when
    /// it answers something else. Throws `.timeout` / `.unreachable` when it does not answer.
    func health() async throws -> Bool

    /// One page of products, newest first. `page` starts at 1; `search` filters by name (nil or
    /// blank: no filter).
    func listProducts(page: Int, itemsPerPage: Int, search: String?) async throws -> ProductPageEnvelope

    func product(id: Int) async throws -> ProductDetail

    /// Registers a product with 1–5 images (JPEG or PNG, each at most 300 KB for the API).
    func createProduct(_ product: NewProduct, images: [ImageUpload]) async throws -> ProductDetail

    func editProduct(id: Int, _ changes: ProductChanges) async throws -> ProductDetail

    /// Deletes a product: looks up its delete path with the secret, then deletes that path.
    /// Returns the deleted product when the market's answer holds it (any 2xx is success; the
    /// body may be the product, empty, or text).
    func deleteProduct(id: Int) async throws -> ProductDetail?
}
