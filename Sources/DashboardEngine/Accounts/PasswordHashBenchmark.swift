import Foundation
import Glibc

/// For `template-bench --password-hash` (same package), never for the server: how long one
/// new password hash takes at `PasswordHashing.standard` (the sign-in's cost), in wall time
/// and in the thread's CPU time (which a loaded machine does not stretch).
package enum PasswordHashBenchmark {
    package static func run(rounds: Int = 9) -> String {
        var wall: [Double] = []
        var cpu: [Double] = []
        for _ in 0..<rounds {
            let start = DispatchTime.now().uptimeNanoseconds
            let cpuStart = threadCPUTime()
            let hash = PasswordHash(password: "correct horse battery staple", hashing: .standard)
            cpu.append(threadCPUTime() - cpuStart)
            wall.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            precondition(hash.key.count == PasswordHash.keyLength)
        }
        func line(_ times: [Double]) -> String {
            let sorted = times.sorted()
            return String(format: "median %.3f s, best %.3f s, worst %.3f s", sorted[sorted.count / 2], sorted[0], sorted[sorted.count - 1])
        }
        return "PBKDF2-HMAC-SHA256 at \(PasswordHashing.standard.iterations) iterations: wall \(line(wall)); CPU \(line(cpu))"
    }

    private static func threadCPUTime() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
