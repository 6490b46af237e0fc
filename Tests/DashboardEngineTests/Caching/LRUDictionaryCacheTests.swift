import Testing
@testable import DashboardEngine

/// The order structure under every cache.
@Suite struct LRUDictionaryCacheTests {
    func keys(_ lru: LRUDictionary<String, Int>) -> [String] { lru.entriesByAge.map(\.key) }

    @Test func lookupsAndWritesMoveAnEntryToTheRecentEnd() {
        var lru = LRUDictionary<String, Int>()
        for (i, key) in ["a", "b", "c"].enumerated() { lru.setValue(i, forKey: key) }
        #expect(keys(lru) == ["a", "b", "c"])
        #expect(lru.value(forKey: "a") == 0)
        #expect(keys(lru) == ["b", "c", "a"])
        #expect(lru.peek("b") == 1)  // peeking leaves the order alone
        #expect(keys(lru) == ["b", "c", "a"])
        #expect(lru.setValue(10, forKey: "b") == 1)
        #expect(keys(lru) == ["c", "a", "b"])
        #expect(lru.update("c") { $0 += 5 })
        #expect(lru.peek("c") == 7 && keys(lru) == ["c", "a", "b"])
    }

    @Test func removalFromAnyPositionKeepsTheListIntactAndReusesSlots() {
        var lru = LRUDictionary<String, Int>()
        for (i, key) in ["a", "b", "c", "d"].enumerated() { lru.setValue(i, forKey: key) }
        #expect(lru.removeValue(forKey: "b") == 1)     // middle
        #expect(lru.removeLeastRecentlyUsed()?.key == "a")  // oldest end
        #expect(lru.removeValue(forKey: "d") == 3)     // newest end
        #expect(keys(lru) == ["c"])
        lru.setValue(4, forKey: "e")
        lru.setValue(5, forKey: "f")
        #expect(keys(lru) == ["c", "e", "f"])
        #expect(lru.count == 3)
        while lru.removeLeastRecentlyUsed() != nil {}
        #expect(lru.isEmpty && keys(lru).isEmpty)
        #expect(lru.removeLeastRecentlyUsed() == nil)
        lru.setValue(6, forKey: "g")
        #expect(keys(lru) == ["g"] && lru.value(forKey: "g") == 6)
    }

    /// An entry is recent while it is the newest or was made newest within the last half of
    /// the moves; a slot reused for a new key starts out recent, whatever its last key was.
    @Test func peekWithRecency_followsTheMovesAndLeavesTheOrderAlone() throws {
        var lru = LRUDictionary<String, Int>()
        for (i, key) in ["a", "b", "c", "d"].enumerated() { lru.setValue(i, forKey: key) }
        #expect(try #require(lru.peekWithRecency("d")) == (3, true))
        #expect(try #require(lru.peekWithRecency("c")) == (2, true))  // 1 move ago, count / 2 = 2
        #expect(try #require(lru.peekWithRecency("a")) == (0, false))  // 3 moves ago
        #expect(keys(lru) == ["a", "b", "c", "d"])
        _ = lru.value(forKey: "a")
        #expect(try #require(lru.peekWithRecency("a")).isRecent)
        #expect(try #require(lru.peekWithRecency("b")).isRecent == false)
        #expect(lru.removeValue(forKey: "b") == 1)
        lru.setValue(9, forKey: "e")  // in b's slot
        #expect(try #require(lru.peekWithRecency("e")) == (9, true))
        #expect(lru.peekWithRecency("b") == nil)
        #expect(keys(lru) == ["c", "d", "a", "e"])
    }
}
