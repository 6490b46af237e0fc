import Glibc

extension timespec {
    /// Nanoseconds since 1970, saturating at `Int`'s bounds instead of trapping: a file dated
    /// after the year 2262 (`touch -d 2300-01-01`) must not stop the server that stats it.
    package var nanosecondsSince1970: Int {
        let (scaled, overflow) = Int(tv_sec).multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return tv_sec < 0 ? .min : .max }
        let (sum, overflowAgain) = scaled.addingReportingOverflow(Int(tv_nsec))
        if overflowAgain { return tv_nsec < 0 ? .min : .max }
        return sum
    }
}
