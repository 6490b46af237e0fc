import DashboardEngine
import Foundation
import MarketClient

/// Texts of batches: the bulk form's problems, a batch's title, states, rows, notes and
/// buttons (the import's own texts are in `Import/Wording+Import.swift`). Both languages side
/// by side.
extension Wording {
    // MARK: The bulk form

    func bulkProblem(_ problem: BulkProblem) -> String {
        switch (language, problem) {
        case (.en, .noAction): "Choose what to change."
        case (.en, .notANumber): "Enter the value as a number, like 1000, 12.50 or -10."
        case (.en, .negative): "The value cannot be negative for this change."
        case (.en, .stockWhole): "The stock changes by whole numbers only."
        case (_, .stockTooHigh): message(.stockTooHigh)
        case (.en, .percentOver100): "A discount can be at most 100% of the price."
        case (.en, .cutTooDeep): "A price can only be lowered by less than 100%. Enter a value above -100, like -30."
        case (.en, .percentNotTaken(let kind)) where kind == .priceSet:
            "“\(bulkActionLabel(kind))” takes an amount, not “\(self[.unitPercent])”. Select “\(self[.unitAmount])” as the unit; "
                + "to change prices by “\(self[.unitPercent])”, select “\(bulkActionLabel(.priceAdjust))” instead."
        case (.en, .percentNotTaken(let kind)):
            "Stock is counted in pieces, so “\(bulkActionLabel(kind))” cannot take “\(self[.unitPercent])”. Select “\(self[.unitAmount])” as the unit."
        case (.en, .nothingSelected): "Select at least one of your products, or choose “\(self[.bulkScopeMatching])”."
        case (.en, .tooMany(let limit)): "One batch changes at most \(NumberText.grouped(limit)) products; narrow the search or filters."
        case (.en, .mixedCurrencies(let counts, let kind)):
            "Your selection has \(currencyCounts(counts)). " + mixedCurrencyRule(kind) + " " + splitByCurrency(counts, orPercent: kind != .priceSet)
        case (.ko, .noAction): "수정할 내용을 선택해 주세요."
        case (.ko, .notANumber): "값은 1000, 12.50, -10처럼 숫자로 입력해 주세요."
        case (.ko, .negative): "이 수정에는 0 이상의 값을 입력해 주세요."
        case (.ko, .stockWhole): "재고는 정수로 입력해 주세요."
        case (.ko, .percentOver100): "할인 금액은 판매가의 100%를 넘을 수 없습니다."
        case (.ko, .cutTooDeep): "판매가는 100% 미만으로만 내릴 수 있습니다. -30처럼 -100보다 큰 값을 입력해 주세요."
        case (.ko, .percentNotTaken(let kind)) where kind == .priceSet:
            "판매가 설정에는 금액을 입력해 주세요. 단위에서 “\(self[.unitAmount])” 항목을 선택하거나, 비율(%)로 수정하려면 "
                + "“\(bulkActionLabel(.priceAdjust))” 항목을 선택해 주세요."
        case (.ko, .percentNotTaken):
            "재고는 개수로 수정하므로 “\(self[.unitPercent])” 단위를 쓸 수 없습니다. 단위에서 “\(self[.unitAmount])” 항목을 선택해 주세요."
        case (.ko, .nothingSelected): "내 상품을 하나 이상 선택하거나 “\(self[.bulkScopeMatching])” 항목을 선택해 주세요."
        case (.ko, .tooMany(let limit)): "일괄 작업 하나로는 상품을 최대 \(NumberText.grouped(limit))개까지 수정할 수 있습니다. 검색이나 필터를 좁혀 주세요."
        case (.ko, .mixedCurrencies(let counts, let kind)):
            "선택한 상품에 통화가 섞여 있습니다(\(currencyCounts(counts))). " + mixedCurrencyRule(kind) + " " + splitByCurrency(counts, orPercent: kind != .priceSet)
        }
    }

    /// Why an amount of money cannot go over several currencies, for the action chosen.
    private func mixedCurrencyRule(_ kind: BatchAction.Kind) -> String {
        switch (language, kind) {
        case (.en, .priceAdjust): "A price can be raised or lowered by an amount in one currency at a time."
        case (.en, .discountSet): "A discount can be set as an amount in one currency at a time."
        case (.en, _): "A price can be set in one currency at a time."
        case (.ko, .priceAdjust): "금액으로 하는 판매가 인상·인하는 통화가 같은 상품끼리만 할 수 있습니다."
        case (.ko, .discountSet): "할인 금액 설정은 통화가 같은 상품끼리만 할 수 있습니다."
        case (.ko, _): "판매가 설정은 통화가 같은 상품끼리만 할 수 있습니다."
        }
    }

    /// The way on from a mixed selection: the links beside the form that show one currency's
    /// products (`onlyCurrency`), named as labelled, and, for an action that takes one, the
    /// percent unit.
    private func splitByCurrency(_ counts: [CurrencyCount], orPercent: Bool) -> String {
        let links = counts.map(\.currency).filter { Currency.supported.contains($0) }.map(onlyCurrency)
        switch (language, links.isEmpty, orPercent) {
        case (.en, true, false): return "Filter the list by one currency, then select the products again."
        case (.en, true, true): return "Filter the list by one currency, then select the products again, or select “\(self[.unitPercent])” as the unit."
        case (.en, false, false): return "Select \(Self.listed(links, or: " or ")), then select the products again."
        case (.en, false, true):
            return "Select \(Self.listed(links, or: " or ")), then select the products again, or select “\(self[.unitPercent])” as the unit."
        case (.ko, true, false): return "목록에 통화 필터를 적용해 나누어 다시 선택해 주세요."
        case (.ko, true, true): return "목록에 통화 필터를 적용해 나누어 다시 선택하거나, 단위에서 “\(self[.unitPercent])” 항목을 선택해 주세요."
        // Each label ends in 보기, a vowel: 나 between them, 로 after the last.
        case (.ko, false, false): return Self.listed(links.map { "[\($0)]" }, or: "나 ") + "로 나누어 다시 선택해 주세요."
        case (.ko, false, true):
            return Self.listed(links.map { "[\($0)]" }, or: "나 ") + "로 나누어 다시 선택하거나, 단위에서 “\(self[.unitPercent])” 항목을 선택해 주세요."
        }
    }

    /// "A", "A or B", "A, B or C" (`or` is the word between the last two, with its spaces).
    private static func listed(_ items: [String], or: String) -> String {
        guard let last = items.last, items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + or + last
    }

    var bulkProblemHeading: String {
        switch language {
        case .en: "No preview was made"
        case .ko: "미리 보기를 만들지 않았습니다"
        }
    }

    // MARK: Rows: problems and warnings


