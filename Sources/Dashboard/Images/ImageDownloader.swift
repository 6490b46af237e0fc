import DashboardEngine
import Foundation
import MarketClient
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A plain `GET` for image URLs the upstream returned (they live on another host than the API
/// and need no credentials), ready to hand to `ImageCache` as its fetcher.
enum ImageDownloader {
    /// The upstream answered, but not with an image body we can use.
    struct DownloadError: Error, Sendable, Equatable, CustomStringConvertible {
        var status: Int
        var description: String { "the image host answered \(status)" }
    }

    /// A fetcher over an ephemeral URLSession: no cookies, no URL cache (our cache is the cache),
    /// only 2xx accepted.
    /// - The body is read only up to `maxBytes`: one announced larger is refused at its head, one
    ///   that grows past it (an endless chunked "JPEG") is cut off there and the connection
    ///   dropped, so memory never holds more than the cap (`ImageCacheError.tooLarge`).
    /// - The whole answer must arrive within `requestTimeout`, however slowly it trickles.
    /// - At most `maxRedirects` redirects are followed, each only where `redirects` allows it
    ///   (none without a rule); a refused redirect is a failure (its 3xx status) and nothing is
    ///   sent to its `Location`.
    static func fetcher(
        requestTimeout: Duration = .seconds(8), maxBytes: Int = ImageCache.defaultMaxImageBytes,
        maxRedirects: Int = 2, redirects: ImageRedirectRule? = nil
    ) -> ImageCache.Fetcher {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = requestTimeout.timeInterval
        configuration.timeoutIntervalForResource = requestTimeout.timeInterval
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        let transfer = BoundedTransfer(maxRedirects: maxRedirects) { _, _, target in redirects?.allows(target) ?? false }
        let session = transfer.session(configuration: configuration)
        return { url in
            var request = URLRequest(url: url)
            request.setValue("image/jpeg, image/png, image/gif, image/webp", forHTTPHeaderField: "Accept")
            let answer: BoundedAnswer
            do {
                answer = try await transfer.fetch(request, in: session, maxBytes: maxBytes, deadline: requestTimeout)
            } catch TransferRefusal.tooLarge {
                throw ImageCacheError.tooLarge(limit: maxBytes)
            }
            guard (200..<300).contains(answer.status) else { throw DownloadError(status: answer.status) }
            return (answer.body, answer.contentType)
        }
    }
}
