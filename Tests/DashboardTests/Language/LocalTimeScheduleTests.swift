import Foundation
import Testing

@testable import Dashboard

/// A schedule's times typed in the vendor's zone and written back to the form: the
/// `datetime-local` shapes, the fields' ranges, and summer time (a skipped time refused, a
/// repeated one taken at its earlier instant). Every zone is named; none is the machine's.
/// Expectations are instants and offsets, never zone abbreviations, which differ between
/// machines.
@Suite struct LocalTimeScheduleTests {
    static func zone(_ identifier: String) throws -> TimeZone {
        try #require(TimeZone(identifier: identifier))
    }

    /// The instant an ISO 8601 text with an explicit offset names: "2026-03-08T01:59:00-05:00".
    static func at(_ text: String) throws -> Date {
        try #require(ISO8601DateFormatter().date(from: text))
    }

    static func read(_ text: String, _ identifier: String) throws -> Result<Date, LocalTimeProblem> {
        LocalTime.instant(text, zone: try zone(identifier))
    }

    // MARK: Shapes and ranges

    @Test func aDatetimeLocalValue_isReadInTheZone() throws {
        #expect(try Self.read("2026-11-28T09:00", "Asia/Seoul") == .success(Self.at("2026-11-28T00:00:00Z")))
        #expect(try Self.read("2026-11-28T09:00", "UTC") == .success(Self.at("2026-11-28T09:00:00Z")))
        #expect(try Self.read("2026-11-28T09:00", "America/New_York") == .success(Self.at("2026-11-28T14:00:00Z")))
    }

    @Test func wholeSecondsAndASpace_areAccepted() throws {
        let expected = try Self.at("2026-11-28T00:00:00Z")
        for text in ["2026-11-28T09:00:00", "2026-11-28 09:00", "2026-11-28 09:00:00"] {
            #expect(try Self.read(text, "Asia/Seoul") == .success(expected), "\(text)")
        }
    }

    @Test(arguments: [
        "", "2026-11-28", "09:00", "2026-11-28T9:00", "2026-11-28T09:0", "2026-11-28T09:00:30", "2026-11-28T09:00:00.000",
        "2026-11-28t09:00", "2026-11-28T09:00Z", "2026-11-28T09:00+09:00", " 2026-11-28T09:00", "2026-11-28T09:00 ",
        "2026/11/28T09:00", "26-11-28T09:00", "+2026-11-28T09:00", "12026-11-28T09:00", "2026-11-28T09-00", "2026-11-28_09:00",
        "２０２６-11-28T09:00", "2026-1１-28T09:00", "abcd-ef-ghTij:kl",
        // Fields out of range.
        "0000-01-01T00:00", "2026-00-10T09:00", "2026-13-01T09:00", "2026-01-00T09:00", "2026-01-32T09:00", "2026-04-31T09:00",
        "2026-02-29T09:00", "2100-02-29T09:00", "2026-11-28T24:00", "2026-11-28T23:60", "2026-11-28T-1:00",
    ])
    func anythingElse_isNotATime(_ text: String) throws {
        #expect(try Self.read(text, "Asia/Seoul") == .failure(.notATime), "\(text)")
    }

    @Test func leapDays_areReadInLeapYearsOnly() throws {
        #expect(try Self.read("2028-02-29T12:00", "UTC") == .success(Self.at("2028-02-29T12:00:00Z")))
        #expect(try Self.read("2000-02-29T12:00", "UTC") == .success(Self.at("2000-02-29T12:00:00Z")))
        #expect(try Self.read("1900-02-29T12:00", "UTC") == .failure(.notATime))
    }

    @Test func theEdgesOfADay_andOfTheCalendar() throws {
        #expect(try Self.read("2026-12-31T23:59", "UTC") == .success(Self.at("2026-12-31T23:59:00Z")))
        #expect(try Self.read("2027-01-01T00:00", "Asia/Seoul") == .success(Self.at("2026-12-31T15:00:00Z")))
        #expect(try Self.read("1969-12-31T23:59", "UTC") == .success(Date(timeIntervalSince1970: -60)))
        #expect(try Self.read("9999-12-31T23:59", "UTC") == .success(Date(timeIntervalSince1970: 253_402_300_740)))
    }

    // MARK: Summer time

