import Foundation

/// Times as the vendor reads them: in the zone the dashboard is configured with
/// (`--time-zone`, else the machine's: `DashboardConfiguration.timeZone`), always shown with
/// that zone, so a time is never read in the wrong one. Every function takes the zone: only the
/// configuration knows the machine's, and a caller that forgets the zone does not compile.
enum LocalTime {
    /// "14:02".
    static func clock(_ date: Date, zone: TimeZone) -> String {
        let parts = calendar(zone).dateComponents([.hour, .minute], from: date)
        return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }

    /// "14:02 KST": the zone after the time, as a schedule's times name it too ("Sat 28 Nov,
    /// 09:00 KST"), so every time on every page names its zone one way.
    static func clockWithZone(_ date: Date, zone: TimeZone) -> String {
        "\(clock(date, zone: zone)) \(zoneLabel(zone, at: date))"
    }

    /// The moment for `<time datetime>`: "2026-11-25T09:30:00+09:00".
    static func machineReadable(_ date: Date, zone: TimeZone) -> String {
        let parts = calendar(zone).dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let offset = zone.secondsFromGMT(for: date)
        let minutes = abs(offset) / 60
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02d%@%02d:%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0,
            parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0, offset < 0 ? "-" : "+", minutes / 60, minutes % 60)
    }

    /// "2026-11-25" in `zone`.
    static func isoDay(_ date: Date, zone: TimeZone) -> String {
        let parts = calendar(zone).dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    /// The day and time with the zone: "2026-11-25 09:30 KST" / "2026. 11. 25. 09:30 KST".
    static func timestamp(_ date: Date, zone: TimeZone, _ wording: Wording) -> String {
        "\(wording.day(isoDay(date, zone: zone)[...])) \(clockWithZone(date, zone: zone))"
    }

    /// The zone's name for the local time at `date`, as its own data names it: "KST", "EST"
    /// in winter and "EDT" in summer for New York, "GMT" and "BST" for London, "IST" for
    /// Kolkata (`ZoneNames`, from the zone's file). A zone whose data has only numbers for a
    /// name ("+09", "-03"), or that has no file, is named by its offset from UTC ("UTC-3",
    /// "UTC+5:30"). UTC and its other names (GMT, Etc/UTC, Zulu) read "UTC".
    ///
    /// London's winter time reads "GMT", as British clocks, timetables and broadcasts name it;
    /// only the zone that is UTC itself reads "UTC".
    static func zoneLabel(_ zone: TimeZone, at date: Date) -> String {
        let offset = zone.secondsFromGMT(for: date)
        if let known = knownAbbreviations[zone.identifier] { return known }
        let seconds = date.timeIntervalSince1970
        if seconds.isFinite, seconds.magnitude < 1e15,
            let name = ZoneNames.forZone(zone.identifier)?.name(at: Int64(seconds.rounded(.down)), offset: offset)
        {
            return name
        }
        return offsetLabel(offset)
    }

    /// "UTC", "UTC+9", "UTC+5:30", "UTC-3".
    static func offsetLabel(_ seconds: Int) -> String {
        guard seconds != 0 else { return "UTC" }
        let minutes = abs(seconds) / 60
        let sign = seconds < 0 ? "-" : "+"
        return minutes % 60 == 0
            ? "UTC\(sign)\(minutes / 60)" : String(format: "UTC%@%d:%02d", sign, minutes / 60, minutes % 60)
    }

    /// Zones named the same all year, whatever the machine's zone files say (or when it has
    /// none): Korea's and Japan's, and UTC under its other names.
    static let knownAbbreviations: [String: String] = [
        "Asia/Seoul": "KST", "ROK": "KST", "Asia/Tokyo": "JST", "Japan": "JST",
        "UTC": "UTC", "Etc/UTC": "UTC", "GMT": "UTC", "Etc/GMT": "UTC", "Universal": "UTC", "Zulu": "UTC",
    ]

    private static func calendar(_ zone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar
    }
}
