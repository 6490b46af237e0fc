import Foundation

/// The texts of times that are planned rather than past: when a scheduled change runs, how
/// late it ran, and why a time typed for one cannot be used. Every time names its zone
/// (`LocalTime.zoneLabel`). Day and month names come from the tables here, not from the
/// machine's locale, so every machine writes the same words.
extension Wording {
    /// A scheduled time with how far it is from `now` (the caller's clock, so a page and its
    /// tests agree on the present): "Fri 28 Nov, 09:00 KST, in 2 days" /
    /// "11월 28일(금) 09:00 KST, 2일 후", with the year when it is not `now`'s year in `zone`.
    ///
    /// Under a minute away: "in under a minute" / "just now"; under an hour, whole minutes;
    /// under a day, whole hours (rounded down, as `age(_:)` does); from a day on, the days
    /// between the two dates on `zone`'s calendar, so 09:00 the day after tomorrow is "in 2
    /// days" whatever the hour now, and a time on the next date is "tomorrow".
    func scheduleTime(_ date: Date, now: Date, zone: TimeZone) -> String {
        let (day, time, relative) = schedulePieces(date, now: now, zone: zone)
        switch language {
        case .en: return "\(day), \(time), \(relative)"
        case .ko: return "\(day) \(time), \(relative)"
        }
    }

    /// A scheduled time in a sentence, its distance from `now` in brackets: "Tue 1 Dec at
    /// 09:00 KST (in 3 days)" / "12월 1일(화) 09:00 KST(3일 후)".
    func scheduleMoment(_ date: Date, now: Date, zone: TimeZone) -> String {
        let (day, time, relative) = schedulePieces(date, now: now, zone: zone)
        switch language {
        case .en: return "\(day) at \(time) (\(relative))"
        case .ko: return "\(day) \(time)(\(relative))"
        }
    }

    /// A past step in Korean, its distance first, as a person says it: "방금 시작했습니다(11월
    /// 28일(토) 21:30 KST)", "2시간 전에 끝났습니다(…)"; the verb is `verb` ("시작했습니다").
    func koreanPastStep(_ date: Date, now: Date, zone: TimeZone, verb: String) -> String {
        let (day, time, relative) = schedulePieces(date, now: now, zone: zone)
        let when = relative.hasSuffix("전") ? relative + "에" : relative
        return "\(when) \(verb)(\(day) \(time))"
    }

    /// A scheduled time's day ("Tue 1 Dec", with the year when it is not `now`'s), its time
    /// with the zone ("09:00 KST") and its distance from `now` ("in 3 days").
    private func schedulePieces(_ date: Date, now: Date, zone: TimeZone) -> (day: String, time: String, relative: String) {
        let clock = LocalTime.DateAndTime(date, zone: zone)
        let today = LocalTime.DateAndTime(now, zone: zone)
        return (
            calendarDay(clock, withYear: clock.year != today.year), "\(Self.hoursAndMinutes(clock)) \(LocalTime.zoneLabel(zone, at: date))",
            relativeTime(seconds: date.timeIntervalSince(now), days: clock.daysSince1970 - today.daysSince1970)
        )
    }

    /// A scheduled time on its own, for a product's page: "Fri 28 Nov, 09:00 KST" /
    /// "11월 28일(금) 09:00 KST". The day of the month stays, since a weekday alone is
    /// ambiguous for a time more than a week away; the zone stays, as with every time.
    func scheduleShortTime(_ date: Date, zone: TimeZone) -> String {
        let clock = LocalTime.DateAndTime(date, zone: zone)
        let day = calendarDay(clock, withYear: false)
        let time = "\(Self.hoursAndMinutes(clock)) \(LocalTime.zoneLabel(zone, at: date))"
        switch language {
        case .en: return "\(day), \(time)"
        case .ko: return "\(day) \(time)"
        }
    }

