import Foundation
import Glibc

/// Times as the vendor reads them: in the zone the dashboard runs in (the machine's, or `TZ`),
/// with the zone shown.
enum LocalTime {
    /// "14:02".
    static func clock(_ date: Date, zone: TimeZone = .current) -> String {
        let parts = components(date, zone)
        return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }

    /// A moment in the reader's language with its zone: "2026-11-25 09:30 (KST)" /
    /// "2026. 11. 25. 09:30 (KST)".
    static func stamp(_ date: Date, _ language: Language, zone: TimeZone = .current) -> String {
        let parts = components(date, zone)
        let (year, month, day) = (parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
        let time = String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
        let label = zoneLabel(date, zone)
        switch language {
        case .en: return String(format: "%04d-%02d-%02d ", year, month, day) + time + " (\(label))"
        case .ko: return "\(year). \(month). \(day). " + time + " (\(label))"
        }
    }

    /// The moment for `<time datetime>`: "2026-11-25T09:30:00+09:00".
    static func machineReadable(_ date: Date, zone: TimeZone = .current) -> String {
        let parts = components(date, zone)
        let offset = zone.secondsFromGMT(for: date)
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0, parts.hour ?? 0, parts.minute ?? 0,
            parts.second ?? 0) + offsetText(offset)
    }

    /// The zone's abbreviation where the system has a name for it ("KST", "UTC", "CET"), else
    /// its offset ("UTC+09:00"). Foundation on Linux names every zone "GMT+9", so the name
    /// comes from the C library's zone data, which knows the machine's own zone.
    static func zoneLabel(_ date: Date, _ zone: TimeZone) -> String {
        let offset = zone.secondsFromGMT(for: date)
        if zone.identifier == TimeZone.current.identifier {
            var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
            var parts = tm()
            if localtime_r(&seconds, &parts) != nil, parts.tm_gmtoff == offset, let name = parts.tm_zone {
                let text = String(cString: name)
                if !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isLetter }) { return text }
            }
        }
        return offset == 0 ? "UTC" : "UTC" + offsetText(offset)
    }

    /// "+09:00", "-03:30".
    private static func offsetText(_ seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : "+"
        let minutes = abs(seconds) / 60
        return sign + String(format: "%02d:%02d", minutes / 60, minutes % 60)
    }

    private static func components(_ date: Date, _ zone: TimeZone) -> DateComponents {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
    }
}