    /// New York's clocks go from 02:00 EST to 03:00 EDT on 8 March 2026.
    @Test func aSkippedTime_isRefused_NewYork() throws {
        for text in ["2026-03-08T02:00", "2026-03-08T02:30", "2026-03-08T02:59"] {
            guard case .failure(.nonexistent(let clock)) = try Self.read(text, "America/New_York") else {
                Issue.record("\(text) should not exist in New York")
                continue
            }
            #expect(LocalTime.localInputValue(Date(timeIntervalSince1970: TimeInterval(clock.secondsAsIfUTC)), zone: try Self.zone("UTC")) == text)
        }
        #expect(try Self.read("2026-03-08T01:59", "America/New_York") == .success(Self.at("2026-03-08T01:59:00-05:00")))
        #expect(try Self.read("2026-03-08T03:00", "America/New_York") == .success(Self.at("2026-03-08T03:00:00-04:00")))
    }

    /// New York's clocks go from 02:00 EDT back to 01:00 EST on 1 November 2026: 01:00 to
    /// 01:59 happen twice, and the earlier (EDT, -04:00) is taken.
    @Test func aRepeatedTime_isTheEarlierInstant_NewYork() throws {
        #expect(try Self.read("2026-11-01T01:30", "America/New_York") == .success(Self.at("2026-11-01T01:30:00-04:00")))
        #expect(try Self.read("2026-11-01T01:00", "America/New_York") == .success(Self.at("2026-11-01T01:00:00-04:00")))
        #expect(try Self.read("2026-11-01T01:59", "America/New_York") == .success(Self.at("2026-11-01T01:59:00-04:00")))
        #expect(try Self.read("2026-11-01T00:59", "America/New_York") == .success(Self.at("2026-11-01T00:59:00-04:00")))
        #expect(try Self.read("2026-11-01T02:00", "America/New_York") == .success(Self.at("2026-11-01T02:00:00-05:00")))
    }

