import DashboardEngine
import Foundation

/// Makes a form posted twice (a double click, Back and resubmit) act once.
///
/// Each form carries a one-time `form_token`. The first POST with a token claims it; a POST
/// with the same token while the first is still running waits for it, and one that comes after
/// gets the first one's reply (the same redirect) without calling the market again. A
/// submission that ends without a final reply (invalid input, the market refused) releases
/// the token, so the person can fix the form and send it again with the same token.
///
/// A claim carries what the form held (`values`, a fingerprint of its fields): a repeat with
/// the same values is the same submission, and gets the first reply; one with other values
/// (Back, a field changed, sent again) learns that the token was used, so that its page never
/// claims those values were saved. A finished entry's retention is read on the dashboard's
/// clock, which a test drives.
actor SubmissionLedger {
    /// What a finished submission answered, given again to a repeat of it.
    enum Reply: Sendable, Equatable {
        /// Done: answer `303` to `location` with `flash`.
        case redirect(location: String, flash: String)
        /// The market did not answer in time; whether it acted is unknown. Never retried.
        case unknown
    }

    enum Claim: Sendable, Equatable {
        /// This request is the one to do the work; call `finish` afterwards, always.
        case proceed
        /// An earlier request with the same token and the same values finished with this reply.
        case finished(Reply)
        /// An earlier request with the same token but other values finished with this reply:
        /// nothing of this request's values was done.
        case finishedWithOtherValues(Reply)
    }

    private struct Finished {
        var reply: Reply
        var values: String
    }

    private enum Entry {
        case running(values: String, waiters: [CheckedContinuation<Finished?, Never>])
        case finished(Finished, at: Date)
    }

    private var entries: [String: Entry] = [:]
    let retention: Duration
    let capacity: Int
    private let clock: any WallClock

    init(clock: any WallClock, retention: Duration = .seconds(3600), capacity: Int = 10_000) {
        self.clock = clock
        self.retention = retention
        self.capacity = capacity
    }

    /// Claims `key` for a submission holding `values`.
    func claim(_ key: String, values: String = "") async -> Claim {
        prune()
        while true {
            switch entries[key] {
            case nil:
                entries[key] = .running(values: values, waiters: [])
                return .proceed
            case .finished(let finished, _):
                return Self.claim(finished, values: values)
            case .running:
                let finished = await withCheckedContinuation { continuation in
                    if case .running(let running, let waiters) = entries[key] {
                        entries[key] = .running(values: running, waiters: waiters + [continuation])
                    } else {
                        continuation.resume(returning: nil)  // finished meanwhile: look again
                    }
                }
                if let finished { return Self.claim(finished, values: values) }
            // The first one released the token: loop and claim it (or wait for whoever did).
            }
        }
    }

    private static func claim(_ finished: Finished, values: String) -> Claim {
        finished.values == values ? .finished(finished.reply) : .finishedWithOtherValues(finished.reply)
    }

    /// Ends a claimed submission: a final reply is kept for later POSTs with the same token;
    /// nil releases the token. Waiting requests are woken either way.
    func finish(_ key: String, reply: Reply?) {
        guard case .running(let values, let waiters) = entries[key] else { return }
        let finished = reply.map { Finished(reply: $0, values: values) }
        if let finished {
            entries[key] = .finished(finished, at: .now)
        } else {
            entries[key] = nil
        }
        for waiter in waiters { waiter.resume(returning: finished) }
    }

    /// Drops finished entries past `retention`, and the oldest ones beyond `capacity`.
    private func prune() {
        let now = clock.now()
        entries = entries.filter { _, entry in
            if case .finished(_, let at) = entry { return now.timeIntervalSince(at) < retention.timeInterval }
            return true
        }
        guard entries.count >= capacity else { return }
        let finished = entries.compactMap { key, entry -> (String, Date)? in
            if case .finished(_, let at) = entry { return (key, at) }
            return nil
        }.sorted { $0.1 < $1.1 }
        for (key, _) in finished.prefix(entries.count - capacity + 1) { entries[key] = nil }
    }
}
