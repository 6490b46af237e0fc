import Foundation

/// Why a local date and time a person typed gives no instant.
enum LocalTimeProblem: Error, Equatable, Sendable {
    /// Not `YYYY-MM-DDTHH:MM` (nor with `:00` seconds, nor with a space for `T`), or a field
    /// out of range: the 13th month, 30 February, 24:00.
    case notATime
    /// A time the zone's clocks skip when they go forward (summer time starting): 02:30 on
    /// 8 March 2026 in New York. It carries the time typed, for the message.
    case nonexistent(LocalTime.DateAndTime)
}

/// Times typed into a schedule's form (`<input type="datetime-local">`) and written back to it,
/// in the vendor's zone (`DashboardConfiguration.timeZone`).
extension LocalTime {
    /// A date and time on a wall clock, in no zone: what a person types and reads.
    struct DateAndTime: Equatable, Sendable {
        var year: Int
        var month: Int
        var day: Int
        var hour: Int
        var minute: Int

        init(year: Int, month: Int, day: Int, hour: Int, minute: Int) {
            self.year = year
            self.month = month
            self.day = day
            self.hour = hour
            self.minute = minute
        }

        /// The wall clock in `zone` at `date`, to the minute (seconds are dropped).
        init(_ date: Date, zone: TimeZone) {
            let interval = date.timeIntervalSince1970
            // A date beyond any calendar (or not a number) would trap the conversion to Int.
            let whole = interval.isFinite ? Int(min(max(interval, -1e14), 1e14).rounded(.down)) : 0
            let local = whole + zone.secondsFromGMT(for: date)
            let days = local.floorDivided(by: 86_400)
            let seconds = local - days * 86_400
            let civil = LocalTime.civil(fromDays: days)
            self.init(year: civil.year, month: civil.month, day: civil.day, hour: seconds / 3600, minute: seconds % 3600 / 60)
        }

        /// Days since 1970-01-01, the day this wall clock is on.
        var daysSince1970: Int { LocalTime.days(year: year, month: month, day: day) }

        /// The day of the week: 0 for Sunday to 6 for Saturday (1970-01-01 was a Thursday).
        var weekday: Int { (daysSince1970 + 4).floorModulo(7) }

        /// The seconds since 1970 this wall clock would be if it were UTC's.
        var secondsAsIfUTC: Int { daysSince1970 * 86_400 + hour * 3600 + minute * 60 }
    }

    /// The instant a `datetime-local` value names in `zone`: `2026-11-28T09:00`, also with
    /// `:00` seconds (`2026-11-28T09:00:00`, what a browser sends for a whole minute with a
    /// step of 1) and with a space for the `T` (what a person types where the browser shows a
    /// plain text box). Anything else, a field out of range included, is `.notATime`.
    ///
    /// Summer time: a time the clocks skip (`2026-03-08T02:30` in `America/New_York`) is
    /// `.nonexistent`, never moved to a neighbouring time as `Calendar.date(from:)` would; a
    /// time the clocks show twice (`2026-11-01T01:30` there) is the earlier of the two
    /// instants, so a schedule never starts an hour after the vendor meant.
    static func instant(_ text: String, zone: TimeZone) -> Result<Date, LocalTimeProblem> {
        guard let clock = dateAndTime(text) else { return .failure(.notATime) }
        return instant(clock, zone: zone)
    }

    /// The instant `clock` names in `zone`, as `instant(_:zone:)` decides it.
    ///
    /// An instant `t` shows `clock` when `t + offset(t)` is the clock's seconds as if in UTC.
    /// The offsets that can hold near it are the zone's a day before and a day after (and at
    /// it): each gives a candidate, kept when the zone has that offset at the candidate. None
    /// kept: the clocks skip this time; two: they show it twice, and the earlier is taken.
    /// (The offset at an instant is Foundation's zone data; no zone changes its offset twice
    /// within two days.)
    static func instant(_ clock: DateAndTime, zone: TimeZone) -> Result<Date, LocalTimeProblem> {
        guard let earliest = instants(clock, zone: zone).min() else { return .failure(.nonexistent(clock)) }
        return .success(Date(timeIntervalSince1970: TimeInterval(earliest)))
    }

    /// Whether the wall clock `date` shows in `zone` names two instants (the hour the clocks
    /// show twice when they go back): `instant` took the earlier, and a page says so.
    static func isRepeated(_ date: Date, zone: TimeZone) -> Bool {
        instants(DateAndTime(date, zone: zone), zone: zone).count > 1
    }

    /// Every instant (seconds since 1970) whose wall clock in `zone` is `clock`: none in a gap,
    /// two in a repeated hour.
    private static func instants(_ clock: DateAndTime, zone: TimeZone) -> Set<Int> {
        let naive = clock.secondsAsIfUTC
        let offsets = Set([-86_400, 0, 86_400].map { zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(naive + $0))) })
        return Set(offsets.map { naive - $0 }.filter {
            zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval($0))) == naive - $0
        })
    }

    /// The wall clock a `datetime-local` value spells, checked field by field; nil for any
    /// other text.
    static func dateAndTime(_ text: String) -> DateAndTime? {
        let bytes = Array(text.utf8)
        guard bytes.count == 16 || bytes.count == 19 else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) else { return nil }
                value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
            }
            return value
        }
        guard bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " "),
            bytes[13] == UInt8(ascii: ":"),
            let year = number(0..<4), let month = number(5..<7), let day = number(8..<10), let hour = number(11..<13),
            let minute = number(14..<16)
        else { return nil }
        if bytes.count == 19 {
            guard bytes[16] == UInt8(ascii: ":"), number(17..<19) == 0 else { return nil }
        }
        guard year >= 1, (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day), (0...23).contains(hour),
            (0...59).contains(minute)
        else { return nil }
        return DateAndTime(year: year, month: month, day: day, hour: hour, minute: minute)
    }

    /// The `datetime-local` value that shows `date` in `zone`, to the minute:
    /// "2026-11-28T09:00". Of a time the clocks show twice, the later instant is written the
    /// same as the earlier, and reads back as the earlier.
    static func localInputValue(_ date: Date, zone: TimeZone) -> String {
        let clock = DateAndTime(date, zone: zone)
        return String(format: "%04d-%02d-%02dT%02d:%02d", clock.year, clock.month, clock.day, clock.hour, clock.minute)
    }

    // MARK: The Gregorian calendar, by arithmetic

    static func isLeap(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to a day of the proleptic Gregorian calendar (Howard Hinnant's
    /// `days_from_civil`: years counted from March, so the leap day ends a year).
    static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = y.floorDivided(by: 400)
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The day `days` after 1970-01-01 (`civil_from_days`, the inverse of `days(year:month:day:)`).
    static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = shifted.floorDivided(by: 146_097)
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

extension Int {
    /// Division rounding toward negative infinity: -1 / 86,400 is day -1, not day 0.
    fileprivate func floorDivided(by divisor: Int) -> Int {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }

    fileprivate func floorModulo(_ divisor: Int) -> Int {
        self - floorDivided(by: divisor) * divisor
    }
}