    /// Why a row of a batch is refused, and what becomes of it or what to do.
    /// `applied`: the batch was applied, so what "is left out" was.
    func batchProblem(_ problem: BatchProblem, applied: Bool = false) -> String {
        let leftOut: String
        switch (language, applied) {
        case (.en, false): leftOut = "It is left out when you apply."
        case (.en, true): leftOut = "It was left out."
        case (.ko, false): leftOut = "이 상품은 적용하지 않습니다."
        case (.ko, true): leftOut = "이 상품은 적용하지 않았습니다."
        }
        return switch (language, problem) {
        case (.en, .notFound(let id)): "There is no product \(id) on the market (it may have been deleted). \(leftOut)"
        case (.en, .notOwn): "This is not one of your products, so it cannot be changed here. \(leftOut)"
        case (.en, .badID(let text)):
            "“\(BidiText.isolated(text))” is not a product number. Correct it in the file, or leave it empty to add a new product, then import again."
        case (.en, .tooManyImages(let count)): "A product has at most 5 images, and this line of the file names \(count). Name fewer, then import again."
        case (.en, .imageNotUploaded(let name)): "“\(BidiText.isolated(name))” is not among the images you chose. Choose it with the other images, then import again."
        case (.en, .stockBelowZero(let stock, let taken)):
            "The stock is \(stock), so \(taken) cannot be taken away (that would leave \(Self.signed(Decimal(stock - taken), always: false))). "
                + leftOut
        case (.ko, .notFound): "오픈마켓에 이 번호의 상품이 없습니다(삭제되었을 수 있습니다). \(leftOut)"
        case (.ko, .notOwn): "내 상품이 아니어서 여기서 수정할 수 없습니다. \(leftOut)"
        case (.ko, .badID(let text)):
            "상품 번호 칸에 쓴 “\(BidiText.isolated(text))” 값은 상품 번호가 아닙니다. 파일에서 번호를 고치거나, 새 상품을 등록하려면 칸을 비운 뒤 다시 가져와 주세요."
        case (.ko, .tooManyImages(let count)): "상품 이미지는 5장까지입니다. 이 상품에 적은 이미지는 \(count)장이니 줄인 뒤 다시 가져와 주세요."
        case (.ko, .imageNotUploaded(let name)): "선택한 이미지 중에 “\(BidiText.isolated(name))” 파일이 없습니다. 다른 이미지와 함께 선택한 뒤 다시 가져와 주세요."
        case (.ko, .stockBelowZero(let stock, let taken)):
            "재고가 \(quantity(stock))개라 \(quantity(taken))개를 차감할 수 없습니다(결과 \(Self.signed(Decimal(stock - taken), always: false))개). "
                + leftOut
        }
    }

    func batchWarning(_ warning: BatchWarning) -> String {
        switch (language, warning) {
        case (.en, .priceJump(let percent, let up)): "The price goes \(up ? "up" : "down") by \(NumberText.grouped(percent))%, more than half: check the value."
        case (.en, .deepDiscount(let percent)): "The discount is \(NumberText.grouped(percent))% of the price."
        case (.en, .duplicateName): "Another product of yours has this name."
        case (.en, .duplicateInFile(let line)): "Line \(line) of the file gives a product this name too."
        case (.ko, .priceJump(let percent, let up)): "판매가가 \(NumberText.grouped(percent))% \(up ? "오릅니다" : "내립니다"). 값을 다시 확인해 주세요."
        case (.ko, .deepDiscount(let percent)): "할인 금액이 판매가의 \(NumberText.grouped(percent))%입니다."
        case (.ko, .duplicateName): "같은 이름의 내 상품이 이미 있습니다."
        case (.ko, .duplicateInFile(let line)): "파일의 \(line)번째 줄에도 같은 이름의 상품이 있습니다."
        case (.en, .changedSinceOpened(let now)):
            "Changed elsewhere since the sheet was opened (now \(marketValue(now))), so the \(fieldLabel(now.setFields.first { $0 != .currency } ?? .currency).lowercased()) is left as it is."
        case (.ko, .changedSinceOpened(let now)):
            "시트를 연 뒤 다른 곳에서 수정되었습니다(지금 \(marketValue(now))). \(fieldLabel(now.setFields.first { $0 != .currency } ?? .currency)) 항목은 반영하지 않습니다."
        }
    }

    /// A sheet row's field that was left as it is: "Price left as it is: changed elsewhere
    /// since the sheet was opened (now KRW 18,000)."; of the undo of batch `undoing`: "Price
    /// not put back: changed elsewhere after batch 12 set it (now KRW 18,000)."
    func fieldLeftAlone(_ field: String, now value: String, undoing batch: Int? = nil) -> String {
        switch (language, batch) {
        case (.en, nil):
            "\(field) left as it is: changed elsewhere since the sheet was opened (now \(value)). Edit it again if you still want your value."
        case (.en, let batch?):
            "\(field) not put back: it was changed to \(value) after batch \(batch) set it. Edit the product if you still want the old value."
        case (.ko, nil):
            "\(field) 항목은 반영하지 않았습니다. 시트를 연 뒤 다른 곳에서 수정되었습니다(지금 \(value)). 필요하면 다시 수정해 주세요."
        case (.ko, let batch?):
            "\(field) 항목은 되돌리지 않았습니다. 일괄 작업 \(batch) 적용 뒤에 다시 수정되었습니다(지금 \(value)). 이전 값이 필요하면 상품을 직접 수정해 주세요."
        }
    }

    /// The one field `fields` holds besides its currency, as a person reads it: "KRW 18,000",
    /// "7", a name.
    func marketValue(_ fields: RecordedFields) -> String {
        let field = fields.setFields.first { $0 != .currency } ?? .currency
        return RecordedFields.Field(rawValue: field.rawValue).map { fieldValue($0, of: fields) } ?? ""
    }

    // MARK: A batch

    /// "Batch 12 – Lower price by 10%" / "일괄 작업 12: 판매가 10% 인하".
    func batchTitle(_ batch: Batch) -> String {
        let what: String
        switch (language, batch.kind) {
        case (_, .bulk): what = batch.action.map(actionText) ?? ""
        case (.en, .import): what = "Import of “\(BidiText.isolated(batch.source))”"
        case (.en, .undo): what = "Undo of batch \(batch.source)"
        case (.en, .revert): what = "End of batch \(batch.source)"
        case (.ko, .revert): what = "일괄 작업 \(batch.source) 종료(이전 값으로 되돌림)"
        case (.en, .sheet): what = "Sheet edits"
        case (.ko, .sheet): what = "시트에서 수정"
        case (.ko, .import): what = "“\(BidiText.isolated(batch.source))” 파일 가져오기"
        case (.ko, .undo): what = "일괄 작업 \(batch.source) 되돌리기"
        }
        switch language {
        case .en: return "Batch \(batch.id) – " + what
        case .ko: return "일괄 작업 \(batch.id): " + what
        }
    }

