import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An answer as the client keeps it: status, content type and the whole body.
struct WireResponse: Sendable {
    let status: Int
    let contentType: String?
    let body: [UInt8]
}

extension MarketClient {
    enum Method: String {
        case get = "GET", post = "POST", patch = "PATCH", delete = "DELETE"
    }

    /// A request to `baseURL + path` (path absolute, already encoded) with the query percent-
    /// encoded here. Writes get the `identifier` header from `writeSession`; GETs carry none.
    func makeRequest(
        _ method: Method, _ path: String, query: [(String, String)] = [], body: [UInt8]? = nil,
        contentType: String? = nil
    ) throws(MarketError) -> URLRequest {
        var base = configuration.baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        var text = base + path
        if !query.isEmpty {
            text += "?" + query.map { "\(Self.percentEncode($0.0))=\(Self.percentEncode($0.1))" }.joined(separator: "&")
        }
        guard let url = URL(string: text) else { throw .invalidRequest("the market's URL is not valid") }
        var request = URLRequest(url: url)
        request.httpMethod = method.rawValue
        // See Configuration: URLSession's idle timer; the hard deadline is ours.
        request.timeoutInterval = Configuration.wholeSeconds(
            method == .get ? configuration.connectTimeout : configuration.writeTimeout)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.setValue(configuration.userAgent, forHTTPHeaderField: "User-Agent")
        if let contentType { request.setValue(contentType, forHTTPHeaderField: "Content-Type") }
        if let body { request.httpBody = Data(body) }
        return request
    }

    /// Sends a request and returns its 2xx answer, or throws the `MarketError` for the rest.
    /// GETs are retried per `configuration.retry`; everything else is sent exactly once. The
    /// whole call, retries and their waits included, ends by `callDeadline`. `bound` replaces
    /// the attempt's deadline (read or write) when given.
    func send(_ request: URLRequest, bound: Duration? = nil) async throws -> WireResponse {
        let isRead = request.httpMethod == Method.get.rawValue
        let retries = isRead ? configuration.retry.maxRetries : 0
        let attemptLimit = bound ?? configuration.deadline(isRead: isRead)
        // Writes are sent once, so their call deadline is their own (longer) write deadline.
        let deadline = ContinuousClock.now + (isRead ? configuration.callDeadline ?? attemptLimit : attemptLimit)
        var retry = 0
        while true {
            let outcome: Result<WireResponse, MarketError>
            do {
                let left = ContinuousClock.now.duration(to: deadline)
                outcome = .success(try await attempt(request, deadline: min(attemptLimit, left)))
            } catch let error as MarketError {
                outcome = .failure(error)
            }
            let failure: MarketError
            let retryable: Bool
            switch outcome {
            case .success(let response):
                if (200..<300).contains(response.status) { return response }
                failure = MarketError.from(status: response.status, body: response.body, credentials: credentials)
                retryable = RetryPolicy.isRetryable(status: response.status)
            case .failure(let error):
                failure = error
                retryable = RetryPolicy.isRetryable(error)
            }
            guard retryable else { throw failure }
            guard retry < retries else { throw failure }
            retry += 1
            let wait = configuration.retry.delay(beforeRetry: retry)
            // No time left for another attempt after the wait: this failure is the answer.
            guard ContinuousClock.now + wait < deadline else { throw failure }
            try await configuration.retry.sleep(wait)
        }
    }

    /// One attempt, bounded by `deadline` (at most `requestTimeout` for reads, `writeTimeout` for
    /// writes) however the server behaves (slow to accept, silent, or trickling): when it passes,
    /// the transfer is cancelled. The body is read up to `maxAnswerBytes` and no further (see
    /// `BoundedTransfer`).
    func attempt(_ request: URLRequest, deadline: Duration? = nil) async throws -> WireResponse {
        let isRead = request.httpMethod == Method.get.rawValue
        let session = isRead ? readSession : writeSession
        let deadline = deadline ?? configuration.deadline(isRead: isRead)
        do {
            let answer = try await transfer.fetch(
                request, in: session, maxBytes: configuration.maxAnswerBytes, deadline: deadline)
            guard answer.status > 0 else { throw MarketError.malformedResponse("an answer that is not HTTP") }
            return WireResponse(status: answer.status, contentType: answer.contentType, body: answer.body)
        } catch {
            if Task.isCancelled { throw CancellationError() }
            if let refusal = error as? TransferRefusal { throw MarketError.malformedResponse(refusal.description) }
            // A write whose connection was lost once it was sent may have been carried out:
            // its answer is lost, as when none comes in time, and it must not read as "nothing
            // was changed, try again".
            if !isRead, (error as? URLError)?.code == .networkConnectionLost { throw MarketError.timeout }
            throw MarketError.from(transport: error)
        }
    }

    /// RFC 3986 unreserved characters stay; every other byte of the UTF-8 is `%XX` (so `+`,
    /// `&`, `=`, spaces and Korean text all arrive as typed).
    static func percentEncode(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.append(byte)
            default:
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
