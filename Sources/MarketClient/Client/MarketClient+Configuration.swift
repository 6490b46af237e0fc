import Foundation

extension MarketClient {
    /// Everything the client needs, with the dashboard's defaults.
    ///
    /// Timeouts on Linux (libcurl-backed URLSession, measured on this toolchain):
    /// - `URLSessionConfiguration.timeoutIntervalForRequest` / `URLRequest.timeoutInterval` is one
    ///   timer that covers connecting and is reset by every chunk received: an idle timeout, not
    ///   a total. It counts whole seconds: 1.5 fires after 1 s, and anything below 1 fires at
    ///   once (about 0.1 s).
    /// - `timeoutIntervalForResource` is not honoured (a response trickling for 8 s completes
    ///   under a 3 s resource timeout).
    /// - There is no separate connect timeout.
    ///
    /// So the client enforces `requestTimeout` (reads) and `writeTimeout` (writes) itself, as a
    /// hard deadline over each attempt (the URLSession task is cancelled when it passes), and
    /// gives URLSession's idle timer `connectTimeout` rounded up to whole seconds (at least 1)
    /// for GETs: connecting, and any silence from the server, may take that long. Writes get
    /// `writeTimeout` as their idle timer instead, so a slow but working create is not abandoned
    /// halfway (writes are never retried, and a write cut short may still have happened).
    ///
    /// Writes get longer (30 s against 8 s): the real server stores every uploaded image and
    /// makes its thumbnail before it answers, and a create with five 300 KB images sent to Seoul
    /// can take well over 8 s. Giving up early would tell the person "outcome unknown" about a
    /// product that was in fact created.
    public struct Configuration: Sendable {
        /// The market's root, e.g. `https://openmarket.yagom-academy.kr` (a trailing `/` is fine).
        public var baseURL: URL
        public var credentials: MarketCredentials
        public var connectTimeout: Duration
        /// The whole of one read (GET) attempt.
        public var requestTimeout: Duration
        /// The whole of one write (create, edit, delete).
        public var writeTimeout: Duration
        public var retry: RetryPolicy
        /// The most one call may take, its retries included; nil: `requestTimeout`. A market
        /// that drips its answer a byte a second then costs one deadline, not one per retry:
        /// the page says "timed out" (or shows its saved copy) within the read timeout. Failures
        /// that come quickly (refused connections, 502/503) are still retried inside it.
        public var callDeadline: Duration?
        /// The largest answer body read into memory (8 MB by default); a larger one, announced
        /// or as it arrives, is cut off and reported as a malformed answer.
        public var maxAnswerBytes: Int
        /// Sent as `User-Agent`.
        public var userAgent: String

        public init(
            baseURL: URL,
            credentials: MarketCredentials,
            connectTimeout: Duration = .seconds(2),
            requestTimeout: Duration = .seconds(8),
            writeTimeout: Duration = .seconds(30),
            retry: RetryPolicy = RetryPolicy(),
            callDeadline: Duration? = nil,
            maxAnswerBytes: Int = 8 * 1024 * 1024,
            userAgent: String = "OpenMarketDashboard/1.0"
        ) {
            self.baseURL = baseURL
            self.credentials = credentials
            self.connectTimeout = connectTimeout
            self.requestTimeout = requestTimeout
            self.writeTimeout = writeTimeout
            self.retry = retry
            self.callDeadline = callDeadline
            self.maxAnswerBytes = max(0, maxAnswerBytes)
            self.userAgent = userAgent
        }

        /// The hard deadline of one attempt: a read (GET) or a write.
        func deadline(isRead: Bool) -> Duration { isRead ? requestTimeout : writeTimeout }

        /// The hard deadline of a delete's path lookup: the longer of the two. The lookup is a
        /// POST the market may take as long over as a write, but it changes nothing, so it is
        /// not held to the write timeout: only the DELETE after it can be of unknown outcome.
        var lookupDeadline: Duration { max(requestTimeout, writeTimeout) }

        /// URLSession's idle timer in whole seconds, at least 1 (see above).
        static func wholeSeconds(_ duration: Duration) -> TimeInterval {
            max(1, duration.seconds.rounded(.up))
        }
    }
}

extension Duration {
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
