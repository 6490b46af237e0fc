import Foundation

/// The API's timestamps: `"2022-11-15T00:00:00"` (current) and `"2022-05-14T00:00:00.00"`
/// (older data), written without a zone.
///
/// Decision: a timestamp without a zone is read as UTC. The real server runs in Seoul, but
/// every observed value is midnight, i.e. really a calendar date; reading it as UTC keeps that
/// date when the dashboard formats in UTC, and re-encoding gives the same text back. A zone, if
/// one ever appears (`Z`, `+09:00`, `+0900`), is honoured. A space instead of `T`, a bare date
/// and any number of fraction digits are accepted. Parsed over bytes, no `DateFormatter`.
public enum MarketDate {
    /// The instant a timestamp names, or nil when it is not one of the accepted forms.
    public static func parse(_ text: String) -> Date? {
        var reader = Reader(bytes: Array(text.trimmingASCIIWhitespaceAndNewlines().utf8))
        guard let year = reader.number(digits: 4), reader.skip("-"),
            let month = reader.number(digits: 2), reader.skip("-"),
            let day = reader.number(digits: 2),
            (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day)
        else { return nil }
        var seconds = Double(daysFromCivil(year: year, month: month, day: day)) * 86_400
        if reader.atEnd { return Date(timeIntervalSince1970: seconds) }
        guard reader.skip("T") || reader.skip("t") || reader.skip(" "),
            let hour = reader.number(digits: 2), reader.skip(":"),
            let minute = reader.number(digits: 2),
            hour < 24, minute < 60
        else { return nil }
        seconds += Double(hour * 3600 + minute * 60)
        if reader.skip(":") {
            guard let second = reader.number(digits: 2), second < 61 else { return nil }
            seconds += Double(second)
            if reader.skip(".") {
                guard let fraction = reader.fraction() else { return nil }
                seconds += fraction
            }
        }
        if reader.skip("Z") || reader.skip("z") || reader.atEnd {
            return reader.atEnd ? Date(timeIntervalSince1970: seconds) : nil
        }
        let sign: Double
        if reader.skip("+") { sign = 1 } else if reader.skip("-") { sign = -1 } else { return nil }
        guard let zoneHours = reader.number(digits: 2) else { return nil }
        _ = reader.skip(":")
        guard let zoneMinutes = reader.number(digits: 2), reader.atEnd, zoneHours < 24, zoneMinutes < 60
        else { return nil }
        return Date(timeIntervalSince1970: seconds - sign * Double(zoneHours * 3600 + zoneMinutes * 60))
    }

    /// The API's current form, in UTC: `2022-11-15T00:00:00`, plus `.mmm` when there are
    /// milliseconds.
    public static func format(_ date: Date) -> String {
        let total = date.timeIntervalSince1970
        let wholeSeconds = Int(total.rounded(.down))
        let millis = Int(((total - Double(wholeSeconds)) * 1000).rounded())
        let days = Int((Double(wholeSeconds) / 86_400).rounded(.down))
        let secondOfDay = wholeSeconds - days * 86_400
        let (year, month, day) = civilFromDays(days)
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        var text = "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T"
        text += "\(pad(secondOfDay / 3600, 2)):\(pad(secondOfDay / 60 % 60, 2)):\(pad(secondOfDay % 60, 2))"
        if millis > 0 && millis < 1000 { text += ".\(pad(millis, 3))" }
        return text
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    // Howard Hinnant's days_from_civil / civil_from_days (proleptic Gregorian, 1970-01-01 = 0).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func civilFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        var atEnd: Bool { index == bytes.count }

        mutating func skip(_ character: Unicode.Scalar) -> Bool {
            guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
            index += 1
            return true
        }

        mutating func number(digits count: Int) -> Int? {
            guard index + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<index + count] {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            index += count
            return value
        }

        /// One or more digits after the `.`, as a fraction of a second.
        mutating func fraction() -> Double? {
            var value = 0.0
            var scale = 0.1
            let start = index
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                value += Double(bytes[index] - UInt8(ascii: "0")) * scale
                scale /= 10
                index += 1
            }
            return index > start ? value : nil
        }
    }
}
