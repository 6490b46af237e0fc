#if canImport(Glibc)
import Glibc
#endif

// Shared by every harness in Scripts/fuzz (compiled into each fuzz binary, never into the
// package): reads fuzzer-chosen parameters off the front of an input, and stops the run with
// a message when an invariant breaks, so libFuzzer records the input as a crash.

/// The fuzzer's bytes: a few parameter bytes first, then the payload.
struct FuzzInput {
    private let bytes: [UInt8]
    private var offset = 0

    init(_ data: UnsafePointer<UInt8>?, _ size: Int) {
        bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    }

    /// The next byte, 0 once the input is used up.
    mutating func byte() -> UInt8 {
        guard offset < bytes.count else { return 0 }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// The next two bytes, little-endian.
    mutating func uint16() -> Int {
        Int(byte()) | Int(byte()) << 8
    }

    /// Bytes up to (not including) the next LF, at most `limit` of them; the LF is consumed.
    mutating func line(limit: Int) -> [UInt8] {
        var line: [UInt8] = []
        while offset < bytes.count, line.count < limit {
            let b = bytes[offset]
            offset += 1
            if b == 0x0A { break }
            line.append(b)
        }
        return line
    }

    /// Everything not read yet.
    var rest: [UInt8] { offset < bytes.count ? Array(bytes[offset...]) : [] }
}

/// Stops the fuzz run (SIGABRT, which libFuzzer reports as a crash) when `condition` is false.
func fuzzCheck(_ condition: Bool, _ message: @autoclosure () -> String) {
    guard !condition else { return }
    print("FUZZ INVARIANT BROKEN: \(message())")
    fflush(nil)
    abort()
}

/// `bytes` cut at `points` (clamped and sorted), so every piece is fed separately.
func fuzzPieces(_ bytes: [UInt8], at points: [Int]) -> [ArraySlice<UInt8>] {
    var pieces: [ArraySlice<UInt8>] = []
    var start = 0
    for point in points.map({ min(max($0, 0), bytes.count) }).sorted() where point >= start {
        pieces.append(bytes[start..<point])
        start = point
    }
    pieces.append(bytes[start...])
    return pieces
}

/// Cut points every `size` bytes.
func fuzzEvery(_ size: Int, in count: Int) -> [Int] {
    Array(stride(from: size, to: count, by: max(size, 1)))
}
