import Dispatch
import Foundation
import Synchronization
import Testing

import DashboardEngine

/// `withDashboard` starts its dashboard off Swift's shared task threads. On Linux those are a
/// queue as wide as the machine has cores (2 here), and a start-up blocks for a while (the
/// database, the templates, the servers' threads); when every test of a parallel run starts
/// its dashboard at once on them, no handler and no other test runs until all the start-ups
/// are done, and the waiting clients give up after the hang guard.
@Suite struct HarnessStartTests {
    /// More dashboards start at once than there are shared task threads, and each start-up
    /// waits, inside, until a task has run: on the shared threads every one of them would be
    /// held by a start-up waiting for that task, and the start-ups would wait out the hang guard.
    @Test func startingMoreDashboardsThanThreads_leavesTheSharedThreadsFree() async throws {
        let clock = HeldStartClock(startUps: ProcessInfo.processInfo.activeProcessorCount + 1)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<clock.startUps {
                group.addTask {
                    try await withDashboard(.scripted(ScriptedMarket()), clock: clock) { _ in }
                }
            }
            try await group.waitForAll()
        }
        #expect(clock.taskRan, "no task ran while the dashboards started")
        #expect(!clock.waitedOutTheGuard, "a start-up waited the whole hang guard for a task to run")
    }
}

/// A wall clock whose first reading in each start-up (the database's migrations ask the time)
/// holds that start-up until `startUps` of them hold and a task started by the last one has run,
/// or `Patience.hangGuard` has passed. Later readings are the system's time.
private final class HeldStartClock: WallClock {
    let startUps: Int
    private let state = Mutex((arrived: 0, released: false))
    private let opened = DispatchSemaphore(value: 0)
    private let ran = Atomic(false)
    private let waitedOut = Atomic(false)

    init(startUps: Int) {
        self.startUps = startUps
    }

    var taskRan: Bool { ran.load(ordering: .acquiring) }
    var waitedOutTheGuard: Bool { waitedOut.load(ordering: .acquiring) }

    func now() -> Date {
        let (holds, last) = state.withLock { state -> (Bool, Bool) in
            guard !state.released else { return (false, false) }
            state.arrived += 1
            return (true, state.arrived == startUps)
        }
        if last {
            Task {
                self.ran.store(true, ordering: .releasing)
                self.release()
            }
        }
        if holds, opened.wait(timeout: .now() + .seconds(Int(Patience.hangGuard.components.seconds))) == .timedOut {
            waitedOut.store(true, ordering: .releasing)
            release()
        }
        return Date()
    }

    func sleep(until date: Date, for wait: ClockWait) async throws {
        try await SystemWallClock().sleep(until: date, for: wait)
    }

    /// Lets every held start-up go on.
    private func release() {
        let held = state.withLock { state -> Int in
            defer { state.released = true }
            return state.released ? 0 : state.arrived
        }
        for _ in 0..<held { opened.signal() }
    }
}