    /// What a bulk action does, in the words of the bulk form's menu (`bulkActionLabel`), an
    /// amount in its currency when the batch knows it: "Raise price by 10%", "Set price to KRW
    /// 1,000", "Set stock to 5" / "판매가 10% 인상", "판매가 1,000원으로 설정", "재고 5개로 설정".
    func actionText(_ action: BatchAction) -> String {
        let percent = action.unit == .percent && action.takesUnit
        // An amount of money reads in its currency ("KRW 1,000", "1,000원"); a batch made
        // before the currency was kept shows the bare number.
        func shown(_ number: Decimal) -> String {
            if percent { return Self.signed(number, always: false) + "%" }
            if action.readsAmount, let currency = action.currency {
                let amount = price(number.magnitude, currency: currency.rawValue)
                return number < 0 ? "−" + amount : amount
            }
            return Self.signed(number, always: false)
        }
        let amount = shown(action.value.magnitude)
        let value = shown(action.value)
        let down = action.value < 0
        let known = action.currency != nil || !action.readsAmount
        switch (language, action.kind) {
        case (.en, .priceSet): return "Set price to \(value)"
        case (.en, .priceAdjust): return down ? "Lower price by \(amount)" : "Raise price by \(amount)"
        case (.en, .discountSet) where action.value == 0: return "Remove discount"
        case (.en, .discountSet): return percent ? "Set discount to \(value) of the price" : "Set discount to \(value)"
        case (.en, .stockSet): return "Set stock to \(value)"
        case (.en, .stockAdjust): return down ? "Take \(amount) from stock" : "Add \(amount) to stock"
        case (.en, .delete): return "Delete products"
        case (.ko, .priceSet): return known ? "판매가 \(value)\(Self.toward(value)) 설정" : "판매가 설정(\(value))"
        case (.ko, .priceAdjust): return "판매가 \(amount) \(down ? "인하" : "인상")"
        case (.ko, .discountSet) where action.value == 0: return "할인 삭제"
        case (.ko, .discountSet) where percent: return "할인 금액 판매가 대비 \(value)로 설정"
        case (.ko, .discountSet): return known ? "할인 금액 \(value)\(Self.toward(value)) 설정" : "할인 금액 설정(\(value))"
        case (.ko, .stockSet): return "재고 \(value)개로 설정"
        case (.ko, .stockAdjust): return "재고 \(amount)개 \(down ? "차감" : "추가")"
        case (.ko, .delete): return "상품 삭제"
        }
    }

    /// 으로 after an amount whose last sound closes ("1,000원으로"), 로 otherwise ("$12.50로":
    /// 달러로, "10%로": 퍼센트로).
    private static func toward(_ amount: String) -> String {
        amount.hasSuffix("원") ? "으로" : "로"
    }

    /// `1,000`, `+10`, `−12.5` (a true minus sign).
    static func signed(_ value: Decimal, always: Bool) -> String {
        let magnitude = PriceText.grouped(value.magnitude, minimumFractionDigits: 0)
        if value < 0 { return "−" + magnitude }
        return always ? "+" + magnitude : magnitude
    }

    /// "Made 2026-11-25 09:30 KST" / "만든 시각: 2026. 11. 25. 09:30 KST"; `stamp` is a
    /// `LocalTime.timestamp`.
    /// Who made a batch's preview and who applied or scheduled it; nil when neither is known
    /// (accounts off: every batch is this dashboard's).
    func batchPeople(madeBy: String?, appliedBy: String?, scheduled: Bool) -> String? {
        let made = madeBy.map(BidiText.isolated)
        let applied = appliedBy.map(BidiText.isolated)
        return switch (language, made, applied, scheduled) {
        case (_, nil, nil, _): nil
        case (.en, let made?, nil, _): "Made by \(made)"
        case (.en, let made?, let applied?, false) where made == applied: "Made and applied by \(made)"
        case (.en, let made?, let applied?, true) where made == applied: "Made and scheduled by \(made)"
        case (.en, let made?, let applied?, false): "Made by \(made), applied by \(applied)"
        case (.en, let made?, let applied?, true): "Made by \(made), scheduled by \(applied)"
        case (.en, nil, let applied?, false): "Applied by \(applied)"
        case (.en, nil, let applied?, true): "Scheduled by \(applied)"
        case (.ko, let made?, nil, _): "만든 사람: \(made)"
        case (.ko, let made, let applied?, false): [made.map { "만든 사람: \($0)" }, "적용한 사람: \(applied)"].compactMap { $0 }.joined(separator: " · ")
        case (.ko, let made, let applied?, true): [made.map { "만든 사람: \($0)" }, "예약한 사람: \(applied)"].compactMap { $0 }.joined(separator: " · ")
        }
    }

    func batchMade(_ stamp: String) -> String {
        switch language {
        case .en: "Created \(stamp)"
        case .ko: "만든 시각: \(stamp)"
        }
    }

    /// Where a batch stands, in one line whose numbers are its rows' (the page's
    /// `data-progress` carries the same counts): "Finished: 2 products changed." / "완료: 적용
    /// 2건." "Finished" only once nothing waits or is being checked, and with problems when a
    /// row failed; a window whose end is still to come says until when it is in effect; a
    /// batch that never ran says that nothing was changed. `brief`: for the list of batches,
    /// without the sentence every preview repeats.
    func batchState(_ batch: Batch, counts: BatchCounts, zone: TimeZone, brief: Bool = false) -> String {
        let full = batchStateText(batch, counts: counts, zone: zone)
        // The list keeps the first sentence: the second repeats every preview's reassurance or
        // points "below", to rows the list does not show.
        guard brief, let end = full.range(of: ". ") else { return full }
        return String(full[..<end.lowerBound]) + "."
    }

