import Glibc
import HTTPServer

/// The market's HTTP API on our `Router`, the same paths as the real server:
///
/// | route | answer |
/// |---|---|
/// | `GET /healthChecker` | `"OK"` |
/// | `GET /api/products?page_no&items_per_page&search_value` | page envelope |
/// | `GET /api/products/{id}` | detail |
/// | `POST /api/products` (multipart) | 201, detail |
/// | `PATCH /api/products/{id}` (JSON) | detail |
/// | `POST /api/products/{id}/archived` (JSON `secret`) | `text/plain` delete path |
/// | `DELETE /api/products/{token}` | deleted detail |
/// | `GET /images/{vendor}/{day}/{file}` | the stored image |
struct MarketRoutes: Sendable {
    let store: MarketStore
    /// The market's public base URL, once known; until then image URLs use the request's Host.
    let publicBaseURL: @Sendable () -> String?

    /// The largest create body: five images at the 300 KB cap, the `params` part and slack.
    static let maxCreateBodyBytes = 2 * 1024 * 1024
    /// The largest JSON body (edit, archived).
    static let maxJSONBodyBytes = 64 * 1024

    func makeRouter() -> Router {
        var router = Router()
        router.add(.get, "/healthChecker", MarketEndpoint(health))
        router.add(.get, "/api/products", MarketEndpoint(list))
        router.add(.post, "/api/products", maxBodySize: Self.maxCreateBodyBytes, MarketEndpoint(create))
        router.add(.get, "/api/products/{id}", MarketEndpoint(detail))
        router.add(.patch, "/api/products/{id}", maxBodySize: Self.maxJSONBodyBytes, MarketEndpoint(edit))
        router.add(.delete, "/api/products/{token}", maxBodySize: Self.maxJSONBodyBytes, MarketEndpoint(delete))
        router.add(
            .post, "/api/products/{id}/archived", maxBodySize: Self.maxJSONBodyBytes,
            MarketEndpoint(deletePath))
        router.add(.get, "/images/{vendor}/{day}/{file}", MarketEndpoint(image))
        return router
    }

    /// JSON for this request: image URLs on the public base URL, or on the Host the client used.
    func productJSON(for request: HTTPRequest) -> ProductJSON {
        if let base = publicBaseURL() { return ProductJSON(baseURL: base) }
        let host = request.headers["Host"].flatMap { $0.isEmpty ? nil : $0 } ?? "127.0.0.1"
        return ProductJSON(baseURL: "http://" + host)
    }

    /// The real server answers the JSON string `"OK"`, quotes included.
    func health(_ request: HTTPRequest) -> HTTPResponse {
        .json(Array("\"OK\"".utf8))
    }

    func detail(_ request: HTTPRequest) throws(MarketRefusal) -> HTTPResponse {
        let id = try Self.productId(request)
        guard let product = try store.product(id: id) else { throw .notFound("product \(id) not found") }
        return .json(productJSON(for: request).detail(product))
    }

    /// `{id}` must be a decimal integer; anything else is a 400, as Spring answers a path
    /// variable that does not convert.
    static func productId(_ request: HTTPRequest) throws(MarketRefusal) -> Int {
        let text = request.parameter("id") ?? ""
        guard let id = Int(text), text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
            throw .badRequest("product id must be a positive integer, got \"\(text)\"")
        }
        return id
    }

    func image(_ request: HTTPRequest) throws(MarketRefusal) -> HTTPResponse {
        let relative = [request.parameter("vendor"), request.parameter("day"), request.parameter("file")]
            .map { $0 ?? "" }.joined(separator: "/")
        guard let path = store.files.imageFile(relative),
            let format = ImageNaming.format(ofFileName: request.parameter("file") ?? ""),
            let size = Self.regularFileSize(path)
        else { throw .notFound("image not found") }
        return HTTPResponse(
            status: .ok,
            headers: [
                "Content-Type": format.contentType,
                // Stored images never change: each upload gets a new name.
                "Cache-Control": "public, max-age=31536000, immutable",
            ],
            body: .file(path: path, size: size))
    }

    private static func regularFileSize(_ path: String) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(info.st_size)
    }
}
