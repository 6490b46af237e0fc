import DashboardEngine

/// The batch runner's and the scheduler's waits (test seams) under the hang guard: each is
/// `finishes` around the seam, so a run or a step that never ends fails its test instead of
/// hanging the suite. The answer is checked at the call: `#expect(await runner.runEnds(id))`.
extension BatchRunner {
    /// True once batch `batchID`'s run (if any) has ended; false if it still runs after
    /// `Patience.hangGuard`.
    package func runEnds(_ batchID: Int) async -> Bool {
        await finishes { await self.waitForRun(batchID) }
    }
}

extension BatchScheduler {
    /// True once every start and end due at the clock's present has been carried out
    /// (`waitForDueSteps`); false if one has not after `Patience.hangGuard`.
    package func dueStepsTaken() async -> Bool {
        await finishes { await self.waitForDueSteps() }
    }
}