    private func batchStateText(_ batch: Batch, counts: BatchCounts, zone: TimeZone) -> String {
        let parts = batchSummary(counts, state: batch.state, putsBack: batch.kind.putsBack)
        let schedule = batch.schedule
        let failed = counts[.failed] > 0
        // A finished batch that changed nothing is not "Finished" as a success reads.
        let changedNothing = counts[.done] == 0
        switch language {
        case .en:
            switch batch.state {
            case .preview where counts.pending == 0: return "Preview: nothing can be applied (\(parts))."
            case .preview: return "Preview: \(parts). Nothing has changed yet."
            case .scheduled: return "Scheduled: \(parts). Nothing has changed yet."
            case .running: return "Applying: \(parts)."
            case .finished where !counts.isSettled: return "Applying: \(parts)."
            case .finished:
                if let revert = schedule?.revertID, let endsAt = schedule?.endsAt {
                    return "Ended \(scheduleShortTime(endsAt, zone: zone)): \(parts), then put back by batch \(revert)."
                }
                if let endsAt = schedule?.endsAt { return "In effect until \(scheduleShortTime(endsAt, zone: zone)): \(parts)." }
                if changedNothing { return failed ? "Not applied: \(parts)." : "Finished, nothing changed: \(parts)." }
                return failed ? "Finished with problems: \(parts)." : "Finished: \(parts)."
            case .missed: return "Missed: nothing was changed."
            case .discarded: return "Discarded: nothing was changed."
            }
        case .ko:
            switch batch.state {
            case .preview where counts.pending == 0: return "미리 보기: 적용할 상품이 없습니다(\(parts))."
            case .preview: return "미리 보기: \(parts). 아직 오픈마켓에 반영하지 않았습니다."
            case .scheduled: return "예약됨: \(parts). 아직 오픈마켓에 반영하지 않았습니다."
            case .running: return "적용 중: \(parts)."
            case .finished where !counts.isSettled: return "적용 중: \(parts)."
            case .finished:
                if let revert = schedule?.revertID, let endsAt = schedule?.endsAt {
                    return "종료(\(scheduleShortTime(endsAt, zone: zone))): \(parts). 종료 시각에 일괄 작업 \(revert)에서 이전 값으로 되돌렸습니다."
                }
                if let endsAt = schedule?.endsAt { return "진행 중(\(scheduleShortTime(endsAt, zone: zone))까지): \(parts)." }
                if changedNothing {
                    return failed ? "적용하지 못함: \(parts). 실패한 이유를 아래에서 확인해 주세요." : "끝남(적용된 상품 없음): \(parts)."
                }
                return failed ? "완료: \(parts). 실패한 이유는 아래에서 확인해 주세요." : "완료: \(parts)."
            case .missed: return "실행 안 됨(예약 시각 지남): 아무것도 반영하지 않았습니다."
            case .discarded: return "취소한 미리 보기: 아무것도 반영하지 않았습니다."
            }
        }
    }

    /// "2 products changed, 1 failed" / "적용 2건, 실패 1건": each status there is, in the
    /// words its rows use; done rows by what they did (changed, added, deleted, or put back by
    /// an undo).
    private func batchSummary(_ counts: BatchCounts, state: Batch.State, putsBack: Bool) -> String {
        let waiting = state == .preview || state == .scheduled
        var parts: [(count: Int, en: String, ko: String)] = []
        let doneOther = counts[.done] - counts.doneEdits - counts.doneCreates - counts.doneDeletes
        parts.append(putsBack ? (counts.doneEdits + doneOther, "put back", "되돌림") : (counts.doneEdits + doneOther, "changed", "적용"))
        parts.append((counts.doneCreates, "added", "등록"))
        parts.append((counts.doneDeletes, "deleted", "삭제"))
        if waiting {
            let pendingOther = counts.pending - counts.pendingEdits - counts.pendingCreates - counts.pendingDeletes
            parts.append((counts.pendingEdits + pendingOther, "to change", "적용 예정"))
            parts.append((counts.pendingCreates, "to add", "등록 예정"))
            parts.append((counts.pendingDeletes, "to delete", "삭제 예정"))
        } else {
            parts.append((counts.pending, "waiting", "대기"))
        }
        parts.append((counts.checking, "being checked with the Open Market", "확인 중"))
        parts.append((counts[.failed], "failed", "실패"))
        parts.append((counts[.unknown], "to check", "확인 필요"))
        parts.append((counts[.skipped], "skipped", "건너뜀"))
        parts.append((counts[.unchanged], "unchanged", "변경 없음"))
        // "Left out" only beside products that are applied; alone, the state says it.
        let leftOut = waiting && counts.pending > 0
        parts.append(leftOut ? (counts[.invalid], "with problems (left out)", "오류(적용 안 함)") : (counts[.invalid], "with problems", "오류"))
        parts.append((counts[.notSent], "not applied", "반영 안 됨"))
        let shown = parts.filter { $0.count > 0 }
        guard !shown.isEmpty else {
            switch language {
            case .en: return "no products"
            case .ko: return "상품 없음"
            }
        }
        return shown.enumerated().map { index, part in
            let n = NumberText.grouped(part.count)
            switch language {
            case .en: return index == 0 ? "\(part.count == 1 ? "1 product" : "\(n) products") \(part.en)" : "\(n) \(part.en)"
            case .ko: return "\(part.ko) \(n)건"
            }
        }.joined(separator: ", ")
    }

    /// A filter link, named as its rows' status reads: "All (12)", "Changed (10)", "Failed (2)".
    func statusFilter(_ status: BatchRow.Status?, count: Int, state: Batch.State, counts: BatchCounts, putsBack: Bool = false) -> String {
        let n = NumberText.grouped(count)
        guard let status else {
            switch language {
            case .en: return "All (\(n))"
            case .ko: return "전체(\(n))"
            }
        }
        let name = statusName(status, state: state, counts: counts, putsBack: putsBack)
        switch language {
        case .en: return "\(name) (\(n))"
        case .ko: return "\(name)(\(n))"
        }
    }

    /// A status as its filter names it: the row's own word where every row of it does one
    /// thing ("Deleted"), a word for all where they differ ("Done").
    private func statusName(_ status: BatchRow.Status, state: Batch.State, counts: BatchCounts, putsBack: Bool) -> String {
        let waiting = state == .preview || state == .scheduled
        if status == .notSent, let word = notSentWord(state) { return word }
        switch (language, status) {
        case (.en, .done) where putsBack: return "Put back"
        case (.ko, .done) where putsBack: return "되돌림"
        case (_, .pending) where waiting:
            if counts.pendingDeletes == counts.pending { return rowStatusWord(.pending, operation: .delete) }
            if counts.pendingCreates == counts.pending { return rowStatusWord(.pending, operation: .create) }
            if counts.pendingDeletes + counts.pendingCreates == 0 { return rowStatusWord(.pending, operation: .edit) }
            return rowStatusWord(.pending, operation: .edit)
        case (.en, .pending): return "Waiting"
        case (.ko, .pending): return "대기 중"
        case (_, .done):
            let done = counts[.done]
            if counts.doneDeletes == done { return rowStatusWord(.done, operation: .delete) }
            if counts.doneCreates == done { return rowStatusWord(.done, operation: .create) }
            if counts.doneDeletes + counts.doneCreates == 0 { return rowStatusWord(.done, operation: .edit) }
            switch language {
            case .en: return "Done"
            case .ko: return "처리됨"
            }
        case (.en, .skipped): return "Skipped"
        case (.ko, .skipped): return "건너뜀"
        case (.en, .checking): return "Checking"
        case (.ko, .checking): return "확인 중"
        default: return rowStatusWord(status, operation: .edit)
        }
    }

