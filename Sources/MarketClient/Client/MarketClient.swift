import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The real `MarketAPI`: speaks the Open Market REST API over URLSession, exactly as
/// `docs/market-api.md` describes it (paths, snake_case query names, the `identifier` header on
/// writes only, `secret` in bodies, the multipart create, the archived → DELETE dance).
public final class MarketClient: MarketAPI, CustomReflectable {
    public let configuration: Configuration
    /// For GETs: sends no vendor header.
    let readSession: URLSession
    /// For writes: carries `identifier` as a session-wide header. Set per request, corelibs
    /// URLSession would send it as `Identifier`; the session's additional headers keep the
    /// lower-case name the API documents (names are case-insensitive in HTTP, so either works
    /// with a conforming server; we send exactly what the documentation shows).
    let writeSession: URLSession
    /// Reads every answer of both sessions: at most `configuration.maxAnswerBytes`, and no
    /// redirect is ever followed (a 3xx is a malformed answer; a write redirected elsewhere
    /// must not carry the `identifier` header there).
    let transfer: BoundedTransfer
    let encoder: MultipartEncoder

    public init(configuration: Configuration, multipartEncoder: MultipartEncoder = MultipartEncoder()) {
        self.configuration = configuration
        self.encoder = multipartEncoder
        let transfer = BoundedTransfer()
        self.transfer = transfer
        func session(headers: [String: String]) -> URLSession {
            let sessionConfiguration = URLSessionConfiguration.ephemeral
            sessionConfiguration.timeoutIntervalForRequest = Configuration.wholeSeconds(
                max(configuration.requestTimeout, configuration.writeTimeout))
            sessionConfiguration.requestCachePolicy = .reloadIgnoringLocalCacheData
            sessionConfiguration.urlCache = nil
            sessionConfiguration.httpShouldSetCookies = false
            sessionConfiguration.httpCookieAcceptPolicy = .never
            sessionConfiguration.httpAdditionalHeaders = headers
            return transfer.session(configuration: sessionConfiguration)
        }
        readSession = session(headers: [:])
        writeSession = session(headers: ["identifier": configuration.credentials.identifier])
    }

    /// Only the base URL: the sessions hold the identifier and must not be reflected.
    public var customMirror: Mirror {
        Mirror(self, children: ["baseURL": configuration.baseURL], displayStyle: .class)
    }

    public convenience init(baseURL: URL, credentials: MarketCredentials) {
        self.init(configuration: Configuration(baseURL: baseURL, credentials: credentials))
    }

    deinit {
        readSession.finishTasksAndInvalidate()
        writeSession.finishTasksAndInvalidate()
    }

    var credentials: MarketCredentials { configuration.credentials }

    // MARK: Reads (no identifier; retried)

    public func health() async throws -> Bool {
        let request = try makeRequest(.get, "/healthChecker")
        // A probe: one attempt, no retries, so a health page answers within one deadline.
        let response: WireResponse
        do {
            response = try await attempt(request)
        } catch MarketError.malformedResponse {
            return false
        }
        guard (200..<300).contains(response.status) else { return false }
        var text = String(decoding: response.body.prefix(64), as: UTF8.self).trimmingASCIIWhitespaceAndNewlines()
        if text.hasPrefix("\""), text.hasSuffix("\""), text.count >= 2 { text = String(text.dropFirst().dropLast()) }
        return text.uppercased() == "OK"
    }

    public func listProducts(page: Int, itemsPerPage: Int, search: String?) async throws -> ProductPageEnvelope {
        var query = [("page_no", String(max(page, 1))), ("items_per_page", String(max(itemsPerPage, 1)))]
        if let search = search?.trimmingASCIIWhitespaceAndNewlines(), !search.isEmpty {
            query.append(("search_value", search))
        }
        let request = try makeRequest(.get, "/api/products", query: query)
        return try decode(ProductPageEnvelope.self, from: try await send(request))
    }

    public func product(id: Int) async throws -> ProductDetail {
        let request = try makeRequest(.get, "/api/products/\(id)")
        return try decode(ProductDetail.self, from: try await send(request))
    }

    // MARK: Writes (identifier header, secret in the body; never retried)

    public func createProduct(_ product: NewProduct, images: [ImageUpload]) async throws -> ProductDetail {
        guard ImageUpload.allowedCount.contains(images.count) else {
            throw MarketError.invalidRequest("a product needs 1 to 5 images, not \(images.count)")
        }
        let params = try jsonBody(product)
        let form: MultipartFormBody
        do {
            form = try encoder.encode(params: params, images: images)
        } catch {
            throw MarketError.invalidRequest("the images could not be encoded (\(error))")
        }
        let request = try makeRequest(.post, "/api/products", body: form.bytes, contentType: form.contentType)
        return try decode(ProductDetail.self, from: try await send(request))
    }

    public func editProduct(id: Int, _ changes: ProductChanges) async throws -> ProductDetail {
        let request = try makeRequest(
            .patch, "/api/products/\(id)", body: try jsonBody(changes), contentType: "application/json")
        return try decode(ProductDetail.self, from: try await send(request))
    }

    /// Any 2xx to the DELETE is success, whatever its body: the deleted product's JSON (as the
    /// documentation says), nothing (204), or text. Returns the product when the body is one.
    public func deleteProduct(id: Int) async throws -> ProductDetail? {
        var lookup = try makeRequest(
            .post, "/api/products/\(id)/archived", body: try jsonBody(NoFields()), contentType: "application/json")
        lookup.setValue("text/plain, application/json", forHTTPHeaderField: "Accept")
        let found: WireResponse
        do {
            found = try await send(lookup, bound: configuration.lookupDeadline)
        } catch MarketError.timeout {
            // No DELETE has been sent: the product is certainly still there, so this is a
            // failure to reach the market, not a delete of unknown outcome.
            throw MarketError.unreachable
        }
        let path = try DeletePath(response: found.body, baseURL: configuration.baseURL).path
        let delete = try makeRequest(.delete, path)
        let answer = try await send(delete)
        return try? decode(ProductDetail.self, from: answer)
    }

    // MARK: Bodies

    func jsonBody(_ payload: some Encodable) throws(MarketError) -> [UInt8] {
        do {
            return try SecretBearing(payload: payload, secret: credentials.secret).jsonBytes()
        } catch {
            throw .invalidRequest("the request body could not be encoded")
        }
    }

    func decode<T: Decodable>(_ type: T.Type, from response: WireResponse) throws(MarketError) -> T {
        do {
            return try JSONDecoder().decode(type, from: Data(response.body))
        } catch let error as DecodingError {
            throw .malformedResponse(Self.explain(error, expected: type))
        } catch {
            throw .malformedResponse("\(type) could not be read")
        }
    }

    /// Where decoding failed, in words, without quoting the body.
    static func explain(_ error: DecodingError, expected type: Any.Type) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
            return keys.isEmpty ? "the top level" : keys.joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "\(type) without \(key.stringValue) at \(path(context))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "\(type) with a value of the wrong type at \(path(context))"
        case .dataCorrupted(let context):
            return "\(type) that is not valid JSON or has an unreadable value at \(path(context))"
        @unknown default:
            return "\(type) could not be read"
        }
    }
}
