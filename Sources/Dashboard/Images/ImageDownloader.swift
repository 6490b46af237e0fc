import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A plain `GET` for image URLs the upstream returned (they live on another host than the API
/// and need no credentials), ready to hand to `ImageCache` as its fetcher.
public enum ImageDownloader {
    /// The upstream answered, but not with an image body we can use.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public var status: Int
        public var description: String { "the image host answered \(status)" }
    }

    /// A fetcher over an ephemeral URLSession: no cookies, no URL cache (our cache is the cache),
    /// the request timeout from design.md, only 2xx accepted. A body announced larger than
    /// `maxBytes` is refused without being kept; the cache checks the real size again.
    public static func fetcher(
        requestTimeout: Duration = .seconds(8), maxBytes: Int = 5 * 1024 * 1024
    ) -> ImageCache.Fetcher {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = requestTimeout.seconds
        configuration.timeoutIntervalForResource = requestTimeout.seconds
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        let session = URLSession(configuration: configuration)
        return { url in
            var request = URLRequest(url: url)
            request.setValue("image/jpeg, image/png, image/gif, image/webp", forHTTPHeaderField: "Accept")
            let (data, response) = try await session.data(for: request)
            let status = (response as? HTTPURLResponse)?.statusCode ?? 0
            guard (200..<300).contains(status) else { throw Failure(status: status) }
            guard response.expectedContentLength <= Int64(maxBytes), data.count <= maxBytes else {
                throw ImageCacheError.tooLarge(limit: maxBytes)
            }
            return ([UInt8](data), (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Type"))
        }
    }
}

extension Duration {
    /// Whole and fractional seconds, for APIs that take a `TimeInterval`.
    fileprivate var seconds: Double {
        let (whole, attoseconds) = components
        return Double(whole) + Double(attoseconds) / 1e18
    }
}
