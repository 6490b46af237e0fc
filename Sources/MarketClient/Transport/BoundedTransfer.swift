import Foundation
import Synchronization

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An answer as `BoundedTransfer` read it: the final status and URL, the content type and at
/// most the cap's worth of body.
public struct BoundedAnswer: Sendable {
    public let status: Int
    public let url: URL?
    public let contentType: String?
    public let body: [UInt8]
    /// `Location`, when the plain-HTTP path read the answer (it follows redirects itself).
    var location: String? = nil
}

/// Why `BoundedTransfer` stopped reading an answer.
public enum TransferRefusal: Error, Sendable, Equatable, CustomStringConvertible {
    /// The body, announced (`Content-Length`) or as received, passed the cap; the rest was never
    /// read and the connection was dropped.
    case tooLarge(limit: Int)

    public var description: String {
        switch self {
        case .tooLarge(let limit): "an answer larger than \(limit) bytes"
        }
    }
}

/// A URLSession delegate that reads each answer into memory only up to a cap, cancelling the
/// task the moment the cap is passed, and decides every redirect before it happens.
///
/// Why not `URLSession.data(for:)`: it reads the whole body before anyone can look at its size
/// (a chunked 200 MB "image" takes the process from 38 MB to 308 MB), and it follows every
/// redirect to any host, carrying the session's headers along. Here a redirect is followed only
/// when `allowsRedirect` says yes for that hop, at most `maxRedirects` hops; a refused redirect
/// ends the task with the 3xx answer itself, and nothing is sent to its `Location`.
///
/// `http:` URLs do not go through URLSession at all but through `PlainHTTPExchange`, which can
/// stop reading (corelibs' URLSession queues every piece for the delegate and cannot be paused,
/// so against a fast sender the cap here bounds what is kept, not what passes through).
///
/// Sessions made with `session(configuration:)` hold this delegate; one delegate serves every
/// task of its sessions, keyed by task identifier.
public final class BoundedTransfer: NSObject, URLSessionDataDelegate, Sendable {
    /// Whether hop `hop` (1 for the first redirect) from `from` to `to` may be followed.
    public typealias RedirectPolicy = @Sendable (_ hop: Int, _ from: URL?, _ to: URL) -> Bool

    public let maxRedirects: Int
    private let allowsRedirect: RedirectPolicy
    private let transfers = Mutex<[Int: Transfer]>([:])

    private struct Transfer: Sendable {
        let continuation: CheckedContinuation<BoundedAnswer, any Error>
        let limit: Int
        var body: [UInt8] = []
        var status = 0
        var url: URL?
        var contentType: String?
        var hops = 0
        var refusal: TransferRefusal?
    }

    /// Follows no redirect at all.
    public override convenience init() {
        self.init(maxRedirects: 0) { _, _, _ in false }
    }

    public init(maxRedirects: Int, allowsRedirect: @escaping RedirectPolicy) {
        self.maxRedirects = max(0, maxRedirects)
        self.allowsRedirect = allowsRedirect
    }

    /// A session whose tasks this delegate reads. The session keeps the delegate until it is
    /// invalidated.
    public func session(configuration: URLSessionConfiguration) -> URLSession {
        URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
    }

    /// Sends `request` on `session` (made by `session(configuration:)`) and reads the answer,
    /// throwing `TransferRefusal.tooLarge` as soon as its body passes `maxBytes`, and
    /// `URLError(.timedOut)` when the whole answer has not arrived within `deadline` (a server
    /// dripping a byte a second resets URLSession's idle timer forever; this one it cannot).
    /// Either way, and when the calling task is cancelled, the URLSession task is cancelled.
    ///
    /// `http:` URLs are fetched over a socket of our own (`PlainHTTPExchange`), which reads
    /// nothing past the cap; `https:` ones by `session`. Either way the session's
    /// `httpAdditionalHeaders` are sent and redirects obey `allowsRedirect` and `maxRedirects`.
    public func fetch(
        _ request: URLRequest, in session: URLSession, maxBytes: Int, deadline: Duration
    ) async throws -> BoundedAnswer {
        let end = ContinuousClock.now + deadline
        var request = request
        var hop = 0
        while request.url?.scheme?.lowercased() == "http" {
            var headers: [String: String] = [:]
            for (name, value) in session.configuration.httpAdditionalHeaders ?? [:] {
                if let name = name as? String, let value = value as? String { headers[name] = value }
            }
            let answer = try await PlainHTTPExchange.fetch(
                request, extraHeaders: headers, maxBytes: maxBytes,
                connectTimeout: .seconds(max(request.timeoutInterval, 0.001)), deadline: end)
            guard [301, 302, 303, 307, 308].contains(answer.status), let location = answer.location,
                let from = request.url, let target = URL(string: location, relativeTo: from)?.absoluteURL
            else { return answer }
            hop += 1
            guard hop <= maxRedirects, allowsRedirect(hop, from, target) else { return answer }
            var next = request
            next.url = target
            if ![307, 308].contains(answer.status) && request.httpMethod != "HEAD" {
                next.httpMethod = "GET"
                next.httpBody = nil
                next.setValue(nil, forHTTPHeaderField: "Content-Type")
            }
            request = next
        }
        return try await fetch(request, in: session, maxBytes: maxBytes, until: end)
    }

