import Glibc

/// A reader-writer lock around a value, for state read on every request and written rarely.
///
/// Readers do not exclude each other, so with several event loops (and tasks) on few cores a
/// reader that is preempted never makes the others sleep, as a `Mutex` holder does (behind a
/// mutex, the static-file path spends most of its CPU time in the mutex's slow path).
/// `@unchecked Sendable`: every access to the value happens under the pthread rwlock, and
/// `Value` is `Sendable`, so what a reader takes out may cross threads.
///
/// Every cached answer passes here, so two things keep a read cheap:
/// - `read` and `write` are `@inlinable`: the other modules compile them for their own value
///   and result types. Called as unspecialised generics across the module boundary, every call
///   looked up the metadata of its result type (a tuple, an optional) and moved it through
///   value witnesses.
/// - The value lives behind a pointer, not in a stored `var`: `read` lends it to the closure in
///   place. Read from a class property, the whole value (a cache's state: dictionaries, arrays)
///   was copied for the call, a retain and release per reference in it, and each access paid a
///   dynamic exclusivity check, which the lock makes redundant.
public final class ReadWriteLock<Value: Sendable>: @unchecked Sendable {
    @usableFromInline let lock: UnsafeMutablePointer<pthread_rwlock_t>
    @usableFromInline let value: UnsafeMutablePointer<Value>

    public init(_ value: Value) {
        lock = UnsafeMutablePointer<pthread_rwlock_t>.allocate(capacity: 1)
        lock.initialize(to: pthread_rwlock_t())
        pthread_rwlock_init(lock, nil)
        self.value = UnsafeMutablePointer<Value>.allocate(capacity: 1)
        self.value.initialize(to: value)
    }

    deinit {
        pthread_rwlock_destroy(lock)
        lock.deallocate()
        value.deinitialize(count: 1)
        value.deallocate()
    }

    @inlinable
    public func read<T>(_ body: (Value) throws -> T) rethrows -> T {
        pthread_rwlock_rdlock(lock)
        defer { pthread_rwlock_unlock(lock) }
        return try body(value.pointee)
    }

    @inlinable
    public func write<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        pthread_rwlock_wrlock(lock)
        defer { pthread_rwlock_unlock(lock) }
        return try body(&value.pointee)
    }
}