    /// A row's status as its cell says it: what it will do, did, or why not. `putBack`: the
    /// batch's undo or window end has put this row's change back since.
    func rowStatus(_ row: BatchRow, state: Batch.State, undoing: Int?, putBack: Bool = false) -> String {
        if row.status == .notSent, let word = notSentWord(state) { return word }
        switch (language, row.status) {
        case (_, .done) where putBack && row.operation == .edit:
            switch language {
            case .en: return "Changed, then put back"
            case .ko: return "적용 후 되돌림"
            }
        case (_, .pending) where state == .preview || state == .scheduled: return rowStatusWord(.pending, operation: row.operation)
        // Not sent because the whole batch was not: its row says why, as the batch's state does.
        case (.en, .pending): return "Waiting"
        case (.ko, .pending): return "대기 중"
        case (_, .done) where undoing != nil && row.operation == .edit:
            switch language {
            case .en: return "Put back"
            case .ko: return "되돌림"
            }
        case (_, .skipped):
            switch (language, row.skipCode, undoing) {
            case (.en, .deleted?, _): return "Skipped: deleted"
            case (.ko, .deleted?, _): return "건너뜀: 삭제된 상품"
            case (.en, _, nil): return "Skipped: changed elsewhere"
            case (.ko, _, nil): return "건너뜀: 다른 곳에서 수정됨"
            case (.en, _, let batch?): return "Not put back: changed after batch \(batch)"
            case (.ko, _, let batch?): return "되돌리지 않음: 일괄 작업 \(batch) 적용 뒤 수정됨"
            }
        default: return rowStatusWord(row.status, operation: row.operation)
        }
    }

    /// A row not sent because its whole batch was not, in the batch's words: discarded or
    /// missed; nil for another state.
    private func notSentWord(_ state: Batch.State) -> String? {
        switch (language, state) {
        case (.en, .discarded): "Discarded"
        case (.en, .missed): "Missed"
        case (.ko, .discarded): "취소됨"
        case (.ko, .missed): "실행 안 됨"
        default: nil
        }
    }

    /// The word of a status for a row doing `operation`: "Will be deleted", "Added".
    private func rowStatusWord(_ status: BatchRow.Status, operation: BatchRow.Operation) -> String {
        switch (language, status, operation) {
        case (.en, .pending, .create): "Will be added"
        case (.en, .pending, .delete): "Will be deleted"
        case (.en, .pending, _): "Will change"
        case (.ko, .pending, .create): "등록 예정"
        case (.ko, .pending, .delete): "삭제 예정"
        case (.ko, .pending, _): "적용 예정"
        case (.en, .done, .create): "Added"
        case (.en, .done, .delete): "Deleted"
        case (.en, .done, _): "Changed"
        case (.ko, .done, .create): "등록됨"
        case (.ko, .done, .delete): "삭제됨"
        case (.ko, .done, _): "적용됨"
        case (.en, .unchanged, _): "No change"
        case (.ko, .unchanged, _): "변경 없음"
        case (.en, .invalid, _): "Has problems"
        case (.ko, .invalid, _): "오류"
        case (.en, .failed, _): "Failed"
        case (.ko, .failed, _): "실패"
        case (.en, .skipped, _): "Skipped"
        case (.ko, .skipped, _): "건너뜀"
        case (.en, .checking, _): "Checking with the Open Market"
        case (.ko, .checking, _): "오픈마켓에서 확인하는 중"
        case (.en, .unknown, _): "Check these products"
        case (.ko, .unknown, _): "상품을 확인해 주세요"
        case (.en, .notSent, _): "Not applied"
        case (.ko, .notSent, _): "반영 안 됨"
        }
    }

    func rowOperation(_ operation: BatchRow.Operation) -> String? {
        switch (language, operation) {
        case (.en, .create): "New product"
        case (.en, .delete): "Delete"
        case (.ko, .create): "새 상품"
        case (.ko, .delete): "삭제"
        case (_, .edit), (_, .none): nil
        }
    }

    /// Why a row was not done, and what to do; the market's own words, when it gave some, come
    /// beside this. `undoing`: the batch an undo row puts back; `retry`: the Retry button's
    /// label as the page shows it, nil when the page offers none (then the way on is a new
    /// preview).
    func rowFailure(_ code: WriteError.Code, undoing: Int?, retry: String? = nil) -> String {
        let again: String
        switch (language, retry) {
        case (.en, let label?): again = "select \(label)"
        case (.en, nil): again = "make a new preview if you still want this change"
        case (.ko, let label?): again = "[\(label)]를 눌러 주세요"
        case (.ko, nil): again = "필요하면 미리 보기를 새로 만들어 주세요"
        }
        switch (language, code) {
        case (.en, .refused): return "The Open Market refused the change. Check the product's values, then \(again)."
        case (.en, .notFound):
            return "This product was deleted after the preview, so nothing was changed. If that was a mistake, restore it from the recycle bin, "
                + "then make a new preview."
        case (.en, .unauthorized):
            return "The Open Market did not accept this dashboard's seller credentials. Start the dashboard with the right --identifier and "
                + "--secret, then \(again)."
        case (.en, .invalid): return "The Open Market did not accept the values, so retrying would fail again. Open the product and correct them there."
        case (.en, .unreachable): return "The Open Market did not answer, so nothing was changed. When it is back, \(again)."
        case (.en, .unknown):
            return "The Open Market's answer was lost, and it now holds more than one product that may be this one. Open them, keep one and delete the others."
        case (.en, .notApplied): return "The Open Market's answer was lost, and a check afterwards showed the change was not made. To apply it, \(again)."
        case (.en, .stopping): return "Not changed: the dashboard was stopping. The change is applied when the batch goes on."
        case (.en, .changedElsewhere) where undoing != nil:
            return "Not put back: the product changed after batch \(undoing ?? 0) set it. Edit the product if you still want the old values."
        case (.en, .changedElsewhere):
            return "The product changed on the Open Market after the preview, so this change was left out. Make a new preview if you still want it."
        case (.en, .journalUnavailable):
            return "Not changed: the dashboard could not record it in its history. The dashboard's log says why; once that is fixed, \(again)."
        case (.en, .imagesNotKept): return "Not deleted: its images could not be kept in the recycle bin. When its images load, \(again)."
        case (.ko, .refused): return "오픈마켓이 변경을 거절했습니다. 상품의 값을 확인한 뒤 \(again)."
        case (.ko, .notFound): return "미리 보기를 만든 뒤 삭제된 상품이라 반영하지 않았습니다. 실수로 삭제했다면 휴지통에서 다시 등록한 뒤 미리 보기를 새로 만들어 주세요."
        case (.ko, .unauthorized):
            return "오픈마켓이 판매자 인증 정보를 받아들이지 않았습니다. 올바른 --identifier, --secret으로 대시보드를 다시 실행한 뒤 \(again)."
        case (.ko, .invalid): return "오픈마켓이 값을 받아들이지 않아 다시 시도해도 실패합니다. 상품을 열어 값을 고쳐 주세요."
        case (.ko, .unreachable): return "오픈마켓이 응답하지 않아 아무것도 반영하지 않았습니다. 잠시 후 \(again)."
        case (.ko, .unknown): return "오픈마켓의 응답을 받지 못했고, 이 상품일 수 있는 상품이 여러 개 있습니다. 상품을 열어 하나만 남기고 나머지는 삭제해 주세요."
        case (.ko, .notApplied): return "오픈마켓의 응답을 받지 못해 나중에 확인했더니 반영되지 않았습니다. 반영하려면 \(again)."
        case (.ko, .stopping): return "대시보드가 멈추는 중이어서 반영하지 않았습니다. 일괄 작업이 이어지면 반영합니다."
        case (.ko, .changedElsewhere) where undoing != nil:
            return "되돌리지 않았습니다. 일괄 작업 \(undoing ?? 0) 적용 뒤에 상품이 수정되었습니다. 이전 값이 필요하면 상품을 직접 수정해 주세요."
        case (.ko, .changedElsewhere): return "미리 보기를 만든 뒤 오픈마켓에서 상품이 수정되어 이 변경은 반영하지 않았습니다. 필요하면 미리 보기를 새로 만들어 주세요."
        case (.ko, .journalUnavailable): return "작업 기록에 남길 수 없어 반영하지 않았습니다. 대시보드 로그에서 이유를 확인해 고친 뒤 \(again)."
        case (.ko, .imagesNotKept): return "삭제하지 않았습니다. 휴지통에 이미지를 보관할 수 없었습니다. 이미지가 다시 보이면 \(again)."
        }
    }

