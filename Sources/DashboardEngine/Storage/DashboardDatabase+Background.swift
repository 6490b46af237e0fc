import Dispatch
import SQLite

extension DashboardDatabase {
    /// Runs `body` with the connection (as `use` does) on a Dispatch thread, not on one of
    /// Swift's few task threads: a commit with `synchronous=FULL` waits for the disk, and the
    /// page handlers sharing those threads should not wait with it.
    func background<Result: Sendable>(
        _ body: @escaping @Sendable (SQLiteConnection) throws(SQLiteError) -> Result
    ) async throws(DatabaseError) -> Result {
        let outcome = await withCheckedContinuation { (continuation: CheckedContinuation<Swift.Result<Result, DatabaseError>, Never>) in
            DispatchQueue.global().async {
                do throws(DatabaseError) {
                    continuation.resume(returning: .success(try self.use(body)))
                } catch {
                    continuation.resume(returning: .failure(error))
                }
            }
        }
        return try outcome.get()
    }
}
