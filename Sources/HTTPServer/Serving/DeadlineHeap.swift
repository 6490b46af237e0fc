/// The event loop's timers: a binary min-heap of (time, connection) entries.
///
/// Entries are never removed early. A connection keeps at most one entry it counts on (its
/// `scheduledAt`); an entry whose time no longer matches is stale and skipped when it comes out.
/// A deadline that moves later (the usual case: each request pushes the idle deadline back)
/// costs nothing until the old entry fires, when the connection schedules its current one. So
/// the heap holds about one entry per connection, whatever the request rate.
struct DeadlineHeap {
    struct Entry {
        var time: Int
        var fd: Int32
        var connectionID: UInt64
    }

    private var entries: [Entry] = []

    var isEmpty: Bool { entries.isEmpty }
    var count: Int { entries.count }
    var earliest: Entry? { entries.first }

    mutating func push(_ entry: Entry) {
        entries.append(entry)
        var child = entries.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard entries[child].time < entries[parent].time else { break }
            entries.swapAt(child, parent)
            child = parent
        }
    }

    @discardableResult
    mutating func popEarliest() -> Entry? {
        guard let first = entries.first else { return nil }
        let last = entries.removeLast()
        guard !entries.isEmpty else { return first }
        entries[0] = last
        var parent = 0
        while true {
            let left = 2 * parent + 1
            guard left < entries.count else { break }
            var smallest = left
            if left + 1 < entries.count && entries[left + 1].time < entries[left].time { smallest = left + 1 }
            guard entries[smallest].time < entries[parent].time else { break }
            entries.swapAt(smallest, parent)
            parent = smallest
        }
        return first
    }

    /// Milliseconds `epoll_wait` may sleep: until the earliest entry, or -1 (no timer) when empty.
    func timeout(now: Int) -> Int32 {
        guard let first = entries.first else { return -1 }
        return Int32(clamping: max(0, first.time - now))
    }
}