    /// Beside a field of a row that was not changed, though its arrow is shown: it was left
    /// alone (changed elsewhere), or, in an undo, not put back.
    func fieldNotChanged(undoing: Bool) -> String {
        switch (language, undoing) {
        case (.en, false): "not changed"
        case (.en, true): "not put back"
        case (.ko, false): "반영 안 됨"
        case (.ko, true): "되돌리지 않음"
        }
    }

    /// A stock figure in a batch's row: "7" / "7개".
    func stockAmount(_ count: Int) -> String {
        switch language {
        case .en: NumberText.grouped(count)
        case .ko: "\(NumberText.grouped(count))개"
        }
    }

    func fieldLabel(_ field: ProductField) -> String {
        switch field {
        case .name: self[.nameLabel]
        case .description: self[.descriptionLabel]
        case .price: self[.priceLabel]
        case .discountedPrice: self[.discountLabel]
        case .stock: self[.stockLabel]
        case .currency: self[.currencyLabel]
        case .images: self[.imagesLegend]
        case .thumbnailID: self[.thumbnail]
        }
    }

    var unnamedRow: String {
        switch language {
        case .en: "(no name)"
        case .ko: "(이름 없음)"
        }
    }


    func fileRow(_ line: Int) -> String {
        switch language {
        case .en: "Line \(line) of the file"
        case .ko: "파일의 \(line)번째 줄"
        }
    }

    /// The apply button: "Delete 1,000 products" / "상품 1,000개 삭제" when it only deletes.
    func applyLabel(_ counts: BatchCounts) -> String {
        let n = NumberText.grouped(counts.pending)
        let one = counts.pending == 1
        return switch (language, counts.pendingDeletes == counts.pending, counts.pendingCreates == counts.pending) {
        case (.en, true, _): one ? "Delete 1 product" : "Delete \(n) products"
        case (.en, false, true): one ? "Add 1 product" : "Add \(n) products"
        case (.en, false, false): one ? "Apply to 1 product" : "Apply to \(n) products"
        case (.ko, true, _): "상품 \(n)개 삭제"
        case (.ko, false, true): "상품 \(n)개 등록"
        case (.ko, false, false): "상품 \(n)개에 적용"
        }
    }

    /// Beside a preview's apply button: what applying does, and what happens to the products
    /// with problems (`leftOut`).
    func applyHint(leftOut: Int) -> String {
        let n = NumberText.grouped(leftOut)
        switch (language, leftOut) {
        case (.en, 0): return "When you apply, any product that has changed since this preview is skipped."
        case (.en, _):
            return "When you apply, any product that has changed since this preview is skipped, and "
                + (leftOut == 1 ? "the product with a problem is left out." : "the \(n) products with problems are left out.")
        case (.ko, 0): return "미리 보기를 만든 뒤 다른 곳에서 수정된 상품은 적용할 때 건너뜁니다."
        case (.ko, _): return "미리 보기를 만든 뒤 다른 곳에서 수정된 상품은 적용할 때 건너뛰고, 오류가 있는 상품 \(n)개는 적용하지 않습니다."
        }
    }

    /// Beside the apply button of a batch that deletes.
    func deleteWarning(_ count: Int, binDays: Int) -> String {
        let n = NumberText.grouped(count)
        switch language {
        case .en:
            return (count == 1 ? "This deletes 1 product from the Open Market, with its images." : "This deletes \(n) products from the Open Market, with their images.")
                + " Deleted products stay in the recycle bin for \(binDays) days."
        case .ko: return "상품 \(n)개와 이미지를 오픈마켓에서 삭제합니다. 삭제한 상품은 휴지통에 \(binDays)일 동안 보관됩니다."
        }
    }

    /// A preview with nothing to apply: why, and the way on.
    func nothingToApply(kind: Batch.Kind) -> String {
        switch (language, kind) {
        case (.en, .import): "Fix the lines below in your file, then import it again."
        case (.en, _): "Make a new preview from the list if you still want a change."
        case (.ko, .import): "아래 줄을 파일에서 고친 뒤 다시 가져와 주세요."
        case (.ko, _): "변경이 필요하면 목록에서 미리 보기를 새로 만들어 주세요."
        }
    }

    /// The retry button: only for the rows a retry can carry out.
    func retryLabel(_ count: Int) -> String {
        let n = NumberText.grouped(count)
        return switch language {
        case .en: count == 1 ? "Retry the failed product" : "Retry the \(n) failed products"
        case .ko: "실패한 \(n)건 다시 시도"
        }
    }

    func undoLabel(_ count: Int) -> String {
        let n = NumberText.grouped(count)
        return switch language {
        case .en: count == 1 ? "Undo the change to 1 product" : "Undo the changes to \(n) products"
        case .ko: "상품 \(n)개 변경 되돌리기"
        }
    }

    /// Under a finished batch: what Undo does (when it is offered) and how to bring back what
    /// it cannot: deleted products from the bin, added ones by deleting them.
    func undoNotes(_ counts: BatchCounts, offered: Bool, binDays: Int) -> [String] {
        var notes: [String] = []
        switch language {
        case .en:
            if offered { notes.append("Undo shows a preview first, then puts the old values back.") }
            if counts.doneDeletes > 0 {
                notes.append("Deleted products can't be brought back by an undo: restore them from the recycle bin within \(binDays) days.")
            }
            if counts.doneCreates > 0 { notes.append("Products that were added are not removed by an undo: delete them from their own pages.") }
        case .ko:
            if offered { notes.append("되돌리기는 먼저 미리 보기를 보여 드린 뒤 이전 값으로 되돌립니다.") }
            if counts.doneDeletes > 0 { notes.append("삭제한 상품은 여기서 되돌릴 수 없습니다. 되돌리려면 \(binDays)일 안에 휴지통에서 다시 등록해 주세요.") }
            if counts.doneCreates > 0 { notes.append("등록한 상품은 되돌리기로 삭제되지 않습니다. 필요하면 상품 페이지에서 삭제해 주세요.") }
        }
        return notes
    }

