/// Polls `condition` until it holds: for server states a test cannot be signalled about (a
/// connection counted in or out, a listener closed). False only after `RawClient.patience`, a
/// guard against a hang, never a measurement.
func eventually(_ condition: () async -> Bool) async throws -> Bool {
    let deadline = ContinuousClock.now + RawClient.patience
    while ContinuousClock.now < deadline {
        if await condition() { return true }
        try await Task.sleep(for: .milliseconds(5))
    }
    return await condition()
}

/// Waits for the first element of `stream` (a handler saying it got somewhere). False after
/// `RawClient.patience` without one: a guard against a hang, never a measurement.
func firstSignal(_ stream: AsyncStream<Void>) async -> Bool {
    await withTaskGroup(of: Bool.self) { group in
        group.addTask {
            for await _ in stream { return true }
            return false
        }
        group.addTask {
            try? await Task.sleep(for: RawClient.patience)
            return false
        }
        let first = await group.next() ?? false
        group.cancelAll()
        return first
    }
}
