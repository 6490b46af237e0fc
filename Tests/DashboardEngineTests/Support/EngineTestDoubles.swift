import Foundation
import Synchronization

/// A calendar clock the test moves by hand (the `now` of the journal, the recycle bin and the
/// catalog's snapshot).
final class FakeCalendar: Sendable {
    private let date: Mutex<Date>

    init(_ start: Date = Date(timeIntervalSince1970: 1_795_000_000)) {
        date = Mutex(start)
    }

    var now: @Sendable () -> Date { { self.date.withLock { $0 } } }

    func advance(days: Double) {
        date.withLock { $0 = $0.addingTimeInterval(days * 86_400) }
    }

    func advance(seconds: TimeInterval) {
        date.withLock { $0 = $0.addingTimeInterval(seconds) }
    }
}

/// Counts calls across tasks.
final class Counter: Sendable {
    private let count = Atomic(0)

    @discardableResult
    func increment() -> Int { count.add(1, ordering: .relaxed).newValue }

    var value: Int { count.load(ordering: .relaxed) }
}

/// The error a cache's upstream fails with, numbered by attempt.
struct UpstreamDown: Error, Equatable {
    var attempt = 0
}
