import Foundation
import Synchronization
import Testing

@testable import Dashboard

/// A clock the test moves by hand.
final class FakeClock: Sendable {
    private let instant = Mutex(ContinuousClock.now)

    var now: @Sendable () -> ContinuousClock.Instant {
        { self.instant.withLock { $0 } }
    }

    func advance(by duration: Duration) {
        instant.withLock { $0 = $0 + duration }
    }
}

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

struct UpstreamDown: Error, Equatable {
    var attempt = 0
}

/// The upstream as the image cache sees it: answers by URL, counts fetches, can hold them.
final class FakeImageUpstream: Sendable {
    enum Answer: Sendable {
        case image([UInt8], contentType: String?)
        case failure(UpstreamDown)
    }

    private let answers = Mutex<[URL: Answer]>([:])
    private let counts = Mutex<[URL: Int]>([:])
    let gate: Gate?

    init(holdUntilOpened: Bool = false) {
        gate = holdUntilOpened ? Gate() : nil
    }

    func serve(_ url: URL, _ bytes: [UInt8], contentType: String? = "image/jpeg") {
        answers.withLock { $0[url] = .image(bytes, contentType: contentType) }
    }

    func fail(_ url: URL) {
        answers.withLock { $0[url] = .failure(UpstreamDown()) }
    }

    func fetches(of url: URL) -> Int { counts.withLock { $0[url] ?? 0 } }
    var totalFetches: Int { counts.withLock { $0.values.reduce(0, +) } }

    var fetcher: ImageCache.Fetcher {
        { url in
            self.counts.withLock { $0[url, default: 0] += 1 }
            if let gate = self.gate { await gate.wait() }
            switch self.answers.withLock({ $0[url] }) {
            case .image(let bytes, let contentType): return (bytes, contentType)
            case .failure(let error): throw error
            case nil: throw UpstreamDown(attempt: -1)
            }
        }
    }
}

/// A fresh folder under the system's temporary directory, removed by `remove()`.
struct TemporaryDirectory {
    let url: URL

    init() {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("dashboard-tests-\(UUID().uuidString)", isDirectory: true)
    }

    /// Regular files in it, by name.
    var fileNames: Set<String> {
        Set((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? [])
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
