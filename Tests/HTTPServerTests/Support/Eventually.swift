/// Waits for the first element of `stream` (a handler saying it got somewhere). False after
/// `Patience.hangGuard` without one: a guard against a hang, never a measurement.
func firstSignal(_ stream: AsyncStream<Void>) async -> Bool {
    await withTaskGroup(of: Bool.self) { group in
        group.addTask {
            for await _ in stream { return true }
            return false
        }
        group.addTask {
            try? await Task.sleep(for: Patience.hangGuard)
            return false
        }
        let first = await group.next() ?? false
        group.cancelAll()
        return first
    }
}
