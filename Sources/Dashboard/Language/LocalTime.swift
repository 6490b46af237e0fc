import Foundation
import Glibc

/// Times as the vendor reads them: in the zone the dashboard runs in (the machine's, or `TZ`;
/// `DashboardConfiguration.timeZone`), always shown with that zone, so a time is never read
/// in the wrong one.
enum LocalTime {
    /// "14:02".
    static func clock(_ date: Date, zone: TimeZone = .current) -> String {
        let parts = calendar(zone).dateComponents([.hour, .minute], from: date)
        return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }

    /// "14:02 (KST)".
    static func clockWithZone(_ date: Date, zone: TimeZone = .current) -> String {
        "\(clock(date, zone: zone)) (\(zoneLabel(zone, at: date)))"
    }

    /// The moment for `<time datetime>`: "2026-11-25T09:30:00+09:00".
    static func machineReadable(_ date: Date, zone: TimeZone = .current) -> String {
        let parts = calendar(zone).dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let offset = zone.secondsFromGMT(for: date)
        let minutes = abs(offset) / 60
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02d%@%02d:%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0,
            parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0, offset < 0 ? "-" : "+", minutes / 60, minutes % 60)
    }

    /// "2026-11-25" in `zone`.
    static func isoDay(_ date: Date, zone: TimeZone = .current) -> String {
        let parts = calendar(zone).dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    /// The day and time with the zone: "2026-11-25 09:30 (KST)" / "2026. 11. 25. 09:30 (KST)".
    static func timestamp(_ date: Date, zone: TimeZone = .current, _ wording: Wording) -> String {
        "\(wording.day(isoDay(date, zone: zone)[...])) \(clockWithZone(date, zone: zone))"
    }

    /// The zone's abbreviation ("KST", "EST", "UTC"), or its offset from UTC when it has none
    /// ("UTC+9", "UTC+5:30", "UTC-3"). Foundation on Linux names most zones only by their
    /// offset ("GMT+9"); the few whose abbreviation every reader knows and that keep one
    /// offset all year are named here.
    static func zoneLabel(_ zone: TimeZone, at date: Date = Date()) -> String {
        if let known = knownAbbreviations[zone.identifier] { return known }
        if zone.identifier == TimeZone.current.identifier, let name = systemAbbreviation(date, offset: zone.secondsFromGMT(for: date)) {
            return name
        }
        if let abbreviation = zone.abbreviation(for: date), !abbreviation.isEmpty,
            abbreviation.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) }), abbreviation != "GMT"
        {
            return abbreviation
        }
        return offsetLabel(zone.secondsFromGMT(for: date))
    }

    /// The machine's own zone as the C library's zone data names it at `date` ("CET", "EST"),
    /// when that name is letters only and its offset is `offset`.
    private static func systemAbbreviation(_ date: Date, offset: Int) -> String? {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        guard localtime_r(&seconds, &parts) != nil, parts.tm_gmtoff == offset, let name = parts.tm_zone else { return nil }
        let text = String(cString: name)
        return !text.isEmpty && text.allSatisfy({ $0.isASCII && $0.isLetter }) && text != "GMT" ? text : nil
    }

    /// "UTC", "UTC+9", "UTC+5:30", "UTC-3".
    static func offsetLabel(_ seconds: Int) -> String {
        guard seconds != 0 else { return "UTC" }
        let minutes = abs(seconds) / 60
        let sign = seconds < 0 ? "-" : "+"
        return minutes % 60 == 0
            ? "UTC\(sign)\(minutes / 60)" : String(format: "UTC%@%d:%02d", sign, minutes / 60, minutes % 60)
    }

    /// Zones without daylight saving whose abbreviation is the one their people use.
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