    /// A window's times as one span: "Sun 29 Nov, 02:17–02:20 EST" / "11월 29일(일)
    /// 16:17~16:18 KST" on one day; "Sun 29 Nov, 02:17 EST to Tue 1 Dec, 09:00 EST" /
    /// "11월 29일(일) 16:17~12월 1일(화) 09:00 KST" across days.
    func scheduleSpan(_ start: Date, _ end: Date, zone: TimeZone) -> String {
        let (from, to) = (LocalTime.DateAndTime(start, zone: zone), LocalTime.DateAndTime(end, zone: zone))
        let (startLabel, endLabel) = (LocalTime.zoneLabel(zone, at: start), LocalTime.zoneLabel(zone, at: end))
        let sameDay = from.daysSince1970 == to.daysSince1970 && startLabel == endLabel
        switch (language, sameDay) {
        case (.en, true):
            return "\(calendarDay(from, withYear: false)), \(Self.hoursAndMinutes(from))–\(Self.hoursAndMinutes(to)) \(endLabel)"
        case (.en, false):
            return "\(scheduleShortTime(start, zone: zone)) to \(scheduleShortTime(end, zone: zone))"
        case (.ko, true):
            return "\(calendarDay(from, withYear: false)) \(Self.hoursAndMinutes(from))~\(Self.hoursAndMinutes(to)) \(endLabel)"
        case (.ko, false):
            let first = startLabel == endLabel ? Self.hoursAndMinutes(from) : "\(Self.hoursAndMinutes(from)) \(startLabel)"
            return "\(calendarDay(from, withYear: false)) \(first)~\(calendarDay(to, withYear: false)) \(Self.hoursAndMinutes(to)) \(endLabel)"
        }
    }

    /// How late a scheduled change ran, to go before or after its verb: "3 hours late" /
    /// "3시간 늦게" ("Started 3 hours late" / "3시간 늦게 시작했습니다"). Whole units, rounded
    /// down; under a minute is "a few seconds late".
    func lateness(_ seconds: TimeInterval) -> String {
        let whole = seconds.isFinite ? Int(min(max(seconds, 0), 1e12)) : 0
        switch (language, whole) {
        case (.en, ..<60): return "a few seconds late"
        case (.en, ..<3600): return whole < 120 ? "1 minute late" : "\(whole / 60) minutes late"
        case (.en, ..<86_400): return whole < 7200 ? "1 hour late" : "\(whole / 3600) hours late"
        case (.en, _): return whole < 172_800 ? "1 day late" : "\(whole / 86_400) days late"
        case (.ko, ..<60): return "몇 초 늦게"
        case (.ko, ..<3600): return "\(whole / 60)분 늦게"
        case (.ko, ..<86_400): return "\(whole / 3600)시간 늦게"
        case (.ko, _): return "\(quantity(whole / 86_400))일 늦게"
        }
    }

    /// Why a time typed for a schedule cannot be used, and what to do (`LocalTime.instant`).
    /// The zone is the one the time was read in.
    func localTimeProblem(_ problem: LocalTimeProblem, zone: TimeZone) -> String {
        switch (language, problem) {
        case (.en, .notATime):
            return "The date and time cannot be read. Enter them as 2026-11-28 09:00."
        case (.ko, .notATime):
            return "날짜와 시각을 읽을 수 없습니다. 2026-11-28 09:00 형식으로 입력해 주세요."
        case (.en, .nonexistent(let clock)):
            return "\(Self.hoursAndMinutes(clock)) does not exist on \(calendarDay(clock, withYear: true)) "
                + "in \(Self.placeName(zone)) time (clocks go forward). Choose another time, such as \(Self.hourLater(clock))."
        case (.ko, .nonexistent(let clock)):
            return "\(calendarDay(clock, withYear: true)) \(Self.hoursAndMinutes(clock)) 시각은 "
                + "\(zone.identifier) 시간대에 없습니다(시계를 앞당기는 구간). 다른 시각(예: \(Self.hourLater(clock)))을 선택해 주세요."
        }
    }

