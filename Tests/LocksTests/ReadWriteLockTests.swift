import Dispatch
import Locks
import Testing

@Suite("ReadWriteLock")
struct ReadWriteLockTests {
    /// Writers exclude everyone: 8 threads adding 10,000 each lose no update.
    @Test func writesFromManyThreads_loseNoUpdate() {
        let lock = ReadWriteLock(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<10_000 { lock.write { $0 += 1 } }
        }
        #expect(lock.read { $0 } == 80_000)
    }

    /// Readers do not exclude each other: a reader holding the lock until a second reader is
    /// inside too gets there (with exclusive reads it would wait for ever; the hang guard
    /// turns that into a failure).
    @Test func twoReaders_holdTheLockAtOnce() {
        let lock = ReadWriteLock("shared")
        let firstInside = DispatchSemaphore(value: 0)
        let secondInside = DispatchSemaphore(value: 0)
        let bothMet = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            lock.read { (_: String) -> Void in
                firstInside.signal()
                if secondInside.wait(timeout: DispatchTime.now() + .seconds(60)) == .success { bothMet.signal() }
            }
        }
        let entered = firstInside.wait(timeout: DispatchTime.now() + .seconds(60))
        #expect(entered == .success)
        DispatchQueue.global().async {
            lock.read { (_: String) -> Void in secondInside.signal() }
        }
        let met = bothMet.wait(timeout: DispatchTime.now() + .seconds(60))
        #expect(met == .success, "the second reader waited for the first")
    }

    /// A writer waits for the readers inside, and what it wrote is what the next reader sees.
    @Test func aWrite_isSeenByTheNextRead() {
        let lock = ReadWriteLock([1, 2])
        lock.write { $0.append(3) }
        #expect(lock.read { $0 } == [1, 2, 3])
    }
}
