import DashboardEngine
import Foundation

/// Texts of schedules: the form, the flashes, the refusals, the states and the list's
/// upcoming starts and ends. Times are in the vendor's zone, named ("KST").
extension Wording {
    /// "from Fri 28 Nov, 09:00 KST, in 2 days, until Sun 30 Nov, 23:59 KST, in 4 days".
    func scheduleWindow(_ schedule: Batch.Schedule, now: Date, zone: TimeZone) -> String {
        let start = scheduleTime(schedule.startsAt, now: now, zone: zone)
        guard let end = schedule.endsAt.map({ scheduleTime($0, now: now, zone: zone) }) else {
            switch language {
            case .en: return "at \(start)"
            case .ko: return "\(start)에 시작"
            }
        }
        switch language {
        case .en: return "from \(start) until \(end)"
        case .ko: return "\(start)부터 \(end)까지"
        }
    }

    /// After a schedule was made or moved.
    func scheduled(_ start: Date, until end: Date?, now: Date, zone: TimeZone) -> String {
        let window = scheduleWindow(Batch.Schedule(startsAt: start, endsAt: end), now: now, zone: zone)
        switch language {
        case .en: return "Scheduled \(window). Nothing changes on the market before then. Keep the dashboard running at that time."
        case .ko: return "예약했습니다(\(window)). 그 전에는 오픈마켓에 반영하지 않습니다. 그 시각에 대시보드가 실행 중인지 확인해 주세요."
        }
    }

    /// After a started window's end was moved or removed.
    func endMoved(_ end: Date?, now: Date, zone: TimeZone) -> String {
        switch (language, end) {
        case (.en, let end?): "The end is now \(scheduleTime(end, now: now, zone: zone)). The dashboard must be running at that time."
        case (.en, nil): "The end was removed: what this batch set stays."
        case (.ko, let end?): "종료 시각을 수정했습니다(\(scheduleTime(end, now: now, zone: zone))). 그 시각에 대시보드가 실행 중인지 확인해 주세요."
        case (.ko, nil): "종료 시각을 삭제했습니다. 이 일괄 작업으로 수정된 값은 그대로 둡니다."
        }
    }

    var unscheduled: String {
        switch language {
        case .en: "The schedule was removed. The batch is a preview again, and nothing was changed on the market."
        case .ko: "예약을 취소했습니다. 다시 미리 보기 상태이며, 오픈마켓에는 아무것도 반영하지 않았습니다."
        }
    }

    var endedNow: String {
        switch language {
        case .en: "Ended now: this batch puts back what was set, where the market still holds it."
        case .ko: "지금 종료했습니다. 오픈마켓에 설정한 값이 그대로 있는 항목만 원래대로 되돌립니다."
        }
    }

    /// A link from a window's batch to the one that put back what it set.
    func revertedBy(_ id: Int) -> String {
        switch language {
        case .en: "Put back by batch \(id)"
        case .ko: "일괄 작업 \(id)에서 되돌림"
        }
    }

    var backToBatch: String {
        switch language {
        case .en: "Back to the batch"
        case .ko: "일괄 작업으로 돌아가기"
        }
    }

    /// Why the times of a schedule cannot be used; nothing was scheduled.
    func scheduleProblem(_ problem: ScheduleForm.Problem, zone: TimeZone) -> ErrorText {
        let zoneName = LocalTime.zoneLabel(zone)
        let heading: String
        switch language {
        case .en: heading = "Nothing was scheduled"
        case .ko: heading = "예약하지 않았습니다"
        }
        let message: String
        switch (language, problem) {
        case (.en, .startMissing): message = "Enter when the batch starts (\(zoneName)), then select Schedule again."
        case (.ko, .startMissing): message = "시작 시각(\(zoneName))을 입력한 뒤 다시 [예약]을 눌러 주세요."
        case (_, .time(_, let problem)): message = localTimeProblem(problem, zone: zone)
        case (.en, .startPassed): message = "The start has passed. Choose a time from the next minute on."
        case (.ko, .startPassed): message = "시작 시각이 이미 지났습니다. 지금부터 1분 뒤 이후의 시각을 입력해 주세요."
        case (.en, .endPassed): message = "The end has passed. Choose a later end, or leave it empty to keep the change."
        case (.ko, .endPassed): message = "종료 시각이 이미 지났습니다. 더 늦은 시각을 입력하거나, 수정된 값을 그대로 두려면 비워 주세요."
        case (.en, .endNotAfterStart): message = "The end must come after the start. Choose a later end."
        case (.ko, .endNotAfterStart): message = "종료 시각을 시작 시각보다 늦게 입력해 주세요."
        case (.en, .tooFarAhead): message = "A schedule can be at most a year ahead. Choose an earlier time."
        case (.ko, .tooFarAhead): message = "예약은 1년 이내로만 할 수 있습니다. 더 이른 시각을 입력해 주세요."
        case (.en, .endNeedsEdits):
            message = "An end puts back what was changed, and this batch also adds or deletes products, which cannot be put back. Leave the end empty."
        case (.ko, .endNeedsEdits):
            message = "종료 시각에는 수정한 값을 되돌리는데, 이 일괄 작업에는 되돌릴 수 없는 등록이나 삭제가 있습니다. 종료 시각을 비워 주세요."
        }
        return ErrorText(heading: heading, message: message)
    }

