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

extension ScriptedMarket {
    /// The scripted market's image host as the image cache fetches from it.
    var imageFetcher: ImageCache.Fetcher {
        { url in try await self.image(url) }
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
