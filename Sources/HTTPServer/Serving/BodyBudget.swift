import Synchronization

/// The bytes that large request bodies hold at once, shared by every connection
/// (`ServerConfiguration.maxBodyBytesInFlight`).
///
/// A large body is charged once, when it becomes large: its declared length, or for a chunked
/// body the route's cap (what it may still grow to). The charge is given back when its exchange
/// ends (answered, refused or the connection closed).
///
/// Over the budget the request is answered 503 with `Retry-After` before its body is read,
/// rather than made to wait: a waiting body would keep its connection slot and its
/// whole-request deadline running, so under a flood it would end in a 408 anyway after holding
/// the slot for a minute; an immediate 503 tells the person at once to try again, and the
/// budget is freed quickly because a trickling body must keep the minimum rate.
/// Small bodies are not charged: the connection cap already bounds them (1,024 × 64 KB).
final class BodyBudget: Sendable {
    let capacity: Int
    private let held = Atomic<Int>(0)

    init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    /// Takes `bytes` from the budget; false (and nothing taken) when they do not fit.
    func acquire(_ bytes: Int) -> Bool {
        guard bytes > 0 else { return true }
        var current = held.load(ordering: .relaxed)
        while true {
            let (wanted, overflow) = current.addingReportingOverflow(bytes)
            guard !overflow, wanted <= capacity else { return false }
            let (exchanged, original) = held.compareExchange(
                expected: current, desired: wanted, ordering: .acquiringAndReleasing)
            if exchanged { return true }
            current = original
        }
    }

    func release(_ bytes: Int) {
        guard bytes > 0 else { return }
        held.subtract(bytes, ordering: .releasing)
    }

    /// Bytes charged right now.
    var inUse: Int { held.load(ordering: .relaxed) }
}
