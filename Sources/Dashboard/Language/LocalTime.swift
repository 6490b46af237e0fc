import Foundation

/// Times as the vendor reads them: in the zone the dashboard runs in (the machine's, or `TZ`).
enum LocalTime {
    /// "14:02".
    static func clock(_ date: Date, zone: TimeZone = .current) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }
}
