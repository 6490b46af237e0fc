import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPServer

/// A small URLSession client for the socket tests: every answer becomes a `Reply`.
struct HTTPClient {
    let base: URL
    let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 10
        return URLSession(configuration: configuration)
    }()

    func send(_ method: String, _ path: String, headers: [String: String] = [:], body: [UInt8]? = nil) async throws -> Reply {
        let url = path.hasPrefix("http") ? URL(string: path)! : URL(string: base.absoluteString + path)!
        var request = URLRequest(url: url)
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        if let body { request.httpBody = Data(body) }
        let (data, response) = try await session.data(for: request)
        let http = response as! HTTPURLResponse
        var replyHeaders = HTTPHeaders()
        for (name, value) in http.allHeaderFields {
            replyHeaders.add("\(name)", "\(value)")
        }
        return Reply(status: http.statusCode, headers: replyHeaders, bytes: Array(data))
    }

    func get(_ path: String) async throws -> Reply {
        try await send("GET", path)
    }
}
