/// When and how GET requests are tried again. Writes are never retried: a POST that timed out
/// may still have created the product.
///
/// A GET is retried at most `maxRetries` more times, and only after a connection error, a
/// timeout, or a 502/503/504. The wait before retry `n` (1-based) is
/// `jitter(min(baseDelay * 2^(n-1), maxDelay))`; the default jitter picks uniformly between
/// half and all of that ("equal jitter"), so clients that failed together do not return together.
/// `sleep` and `jitter` are injectable so tests run without waiting.
public struct RetryPolicy: Sendable {
    public var maxRetries: Int
    public var baseDelay: Duration
    public var maxDelay: Duration
    public var jitter: @Sendable (Duration) -> Duration
    public var sleep: @Sendable (Duration) async throws -> Void

    public init(
        maxRetries: Int = 2,
        baseDelay: Duration = .milliseconds(100),
        maxDelay: Duration = .seconds(2),
        jitter: @escaping @Sendable (Duration) -> Duration = RetryPolicy.equalJitter,
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.maxRetries = max(maxRetries, 0)
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.jitter = jitter
        self.sleep = sleep
    }

    /// Never retries.
    public static let none = RetryPolicy(maxRetries: 0)

    /// The wait before retry `retry` (1 for the first retry).
    public func delay(beforeRetry retry: Int) -> Duration {
        var delay = baseDelay
        for _ in 1..<max(retry, 1) where delay < maxDelay { delay *= 2 }
        return jitter(min(delay, maxDelay))
    }

    /// A uniformly random duration between half of `delay` and `delay`.
    public static func equalJitter(_ delay: Duration) -> Duration {
        let half = delay / 2
        return half + half * Double.random(in: 0...1)
    }

    /// Whether an attempt that failed this way is worth repeating (for a GET).
    static func isRetryable(status: Int) -> Bool { [502, 503, 504].contains(status) }

    static func isRetryable(_ error: MarketError) -> Bool {
        switch error {
        case .timeout, .unreachable: true
        default: false
        }
    }
}