    /// Through `session` (https), with the deadline as a race.
    private func fetch(
        _ request: URLRequest, in session: URLSession, maxBytes: Int, until end: ContinuousClock.Instant
    ) async throws -> BoundedAnswer {
        let deadline = ContinuousClock.now.duration(to: end)
        return try await withThrowingTaskGroup(of: BoundedAnswer?.self) { group in
            group.addTask { try await self.fetch(request, in: session, maxBytes: maxBytes) }
            group.addTask {
                try await Task.sleep(for: deadline)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let answer = first else { throw URLError(.timedOut) }
            return answer
        }
    }

    private func fetch(_ request: URLRequest, in session: URLSession, maxBytes: Int) async throws -> BoundedAnswer {
        let task = session.dataTask(with: request)
        let id = task.taskIdentifier
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                transfers.withLock { $0[id] = Transfer(continuation: continuation, limit: max(0, maxBytes)) }
                // Cancelled before it was registered: the handler's `cancel()` may have gone to
                // a task nobody waited for yet, so answer here and never start it.
                if Task.isCancelled, let transfer = transfers.withLock({ $0.removeValue(forKey: id) }) {
                    transfer.continuation.resume(throwing: CancellationError())
                    return
                }
                task.resume()
            }
        } onCancel: {
            task.cancel()
        }
    }

    // MARK: URLSessionDataDelegate

    public func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        let http = response as? HTTPURLResponse
        let refused = transfers.withLock { transfers -> Bool in
            guard var transfer = transfers[dataTask.taskIdentifier] else { return false }
            transfer.status = http?.statusCode ?? 0
            transfer.url = response.url
            transfer.contentType = http?.value(forHTTPHeaderField: "Content-Type")
            let announced = response.expectedContentLength
            if announced > Int64(transfer.limit) { transfer.refusal = .tooLarge(limit: transfer.limit) }
            transfers[dataTask.taskIdentifier] = transfer
            return transfer.refusal != nil
        }
        completionHandler(refused ? .cancel : .allow)
    }

    public func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let overflowed = transfers.withLock { transfers -> Bool in
            let id = dataTask.taskIdentifier
            // Scalars only: a copy of the struct held here would make the append below copy
            // the whole body for every piece.
            guard let limit = transfers[id]?.limit, let received = transfers[id]?.body.count,
                transfers[id]?.refusal == nil
            else { return false }
            guard data.count <= limit - received else {
                transfers[id]?.refusal = .tooLarge(limit: limit)
                transfers[id]?.body = []
                return true
            }
            transfers[id]?.body.append(contentsOf: data)
            return false
        }
        if overflowed { dataTask.cancel() }
    }

    public func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let transfer = transfers.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        if let refusal = transfer.refusal {
            transfer.continuation.resume(throwing: refusal)
        } else if let error {
            transfer.continuation.resume(throwing: error)
        } else {
            transfer.continuation.resume(returning: BoundedAnswer(
                status: transfer.status, url: transfer.url, contentType: transfer.contentType, body: transfer.body))
        }
    }

    public func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        let hop = transfers.withLock { transfers -> Int? in
            guard var transfer = transfers[task.taskIdentifier] else { return nil }
            transfer.hops += 1
            transfers[task.taskIdentifier] = transfer
            return transfer.hops
        }
        guard let hop, hop <= maxRedirects, let target = request.url, allowsRedirect(hop, response.url, target) else {
            completionHandler(nil)
            return
        }
        completionHandler(request)
    }
}
