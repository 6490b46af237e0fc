/// SplitMix64 (Steele, Lea, Flood 2014): a tiny generator with a fixed seed, so every random
/// property case can be replayed from the seed its failure message prints.
public struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Runs `body` for `count` cases, each with its own generator seeded `base + index`. It
    /// yields between cases: these loops are CPU-bound, and the suite runs in parallel on Swift's
    /// shared pool (two threads on a 2-core machine), where a loop that never yields would starve
    /// the socket tests' servers and clients.
    public static func cases(
        _ count: Int, base: UInt64, _ body: (_ seed: UInt64, _ rng: inout SplitMix64) throws -> Void
    ) async rethrows {
        for index in 0..<UInt64(count) {
            var rng = SplitMix64(seed: base &+ index)
            try body(base &+ index, &rng)
            if index % 8 == 7 { await Task.yield() }
        }
    }
}

extension Array {
    /// A random element of a non-empty array, drawn from `rng` so the case replays.
    public func pick(_ rng: inout SplitMix64) -> Element { self[Int.random(in: indices, using: &rng)] }
}
