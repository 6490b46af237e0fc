/// A dictionary that remembers the order of use: lookups through `value(forKey:)` and writes move
/// an entry to the most recent end, and `removeLeastRecentlyUsed()` takes from the other end.
/// Every operation is O(1): a doubly linked list threaded through an array of nodes, with freed
/// slots reused. Not thread-safe; owners keep it inside a `Mutex`.
///
/// Public and `@inlinable` throughout: the dashboard's own caches (images, their URLs) use it
/// with their key and value types, on every request. Called across the module boundary as
/// unspecialised generics, each call looked its types' metadata up at run time and moved keys
/// and values through value witnesses; inlinable, the other module compiles it for its own
/// types. Public, not `package`: the compiler does not inline or specialise a `package`
/// function's body in another module, `@inlinable` or not.
public struct LRUDictionary<Key: Hashable, Value> {
    /// A slot's key and its neighbours in the order of use. Its value and stamp live in arrays
    /// of their own (`values`, `stamps`), so that a lookup reads the value and the stamp alone:
    /// reading them through an optional node copied the whole node out (its key and its value,
    /// a retain and a release for each reference in them) and destroyed the copy.
    @usableFromInline
    struct Node {
        @usableFromInline var key: Key
        @usableFromInline var older: Int?
        @usableFromInline var newer: Int?

        @inlinable
        init(key: Key, older: Int?, newer: Int?) {
            self.key = key
            self.older = older
            self.newer = newer
        }
    }

    /// By slot: the node (nil for a free slot), the value (nil for a free slot) and `clock`
    /// when the entry last became the newest.
    @usableFromInline var nodes: [Node?] = []
    @usableFromInline var values: [Value?] = []
    @usableFromInline var stamps: [UInt64] = []
    @usableFromInline var free: [Int] = []
    @usableFromInline var index: [Key: Int] = [:]
    @usableFromInline var oldest: Int?
    @usableFromInline var newest: Int?
    /// Counts moves to the newest end, for `peekWithRecency`.
    @usableFromInline var clock: UInt64 = 0

    @inlinable
    public init() {}

    @inlinable
    public var count: Int { index.count }
    @inlinable
    var isEmpty: Bool { index.isEmpty }

    /// The value, marking the entry as just used.
    @inlinable
    public mutating func value(forKey key: Key) -> Value? {
        guard let slot = index[key] else { return nil }
        moveToNewest(slot)
        return values[slot]
    }

    /// The value without changing the order.
    @inlinable
    public func peek(_ key: Key) -> Value? {
        guard let slot = index[key] else { return nil }
        return values[slot]
    }

    /// The value without changing the order, and whether the entry is recent: the newest, or
    /// made newest within the last `count / 2` moves. Lets an owner behind a reader-writer lock
    /// answer most hits under the shared lock and take the exclusive one (for `value(forKey:)`)
    /// only for entries drifting into the older half, an approximate LRU: an entry still reaches
    /// the oldest end only if no lookup found it there in the older half.
    @inlinable
    public func peekWithRecency(_ key: Key) -> (value: Value, isRecent: Bool)? {
        guard let slot = index[key], let value = values[slot] else { return nil }
        return (value, slot == newest || clock &- stamps[slot] <= UInt64(count / 2))
    }

    @inlinable
    public func contains(_ key: Key) -> Bool { index[key] != nil }

    /// Inserts or replaces; either way the entry becomes the most recently used.
    /// Returns the value it replaced.
    @inlinable
    @discardableResult
    public mutating func setValue(_ value: Value, forKey key: Key) -> Value? {
        if let slot = index[key] {
            let previous = values[slot]
            values[slot] = value
            moveToNewest(slot)
            return previous
        }
        let node = Node(key: key, older: newest, newer: nil)
        let slot: Int
        if let reused = free.popLast() {
            slot = reused
            nodes[slot] = node
            values[slot] = value
            stamps[slot] = clock
        } else {
            slot = nodes.count
            nodes.append(node)
            values.append(value)
            stamps.append(clock)
        }
        clock &+= 1
        if let newest { nodes[newest]?.newer = slot }
        newest = slot
        if oldest == nil { oldest = slot }
        index[key] = slot
        return nil
    }

    /// Updates a value in place without changing the order; false when the key is absent.
    @inlinable
    @discardableResult
    mutating func update(_ key: Key, _ body: (inout Value) -> Void) -> Bool {
        guard let slot = index[key], var value = values[slot] else { return false }
        values[slot] = nil
        body(&value)
        values[slot] = value
        return true
    }

    @inlinable
    @discardableResult
    public mutating func removeValue(forKey key: Key) -> Value? {
        guard let slot = index.removeValue(forKey: key) else { return nil }
        return release(slot)?.value
    }

    /// Removes and returns the entry used longest ago.
    @inlinable
    @discardableResult
    public mutating func removeLeastRecentlyUsed() -> (key: Key, value: Value)? {
        guard let slot = oldest, let key = nodes[slot]?.key else { return nil }
        index[key] = nil
        return release(slot)
    }

    @inlinable
    public mutating func removeAll() {
        self = LRUDictionary()
    }

    /// Entries from the least to the most recently used.
    @inlinable
    public var entriesByAge: [(key: Key, value: Value)] {
        var out: [(key: Key, value: Value)] = []
        out.reserveCapacity(count)
        var cursor = oldest
        while let slot = cursor, let node = nodes[slot], let value = values[slot] {
            out.append((node.key, value))
            cursor = node.newer
        }
        return out
    }

    @inlinable
    mutating func unlink(_ slot: Int) {
        guard let node = nodes[slot] else { return }
        if let older = node.older { nodes[older]?.newer = node.newer } else { oldest = node.newer }
        if let newer = node.newer { nodes[newer]?.older = node.older } else { newest = node.older }
        nodes[slot]?.older = nil
        nodes[slot]?.newer = nil
    }

    @inlinable
    mutating func moveToNewest(_ slot: Int) {
        guard newest != slot else { return }
        stamps[slot] = clock
        clock &+= 1
        unlink(slot)
        nodes[slot]?.older = newest
        if let newest { nodes[newest]?.newer = slot }
        newest = slot
        if oldest == nil { oldest = slot }
    }

    @inlinable
    mutating func release(_ slot: Int) -> (key: Key, value: Value)? {
        unlink(slot)
        guard let node = nodes[slot], let value = values[slot] else { return nil }
        nodes[slot] = nil
        values[slot] = nil
        free.append(slot)
        return (node.key, value)
    }
}

extension LRUDictionary: Sendable where Key: Sendable, Value: Sendable {}
extension LRUDictionary.Node: Sendable where Key: Sendable, Value: Sendable {}
