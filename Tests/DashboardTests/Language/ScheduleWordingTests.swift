import Foundation
import Testing

@testable import Dashboard

/// The words of a schedule's times in both languages: the day, the time with its zone, and how
/// far it is from a given now, at each boundary (59 s, a minute, 23 hours, a day, a new year);
/// how late a change ran; why a typed time cannot be used. Zones are named, never the
/// machine's. Seoul's KST is the same on every machine; another zone's name is the one its zone
/// file gives, or its offset on a machine without zone files, so it is expected as one of two
/// literals ("EST" or "UTC-5").
@Suite struct ScheduleWordingTests {
    static let en = Wording(.en)
    static let ko = Wording(.ko)

    static func zone(_ identifier: String) throws -> TimeZone {
        try #require(TimeZone(identifier: identifier))
    }

    static func at(_ text: String) throws -> Date {
        try #require(ISO8601DateFormatter().date(from: text))
    }

    /// A zone's time in its two possible names: "EST", or "UTC-5" without zone files.
    static let est = ["EST", "UTC-5"], edt = ["EDT", "UTC-4"], bst = ["BST", "UTC+1"], ist = ["IST", "UTC+5:30"]

    /// `text` with each of `names` in it: what a time may be written as.
    static func named(_ names: [String], _ text: (String) -> String) -> [String] { names.map(text) }

    /// Thursday 26 November 2026, 09:00 in Seoul.
    static func now() throws -> Date { try at("2026-11-26T09:00:00+09:00") }

    @Test func theExamples_inSeoul() throws {
        let seoul = try Self.zone("Asia/Seoul")
        let now = try Self.now()
        let saturday = try Self.at("2026-11-28T09:00:00+09:00")
        #expect(Self.en.scheduleTime(saturday, now: now, zone: seoul) == "Sat 28 Nov, 09:00 KST, in 2 days")
        #expect(Self.ko.scheduleTime(saturday, now: now, zone: seoul) == "11월 28일(토) 09:00 KST, 2일 후")
        let noon = try Self.at("2026-11-26T12:00:00+09:00")
        #expect(Self.en.scheduleTime(noon, now: now, zone: seoul) == "Thu 26 Nov, 12:00 KST, in 3 hours")
        #expect(Self.ko.scheduleTime(noon, now: now, zone: seoul) == "11월 26일(목) 12:00 KST, 3시간 후")
        let soon = now.addingTimeInterval(5 * 60)
        #expect(Self.en.scheduleTime(soon, now: now, zone: seoul) == "Thu 26 Nov, 09:05 KST, in 5 minutes")
        #expect(Self.ko.scheduleTime(soon, now: now, zone: seoul) == "11월 26일(목) 09:05 KST, 5분 후")
        let earlier = now.addingTimeInterval(-2 * 3600)
        #expect(Self.en.scheduleTime(earlier, now: now, zone: seoul) == "Thu 26 Nov, 07:00 KST, 2 hours ago")
        #expect(Self.ko.scheduleTime(earlier, now: now, zone: seoul) == "11월 26일(목) 07:00 KST, 2시간 전")
        #expect(Self.en.scheduleShortTime(saturday, zone: seoul) == "Sat 28 Nov, 09:00 KST")
        #expect(Self.ko.scheduleShortTime(saturday, zone: seoul) == "11월 28일(토) 09:00 KST")
    }

    /// The words at each boundary, ahead and behind.
    @Test(arguments: [
        (0, "in under a minute", "1분 이내"), (59, "in under a minute", "1분 이내"), (60, "in 1 minute", "1분 후"),
        (119, "in 1 minute", "1분 후"), (120, "in 2 minutes", "2분 후"), (3599, "in 59 minutes", "59분 후"),
        (3600, "in 1 hour", "1시간 후"), (7199, "in 1 hour", "1시간 후"), (86_399, "in 23 hours", "23시간 후"),
        (86_400, "tomorrow", "내일"), (2 * 86_400, "in 2 days", "2일 후"), (30 * 86_400, "in 30 days", "30일 후"),
        (-1, "just now", "방금"), (-59, "just now", "방금"), (-60, "1 minute ago", "1분 전"), (-3599, "59 minutes ago", "59분 전"),
        (-3600, "1 hour ago", "1시간 전"), (-86_399, "23 hours ago", "23시간 전"), (-86_400, "yesterday", "어제"),
        (-3 * 86_400, "3 days ago", "3일 전"),
    ])
    func relativeWords_atTheBoundaries(seconds: Int, english: String, korean: String) throws {
        let seoul = try Self.zone("Asia/Seoul")
        let now = try Self.now()
        let date = now.addingTimeInterval(TimeInterval(seconds))
        #expect(Self.en.scheduleTime(date, now: now, zone: seoul).hasSuffix(", " + english))
        #expect(Self.ko.scheduleTime(date, now: now, zone: seoul).hasSuffix(", " + korean))
    }

