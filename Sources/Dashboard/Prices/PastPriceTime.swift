import Foundation

/// The `at` cell of a past price record, read in the vendor's zone (`--time-zone`): a date,
/// `2026-10-01` (the start of that day), or a date and time, `2026-10-01 09:30` (a `T` for the
/// space, seconds and a one-digit hour accepted too, as spreadsheets write them).
enum PastPriceTime: Equatable, Sendable {
    /// The instant; `repeated` when the clocks show that time twice that day (summer time
    /// ending) and the earlier of the two was taken.
    case instant(Date, repeated: Bool)
    /// Not a date, nor a date and time, or a field out of range (the 13th month, 30 February).
    case unreadable
    /// A time the clocks skip that day (summer time starting): the wall-clock stretch skipped.
    case inGap(Gap)

    /// The stretch of wall-clock time a zone skips: from `from` to `to` ("02:00" to "03:00").
    struct Gap: Equatable, Sendable {
        var day: LocalTime.DateAndTime
        var from: String
        var to: String
    }

    /// Reads `text` in `zone`.
    ///
    /// A time the clocks show twice (01:30 on 1 November 2026 in New York) is the earlier of
    /// its two instants, and the preview says so, rather than a refusal: the file has no
    /// offset to tell the two apart, so the seller could not write the line any other way, and
    /// a record an hour early or late moves the reference of a sale only when a price changed
    /// in that very hour. The earlier is also what a schedule's form takes for such a time
    /// (`LocalTime.instant`), so a time reads as one instant everywhere on the dashboard.
    static func read(_ text: String, zone: TimeZone) -> PastPriceTime {
        guard let (clock, seconds, hasTime) = parse(text) else { return .unreadable }
        switch LocalTime.instant(clock, zone: zone) {
        case .success(let date):
            let repeated = hasTime && LocalTime.isRepeated(date, zone: zone)
            return .instant(date.addingTimeInterval(TimeInterval(seconds)), repeated: repeated)
        case .failure:
            let gap = gap(around: clock, zone: zone)
            // A day whose midnight the clocks skip starts when they land.
            if !hasTime, let gap { return .instant(gap.at, repeated: false) }
            guard let gap else { return .unreadable }
            // The wall clock just before the jump reads the jump's instant in the old offset.
            let from = gap.at.addingTimeInterval(TimeInterval(gap.offsetBefore))
            return .inGap(Gap(day: clock, from: LocalTime.clock(from, zone: .gmt), to: LocalTime.clock(gap.at, zone: zone)))
        }
    }

    /// The wall clock a cell spells, its seconds, and whether it has a time at all.
    static func parse(_ text: String) -> (LocalTime.DateAndTime, Int, Bool)? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let parts = trimmed.split(maxSplits: 1, whereSeparator: { $0 == " " || $0 == "T" })
        guard let dayPart = parts.first else { return nil }
        let day = dayPart.split(separator: "-", omittingEmptySubsequences: false)
        let slashed = dayPart.split(separator: "/", omittingEmptySubsequences: false)
        let fields = day.count == 3 ? day : slashed
        guard fields.count == 3, fields[0].count == 4, (1...2).contains(fields[1].count), (1...2).contains(fields[2].count),
            let year = digits(fields[0]), let month = digits(fields[1]), let date = digits(fields[2]),
            year >= 1, (1...12).contains(month), (1...LocalTime.daysIn(month: month, year: year)).contains(date)
        else { return nil }
        guard parts.count == 2 else {
            return (LocalTime.DateAndTime(year: year, month: month, day: date, hour: 0, minute: 0), 0, false)
        }
        let time = parts[1].trimmingCharacters(in: .whitespaces).split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(time.count), (1...2).contains(time[0].count), time[1].count == 2, time.count == 2 || time[2].count == 2,
            let hour = digits(time[0]), let minute = digits(time[1]), (0...23).contains(hour), (0...59).contains(minute)
        else { return nil }
        let second = time.count == 3 ? digits(time[2]) : 0
        guard let second, (0...59).contains(second) else { return nil }
        return (LocalTime.DateAndTime(year: year, month: month, day: date, hour: hour, minute: minute), second, true)
    }

    private static func digits(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return Int(text)
    }

    /// The instant near `clock` at which the zone's clocks jump forward, and the offset from UTC
    /// before it. Nil when the zone's offset does not grow within two days either side.
    private static func gap(around clock: LocalTime.DateAndTime, zone: TimeZone) -> (at: Date, offsetBefore: Int)? {
        let naive = clock.secondsAsIfUTC
        var low = naive - 2 * 86_400
        var high = naive + 2 * 86_400
        let before = zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(low)))
        let after = zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(high)))
        guard after > before else { return nil }
        // The first second with the later offset.
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(middle))) == before {
                low = middle
            } else {
                high = middle
            }
        }
        return (Date(timeIntervalSince1970: TimeInterval(high)), before)
    }
}
