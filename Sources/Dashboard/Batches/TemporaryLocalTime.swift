import Foundation

// Stand-ins until the time-zone work lands (replaced by LocalTime+Schedules.swift).
enum LocalTimeProblem: Error, Equatable {
    case notATime
    case nonexistent
}

extension LocalTime {
    static func instant(_ text: String, zone: TimeZone) -> Result<Date, LocalTimeProblem> {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = text.split(whereSeparator: { $0 == "T" || $0 == "-" || $0 == ":" || $0 == " " }).compactMap { Int($0) }
        guard parts.count >= 5 else { return .failure(.notATime) }
        let components = DateComponents(year: parts[0], month: parts[1], day: parts[2], hour: parts[3], minute: parts[4])
        guard let date = calendar.date(from: components) else { return .failure(.notATime) }
        return .success(date)
    }

    static func localInputValue(_ date: Date, zone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let p = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        return String(format: "%04d-%02d-%02dT%02d:%02d", p.year ?? 0, p.month ?? 0, p.day ?? 0, p.hour ?? 0, p.minute ?? 0)
    }
}

extension Wording {
    func scheduleTime(_ date: Date, now: Date, zone: TimeZone) -> String {
        LocalTime.timestamp(date, zone: zone, self)
    }

    func scheduleShortTime(_ date: Date, zone: TimeZone) -> String {
        LocalTime.timestamp(date, zone: zone, self)
    }

    func lateness(_ seconds: TimeInterval) -> String {
        "\(Int(seconds / 60)) min"
    }

    func localTimeProblem(_ problem: LocalTimeProblem) -> String {
        "\(problem)"
    }
}