    /// From a day on, the days between the dates count, not the hours: 40 hours ahead on the
    /// day after tomorrow is "in 2 days", 25 hours ahead on the next date is "tomorrow".
    @Test func days_countCalendarDates() throws {
        let seoul = try Self.zone("Asia/Seoul")
        let now = try Self.now()
        #expect(Self.en.scheduleTime(try Self.at("2026-11-28T01:00:00+09:00"), now: now, zone: seoul) == "Sat 28 Nov, 01:00 KST, in 2 days")
        #expect(Self.en.scheduleTime(try Self.at("2026-11-27T10:00:00+09:00"), now: now, zone: seoul) == "Fri 27 Nov, 10:00 KST, tomorrow")
        #expect(Self.en.scheduleTime(try Self.at("2026-11-24T23:00:00+09:00"), now: now, zone: seoul) == "Tue 24 Nov, 23:00 KST, 2 days ago")
        #expect(Self.ko.scheduleTime(try Self.at("2026-11-25T08:00:00+09:00"), now: now, zone: seoul) == "11월 25일(수) 08:00 KST, 어제")
    }

    /// The year is written when the time is not in now's year, in the zone shown: 1 January
    /// 2027 10:00 in Seoul is already the new year there at 01:00, but not yet in UTC's 16:00.
    @Test func theYear_isWrittenAcrossANewYear() throws {
        let seoul = try Self.zone("Asia/Seoul")
        let newYear = try Self.at("2027-01-02T09:00:00+09:00")
        let december = try Self.at("2026-12-30T09:00:00+09:00")
        #expect(Self.en.scheduleTime(newYear, now: december, zone: seoul) == "Sat 2 Jan 2027, 09:00 KST, in 3 days")
        #expect(Self.ko.scheduleTime(newYear, now: december, zone: seoul) == "2027년 1월 2일(토) 09:00 KST, 3일 후")
        #expect(Self.en.scheduleTime(december, now: newYear, zone: seoul) == "Wed 30 Dec 2026, 09:00 KST, 3 days ago")
        let lastHour = try Self.at("2026-12-31T23:00:00+09:00")
        #expect(Self.ko.scheduleTime(lastHour, now: try Self.at("2027-01-01T00:30:00+09:00"), zone: seoul) == "2026년 12월 31일(목) 23:00 KST, 1시간 전")

        let now = try Self.at("2026-12-31T16:00:00Z")
        let morning = try Self.at("2027-01-01T01:00:00Z")
        #expect(Self.en.scheduleTime(morning, now: now, zone: seoul) == "Fri 1 Jan, 10:00 KST, in 9 hours")
        let utc = try Self.zone("UTC")
        #expect(Self.en.scheduleTime(morning, now: now, zone: utc) == "Fri 1 Jan 2027, 01:00 UTC, in 9 hours")
    }

    /// New York's 25-hour day: 24 hours and more on one date stay hours, never "tomorrow".
    @Test func summerTime_NewYork() throws {
        let newYork = try Self.zone("America/New_York")
        let now = try Self.at("2026-11-01T00:30:00-04:00")
        let late = try Self.at("2026-11-01T23:45:00-05:00")
        #expect(Self.named(Self.est) { "Sun 1 Nov, 23:45 \($0), in 24 hours" }.contains(Self.en.scheduleTime(late, now: now, zone: newYork)))
        #expect(Self.named(Self.est) { "11월 1일(일) 23:45 \($0), 24시간 후" }.contains(Self.ko.scheduleTime(late, now: now, zone: newYork)))
        // The second 01:30 is an hour after the first, with the winter offset's name.
        let first = try Self.at("2026-11-01T01:30:00-04:00")
        let second = try Self.at("2026-11-01T01:30:00-05:00")
        #expect(Self.named(Self.est) { "Sun 1 Nov, 01:30 \($0), in 1 hour" }.contains(Self.en.scheduleTime(second, now: first, zone: newYork)))
        // Across the spring change: 01:59 EST to 03:00 EDT is a minute.
        let before = try Self.at("2026-03-08T01:59:00-05:00")
        let after = try Self.at("2026-03-08T03:00:00-04:00")
        #expect(Self.named(Self.edt) { "Sun 8 Mar, 03:00 \($0), in 1 minute" }.contains(Self.en.scheduleTime(after, now: before, zone: newYork)))
    }

    /// London's clocks change at 01:00 UTC; the day is the one London's clocks show.
    @Test func summerTime_London() throws {
        let london = try Self.zone("Europe/London")
        let now = try Self.at("2026-03-28T12:00:00Z")
        let monday = try Self.at("2026-03-30T09:00:00+01:00")
        #expect(Self.named(Self.bst) { "Mon 30 Mar, 09:00 \($0), in 2 days" }.contains(Self.en.scheduleTime(monday, now: now, zone: london)))
        #expect(Self.en.scheduleShortTime(try Self.at("2026-10-25T01:30:00Z"), zone: london).hasPrefix("Sun 25 Oct, 01:30 "))
    }