    /// London: 01:00 GMT → 02:00 BST on 29 March 2026, 02:00 BST → 01:00 GMT on 25 October.
    @Test func summerTime_London() throws {
        #expect(try Self.read("2026-03-29T01:30", "Europe/London")
            == .failure(.nonexistent(LocalTime.DateAndTime(year: 2026, month: 3, day: 29, hour: 1, minute: 30))))
        #expect(try Self.read("2026-03-29T00:59", "Europe/London") == .success(Self.at("2026-03-29T00:59:00Z")))
        #expect(try Self.read("2026-03-29T02:00", "Europe/London") == .success(Self.at("2026-03-29T01:00:00Z")))
        #expect(try Self.read("2026-10-25T01:30", "Europe/London") == .success(Self.at("2026-10-25T01:30:00+01:00")))
        #expect(try Self.read("2026-10-25T02:00", "Europe/London") == .success(Self.at("2026-10-25T02:00:00Z")))
        #expect(try Self.read("2026-07-01T12:00", "Europe/London") == .success(Self.at("2026-07-01T11:00:00Z")))
    }

    /// Lord Howe Island moves its clocks by half an hour (02:00 → 02:30 on 4 October 2026), so
    /// the check is by offsets, not by a one-hour step.
    @Test func aHalfHourShift_LordHowe() throws {
        #expect(try Self.read("2026-10-04T02:15", "Australia/Lord_Howe")
            == .failure(.nonexistent(LocalTime.DateAndTime(year: 2026, month: 10, day: 4, hour: 2, minute: 15))))
        #expect(try Self.read("2026-10-04T02:30", "Australia/Lord_Howe") == .success(Self.at("2026-10-04T02:30:00+11:00")))
        #expect(try Self.read("2026-10-04T01:59", "Australia/Lord_Howe") == .success(Self.at("2026-10-04T01:59:00+10:30")))
    }

    /// Samoa moved across the date line by skipping 30 December 2011: a change of offset that
    /// is not summer time is read the same way.
    @Test func aSkippedDay_Samoa() throws {
        #expect(try Self.read("2011-12-30T12:00", "Pacific/Apia")
            == .failure(.nonexistent(LocalTime.DateAndTime(year: 2011, month: 12, day: 30, hour: 12, minute: 0))))
        #expect(try Self.read("2011-12-29T23:59", "Pacific/Apia") == .success(Self.at("2011-12-29T23:59:00-10:00")))
        #expect(try Self.read("2011-12-31T00:00", "Pacific/Apia") == .success(Self.at("2011-12-31T00:00:00+14:00")))
    }

    /// India keeps +05:30 all year; Seoul +09:00. A machine may name India's zone IST or
    /// not, so the offsets are what is checked.
    @Test func halfHourOffsets_andZonesWithoutSummerTime() throws {
        let kolkata = try Self.zone("Asia/Kolkata")
        #expect(try Self.read("2026-11-28T09:00", "Asia/Kolkata") == .success(Self.at("2026-11-28T03:30:00Z")))
        #expect(try Self.read("2026-03-08T02:30", "Asia/Kolkata") == .success(Self.at("2026-03-08T02:30:00+05:30")))
        #expect(kolkata.secondsFromGMT(for: try Self.at("2026-11-28T03:30:00Z")) == 19_800)
        #expect(try Self.read("2026-03-08T02:30", "Asia/Seoul") == .success(Self.at("2026-03-07T17:30:00Z")))
        #expect(try Self.read("2026-11-01T01:30", "Asia/Seoul") == .success(Self.at("2026-10-31T16:30:00Z")))
    }

    // MARK: Writing back

    @Test func localInputValue_isTheFormsValue() throws {
        let instant = try Self.at("2026-11-28T00:00:00Z")
        #expect(LocalTime.localInputValue(instant, zone: try Self.zone("Asia/Seoul")) == "2026-11-28T09:00")
        #expect(LocalTime.localInputValue(instant, zone: try Self.zone("Asia/Kolkata")) == "2026-11-28T05:30")
        #expect(LocalTime.localInputValue(instant, zone: try Self.zone("America/New_York")) == "2026-11-27T19:00")
        #expect(LocalTime.localInputValue(instant.addingTimeInterval(59.9), zone: try Self.zone("UTC")) == "2026-11-28T00:00", "seconds are dropped")
        #expect(LocalTime.localInputValue(Date(timeIntervalSince1970: -1), zone: try Self.zone("UTC")) == "1969-12-31T23:59")
        #expect(LocalTime.localInputValue(try Self.at("2026-11-01T01:30:00-05:00"), zone: try Self.zone("America/New_York")) == "2026-11-01T01:30")
    }

    /// Every quarter hour across the summer-time changes of 2026 reads back as itself, except the
    /// second pass of a repeated hour, which reads back as the first.
    @Test(arguments: ["America/New_York", "Europe/London", "Asia/Kolkata", "Asia/Seoul", "Australia/Lord_Howe"])
    func writingAndReadingBack_keepsTheInstant(_ identifier: String) throws {
        let zone = try Self.zone(identifier)
        let windows = try ["2026-03-06", "2026-03-27", "2026-10-02", "2026-10-23", "2026-10-30"].map { try Self.at($0 + "T00:00:00Z") }
        for start in windows {
            for step in 0..<(4 * 24 * 4) {
                let instant = start.addingTimeInterval(TimeInterval(step * 900))
                guard case .success(let read) = LocalTime.instant(LocalTime.localInputValue(instant, zone: zone), zone: zone) else {
                    Issue.record("\(instant) in \(identifier) did not read back")
                    continue
                }
                if read != instant {
                    // The later of two instants a wall clock shows: the earlier comes back.
                    #expect(read < instant && LocalTime.localInputValue(read, zone: zone) == LocalTime.localInputValue(instant, zone: zone))
                    #expect(zone.secondsFromGMT(for: read) > zone.secondsFromGMT(for: instant))
                }
            }
        }
    }

    // MARK: The calendar by arithmetic

    @Test func daysAndWeekdays_matchTheGregorianCalendar() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try Self.zone("UTC")
        #expect(LocalTime.DateAndTime(year: 1970, month: 1, day: 1, hour: 0, minute: 0).weekday == 4, "a Thursday")
        #expect(LocalTime.DateAndTime(year: 2026, month: 11, day: 28, hour: 9, minute: 0).weekday == 6, "a Saturday")
        #expect(LocalTime.DateAndTime(year: 1969, month: 12, day: 28, hour: 0, minute: 0).weekday == 0, "a Sunday")
        // From 1583 on: Foundation's Gregorian calendar is Julian before October 1582, where
        // `datetime-local` (and so `LocalTime`) keeps the Gregorian rules.
        for days in stride(from: -141_000, through: 200_000, by: 97) {
            let date = Date(timeIntervalSince1970: TimeInterval(days) * 86_400)
            let expected = calendar.dateComponents([.year, .month, .day, .weekday], from: date)
            let civil = LocalTime.civil(fromDays: days)
            #expect(civil.year == expected.year && civil.month == expected.month && civil.day == expected.day, "day \(days)")
            #expect(LocalTime.days(year: civil.year, month: civil.month, day: civil.day) == days)
            let clock = LocalTime.DateAndTime(date, zone: calendar.timeZone)
            #expect(clock.weekday + 1 == expected.weekday, "day \(days)")
        }
    }
}
