import Foundation
import HTTPServer
import MarketClient

/// The scripted market's HTTP face: its state served on loopback port 0 as the live Open Market
/// serves it (`.liveShaped` starts a dashboard against it with `--upstream`). The JSON is
/// shaped like the live server's: a camelCase list envelope under `pages`, `vendorName` in list
/// items and a `vendors` object in a detail, prices written as Java writes a double (`0.0`,
/// `3500.0`, `6.0E7`), image URLs without a file extension under `/media/`. Writes need the
/// market's identifier (401 otherwise); a delete looks up its path first (`POST …/archived`,
/// answered in the form `state.archived` names) and its DELETE answers as `state.deleteAnswer`
/// says. Every request is recorded as it arrives, and every failure and gate of the state
/// applies here as through the `MarketAPI` face.
extension ScriptedMarket {
    /// Starts the server; the caller shuts it down.
    func serve() throws -> HTTPServer {
        var router = Router()
        router.get("/healthChecker") { request in
            await self.answer {
                try await self.read(Self.received(request)) { _ in HTTPResponse.json(Array(#""OK""#.utf8)) }
            }
        }
        router.get("/api/products") { request in
            await self.answer {
                let page = Int(request.queryValue("page_no") ?? "") ?? 1
                let size = Int(request.queryValue("items_per_page") ?? "") ?? 20
                let envelope = try await self.list(
                    Self.received(request), page: page, itemsPerPage: size, search: request.queryValue("search_value"))
                let products = self.state.withLock { state in envelope.products.compactMap { state.products[$0.id] } }
                return .json(Array(LiveShapedJSON.page(envelope, products, media: Self.media(request)).utf8))
            }
        }
        router.get("/api/products/{id}") { request in
            await self.answer {
                let id = request.parameter("id").flatMap { Int($0) } ?? -1
                let product = try await self.read(Self.received(request)) { state in
                    guard let product = state.products[id] else { throw MarketError.notFound }
                    return product
                }
                return .json(Array(LiveShapedJSON.detail(product, media: Self.media(request)).utf8))
            }
        }
        router.get("/media/{vendor}/{day}/{file}") { request in
            await self.answer {
                self.state.withLock { $0.received.append(Self.received(request)) }
                guard let url = self.mediaSource(request.parameter("file") ?? "") else { throw MarketError.notFound }
                let image = try await self.image(url)
                return HTTPResponse(status: .ok, headers: ["Content-Type": image.contentType ?? "image/jpeg"], bytes: image.bytes)
            }
        }
        router.post("/api/products", maxBodySize: 8 * 1024 * 1024) { request in
            await self.answer {
                let product = try await self.write(Self.received(request)) {
                    try Self.checkIdentifier(request)
                    let (product, images) = Self.creation(request)
                    return try self.create(product, images: images)
                }
                return .json(Array(LiveShapedJSON.detail(product, media: Self.media(request)).utf8), status: .created)
            }
        }
        router.add(.patch, "/api/products/{id}") { request in
            await self.answer {
                let id = request.parameter("id").flatMap { Int($0) } ?? -1
                let product = try await self.write(Self.received(request)) {
                    try Self.checkIdentifier(request)
                    return try self.edit(id, Self.changes(request.body))
                }
                return .json(Array(LiveShapedJSON.detail(product, media: Self.media(request)).utf8))
            }
        }
        router.post("/api/products/{id}/archived") { request in
            await self.answer {
                let id = request.parameter("id") ?? ""
                return try await self.write(Self.received(request)) {
                    try Self.checkIdentifier(request)
                    let (product, form) = self.state.withLock { state in (Int(id).flatMap { state.products[$0] }, state.archived) }
                    guard let product else { throw MarketError.notFound }
                    guard product.vendorID == self.vendor.id else { throw MarketError.unauthorized }
                    let token = Self.deleteToken(id)
                    let path = switch form {
                    case .path: "/api/products/\(token)"
                    case .relative: "api/products/\(token)"
                    case .absolute: "http://\(request.headers["Host"] ?? "")/api/products/\(token)"
                    case .bare: token
                    }
                    return HTTPResponse.text(path)
                }
            }
        }
        router.add(.delete, "/api/products/{token}") { request in
            await self.answer {
                let (product, answer) = try await self.write(Self.received(request)) {
                    try Self.checkIdentifier(request)
                    guard let id = request.parameter("token").flatMap(Self.productID(deleteToken:))
                    else { throw MarketError.rejected(status: 400, message: "bad delete token") }
                    return (try self.delete(id), self.state.withLock { $0.deleteAnswer })
                }
                switch answer {
                case .product: return .json(Array(LiveShapedJSON.detail(product, media: Self.media(request)).utf8))
                case .empty: return HTTPResponse(status: .noContent, headers: [:], bytes: [])
                case .text: return .text("deleted")
                }
            }
        }
        var configuration = ServerConfiguration(host: "127.0.0.1", port: 0)
        configuration.logger = ServerLogger(level: .off)
        configuration.shutdownGracePeriod = .seconds(1)
        let server = HTTPServer(configuration: configuration, router: router)
        try server.start()
        return server
    }

    /// The path segment a product's DELETE takes, as the live API gives it: `{id}|{secret
    /// uuid}` in base64.
    static func deleteToken(_ id: some CustomStringConvertible) -> String {
        Data("\(id)|3c4b5a69-7887-96a5-b4c3-d2e1f00f1e2d".utf8).base64EncodedString()
    }

    /// The product a DELETE's path segment names; nil when it is not a token of this market.
    static func productID(deleteToken token: String) -> Int? {
        guard let decoded = Data(base64Encoded: token) else { return nil }
        return String(decoding: decoded, as: UTF8.self).split(separator: "|").first.flatMap { Int($0) }
    }

    /// The market's base URL on `server`.
    static func url(of server: HTTPServer) -> URL {
        URL(string: "http://127.0.0.1:\(server.port)")!
    }

    private static func received(_ request: HTTPRequest) -> Received {
        Received(method: request.method.rawValue, target: request.target, body: request.body, identifier: request.headers["identifier"])
    }

    private static func media(_ request: HTTPRequest) -> String {
        "http://\(request.headers["Host"] ?? "")/media"
    }

    /// Writes need the market's identifier, as the API says.
    private static func checkIdentifier(_ request: HTTPRequest) throws {
        guard request.headers["identifier"] == identifier else { throw MarketError.rejected(status: 401, message: "unknown identifier") }
    }

    /// The stored image URL a `/media/` file name stands for (see `LiveShapedJSON.imageURL`).
    private func mediaSource(_ file: String) -> URL? {
        let parts = file.split(separator: "_")
        guard parts.count == 2, let key = Int(parts[0], radix: 16) else { return nil }
        let (id, index) = key.quotientAndRemainder(dividingBy: 16)
        guard let image = state.withLock({ $0.products[id]?.images }).flatMap({ index < $0.count ? $0[index] : nil }) else { return nil }
        return parts[1] == "thumb" ? image.thumbnailURL : image.url
    }

    /// The answer of `work`, or the failure it threw as the market words it.
    private func answer(_ work: () async throws -> HTTPResponse) async -> HTTPResponse {
        do {
            return try await work()
        } catch let error as MarketError {
            return switch error {
            case .rejected(let status, let message): Self.failure(status, message)
            case .notFound: Self.failure(404, "product not found")
            case .unauthorized: Self.failure(403, "not the vendor of this product")
            case .timeout: Self.failure(504, "gateway timeout")
            case .unreachable: Self.failure(503, "service unavailable")
            case .malformedResponse: HTTPResponse(status: .ok, headers: ["Content-Type": "application/json"], bytes: Array("not json".utf8))
            case .invalidRequest(let what): Self.failure(400, what)
            }
        } catch {
            return Self.failure(500, "\(error)")
        }
    }

    /// The API's error body: `{"code":404,"message":"…"}`.
    static func failure(_ status: Int, _ message: String) -> HTTPResponse {
        .json(Array(#"{"code":\#(status),"message":\#(LiveShapedJSON.quote(message))}"#.utf8), status: HTTPStatus(status))
    }

    /// A create's `params` part and its images.
    private static func creation(_ request: HTTPRequest) -> (NewProduct, [ImageUpload]) {
        let boundary = MultipartForm.boundary(fromContentType: request.headers["Content-Type"] ?? "") ?? ""
        let parts = (try? MultipartForm.parse(request.body, boundary: boundary)) ?? []
        let params = parts.first { $0.name == "params" }
            .flatMap { try? JSONSerialization.jsonObject(with: Data($0.bytes)) as? [String: Any] } ?? [:]
        let product = NewProduct(
            name: params["name"] as? String ?? "", description: params["description"] as? String ?? "",
            price: money(params["price"]) ?? .zero, currency: Currency(rawValue: params["currency"] as? String ?? "KRW"),
            discountedPrice: money(params["discounted_price"]) ?? .zero, stock: params["stock"] as? Int ?? 0)
        let images = parts.filter { $0.name == "images" }.map {
            ImageUpload(filename: $0.filename ?? "", contentType: $0.contentType ?? "", bytes: $0.bytes)
        }
        return (product, images)
    }

    /// An edit's JSON body, as the fields it changes.
    private static func changes(_ body: [UInt8]) -> ProductChanges {
        let json = (try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any]) ?? [:]
        return ProductChanges(
            name: json["name"] as? String, description: json["description"] as? String, price: money(json["price"]),
            currency: (json["currency"] as? String).map { Currency(rawValue: $0) }, discountedPrice: money(json["discounted_price"]),
            stock: json["stock"] as? Int)
    }

    /// A JSON number (or numeric string) as money, exactly.
    private static func money(_ value: Any?) -> Money? {
        switch value {
        case let number as NSNumber: Money(string: number.stringValue)
        case let text as String: Money(string: text)
        default: nil
        }
    }
}

/// JSON as the live Open Market writes it (see `ScriptedMarket+Serving`).
enum LiveShapedJSON {
    /// The day the live server stamps on the products it lists (`created_at`, `issued_at`).
    static let day = "2022-11-04T00:00:00"

    /// A list page: the camelCase envelope, `pages` newest first.
    static func page(_ envelope: ProductPageEnvelope, _ products: [ProductDetail], media: String) -> String {
        #"{"pageNo":\#(envelope.pageNumber),"itemsPerPage":\#(envelope.itemsPerPage),"totalCount":\#(envelope.totalCount),"#
            + #""offset":\#(envelope.offset),"limit":\#(envelope.limit),"lastPage":\#(envelope.lastPage),"#
            + #""hasNext":\#(envelope.hasNext),"hasPrev":\#(envelope.hasPrevious),"#
            + #""pages":[\#(products.map { common($0, media: media, vendorName: true) + "}" }.joined(separator: ","))]}"#
    }

    /// A detail, as `GET /api/products/{id}` and the writes answer it.
    static func detail(_ product: ProductDetail, media: String) -> String {
        let images = product.images.indices.map { index in
            #"{"id":\#(product.images[index].id),"url":"\#(imageURL(product, index, "origin", media))","#
                + #""thumbnail_url":"\#(imageURL(product, index, "thumb", media))","issued_at":"\#(day)"}"#
        }
        let vendor = product.vendor ?? Vendor(id: product.vendorID, name: product.vendorName ?? "")
        return common(product, media: media, vendorName: false)
            + #","images":[\#(images.joined(separator: ","))],"vendors":{"id":\#(vendor.id),"name":\#(quote(vendor.name))}}"#
    }

    /// The keys every product JSON shares, in the server's order.
    private static func common(_ product: ProductDetail, media: String, vendorName: Bool) -> String {
        let vendor = vendorName ? #","vendorName":\#(quote(product.vendorName ?? product.vendor?.name ?? ""))"# : ""
        let thumbnail = product.images.isEmpty ? "" : imageURL(product, 0, "thumb", media)
        let date = product.createdAt.map(MarketDate.format) ?? day
        return #"{"id":\#(product.id),"vendor_id":\#(product.vendorID)\#(vendor),"name":\#(quote(product.name)),"#
            + #""description":\#(quote(product.description)),"thumbnail":"\#(thumbnail)","currency":"\#(product.currency.rawValue)","#
            + #""price":\#(number(product.price)),"bargain_price":\#(number(product.bargainPrice)),"#
            + #""discounted_price":\#(number(product.discountedPrice)),"stock":\#(product.stock),"#
            + #""created_at":"\#(date)","issued_at":"\#(date)""#
    }

    /// An image URL without a file extension, as the live server names its stored objects:
    /// `…/media/{vendor}/20221104/{key}_origin`, the key naming the product and the image.
    static func imageURL(_ product: ProductDetail, _ index: Int, _ kind: String, _ media: String) -> String {
        let key = String(product.id * 16 + index, radix: 16)
        return "\(media)/\(product.vendorID)/20221104/\(String(repeating: "0", count: max(0, 32 - key.count)) + key)_\(kind)"
    }

    /// A price as Java writes a double, as the live server does: a fraction always (`12000.0`,
    /// `12.5`), and from 10,000,000 on in scientific notation (`6.0E7`, `1.2345E8`).
    static func number(_ money: Money) -> String {
        var text = money.amount.description
        let negative = text.hasPrefix("-")
        if negative { text.removeFirst() }
        let parts = text.split(separator: ".", maxSplits: 1)
        let whole = String(parts.first ?? "0")
        let fraction = parts.count > 1 ? String(parts[1]) : ""
        let written: String
        if whole.count < 8 {
            written = whole + "." + (fraction.isEmpty ? "0" : fraction)
        } else {
            var digits = whole + fraction
            while digits.count > 1, digits.hasSuffix("0") { digits.removeLast() }
            let rest = digits.dropFirst()
            written = "\(digits.prefix(1)).\(rest.isEmpty ? "0" : rest)E\(whole.count - 1)"
        }
        return (negative ? "-" : "") + written
    }

    static func quote(_ text: String) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: text, options: [.fragmentsAllowed, .withoutEscapingSlashes])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}
