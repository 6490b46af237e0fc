import Glibc

/// A reader-writer lock around a value, for state read on every request and written rarely.
///
/// Readers do not exclude each other, so with several event loops (and tasks) on few cores a
/// reader that is preempted never makes the others sleep, as a `Mutex` holder does (behind a
/// mutex, the static-file path spends most of its CPU time in the mutex's slow path).
/// `@unchecked Sendable`: every access to `value` happens under the pthread rwlock, and
/// `Value` is `Sendable`, so what a reader takes out may cross threads.
public final class ReadWriteLock<Value: Sendable>: @unchecked Sendable {
    private let lock = UnsafeMutablePointer<pthread_rwlock_t>.allocate(capacity: 1)
    private var value: Value

    public init(_ value: Value) {
        self.value = value
        lock.initialize(to: pthread_rwlock_t())
        pthread_rwlock_init(lock, nil)
    }

    deinit {
        pthread_rwlock_destroy(lock)
        lock.deallocate()
    }

    public func read<T>(_ body: (Value) throws -> T) rethrows -> T {
        pthread_rwlock_rdlock(lock)
        defer { pthread_rwlock_unlock(lock) }
        return try body(value)
    }

    public func write<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        pthread_rwlock_wrlock(lock)
        defer { pthread_rwlock_unlock(lock) }
        return try body(&value)
    }
}
