import DashboardEngine
import Foundation
import Synchronization

/// A wall clock the test moves by hand: what a schedule, the check of a lost answer, the
/// catalog's next count and the daily pruning wait on. A sleeper wakes when `advance` or `set`
/// passes its instant, never on its own, so a test decides when "later" is and asserts what
/// happened then. Each sleeper says what it waits for (`ClockWait`), and a test asks about the
/// waits it means: the count and the pruning sleep on the same clock all along.
package final class ManualWallClock: WallClock, Sendable {
    private struct Sleeper {
        var id: Int
        var until: Date
        var wait: ClockWait
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now: Date
        var sleepers: [Sleeper] = []
        var nextID = 0
        /// Tests waiting until this many sleepers of a kind are asleep.
        var watchers: [(count: Int, wait: ClockWait, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state: Mutex<State>

    /// Starts at `start` (by default the present, so that times the dashboard stamps from
    /// elsewhere, such as a market's days, agree with it).
    package init(_ start: Date = Date()) {
        state = Mutex(State(now: start))
    }

    package func now() -> Date { state.withLock { $0.now } }

    package func sleep(until date: Date, for wait: ClockWait) async throws {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let woken: [CheckedContinuation<Void, Never>]? = state.withLock { state in
                    if date <= state.now || Task.isCancelled { return nil }
                    state.sleepers.append(Sleeper(id: id, until: date, wait: wait, continuation: continuation))
                    return Self.reached(&state)
                }
                guard let woken else {
                    if Task.isCancelled { continuation.resume(throwing: CancellationError()) } else { continuation.resume() }
                    return
                }
                woken.forEach { $0.resume() }
            }
        } onCancel: {
            let sleeper = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return state.sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves the clock on by `seconds`, waking every sleeper whose instant it passes.
    package func advance(by seconds: TimeInterval) {
        set(now().addingTimeInterval(seconds))
    }

    /// Sets the clock to `date` (forward or back), waking every sleeper whose instant is past.
    package func set(_ date: Date) {
        let woken = state.withLock { state -> [Sleeper] in
            state.now = date
            let due = state.sleepers.filter { $0.until <= date }
            state.sleepers.removeAll { $0.until <= date }
            return due
        }
        woken.forEach { $0.continuation.resume() }
    }

    /// How many tasks are asleep on the clock now waiting for `wait`.
    package func sleepers(_ wait: ClockWait) -> Int {
        state.withLock { $0.sleepers.filter { $0.wait == wait }.count }
    }

    /// The earliest instant a sleeper waiting for `wait` waits for, if any.
    package func nextWake(_ wait: ClockWait) -> Date? {
        state.withLock { $0.sleepers.filter { $0.wait == wait }.map(\.until).min() }
    }

    /// Returns once at least `count` tasks are asleep on the clock waiting for `wait`: the point
    /// where a test knows the code under test is waiting for a time, not still working.
    package func waitForSleepers(_ count: Int = 1, _ wait: ClockWait) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state -> Bool in
                if state.sleepers.filter({ $0.wait == wait }).count >= count { return true }
                state.watchers.append((count, wait, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }

    /// `waitForSleepers` under the hang guard (`finishes`): true once at least `count` tasks
    /// are asleep on the clock waiting for `wait`, false if they are not after
    /// `Patience.hangGuard`.
    package func sleepersArrive(_ count: Int = 1, _ wait: ClockWait) async -> Bool {
        await finishes { await self.waitForSleepers(count, wait) }
    }

    private static func reached(_ state: inout State) -> [CheckedContinuation<Void, Never>] {
        let asleep = state.sleepers
        let isReached = { (watcher: (count: Int, wait: ClockWait, continuation: CheckedContinuation<Void, Never>)) in
            asleep.filter { $0.wait == watcher.wait }.count >= watcher.count
        }
        let ready = state.watchers.filter(isReached).map(\.continuation)
        state.watchers.removeAll(where: isReached)
        return ready
    }
}