    /// India's half-hour offset: the time is its own, whatever the machine calls the zone.
    @Test func aHalfHourOffset_Kolkata() throws {
        let kolkata = try Self.zone("Asia/Kolkata")
        let date = try Self.at("2026-11-28T03:30:00Z")
        #expect(Self.named(Self.ist) { "Sat 28 Nov, 09:00 \($0)" }.contains(Self.en.scheduleShortTime(date, zone: kolkata)))
        #expect(Self.named(Self.ist) { "11월 28일(토) 09:00 \($0)" }.contains(Self.ko.scheduleShortTime(date, zone: kolkata)))
        #expect(Self.named(Self.ist) { "Sat 28 Nov, 09:00 \($0), in 30 minutes" }.contains(
            Self.en.scheduleTime(date, now: try Self.at("2026-11-28T03:00:00Z"), zone: kolkata)))
    }

    /// The weekday and month tables, one week and one year through.
    @Test func everyWeekdayAndMonth_isNamed() throws {
        let utc = try Self.zone("UTC")
        let sunday = try Self.at("2026-03-01T12:00:00Z")
        let english = (0..<7).map { Self.en.scheduleShortTime(sunday.addingTimeInterval(TimeInterval($0 * 86_400)), zone: utc).prefix(3) }
        #expect(english == ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"])
        let korean = (0..<7).map { Self.ko.scheduleShortTime(sunday.addingTimeInterval(TimeInterval($0 * 86_400)), zone: utc) }
        #expect(korean.map { $0.split(separator: "(")[1].prefix(1) } == ["일", "월", "화", "수", "목", "금", "토"])
        let months = (1...12).map { month in
            Self.en.scheduleShortTime(Date(timeIntervalSince1970: TimeInterval(LocalTime.days(year: 2026, month: month, day: 15) * 86_400)), zone: utc)
                .split(separator: " ")[2].dropLast()
        }
        #expect(months == ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"])
    }

    @Test(arguments: [
        (0.0, "a few seconds late", "몇 초 늦게"), (59.9, "a few seconds late", "몇 초 늦게"), (60, "1 minute late", "1분 늦게"),
        (119, "1 minute late", "1분 늦게"), (120, "2 minutes late", "2분 늦게"), (3599, "59 minutes late", "59분 늦게"),
        (3600, "1 hour late", "1시간 늦게"), (3 * 3600, "3 hours late", "3시간 늦게"), (86_399, "23 hours late", "23시간 늦게"),
        (86_400, "1 day late", "1일 늦게"), (2 * 86_400, "2 days late", "2일 늦게"), (1200 * 86_400, "1200 days late", "1,200일 늦게"),
        (-30, "a few seconds late", "몇 초 늦게"), (.nan, "a few seconds late", "몇 초 늦게"), (.infinity, "a few seconds late", "몇 초 늦게"),
    ] as [(TimeInterval, String, String)])
    func lateness(seconds: TimeInterval, english: String, korean: String) {
        #expect(Self.en.lateness(seconds) == english)
        #expect(Self.ko.lateness(seconds) == korean)
    }

    @Test func aTimeThatCannotBeUsed_saysWhyAndWhatToDo() throws {
        let newYork = try Self.zone("America/New_York")
        guard case .failure(let skipped) = LocalTime.instant("2026-03-08T02:30", zone: newYork) else {
            Issue.record("02:30 on 8 March 2026 does not exist in New York")
            return
        }
        #expect(Self.en.localTimeProblem(skipped, zone: newYork)
            == "02:30 does not exist on Sun 8 Mar 2026 in New York time (clocks go forward). Choose another time, such as 03:30.")
        #expect(Self.ko.localTimeProblem(skipped, zone: newYork)
            == "2026년 3월 8일(일) 02:30 시각은 America/New_York 시간대에 없습니다(시계를 앞당기는 구간). 다른 시각(예: 03:30)을 선택해 주세요.")
        let seoul = try Self.zone("Asia/Seoul")
        #expect(Self.en.localTimeProblem(.notATime, zone: seoul) == "The date and time cannot be read. Enter them as 2026-11-28 09:00.")
        #expect(Self.ko.localTimeProblem(.notATime, zone: seoul) == "날짜와 시각을 읽을 수 없습니다. 2026-11-28 09:00 형식으로 입력해 주세요.")
        let london = try Self.zone("Europe/London")
        let spring = LocalTime.DateAndTime(year: 2026, month: 3, day: 29, hour: 1, minute: 5)
        #expect(Self.en.localTimeProblem(.nonexistent(spring), zone: london)
            == "01:05 does not exist on Sun 29 Mar 2026 in London time (clocks go forward). Choose another time, such as 02:05.")
    }
}
