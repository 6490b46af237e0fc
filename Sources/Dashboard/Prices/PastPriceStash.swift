import DashboardEngine
import Foundation
import Synchronization

/// The previews of past price files waiting for their **Add** button, and what each added, by a
/// random token the preview's form carries: the confirmation adds the records the preview
/// showed, not a file sent again, so what is added is what was seen. Bounded: an entry lives an
/// hour, and beyond `capacity` the oldest goes first (a preview holds up to 10,000 lines, a few
/// megabytes); a confirmation whose entry is gone is told to upload the file again. The hour is
/// read on the dashboard's clock, which a test drives.
final class PastPriceStash: Sendable {
    static let lifetime: Duration = .seconds(3600)
    static let capacity = 10

    /// The lines a preview would add: each line's record, by its line.
    struct Pending: Sendable {
        var lines: [PastPriceLine]
    }

    /// What an Add did: the lines added, and those the timeline refused since the preview.
    struct Added: Sendable {
        var added: [PastPriceLine]
        var refused: [PastPriceLine]
    }

    private struct Entry {
        var pending: Pending
        var added: Added?
        var made: Date
    }

    private let entries = Mutex<[String: Entry]>([:])
    private let clock: any WallClock

    init(clock: any WallClock) {
        self.clock = clock
    }

    /// Whether an entry made at `made` still lives at `now`.
    private static func lives(_ made: Date, at now: Date) -> Bool {
        now.timeIntervalSince(made) < lifetime.timeInterval
    }

    /// Keeps `pending` and returns its token.
    func keep(_ pending: Pending) -> String {
        let token = SecureToken.make()
        let now = clock.now()
        entries.withLock { entries in
            entries = entries.filter { Self.lives($0.value.made, at: now) }
            while entries.count >= Self.capacity, let oldest = entries.min(by: { $0.value.made < $1.value.made })?.key {
                entries[oldest] = nil
            }
            entries[token] = Entry(pending: pending, made: now)
        }
        return token
    }

    /// The preview `token` names, while it lives.
    func pending(_ token: String) -> Pending? {
        entry(token)?.pending
    }

    /// What the Add of `token` did, once it did.
    func added(_ token: String) -> Added? {
        entry(token)?.added
    }

    func record(_ added: Added, for token: String) {
        entries.withLock { $0[token]?.added = added }
    }

    private func entry(_ token: String) -> Entry? {
        guard SecureToken.isWellFormed(token) else { return nil }
        let now = clock.now()
        return entries.withLock { entries in
            guard let entry = entries[token], Self.lives(entry.made, at: now) else { return nil }
            return entry
        }
    }
}