    /// On a batch an applied undo put back, instead of its Undo button.
    /// `putBack` of `of` products: an undo that put back only some ("Partly undone by batch 4
    /// (3 of 4 products put back)").
    func undoneBy(_ batchID: Int, putBack: Int? = nil, of total: Int? = nil) -> String {
        switch (language, putBack, total) {
        case (.en, let back?, let total?) where back < total:
            "Partly undone by batch \(batchID) (\(NumberText.grouped(back)) of \(NumberText.grouped(total)) products put back)"
        case (.ko, let back?, let total?) where back < total:
            "일괄 작업 \(batchID)에서 일부 되돌렸습니다(상품 \(NumberText.grouped(total))개 중 \(NumberText.grouped(back))개)"
        case (.en, _, _): "Undone by batch \(batchID)"
        case (.ko, _, _): "일괄 작업 \(batchID)에서 되돌렸습니다"
        }
    }

    /// On a batch whose undo waits as a preview, instead of a second Undo button.
    func undoWaiting(_ batchID: Int) -> String {
        switch language {
        case .en: "Its undo (batch \(batchID)) is a preview waiting to be applied"
        case .ko: "되돌리기 미리 보기(일괄 작업 \(batchID))가 적용을 기다리고 있습니다"
        }
    }

    /// A missed batch's button: the same changes, previewed again.
    var againLabel: String {
        switch language {
        case .en: "Make a new preview of these changes"
        case .ko: "이 변경 내용으로 새 미리 보기 만들기"
        }
    }

    var againHint: String {
        switch language {
        case .en: "The new preview reads each product as it is now. Nothing changes until you apply it or schedule it again."
        case .ko: "새 미리 보기는 상품의 지금 값으로 다시 만듭니다. 적용하거나 다시 예약하기 전에는 아무것도 반영하지 않습니다."
        }
    }

    /// A missed import, which is imported anew (its images went with it).
    var againImport: String {
        switch language {
        case .en: "Import the file again to make a new preview"
        case .ko: "파일을 다시 가져와 새 미리 보기 만들기"
        }
    }

    /// The progress bar's label while applying: "10 of 12 products handled" / "12건 중 10건 처리".
    func batchProgress(done: Int, of total: Int) -> String {
        let (d, t) = (NumberText.grouped(done), NumberText.grouped(total))
        return switch language {
        case .en: total == 1 ? "\(d) of 1 product handled" : "\(d) of \(t) products handled"
        case .ko: "\(t)건 중 \(d)건 처리"
        }
    }

    func batchRowsEmpty(filtered: Bool) -> String {
        switch language {
        case .en: filtered ? "No product has this status." : "This batch has no products."
        case .ko: filtered ? "이 상태의 상품이 없습니다." : "이 일괄 작업에는 상품이 없습니다."
        }
    }

    /// The table's caption: "12 products" / "12 products, page 2 of 3".
    func batchRowsCaption(shown: Int, page: Int, lastPage: Int) -> String {
        let n = NumberText.grouped(shown)
        switch language {
        case .en:
            let rows = shown == 1 ? "1 product" : "\(n) products"
            return lastPage > 1 ? "\(rows), page \(page) of \(lastPage)" : rows
        case .ko:
            return lastPage > 1 ? "상품 \(n)개, \(lastPage)페이지 중 \(page)페이지" : "상품 \(n)개"
        }
    }

    func batchesKept(days: Int) -> String {
        switch language {
        case .en: "Batches are kept for \(days) days."
        case .ko: "일괄 작업 기록은 \(days)일 동안 보관합니다."
        }
    }

    enum BatchFlash {
        /// A batch page whose token did not match (it comes back with a fresh one).
        case stale
        /// The list's bulk form from before the dashboard restarted.
        case listFromBeforeRestart
        /// The list's bulk form from a browser that did not say it came from the list.
        case listUnproven
        case discarded, nothingToRetry, nothingToUndo
        /// A new preview of a batch that missed its time (`again`).
        case madeAgain(from: Int)
        /// Retry pressed: how many failed products were tried again, and when (a clock time).
        case retried(Int, at: String)
    }

    func batchFlash(_ flash: BatchFlash) -> String {
        switch (language, flash) {
        case (.en, .stale): "\(staleCause). Nothing was done: select the button again."
        case (.en, .listFromBeforeRestart):
            "This list was opened before the dashboard restarted, so no preview was made. Select the products again on the list below, then select Preview the change."
        case (.en, .listUnproven):
            "Your browser did not say that the form came from this list, so for your safety no preview was made. A privacy setting or extension "
                + "that hides where a form comes from may do this: turn it off for this dashboard's address, then select Preview the change again."
        case (.en, .discarded): "The preview was discarded. Nothing was changed on the Open Market."
        case (.en, .nothingToRetry): "No failed product can be retried, so nothing was sent."
        case (.en, .nothingToUndo): "No product was changed by this batch, so there is nothing to undo."
        case (.en, .retried(let count, let at)):
            count == 1
                ? "The failed product was tried again at \(at): see below how it went."
                : "The \(NumberText.grouped(count)) failed products were tried again at \(at): see below how each went."
        case (.ko, .retried(let count, let at)): "실패한 \(NumberText.grouped(count))건을 \(at)에 다시 시도했습니다. 결과는 아래 각 상품에서 확인해 주세요."
        case (.en, .madeAgain(let id)): "This is a new preview of batch \(id)'s changes, made from the products as they are now. Nothing has changed yet."
        case (.ko, .stale): "\(staleCause). 아무것도 하지 않았으니 버튼을 다시 눌러 주세요."
        case (.ko, .listFromBeforeRestart):
            "대시보드가 다시 시작되기 전에 연 목록이어서 미리 보기를 만들지 않았습니다. 아래 목록에서 상품을 다시 선택한 뒤 [변경 내용 미리 보기]를 눌러 주세요."
        case (.ko, .listUnproven):
            "브라우저가 이 목록에서 보냈다는 정보를 알려 주지 않아 안전을 위해 미리 보기를 만들지 않았습니다. 보낸 곳을 숨기는 개인 정보 보호 설정이나 "
                + "확장 프로그램 때문일 수 있습니다. 이 대시보드 주소에서는 그 기능을 끈 뒤 [변경 내용 미리 보기]를 다시 눌러 주세요."
        case (.ko, .discarded): "미리 보기를 취소했습니다. 오픈마켓에는 아무것도 반영하지 않았습니다."
        case (.ko, .nothingToRetry): "다시 시도할 수 있는 실패한 상품이 없습니다. 아무것도 반영하지 않았습니다."
        case (.ko, .nothingToUndo): "이 일괄 작업으로 수정된 상품이 없어 되돌릴 것이 없습니다."
        case (.ko, .madeAgain(let id)): "일괄 작업 \(id)의 변경 내용으로 새 미리 보기를 만들었습니다. 상품의 지금 값으로 만들었고, 아직 오픈마켓에 반영하지 않았습니다."
        }
    }