    /// A schedule asked of a batch that cannot take one now.
    func scheduleNotNow(_ state: Batch.State) -> ErrorText {
        switch language {
        case .en:
            ErrorText(
                heading: "This batch cannot be scheduled now",
                message: "Only a preview can be scheduled, and only a started window's end moved. Open the batch to see where it stands.")
        case .ko:
            ErrorText(
                heading: "지금은 이 일괄 작업을 예약할 수 없습니다",
                message: "미리 보기 상태인 일괄 작업만 예약할 수 있고, 시작된 작업은 종료 시각만 수정할 수 있습니다. 일괄 작업을 열어 상태를 확인해 주세요.")
        }
    }

    /// 409: the window overlaps others on a product and field.
    func scheduleOverlaps(_ others: [(id: Int, window: String)]) -> ErrorText {
        let list = others.map { other in
            switch language {
            case .en: "batch \(other.id) (\(other.window))"
            case .ko: "일괄 작업 \(other.id)(\(other.window))"
            }
        }.joined(separator: ", ")
        switch language {
        case .en:
            return ErrorText(
                heading: "Nothing was scheduled: the time overlaps another schedule",
                message: "The same products' fields change in \(list). Choose a time outside it, or change that schedule first.")
        case .ko:
            return ErrorText(
                heading: "예약하지 않았습니다: 다른 예약과 시간이 겹칩니다",
                message: "\(list)에서 같은 상품의 같은 항목을 수정합니다. 겹치지 않는 시각을 선택하거나 그 예약을 먼저 수정해 주세요.")
        }
    }

    /// A batch's schedule as its page states it: "Starts …", "Started 3 hours late …".
    func scheduleStatus(_ batch: Batch, now: Date, zone: TimeZone) -> [String] {
        guard let schedule = batch.schedule else { return [] }
        var lines: [String] = []
        let start = scheduleTime(schedule.startsAt, now: now, zone: zone)
        switch (language, batch.state, schedule.startedAt) {
        case (.en, .scheduled, _): lines.append("Starts \(start).")
        case (.ko, .scheduled, _): lines.append("\(start)에 시작합니다.")
        case (.en, .missed, _):
            lines.append("Missed its time: the dashboard was not running \(scheduleWindow(schedule, now: now, zone: zone)), so nothing was changed. "
                + "To make the change now, make a new preview from the list.")
        case (.ko, .missed, _):
            lines.append("예약 시각 놓침: \(scheduleWindow(schedule, now: now, zone: zone)) 대시보드가 실행 중이 아니어서 아무것도 반영하지 않았습니다. "
                + "지금 반영하려면 목록에서 미리 보기를 새로 만들어 주세요.")
        case (.en, _, let started?) where started.timeIntervalSince(schedule.startsAt) >= 60:
            lines.append("Started \(lateness(started.timeIntervalSince(schedule.startsAt))): the dashboard was not running at \(start).")
        case (.ko, _, let started?) where started.timeIntervalSince(schedule.startsAt) >= 60:
            lines.append("\(start)에 대시보드가 실행 중이 아니어서 \(lateness(started.timeIntervalSince(schedule.startsAt))) 시작했습니다.")
        case (.en, _, _): lines.append("Started \(start).")
        case (.ko, _, _): lines.append("\(start)에 시작했습니다.")
        }
        guard let endsAt = schedule.endsAt else { return lines }
        let end = scheduleTime(endsAt, now: now, zone: zone)
        switch (language, schedule.endedAt) {
        case (.en, nil): lines.append("Ends \(end): then what it set is put back, where the market still holds it.")
        case (.ko, nil): lines.append("\(end)에 끝나며, 오픈마켓에 설정한 값이 그대로 있는 항목만 원래대로 되돌립니다.")
        case (.en, let ended?) where ended.timeIntervalSince(endsAt) >= 60:
            lines.append("Ended \(lateness(ended.timeIntervalSince(endsAt))): the dashboard was not running at \(end).")
        case (.ko, let ended?) where ended.timeIntervalSince(endsAt) >= 60:
            lines.append("\(end)에 대시보드가 실행 중이 아니어서 \(lateness(ended.timeIntervalSince(endsAt))) 끝났습니다.")
        case (.en, _): lines.append("Ended \(end).")
        case (.ko, _): lines.append("\(end)에 끝났습니다.")
        }
        return lines
    }

    /// While a schedule waits: it fires only if the dashboard runs then.
    var scheduleNeedsRunning: String {
        switch language {
        case .en: "Schedules are carried out by this dashboard: it must be running at their times (see “Running at login” in the operations guide)."
        case .ko: "예약은 이 대시보드가 실행합니다. 예약한 시각에 대시보드가 실행 중인지 확인해 주세요(운영 안내의 “로그인할 때 실행” 참고)."
        }
    }

    /// A list line of the upcoming steps: "Batch 12 starts: Fri 28 Nov, 09:00 KST, in 2 days".
    func upcomingStep(batch id: Int, ends: Bool, time: String) -> String {
        switch (language, ends) {
        case (.en, false): "Batch \(id) starts \(time)"
        case (.en, true): "Batch \(id) ends \(time)"
        case (.ko, false): "일괄 작업 \(id) 시작: \(time)"
        case (.ko, true): "일괄 작업 \(id) 종료: \(time)"
        }
    }

    /// A scheduled change on a product's page: "Price KRW 20,000 → KRW 18,000 from Fri 09:00
    /// until Sun 23:59".
    func scheduledChange(_ field: String, from old: String, to new: String, start: String, end: String?) -> String {
        switch (language, end) {
        case (.en, let end?): "\(field) \(old) → \(new) from \(start) until \(end)"
        case (.en, nil): "\(field) \(old) → \(new) from \(start)"
        case (.ko, let end?): "\(field) \(old) → \(new), \(start)부터 \(end)까지"
        case (.ko, nil): "\(field) \(old) → \(new), \(start)부터"
        }
    }
}
