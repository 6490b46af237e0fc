import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A calendar day in Seoul, in the two spellings the market uses. The real server runs in
/// Seoul and stamps products with its date only (`2022-11-04T00:00:00`), so the time is always
/// midnight and a product registered at 01:00 in Seoul carries Seoul's date, not UTC's.
struct StoredDate: Sendable, Equatable {
    let year: Int
    let month: Int
    let day: Int

    init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Seoul's offset from UTC: nine hours, with no daylight saving time since 1988.
    static let seoulOffset: Double = 9 * 3600

    init(_ date: Date) {
        var seconds = time_t((date.timeIntervalSince1970 + Self.seoulOffset).rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        self.init(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))
    }

    /// `2022-11-04T00:00:00`, as in `created_at` and `issued_at`.
    var timestamp: String {
        "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T00:00:00"
    }

    /// `20221104`, the folder of the day's image uploads.
    var folder: String {
        "\(pad(year, 4))\(pad(month, 2))\(pad(day, 2))"
    }

    private func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
