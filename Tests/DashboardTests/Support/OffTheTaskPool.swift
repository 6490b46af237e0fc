import Foundation

/// Runs blocking work (a server's shutdown waits up to its grace period for connections to
/// finish) on a thread of its own: on one of Swift's few shared task threads it would hold up
/// the handlers that those connections are waiting for, in every test running beside it.
func offTheTaskPool(_ work: @escaping @Sendable () -> Void) async {
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        Thread.detachNewThread {
            work()
            done.resume()
        }
    }
}

/// Runs blocking `work` (a dashboard's or a market's start-up) on a thread of its own and
/// returns what it made, for the reason above.
func offTheTaskPool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { (done: CheckedContinuation<T, any Error>) in
        Thread.detachNewThread {
            done.resume(with: Result { try work() })
        }
    }
}

extension Result where Failure == any Error {
    /// The outcome of async `work`, kept so cleanup can run before it is rethrown.
    init(_ work: () async throws -> Success) async {
        do {
            self = .success(try await work())
        } catch {
            self = .failure(error)
        }
    }
}
