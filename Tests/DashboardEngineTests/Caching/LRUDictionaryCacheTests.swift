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
}