    /// 409: a button pressed on a page drawn before the batch changed (`drawn`: the state the
    /// page showed). Nothing was done, and nothing was done to any other batch.
    func batchChanged(_ batch: Batch, drawn: Batch.State?) -> ErrorText {
        let id = batch.id
        switch (language, batch.state) {
        case (.en, .discarded):
            return ErrorText(
                heading: "This preview was discarded",
                message: "Batch \(id) was discarded (perhaps in another tab), so nothing was done. To make this change, select the products on the list again and preview it.")
        case (.en, .running) where drawn == .preview || drawn == .scheduled, (.en, .finished) where drawn == .preview || drawn == .scheduled:
            return ErrorText(heading: "This batch was already applied", message: "Batch \(id) was applied after this page was opened, so nothing more was done. Open it to see where it stands.")
        case (.en, .missed):
            return ErrorText(heading: "This batch missed its time", message: "Batch \(id) missed its time after this page was opened, so nothing was done. Open it to make a new preview.")
        case (.en, _):
            return ErrorText(heading: "This batch changed since the page was opened", message: "Batch \(id) changed after this page was opened, so nothing was done. Open it again to see where it stands.")
        case (.ko, .discarded):
            return ErrorText(heading: "취소한 미리 보기입니다", message: "일괄 작업 \(id)의 미리 보기는 이미 취소되어 적용하지 않았습니다. 목록에서 상품을 다시 선택해 미리 보기를 새로 만들어 주세요.")
        case (.ko, .running) where drawn == .preview || drawn == .scheduled, (.ko, .finished) where drawn == .preview || drawn == .scheduled:
            return ErrorText(heading: "이미 적용한 일괄 작업입니다", message: "이 화면을 연 뒤에 일괄 작업 \(id)의 적용을 시작해서 더 이상 아무것도 하지 않았습니다. 일괄 작업을 열어 상태를 확인해 주세요.")
        case (.ko, .missed):
            return ErrorText(heading: "예약 시각을 놓친 일괄 작업입니다", message: "이 화면을 연 뒤에 일괄 작업 \(id)의 예약 시각이 지나 아무것도 하지 않았습니다. 일괄 작업을 열어 새 미리 보기를 만들어 주세요.")
        case (.ko, _):
            return ErrorText(heading: "일괄 작업의 상태가 달라졌습니다", message: "이 화면을 연 뒤에 일괄 작업 \(id)의 상태가 달라져 아무것도 하지 않았습니다. 일괄 작업을 다시 열어 확인해 주세요.")
        }
    }

    /// 409: Undo of a batch that `other` put back already (an applied undo, or its window's
    /// end).
    func alreadyUndone(_ id: Int, by other: Int) -> ErrorText {
        switch language {
        case .en: ErrorText(heading: "This batch was already put back", message: "Batch \(other) already put back what batch \(id) changed, so nothing was done. Open batch \(other) to see what it put back.")
        case .ko: ErrorText(heading: "이미 되돌린 일괄 작업입니다", message: "일괄 작업 \(other)에서 이미 되돌려 아무것도 하지 않았습니다. 일괄 작업 \(other)에서 되돌린 내용을 확인해 주세요.")
        }
    }

    /// The link on a `batchChanged` page to the batch as it is now.
    func openBatch(_ id: Int) -> String {
        switch language {
        case .en: "Open batch \(id)"
        case .ko: "일괄 작업 \(id) 열기"
        }
    }

    func batchNotFound(keptDays days: Int) -> ErrorText {
        switch language {
        case .en: ErrorText(heading: "Batch not found",
            message: "There is no batch at this address. Batches are kept for \(days) days: find the one you want in the list of batches.")
        case .ko: ErrorText(heading: "일괄 작업을 찾을 수 없습니다",
            message: "이 주소의 일괄 작업을 찾을 수 없습니다. 일괄 작업은 \(days)일 동안 보관합니다. 일괄 작업 목록에서 찾아 주세요.")
        }
    }

    /// The way back from a batch's page that is not there.
    var backToBatches: String {
        switch language {
        case .en: "All batches"
        case .ko: "모든 일괄 작업"
        }
    }

    var batchStorageFailed: ErrorText {
        switch language {
        case .en: ErrorText(heading: "The batch could not be stored", message: "The dashboard could not use its database, so nothing was changed on the Open Market. Try again; if it happens again, the dashboard's log says why.")
        case .ko: ErrorText(heading: "일괄 작업을 저장하지 못했습니다", message: "대시보드의 데이터베이스를 쓸 수 없어 오픈마켓에는 아무것도 반영하지 않았습니다. 다시 시도해 주세요. 다시 일어나면 대시보드 로그에서 이유를 확인할 수 있습니다.")
        }
    }

    /// A batch's note, problem or warning, as the batch's page shows it.
    /// `applied`: the batch was applied (a row's problem says what was left out, not what will be).
    func note(_ note: BatchNote, applied: Bool = false) -> String {
        switch note.code {
        case .field(let problem): message(problem)
        case .row(let problem): batchProblem(problem, applied: applied)
        case .warning(let warning): batchWarning(warning)
        case .columns(let columns): importNote(columns)
        case .sentence(let en, let ko):
            switch language {
            case .en: en
            case .ko: ko
            }
        }
    }

    // MARK: The list's selection

    /// Labels of the bulk form's actions, in the words of the batch's title (`actionText`).
    func bulkActionLabel(_ kind: BatchAction.Kind) -> String {
        switch (language, kind) {
        case (.en, .priceSet): "Set price"
        case (.en, .priceAdjust): "Raise or lower price (+/−)"
        case (.en, .discountSet): "Set discount (0 removes it)"
        case (.en, .stockSet): "Set stock"
        case (.en, .stockAdjust): "Add to or take from stock (+/−)"
        case (.en, .delete): "Delete"
        case (.ko, .priceSet): "판매가 설정"
        case (.ko, .priceAdjust): "판매가 인상·인하(+/−)"
        case (.ko, .discountSet): "할인 금액 설정(0이면 할인 없음)"
        case (.ko, .stockSet): "재고 설정"
        case (.ko, .stockAdjust): "재고 추가·차감(+/−)"
        case (.ko, .delete): "삭제"
        }
    }

    /// The hidden label of a product's checkbox: "Select Kettle" / "Kettle 선택".
    func selectProduct(_ name: String) -> String {
        switch language {
        case .en: "Select “\(BidiText.isolated(name))”"
        case .ko: "“\(BidiText.isolated(name))” 선택"
        }
    }
}
