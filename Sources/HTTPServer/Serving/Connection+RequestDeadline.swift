/// The deadlines of a body being read, and the memory budget of large bodies. A deadline on
/// the gap between pieces alone would let a body trickling one byte every few seconds hold its
/// connection for ever.
///
/// Three clocks run while a body arrives; the first to pass answers 408 and closes:
/// - idle: `bodyIdleTimeout` since the last piece;
/// - whole request: `requestTimeout` since the request's first byte (head included);
/// - rate, for a large body only: after `slowBodyGrace`, it must have averaged at least
///   `minBodyBytesPerSecond` since its head ended.
extension Connection {
    var bodyDeadline: Int {
        let idle = bodyProgressAt.addingClamped(configuration.bodyIdleTimeout.milliseconds)
        guard let exchange else { return idle }
        let whole = exchange.requestStartedAt.addingClamped(configuration.requestTimeout.milliseconds)
        return min(idle, whole, rateDeadline(exchange) ?? .max)
    }

    /// When a large body falls below the minimum rate if nothing more arrives; nil for a small one.
    private func rateDeadline(_ exchange: Exchange) -> Int? {
        let expected = exchange.head.declaredBodyLength ?? exchange.bodyBytes
        guard expected > configuration.largeBodyBytes else { return nil }
        let rate = max(1, configuration.minBodyBytesPerSecond)
        // The time by which the bytes already here would be the minimum rate's due.
        let earned = exchange.bodyBytes / rate * 1000 + exchange.bodyBytes % rate * 1000 / rate
        return exchange.startedAt.addingClamped(max(configuration.slowBodyGrace.milliseconds, earned))
    }

    /// Which clock ran out, in words a person (or a script's log) can act on.
    var bodyTimeoutMessage: String {
        guard let exchange else { return "The request body stopped arriving." }
        let now = loop.now
        if now >= exchange.requestStartedAt.addingClamped(configuration.requestTimeout.milliseconds) {
            return "The request took longer than \(configuration.requestTimeout.milliseconds / 1000) s to arrive."
        }
        if let rate = rateDeadline(exchange), now >= rate {
            return "The request body arrived too slowly (under \(configuration.minBodyBytesPerSecond / 1024) KB/s)."
        }
        return "The request body stopped arriving."
    }

    /// Charges a body that is (or will be) large to the server's budget. False when it does not fit.
    func chargeLargeBody(_ exchange: Exchange) -> Bool {
        guard exchange.charge == nil else { return true }
        let bytes = exchange.head.declaredBodyLength ?? exchange.bodyLimit
        guard core.bodyBudget.acquire(bytes) else { return false }
        exchange.charge = (core.bodyBudget, bytes)
        return true
    }

    /// Too many large bodies are being received at once: 503 before reading this one.
    func refuseOverBudget() {
        configuration.logger.log(.warning, "refused a large request body: \(configuration.maxBodyBytesInFlight / 1024 / 1024) MB of bodies already in flight")
        answerAndClose(
            .serviceUnavailable, "The server is receiving too many uploads at once. Please try again in a moment.",
            headers: ["Retry-After": "5"])
    }
}

extension Int {
    /// `self + other`, or `Int.max` when that would overflow (deadlines far in the future).
    func addingClamped(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? (other > 0 ? .max : .min) : sum
    }
}