    /// "Fri 28 Nov" / "Fri 28 Nov 2027"; "11월 28일(금)" / "2027년 11월 28일(금)".
    private func calendarDay(_ clock: LocalTime.DateAndTime, withYear: Bool) -> String {
        switch language {
        case .en:
            let month = Self.englishMonths.indices.contains(clock.month - 1) ? Self.englishMonths[clock.month - 1] : String(clock.month)
            let day = "\(Self.englishWeekdays[clock.weekday]) \(clock.day) \(month)"
            return withYear ? "\(day) \(clock.year)" : day
        case .ko:
            let day = "\(clock.month)월 \(clock.day)일(\(Self.koreanWeekdays[clock.weekday]))"
            return withYear ? "\(clock.year)년 \(day)" : day
        }
    }

    /// "in 5 minutes", "3 hours ago", "tomorrow" / "5분 후", "3시간 전", "내일": `seconds` from
    /// now (negative: past), `days` between the two dates on the zone's calendar. Hours stay
    /// hours past 24 while both times are on one date, which a 25-hour day allows.
    private func relativeTime(seconds: TimeInterval, days: Int) -> String {
        enum Span {
            case moment, minutes(Int), hours(Int), days(Int)
        }
        let whole = seconds.isFinite ? Int(min(abs(seconds), 1e12)) : 0
        let span: Span =
            switch whole {
            case ..<60: .moment
            case ..<3600: .minutes(whole / 60)
            case _ where whole < 86_400 || days == 0: .hours(whole / 3600)
            default: .days(abs(days))
            }
        switch (language, seconds >= 0, span) {
        case (.en, true, .moment): return "in under a minute"
        case (.en, true, .minutes(let n)): return n == 1 ? "in 1 minute" : "in \(n) minutes"
        case (.en, true, .hours(let n)): return n == 1 ? "in 1 hour" : "in \(n) hours"
        case (.en, true, .days(let n)): return n == 1 ? "tomorrow" : "in \(n) days"
        case (.en, false, .moment): return "just now"
        case (.en, false, .minutes(let n)): return n == 1 ? "1 minute ago" : "\(n) minutes ago"
        case (.en, false, .hours(let n)): return n == 1 ? "1 hour ago" : "\(n) hours ago"
        case (.en, false, .days(let n)): return n == 1 ? "yesterday" : "\(n) days ago"
        case (.ko, true, .moment): return "1분 이내"
        case (.ko, true, .minutes(let n)): return "\(n)분 후"
        case (.ko, true, .hours(let n)): return "\(n)시간 후"
        case (.ko, true, .days(let n)): return n == 1 ? "내일" : "\(quantity(n))일 후"
        case (.ko, false, .moment): return "방금"
        case (.ko, false, .minutes(let n)): return "\(n)분 전"
        case (.ko, false, .hours(let n)): return "\(n)시간 전"
        case (.ko, false, .days(let n)): return n == 1 ? "어제" : "\(quantity(n))일 전"
        }
    }

    /// "09:00", as `LocalTime.clock` writes it, from the wall clock the day was taken from.
    private static func hoursAndMinutes(_ clock: LocalTime.DateAndTime) -> String {
        String(format: "%02d:%02d", clock.hour, clock.minute)
    }

    /// The same minute an hour later: a time that exists after the hour the clocks skip.
    private static func hourLater(_ clock: LocalTime.DateAndTime) -> String {
        String(format: "%02d:%02d", (clock.hour + 1) % 24, clock.minute)
    }

    /// The place a zone is named after, for "in New York time": the last part of its name,
    /// with spaces for underscores ("America/Argentina/Buenos_Aires" → "Buenos Aires").
    private static func placeName(_ zone: TimeZone) -> String {
        (zone.identifier.split(separator: "/").last.map(String.init) ?? zone.identifier).replacingOccurrences(of: "_", with: " ")
    }

    private static let englishWeekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let englishMonths = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    private static let koreanWeekdays = ["일", "월", "화", "수", "목", "금", "토"]
}
