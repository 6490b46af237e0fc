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
