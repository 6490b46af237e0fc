import DashboardEngine
import Foundation

/// The schedule form of a batch (`POST /batches/{id}/schedule`): `starts_at` and an optional
/// `ends_at`, each a `datetime-local` value (minute precision) in the vendor's zone
/// (`--time-zone`), read into instants. For a batch whose window has started, only the end
/// is read (moved, or removed when empty).
struct ScheduleForm {
    /// Why a schedule was not made; the batch is left as it was.
    enum Problem: Error, Equatable {
        case startMissing
        /// A value that is not a time, or one that does not exist in the zone (`which`:
        /// "starts_at" or "ends_at").
        case time(field: String, LocalTimeProblem)
        case startPassed
        case endPassed
        case endNotAfterStart
        case tooFarAhead
        case endTooFarAhead
        /// An end puts back edits only: this batch registers or deletes products.
        case endNeedsEdits
    }

    /// Every problem of one form, in the form's order.
    struct Problems: Error {
        var all: [Problem]
    }

    /// A start may be this far in the past (a form filled in at the start's own minute).
    static let startGrace: TimeInterval = 60
    /// How far ahead a schedule may be.
    static let horizon: TimeInterval = 366 * 86_400

    var startsAt: Date
    var endsAt: Date?

    /// The form's times for a batch in preview (or scheduled: moved), checked against `now`:
    /// every problem at once, so the form comes back with all of them beside their fields.
    static func read(starts: String?, ends: String?, zone: TimeZone, now: Date, editsOnly: Bool) -> Result<ScheduleForm, Problems> {
        var problems: [Problem] = []
        var startsAt: Date?
        if let starts = starts?.trimmingCharacters(in: .whitespaces), !starts.isEmpty {
            switch LocalTime.instant(starts, zone: zone) {
            case .success(let date):
                if date < now.addingTimeInterval(-startGrace) {
                    problems.append(.startPassed)
                } else if date > now.addingTimeInterval(horizon) {
                    problems.append(.tooFarAhead)
                } else {
                    startsAt = date
                }
            case .failure(let problem): problems.append(.time(field: "starts_at", problem))
            }
        } else {
            problems.append(.startMissing)
        }
        var endsAt: Date?
        if let ends = ends?.trimmingCharacters(in: .whitespaces), !ends.isEmpty {
            if !editsOnly {
                problems.append(.endNeedsEdits)
            } else {
                switch LocalTime.instant(ends, zone: zone) {
                case .success(let date):
                    if date < now.addingTimeInterval(-startGrace) {
                        problems.append(.endPassed)
                    } else if let startsAt, date <= startsAt {
                        problems.append(.endNotAfterStart)
                    } else if date > now.addingTimeInterval(horizon) {
                        problems.append(.endTooFarAhead)
                    } else {
                        endsAt = date
                    }
                case .failure(let problem): problems.append(.time(field: "ends_at", problem))
                }
            }
        }
        guard problems.isEmpty, let startsAt else { return .failure(Problems(all: problems)) }
        return .success(ScheduleForm(startsAt: startsAt, endsAt: endsAt))
    }

    /// A started window's new end (nil: removed), which must come after its start and not be
    /// in the past; as when it is scheduled, only a batch of edits takes one.
    static func readEnd(_ ends: String?, startsAt: Date, zone: TimeZone, now: Date, editsOnly: Bool) -> Result<Date?, Problems> {
        guard let ends = ends?.trimmingCharacters(in: .whitespaces), !ends.isEmpty else { return .success(nil) }
        guard editsOnly else { return .failure(Problems(all: [.endNeedsEdits])) }
        switch LocalTime.instant(ends, zone: zone) {
        case .success(let date):
            guard date > startsAt else { return .failure(Problems(all: [.endNotAfterStart])) }
            guard date >= now.addingTimeInterval(-startGrace) else { return .failure(Problems(all: [.endPassed])) }
            guard date <= now.addingTimeInterval(horizon) else { return .failure(Problems(all: [.endTooFarAhead])) }
            return .success(date)
        case .failure(let problem):
            return .failure(Problems(all: [.time(field: "ends_at", problem)]))
        }
    }
}
