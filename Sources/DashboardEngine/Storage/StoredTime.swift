import Foundation

/// How the engine's tables keep an instant: whole milliseconds since 1970, UTC, in an INTEGER
/// column (the journal's, the recycle bin's and the schedules' times alike).
enum StoredTime {
    static func milliseconds(_ date: Date) -> Int {
        Int((date.timeIntervalSince1970 * 1000).rounded())
    }

    static func date(milliseconds: Int) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }
}
