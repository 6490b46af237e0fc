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

    /// After a schedule was made or moved: "Scheduled: starts Tue 1 Dec at 09:00 KST (in 3
    /// days), ends Thu 3 Dec at 23:59 KST (in 5 days). Keep the dashboard running at those
    /// times."
    func scheduled(_ start: Date, until end: Date?, now: Date, zone: TimeZone) -> String {
        let starts = scheduleMoment(start, now: now, zone: zone)
        let ends = end.map { scheduleMoment($0, now: now, zone: zone) }
        let twice = [start, end].compactMap { $0 }.filter { LocalTime.isRepeated($0, zone: zone) }.map { repeatedTime($0, zone: zone) }
        return scheduledText(starts: starts, ends: ends) + twice.map { " " + $0 }.joined()
    }

    /// A time typed in the hour the clocks show twice: which of the two was taken.
    private func repeatedTime(_ date: Date, zone: TimeZone) -> String {
        let clock = LocalTime.clock(date, zone: zone)
        let day = scheduleShortTime(date, zone: zone)
        switch language {
        case .en: return "\(clock) happens twice that night (clocks go back); the first one is used: \(day)."
        case .ko: return "그날 \(clock) 시각은 두 번 있어(시계를 되돌리는 구간) 먼저 오는 시각으로 정했습니다(\(day))."
        }
    }

    private func scheduledText(starts: String, ends: String?) -> String {
        switch (language, ends) {
        case (.en, nil): return "Scheduled: starts \(starts). Keep the dashboard running at that time."
        case (.en, let ends?): return "Scheduled: starts \(starts), ends \(ends). Keep the dashboard running at those times."
        case (.ko, nil): return "예약했습니다. \(starts)에 시작합니다. 그 시각에 대시보드를 켜 두어 주세요."
        case (.ko, let ends?): return "예약했습니다. \(starts)에 시작하고 \(ends)에 끝납니다. 그 시각에 대시보드를 켜 두어 주세요."
        }
    }

    /// After a started window's end was moved or removed.
    func endMoved(_ end: Date?, now: Date, zone: TimeZone) -> String {
        switch (language, end) {
        case (.en, let end?): "The end is now \(scheduleMoment(end, now: now, zone: zone)). Keep the dashboard running at that time."
        case (.en, nil): "The end was removed: the new values stay."
        case (.ko, let end?): "종료 시각을 수정했습니다. \(scheduleMoment(end, now: now, zone: zone))에 끝납니다. 그 시각에 대시보드를 켜 두어 주세요."
        case (.ko, nil): "종료 시각을 삭제했습니다. 이 일괄 작업으로 수정한 값은 그대로 둡니다."
        }
    }

    var unscheduled: String {
        switch language {
        case .en: "The schedule was removed. The batch is a preview again, and nothing was changed on the Open Market."
        case .ko: "예약을 취소했습니다. 다시 미리 보기 상태이며, 오픈마켓에는 아무것도 반영하지 않았습니다."
        }
    }

    var endedNow: String {
        switch language {
        case .en: "Ended now: the old values are being put back, except any changed in the meantime."
        case .ko: "지금 종료했습니다. 이전 값으로 되돌리고 있습니다(그동안 따로 수정한 항목은 그대로 둡니다)."
        }
    }

    /// A link from a window's batch to the one that put back what it set.
    func revertedBy(_ id: Int) -> String {
        switch language {
        case .en: "Put back by batch \(id)"
        case .ko: "일괄 작업 \(id)에서 이전 값으로 되돌렸습니다"
        }
    }

    /// The schedule form's zone, in words: "Times are Seoul time (KST)." / "모든 시각은 한국
    /// 표준시(KST) 기준입니다."
    func scheduleZoneHint(_ zone: TimeZone, at date: Date) -> String {
        let label = LocalTime.zoneLabel(zone, at: date)
        let place = zone.identifier.split(separator: "/").last.map { $0.replacingOccurrences(of: "_", with: " ") }
        let named = zone.identifier.contains("/") && !zone.identifier.hasPrefix("Etc/")
        switch language {
        case .en: return named ? "Times are \(place ?? zone.identifier) time (\(label))." : "Times are in \(label)."
        case .ko: return zone.identifier == "Asia/Seoul" ? "모든 시각은 한국 표준시(KST) 기준입니다." : "모든 시각은 \(label) 기준입니다."
        }
    }

    /// In the schedule form of a batch whose changes cannot be put back, instead of an end.
    var scheduleNoEnd: String {
        switch language {
        case .en: "A batch that adds or deletes products can't have an end time. To bring deleted products back, restore them from the recycle bin."
        case .ko: "상품을 등록하거나 삭제하는 일괄 작업에는 종료 시각을 정할 수 없습니다. 삭제한 상품은 휴지통에서 다시 등록할 수 있습니다."
        }
    }

    /// Why the times of a schedule cannot be used: the field it is about (`starts_at`,
    /// `ends_at`) and what to do. Nothing was scheduled.
    func scheduleProblem(_ problem: ScheduleForm.Problem, now: Date, zone: TimeZone) -> (field: String, message: String) {
        let present = scheduleShortTime(now, zone: zone)
        // An example that is still to come: tomorrow at 09:00.
        let example = LocalTime.localInputValue(now.addingTimeInterval(86_400), zone: zone).prefix(10) + " 09:00"
        return switch (language, problem) {
        case (.en, .startMissing): ("starts_at", "Enter when the batch starts.")
        case (.ko, .startMissing): ("starts_at", "시작 시각을 입력해 주세요.")
        case (.en, .time(let field, .notATime)):
            (field, "Enter the \(field == "ends_at" ? "end" : "start") as a date and time, like \(example).")
        case (.ko, .time(let field, .notATime)):
            (field, "\(field == "ends_at" ? "종료" : "시작") 시각을 \(example) 형식으로 입력해 주세요.")
        case (_, .time(let field, let problem)): (field, localTimeProblem(problem, zone: zone))
        case (.en, .startPassed): ("starts_at", "The start has passed (it is now \(present)). Choose a later time.")
        case (.ko, .startPassed): ("starts_at", "시작 시각이 지났습니다. 지금은 \(present)입니다. 더 늦은 시각을 입력해 주세요.")
        case (.en, .endPassed): ("ends_at", "The end has passed (it is now \(present)). Choose a later end, or leave it empty to keep the new values.")
        case (.ko, .endPassed): ("ends_at", "종료 시각이 지났습니다. 지금은 \(present)입니다. 더 늦은 시각을 입력하거나, 수정한 값을 그대로 두려면 비워 주세요.")
        case (.en, .endNotAfterStart): ("ends_at", "The end must come after the start. Choose a later end.")
        case (.ko, .endNotAfterStart): ("ends_at", "종료 시각을 시작 시각보다 늦게 입력해 주세요.")
        case (.en, .tooFarAhead): ("starts_at", "A schedule can be at most a year ahead. Choose an earlier time.")
        case (.ko, .tooFarAhead): ("starts_at", "예약은 1년 이내로만 할 수 있습니다. 더 이른 시각을 입력해 주세요.")
        case (.en, .endTooFarAhead): ("ends_at", "An end can be at most a year ahead. Choose an earlier end.")
        case (.ko, .endTooFarAhead): ("ends_at", "종료 시각은 1년 이내로만 정할 수 있습니다. 더 이른 시각을 입력해 주세요.")
        case (.en, .endNeedsEdits): ("ends_at", "A batch that adds or deletes products can't have an end time. Leave the end empty.")
        case (.ko, .endNeedsEdits): ("ends_at", "상품을 등록하거나 삭제하는 일괄 작업에는 종료 시각을 정할 수 없습니다. 종료 시각을 비워 주세요.")
        }
    }

    /// A schedule button of a batch that cannot take it in its state (a page open in two tabs,
    /// say): what the batch is now, and the way on.
    func scheduleNotNow(_ batch: Batch) -> ErrorText {
        let id = batch.id
        switch (language, batch.state) {
        case (.en, .preview):
            return ErrorText(heading: "Batch \(id) has no schedule", message: "Batch \(id) is a preview with no schedule, so there is nothing to remove or end. Schedule it on its page, or apply it.")
        case (.en, .running), (.en, .finished):
            return ErrorText(heading: "Batch \(id) was already applied", message: "Batch \(id) was already applied, so it can't be scheduled; only the end of a scheduled window can be changed. Open it to see where it stands.")
        case (.en, .scheduled):
            return ErrorText(heading: "Batch \(id) has not started", message: "Batch \(id) has not started yet, so it can't be ended now. Change or remove its schedule on its page.")
        case (.en, .missed), (.en, .discarded):
            return ErrorText(heading: "Batch \(id) was never applied", message: "Batch \(id) was never applied, so it can't be scheduled. Open it to make a new preview.")
        case (.ko, .preview):
            return ErrorText(heading: "예약이 없는 일괄 작업입니다", message: "이 일괄 작업은 예약이 없는 미리 보기여서 취소하거나 종료할 예약이 없습니다. 일괄 작업 페이지에서 예약하거나 적용해 주세요.")
        case (.ko, .running), (.ko, .finished):
            return ErrorText(heading: "이미 적용한 일괄 작업입니다", message: "이미 적용한 일괄 작업이어서 예약할 수 없습니다. 예약된 작업은 종료 시각만 수정할 수 있습니다. 일괄 작업을 열어 상태를 확인해 주세요.")
        case (.ko, .scheduled):
            return ErrorText(heading: "아직 시작하지 않은 일괄 작업입니다", message: "아직 시작하지 않아 지금 종료할 수 없습니다. 일괄 작업 페이지에서 예약을 수정하거나 취소해 주세요.")
        case (.ko, .missed), (.ko, .discarded):
            return ErrorText(heading: "적용하지 않은 일괄 작업입니다", message: "오픈마켓에 반영한 적이 없는 일괄 작업이어서 예약할 수 없습니다. 일괄 작업을 열어 새 미리 보기를 만들어 주세요.")
        }
    }

    /// 409, beside the schedule form: another batch changes the same field of the same product
    /// in an overlapping window. "Nothing was scheduled: batch 4 is scheduled to change the
    /// price of “Ramen” on Tue 1 Dec, 09:00–23:59 KST. Choose times outside that window, or
    /// change batch 4's schedule first."
    func scheduleOverlap(batch other: Int, product: String, field: String, window: Batch.Schedule, zone: TimeZone) -> String {
        let name = BidiText.isolated(product)
        switch (language, window.endsAt) {
        case (.en, let end?):
            let span = scheduleSpan(window.startsAt, end, zone: zone)
            return "Nothing was scheduled: batch \(other) is scheduled to change the \(field.lowercased()) of “\(name)” "
                + "\(span.contains(" to ") ? "from" : "on") \(span). Choose times outside that window, or change batch \(other)'s schedule first."
        case (.en, nil):
            return "Nothing was scheduled: batch \(other) is scheduled to change the \(field.lowercased()) of “\(name)” at "
                + "\(scheduleShortTime(window.startsAt, zone: zone)). Choose another time, or change batch \(other)'s schedule first."
        case (.ko, let end?):
            return "예약하지 않았습니다. “\(name)” 상품의 \(field) 항목은 일괄 작업 \(other)에서 \(scheduleSpan(window.startsAt, end, zone: zone))에 "
                + "수정할 예정입니다. 겹치지 않는 시각을 정하거나 일괄 작업 \(other)의 예약을 먼저 수정해 주세요."
        case (.ko, nil):
            return "예약하지 않았습니다. “\(name)” 상품의 \(field) 항목은 일괄 작업 \(other)에서 \(scheduleShortTime(window.startsAt, zone: zone))에 "
                + "수정할 예정입니다. 다른 시각을 정하거나 일괄 작업 \(other)의 예약을 먼저 수정해 주세요."
        }
    }

    /// A batch's schedule as its page states it: when it starts and ends, how late, or that
    /// it missed its time.
    func scheduleStatus(_ batch: Batch, now: Date, zone: TimeZone) -> [String] {
        guard let schedule = batch.schedule else { return [] }
        var lines: [String] = []
        let start = scheduleMoment(schedule.startsAt, now: now, zone: zone)
        switch (language, batch.state, schedule.startedAt) {
        case (.en, .scheduled, _): lines.append("Starts \(start).")
        case (.ko, .scheduled, _): lines.append("\(start)에 시작합니다.")
        case (.en, .missed, _):
            let span = schedule.endsAt.map { scheduleSpan(schedule.startsAt, $0, zone: zone) } ?? scheduleShortTime(schedule.startsAt, zone: zone)
            lines.append("The dashboard was off at the time this batch was scheduled for (\(span)), so the batch did not run.")
            return lines
        case (.ko, .missed, _):
            let span = schedule.endsAt.map { scheduleSpan(schedule.startsAt, $0, zone: zone) } ?? scheduleShortTime(schedule.startsAt, zone: zone)
            lines.append("\(span)에 대시보드가 꺼져 있어 예약한 변경을 실행하지 못했습니다.")
            return lines
        case (_, .preview, _), (_, .discarded, _):
            return []
        case (.en, _, let started?) where started.timeIntervalSince(schedule.startsAt) >= 60:
            lines.append("Started \(lateness(started.timeIntervalSince(schedule.startsAt))): the dashboard was not running at \(scheduleShortTime(schedule.startsAt, zone: zone)).")
        case (.ko, _, let started?) where started.timeIntervalSince(schedule.startsAt) >= 60:
            lines.append("\(scheduleShortTime(schedule.startsAt, zone: zone))에 대시보드가 꺼져 있어 \(lateness(started.timeIntervalSince(schedule.startsAt))) 시작했습니다.")
        case (.en, _, _): lines.append("Started \(start).")
        case (.ko, _, _): lines.append(koreanPastStep(schedule.startsAt, now: now, zone: zone, verb: "시작했습니다") + ".")
        }
        guard let endsAt = schedule.endsAt else { return lines }
        let end = scheduleMoment(endsAt, now: now, zone: zone)
        switch (language, schedule.endedAt) {
        case (.en, nil): lines.append("Ends \(end): then the old values are put back, except any changed in the meantime.")
        case (.ko, nil): lines.append("\(end)에 끝나면 이전 값으로 되돌립니다(그동안 따로 수정한 항목은 그대로 둡니다).")
        case (.en, let ended?) where ended.timeIntervalSince(endsAt) >= 60:
            lines.append("Ended \(lateness(ended.timeIntervalSince(endsAt))): the dashboard was not running at \(scheduleShortTime(endsAt, zone: zone)).")
        case (.ko, let ended?) where ended.timeIntervalSince(endsAt) >= 60:
            lines.append("\(scheduleShortTime(endsAt, zone: zone))에 대시보드가 꺼져 있어 \(lateness(ended.timeIntervalSince(endsAt))) 끝났습니다.")
        case (.en, _): lines.append("Ended \(end).")
        case (.ko, _): lines.append(koreanPastStep(endsAt, now: now, zone: zone, verb: "끝났습니다") + ".")
        }
        return lines
    }

    /// On the list of batches, when some missed their time lately (the links follow).
    func missedWhileOff(_ count: Int) -> String {
        switch language {
        case .en: count == 1
            ? "While the dashboard was off, a scheduled batch missed its time and nothing was changed:"
            : "While the dashboard was off, \(count) scheduled batches missed their time and nothing was changed:"
        case .ko: "대시보드가 꺼져 있는 동안 예약한 일괄 작업 \(NumberText.grouped(count))건을 실행하지 못했습니다. 오픈마켓에는 아무것도 반영하지 않았습니다."
        }
    }

    /// While a schedule waits: it fires only if the dashboard runs then. `oneTime`: the schedule
    /// has a start and no end to keep running for.
    func scheduleNeedsRunning(oneTime: Bool) -> String {
        switch language {
        case .en where oneTime: "Keep the dashboard running at this time: it makes the change, not the Open Market."
        case .en: "Keep the dashboard running at these times: it makes the changes, not the Open Market."
        case .ko: "예약한 시각에 이 컴퓨터와 대시보드를 켜 두어 주세요. 예약한 변경은 오픈마켓이 아니라 이 대시보드가 반영합니다."
        }
    }

    /// A list line of the upcoming steps: "Batch 12 starts Fri 28 Nov, 09:00 KST, in 2 days".
    func upcomingStep(batch id: Int, ends: Bool, time: String) -> String {
        switch (language, ends) {
        case (.en, false): "Batch \(id) starts \(time)"
        case (.en, true): "Batch \(id) ends \(time)"
        case (.ko, false): "일괄 작업 \(id) 시작: \(time)"
        case (.ko, true): "일괄 작업 \(id) 종료: \(time)"
        }
    }

    /// A scheduled change on a product's page, its time first as the other steps' lines and its
    /// window as the overlap refusal writes it: "On Sat 28 Nov, 09:00–11:00 KST: price KRW
    /// 20,000 → KRW 18,000 (batch 3)." / "11월 28일(토) 09:00~11:00 KST: 판매가 20,000원 →
    /// 18,000원(일괄 작업 3)".
    func scheduledChange(_ field: String, from old: String, to new: String, start: Date, end: Date?, zone: TimeZone, batch: Int) -> String {
        switch (language, end) {
        case (.en, let end?):
            let span = scheduleSpan(start, end, zone: zone)
            return "\(span.contains(" to ") ? "From" : "On") \(span): \(field.lowercased()) \(old) → \(new) (batch \(batch))."
        case (.en, nil): return "From \(scheduleShortTime(start, zone: zone)): \(field.lowercased()) \(old) → \(new) (batch \(batch))."
        case (.ko, let end?): return "\(scheduleSpan(start, end, zone: zone)): \(field) \(old) → \(new)(일괄 작업 \(batch))"
        case (.ko, nil): return "\(scheduleShortTime(start, zone: zone))부터: \(field) \(old) → \(new)(일괄 작업 \(batch))"
        }
    }
}
