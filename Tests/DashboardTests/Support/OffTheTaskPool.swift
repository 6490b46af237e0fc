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
