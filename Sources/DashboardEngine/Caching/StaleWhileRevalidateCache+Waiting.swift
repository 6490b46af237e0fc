extension StaleWhileRevalidateCache {
    /// Waits until every fetch running now has stored its outcome (value or error). A test
    /// seam: after it, the next request sees what the refresh left, with no polling or timing.
    func waitForRefreshes() async {
        let running = state.read { state in state.entries.entriesByAge.compactMap { $0.value.fetch?.task } }
        for task in running { _ = await task.result }
    }
}
