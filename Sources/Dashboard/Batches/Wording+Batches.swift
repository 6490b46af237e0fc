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
        case (.en, .cutTooDeep): "A price cannot be lowered by 100% or more."
        case (.en, .nothingSelected): "Select at least one of your products, or choose “all my products matching this list”."
        case (.en, .tooMany(let limit)): "One batch changes at most \(OverviewPage.grouped(limit)) products; narrow the search or filters."
        case (.ko, .noAction): "수정할 내용을 선택해 주세요."
        case (.ko, .notANumber): "값은 1000, 12.50, -10처럼 숫자로 입력해 주세요."
        case (.ko, .negative): "이 수정에는 0 이상의 값을 입력해 주세요."
        case (.ko, .stockWhole): "재고는 정수로 입력해 주세요."
        case (.ko, .percentOver100): "할인 금액은 판매가의 100%를 넘을 수 없습니다."
        case (.ko, .cutTooDeep): "판매가를 100% 미만으로 낮춰 주세요."
        case (.ko, .nothingSelected): "내 상품을 하나 이상 선택하거나 “이 목록의 검색과 필터에 맞는 내 상품 전체”를 선택해 주세요."
        case (.ko, .tooMany(let limit)): "일괄 작업 하나로는 상품을 최대 \(OverviewPage.grouped(limit))개까지 수정할 수 있습니다. 검색이나 필터를 좁혀 주세요."
        }
    }

    var bulkProblemHeading: String {
        switch language {
        case .en: "The change could not be prepared"
        case .ko: "변경 내용을 준비하지 못했습니다"
        }
    }

    // MARK: Rows: problems and warnings


    /// Why a row of a batch is refused, and what becomes of it or what to do.
    func batchProblem(_ problem: BatchProblem) -> String {
        switch (language, problem) {
        case (.en, .notFound(let id)): "There is no product \(id) on the market (it may have been deleted). It is left out when you apply."
        case (.en, .notOwn): "This is another vendor's product, and only your own products can be changed here. It is left out when you apply."
        case (.en, .badID(let text)):
            "“\(text)” is not a product number. Correct it in the file, or leave it empty to add a new product, then import again."
        case (.en, .tooManyImages(let count)): "A product has at most 5 images, and this line of the file names \(count). Name fewer, then import again."
        case (.en, .imageNotUploaded(let name)): "“\(name)” is not among the images you chose. Choose it with the other images, then import again."
        case (.ko, .notFound): "오픈마켓에 이 번호의 상품이 없습니다(삭제되었을 수 있습니다). 적용할 때 이 상품은 건너뜁니다."
        case (.ko, .notOwn): "다른 판매자의 상품입니다. 여기서는 내 상품만 수정할 수 있어 적용할 때 건너뜁니다."
        case (.ko, .badID(let text)):
            "상품 번호 칸에 쓴 “\(text)” 값은 상품 번호가 아닙니다. 파일에서 번호를 고치거나, 새 상품을 등록하려면 칸을 비운 뒤 다시 가져와 주세요."
        case (.ko, .tooManyImages(let count)): "상품 이미지는 5장까지입니다. 이 상품에 적은 이미지는 \(count)장이니 줄인 뒤 다시 가져와 주세요."
        case (.ko, .imageNotUploaded(let name)): "선택한 이미지 중에 “\(name)” 파일이 없습니다. 다른 이미지와 함께 선택한 뒤 다시 가져와 주세요."
        }
    }

    func batchWarning(_ warning: BatchWarning) -> String {
        switch (language, warning) {
        case (.en, .priceJump(let percent, let up)): "The price goes \(up ? "up" : "down") by \(percent)%, more than half."
        case (.en, .deepDiscount(let percent)): "The discount is \(percent)% of the price."
        case (.en, .duplicateName): "Another product of yours has this name."
        case (.en, .duplicateInFile(let line)): "Line \(line) of the file gives a product this name too."
        case (.ko, .priceJump(let percent, let up)): "판매가가 \(percent)% \(up ? "오릅니다" : "내립니다"). 절반 넘게 달라지는 수정입니다."
        case (.ko, .deepDiscount(let percent)): "할인 금액이 판매가의 \(percent)%입니다."
        case (.ko, .duplicateName): "같은 이름의 내 상품이 이미 있습니다."
        case (.ko, .duplicateInFile(let line)): "파일의 \(line)번째 줄에도 같은 이름의 상품이 있습니다."
        case (.en, .changedSinceOpened(let now)):
            "Changed elsewhere since the sheet was opened (now \(marketValue(now))), so this field is left as it is."
        case (.ko, .changedSinceOpened(let now)):
            "시트를 연 뒤 다른 곳에서 수정되었습니다(지금 \(marketValue(now))). 이 항목은 반영하지 않습니다."
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
            "\(field) not put back: changed elsewhere after batch \(batch) set it (now \(value)). Edit it by hand if you still want the old value."
        case (.ko, nil):
            "\(field) 항목은 반영하지 않았습니다. 시트를 연 뒤 다른 곳에서 수정되었습니다(지금 \(value)). 필요하면 다시 수정해 주세요."
        case (.ko, let batch?):
            "\(field) 항목은 되돌리지 않았습니다. 일괄 작업 #\(batch) 적용 뒤 다른 곳에서 수정되었습니다(지금 \(value)). 이전 값이 필요하면 직접 수정해 주세요."
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
        case (.en, .import): what = "Import of “\(batch.source)”"
        case (.en, .undo): what = "Undo of batch \(batch.source)"
        case (.en, .sheet): what = "Sheet edits"
        case (.ko, .sheet): what = "시트에서 수정"
        case (.ko, .import): what = "“\(batch.source)” 파일 가져오기"
        case (.ko, .undo): what = "일괄 작업 \(batch.source) 되돌리기"
        }
        switch language {
        case .en: return "Batch \(batch.id) – " + what
        case .ko: return "일괄 작업 \(batch.id): " + what
        }
    }

    /// What a bulk action does, in the words of the bulk form's menu (`bulkActionLabel`):
    /// "Raise price by 10%", "Set stock to 5" / "판매가 10% 인상", "재고 설정(5개)".
    func actionText(_ action: BatchAction) -> String {
        let magnitude = Self.signed(action.value.magnitude, always: false)
        let number = Self.signed(action.value, always: false)
        let percent = action.unit == .percent && action.takesUnit
        let amount = percent ? magnitude + "%" : magnitude
        let value = percent ? number + "%" : number
        let down = action.value < 0
        switch (language, action.kind) {
        case (.en, .priceSet): return "Set price to \(value)"
        case (.en, .priceAdjust): return down ? "Lower price by \(amount)" : "Raise price by \(amount)"
        case (.en, .discountSet) where action.value == 0: return "Remove discount"
        case (.en, .discountSet): return percent ? "Set discount to \(value) of the price" : "Set discount to \(value)"
        case (.en, .stockSet): return "Set stock to \(value)"
        case (.en, .stockAdjust): return down ? "Take \(amount) from stock" : "Add \(amount) to stock"
        case (.en, .delete): return "Delete products"
        case (.ko, .priceSet): return "판매가 설정(\(value))"
        case (.ko, .priceAdjust): return "판매가 \(amount) \(down ? "인하" : "인상")"
        case (.ko, .discountSet) where action.value == 0: return "할인 삭제"
        case (.ko, .discountSet): return percent ? "할인 금액 설정(판매가 대비 \(value))" : "할인 금액 설정(\(value))"
        case (.ko, .stockSet): return "재고 설정(\(value)개)"
        case (.ko, .stockAdjust): return "재고 \(amount)개 \(down ? "차감" : "추가")"
        case (.ko, .delete): return "상품 삭제"
        }
    }

    /// `1,000`, `+10`, `−12.5` (a true minus sign).
    static func signed(_ value: Decimal, always: Bool) -> String {
        let magnitude = PriceText.grouped(value.magnitude, minimumFractionDigits: 0)
        if value < 0 { return "−" + magnitude }
        return always ? "+" + magnitude : magnitude
    }

    /// "Made on 2026-11-25 at 14:02" / "2026-11-25 14:02에 만듦".
    /// `stamp` is a `LocalTime.timestamp`: "Made 2026-11-25 09:30 (KST)".
    func batchMade(_ stamp: String) -> String {
        switch language {
        case .en: "Made \(stamp)"
        case .ko: "만든 시각: \(stamp)"
        }
    }

    /// A batch's state with its counts, in one line: "Finished: 2 products changed, 1
    /// unchanged." / "완료(변경 2건, 변경 없음 1건)", and what to do where there is something.
    func batchState(_ state: Batch.State, counts: BatchCounts) -> String {
        let summary = batchSummary(counts, state: state)
        let failures = counts[.failed] > 0
        switch language {
        case .en:
            let label: String
            let next: String?
            switch state {
            case .preview: (label, next) = ("Preview", "Nothing has changed on the market yet.")
            case .scheduled: (label, next) = ("Scheduled", "Nothing has changed on the market yet.")
            case .running: (label, next) = ("Applying in the background", nil)
            case .finished: (label, next) = ("Finished", failures ? "Retry the failed products below." : nil)
            case .missed: (label, next) = ("Missed its time", "Nothing was changed on the market.")
            }
            return "\(label): \(summary)." + (next.map { " " + $0 } ?? "")
        case .ko:
            let label: String
            let next: String?
            switch state {
            case .preview: (label, next) = ("미리 보기", "아직 오픈마켓에 반영하지 않았습니다.")
            case .scheduled: (label, next) = ("예약됨", "아직 오픈마켓에 반영하지 않았습니다.")
            case .running: (label, next) = ("적용 중", "백그라운드에서 적용하고 있습니다.")
            case .finished: (label, next) = ("완료", failures ? "실패한 상품은 아래에서 다시 시도해 주세요." : nil)
            case .missed: (label, next) = ("예약 시각 놓침", "오픈마켓에 아무것도 반영하지 않았습니다.")
            }
            return "\(label)(\(summary))" + (next.map { ". " + $0 } ?? "")
        }
    }

    /// "2 products changed, 1 unchanged" / "변경 2건, 변경 없음 1건" (only the statuses there are).
    private func batchSummary(_ counts: BatchCounts, state: Batch.State) -> String {
        let parts = Self.summaryOrder.filter { counts[$0] > 0 }.enumerated().map { index, status in
            statusCount(status, count: counts[status], state: state, first: index == 0)
        }
        guard parts.isEmpty else { return parts.joined(separator: ", ") }
        switch language {
        case .en: return "no products"
        case .ko: return "상품 없음"
        }
    }

    /// The statuses as a summary names them: what changed or will first, what did not last.
    private static let summaryOrder: [BatchRow.Status] = {
        let first: [BatchRow.Status] = [.done, .pending, .failed, .checking, .unknown, .skipped, .unchanged, .invalid]
        return first + BatchRow.Status.allCases.filter { !first.contains($0) }
    }()

    /// One status's count; in English the first names what is counted ("2 products changed").
    private func statusCount(_ status: BatchRow.Status, count: Int, state: Batch.State, first: Bool) -> String {
        let n = OverviewPage.grouped(count)
        let counted = first ? (count == 1 ? "1 product" : "\(n) products") : n
        let waiting = state == .preview || state == .scheduled
        switch (language, status) {
        case (.en, .pending): return waiting ? "\(counted) to change" : "\(counted) waiting"
        case (.en, .unchanged): return "\(counted) unchanged"
        case (.en, .invalid): return "\(counted) with problems"
        case (.en, .done): return "\(counted) changed"
        case (.en, .failed): return "\(counted) failed"
        case (.en, .skipped): return "\(counted) skipped"
        case (.en, .checking): return "\(counted) being checked"
        case (.en, .unknown): return "\(counted) to check"
        case (.ko, .pending): return waiting ? "변경 예정 \(n)건" : "대기 \(n)건"
        case (.ko, .unchanged): return "변경 없음 \(n)건"
        case (.ko, .invalid): return "오류 \(n)건"
        case (.ko, .done): return "변경 \(n)건"
        case (.ko, .failed): return "실패 \(n)건"
        case (.ko, .skipped): return "건너뜀 \(n)건"
        case (.ko, .checking): return "확인 중 \(n)건"
        case (.ko, .unknown): return "확인 필요 \(n)건"
        }
    }

    /// A filter link: "All (12)", "Failed (2)".
    func statusFilter(_ status: BatchRow.Status?, count: Int) -> String {
        let n = OverviewPage.grouped(count)
        return switch (language, status) {
        case (.en, nil): "All (\(n))"
        case (.en, let status?): "\(statusName(status)) (\(n))"
        case (.ko, nil): "전체(\(n))"
        case (.ko, let status?): "\(statusName(status))(\(n))"
        }
    }

    func statusName(_ status: BatchRow.Status) -> String {
        switch (language, status) {
        case (.en, .pending): "Pending"
        case (.en, .unchanged): "Unchanged"
        case (.en, .invalid): "With problems"
        case (.en, .done): "Changed"
        case (.en, .failed): "Failed"
        case (.en, .skipped): "Skipped"
        case (.en, .checking): "Checking"
        case (.en, .unknown): "To check"
        case (.ko, .pending): "대기"
        case (.ko, .unchanged): "변경 없음"
        case (.ko, .invalid): "오류"
        case (.ko, .done): "변경"
        case (.ko, .failed): "실패"
        case (.ko, .skipped): "건너뜀"
        case (.ko, .checking): "확인 중"
        case (.ko, .unknown): "확인 필요"
        }
    }

    /// A row's status as its cell says it.
    func rowStatus(_ status: BatchRow.Status, state: Batch.State, operation: BatchRow.Operation) -> String {
        switch (language, status) {
        case (.en, .pending) where state == .preview || state == .scheduled:
            switch operation {
            case .create: return "Will be added"
            case .delete: return "Will be deleted"
            default: return "Will change"
            }
        case (.en, .pending): return "Waiting"
        case (.en, .skipped): return "Skipped: changed elsewhere"
        case (.ko, .pending) where state == .preview || state == .scheduled:
            switch operation {
            case .create: return "등록 예정"
            case .delete: return "삭제 예정"
            default: return "변경 예정"
            }
        case (.ko, .pending): return "대기 중"
        case (.ko, .skipped): return "건너뜀: 다른 곳에서 수정됨"
        case (.en, .checking): return "Checking with the market"
        case (.ko, .checking): return "오픈마켓에서 확인하는 중"
        case (.en, .unknown): return "Check these products"
        case (.ko, .unknown): return "상품을 확인해 주세요"
        case (_, .unchanged), (_, .invalid), (_, .done), (_, .failed): return statusName(status)
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
    /// beside this.
    func rowFailure(_ code: WriteFailure.Code) -> String {
        switch (language, code) {
        case (.en, .refused): "The market refused the change. Check the product's values, then retry."
        case (.en, .notFound): "The product is no longer on the market, so there is nothing to change."
        case (.en, .unauthorized): "The market did not accept this dashboard's vendor credentials. Check --identifier and --secret, then retry."
        case (.en, .invalid): "The market did not accept the values. Open the product and correct them."
        case (.en, .unreachable): "The market did not answer, so nothing was changed. Retry when it is back."
        case (.en, .unknown): "The market's answer was lost, and it now holds more than one product that may be this one. Open them, keep one and delete the others."
        case (.en, .notApplied): "The market's answer was lost, and a check afterwards showed the change was not made. Select Retry to apply it again."
        case (.en, .stopping): "Not changed: the dashboard was stopping. The change is applied when the batch goes on."
        case (.en, .changedElsewhere): "The product changed on the market after the preview, so this change was left out. Make a new preview if you still want it."
        case (.en, .journalUnavailable): "Not changed: the dashboard could not record it in its history. The dashboard's log says why; retry once that is fixed."
        case (.en, .imagesNotKept): "Not deleted: its images could not be kept in the recycle bin. Retry when its images load."
        case (.ko, .refused): "오픈마켓이 변경을 거절했습니다. 상품의 값을 확인한 뒤 다시 시도해 주세요."
        case (.ko, .notFound): "상품이 오픈마켓에 더 이상 없어 반영할 것이 없습니다."
        case (.ko, .unauthorized): "오픈마켓이 판매자 인증 정보를 받아들이지 않았습니다. --identifier, --secret 설정을 확인한 뒤 다시 시도해 주세요."
        case (.ko, .invalid): "오픈마켓이 값을 받아들이지 않았습니다. 상품을 열어 값을 고쳐 주세요."
        case (.ko, .unreachable): "오픈마켓이 응답하지 않아 아무것도 반영하지 않았습니다. 잠시 후 다시 시도해 주세요."
        case (.ko, .unknown): "오픈마켓의 응답을 받지 못했고, 이 상품일 수 있는 상품이 여러 개 있습니다. 상품을 열어 하나만 남기고 나머지는 삭제해 주세요."
        case (.ko, .notApplied): "오픈마켓의 응답을 받지 못해 나중에 확인했더니 반영되지 않았습니다. 다시 시도 버튼을 눌러 주세요."
        case (.ko, .stopping): "대시보드가 멈추는 중이어서 반영하지 않았습니다. 일괄 작업이 이어지면 반영합니다."
        case (.ko, .changedElsewhere): "미리 보기 뒤에 오픈마켓에서 상품이 수정되어 이 변경은 반영하지 않았습니다. 필요하면 미리 보기를 새로 만들어 주세요."
        case (.ko, .journalUnavailable): "작업 기록에 남길 수 없어 반영하지 않았습니다. 이유는 대시보드 로그에서 확인한 뒤 다시 시도해 주세요."
        case (.ko, .imagesNotKept): "삭제하지 않았습니다. 휴지통에 이미지를 보관할 수 없었습니다. 이미지가 다시 보이면 다시 시도해 주세요."
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
        let n = OverviewPage.grouped(counts.pending)
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

    /// Beside the apply button of a batch that deletes.
    func deleteWarning(_ count: Int) -> String {
        let n = OverviewPage.grouped(count)
        switch language {
        case .en: return (count == 1 ? "This deletes 1 product" : "This deletes \(n) products") + " from the market, with their images."
        case .ko: return "상품 \(n)개와 이미지를 오픈마켓에서 삭제합니다."
        }
    }

    var nothingToApply: String {
        switch language {
        case .en: "Nothing here would change a product: there is nothing to apply."
        case .ko: "수정되는 상품이 없어 적용할 내용이 없습니다."
        }
    }

    func retryLabel(_ count: Int) -> String {
        let n = OverviewPage.grouped(count)
        return switch language {
        case .en: count == 1 ? "Retry the failed product" : "Retry the \(n) failed products"
        case .ko: "실패한 \(n)건 다시 시도"
        }
    }

    func undoLabel(_ count: Int) -> String {
        let n = OverviewPage.grouped(count)
        return switch language {
        case .en: count == 1 ? "Undo the change to 1 product" : "Undo the changes to \(n) products"
        case .ko: "상품 \(n)개 변경 되돌리기"
        }
    }

    var undoNote: String {
        switch language {
        case .en:
            "Undo reverses the changed fields (a preview first). Deleted products are not brought back here: restore them from the "
                + "recycle bin. Added products are not removed by an undo."
        case .ko:
            "되돌리기는 수정한 항목을 원래대로 돌립니다(먼저 미리 보기를 보여 드립니다). 삭제한 상품은 여기서 다시 등록되지 않으니 휴지통에서 다시 등록해 주세요. "
                + "등록한 상품은 되돌리기로 삭제되지 않습니다."
        }
    }

    func undoOf(_ batchID: Int) -> String {
        switch language {
        case .en: "Reverses batch \(batchID)"
        case .ko: "되돌리는 일괄 작업: \(batchID)"
        }
    }

    /// "10 of 12 changes applied" / "변경 12건 중 10건 적용".
    func batchProgress(done: Int, of total: Int) -> String {
        let (d, t) = (OverviewPage.grouped(done), OverviewPage.grouped(total))
        return switch language {
        case .en: "\(d) of \(t) changes applied"
        case .ko: "변경 \(t)건 중 \(d)건 적용"
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
        let n = OverviewPage.grouped(shown)
        switch language {
        case .en:
            let rows = shown == 1 ? "1 product" : "\(n) products"
            return lastPage > 1 ? "\(rows), page \(page) of \(lastPage)" : rows
        case .ko:
            return lastPage > 1 ? "\(n)건, \(lastPage)쪽 중 \(page)쪽" : "\(n)건"
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
        case alreadyApplying, discarded, nothingToRetry, nothingToUndo
        /// Retry on a window whose end came: what it set was put back.
        case windowEnded
    }

    func batchFlash(_ flash: BatchFlash) -> String {
        switch (language, flash) {
        case (.en, .stale): "\(staleCause). Nothing was done: select the button again."
        case (.en, .listFromBeforeRestart):
            "This list was opened before the dashboard restarted, so no preview was made. Select the products again on the list below, then select Preview the change."
        case (.en, .listUnproven):
            "Your browser did not say that the form came from this list, so for your safety no preview was made. A privacy setting or extension "
                + "that hides where a form comes from does this: turn it off for this dashboard's address, then select Preview the change again."
        case (.en, .alreadyApplying): "This batch is already being applied, so it cannot be discarded."
        case (.en, .discarded): "The batch was discarded. Nothing was changed on the market."
        case (.en, .nothingToRetry): "No product failed, so there is nothing to retry."
        case (.en, .nothingToUndo): "No change was finished, so there is nothing to undo."
        case (.en, .windowEnded):
            "Nothing was changed on the market: this batch's end has passed and what it set was put back. To make these changes again, start a new batch."
        case (.ko, .stale): "\(staleCause). 아무것도 하지 않았으니 버튼을 다시 눌러 주세요."
        case (.ko, .listFromBeforeRestart):
            "대시보드가 다시 시작되기 전에 연 목록이어서 미리 보기를 만들지 않았습니다. 아래 목록에서 상품을 다시 선택한 뒤 [변경 내용 미리 보기]를 눌러 주세요."
        case (.ko, .listUnproven):
            "브라우저가 이 목록에서 보냈다는 정보를 알려 주지 않아 안전을 위해 미리 보기를 만들지 않았습니다. 보낸 곳을 숨기는 개인 정보 보호 설정이나 "
                + "확장 프로그램 때문일 수 있습니다. 이 대시보드 주소에서는 그 기능을 끈 뒤 [변경 내용 미리 보기]를 다시 눌러 주세요."
        case (.ko, .alreadyApplying): "이미 적용 중인 일괄 작업이라 버릴 수 없습니다."
        case (.ko, .discarded): "일괄 작업을 버렸습니다. 오픈마켓에는 아무것도 반영하지 않았습니다."
        case (.ko, .nothingToRetry): "실패한 상품이 없어 다시 시도할 것이 없습니다."
        case (.ko, .nothingToUndo): "완료된 변경이 없어 되돌릴 것이 없습니다."
        case (.ko, .windowEnded):
            "오픈마켓에 아무것도 반영하지 않았습니다. 이 일괄 작업은 종료 시각이 지나 설정한 값을 원래대로 되돌렸습니다. 다시 적용하려면 새 일괄 작업을 만들어 주세요."
        }
    }

    func batchNotFound(keptDays days: Int) -> ErrorText {
        switch language {
        case .en: ErrorText(heading: "Batch not found",
            message: "There is no batch at this address; batches are kept for \(days) days. Find the one you want in the list of batches.")
        case .ko: ErrorText(heading: "일괄 작업을 찾을 수 없습니다",
            message: "이 주소의 일괄 작업이 없습니다. 일괄 작업은 \(days)일 동안 보관합니다. 일괄 작업 목록에서 찾아 주세요.")
        }
    }

    /// The way back from a batch's page that is not there.
    var backToBatches: String {
        switch language {
        case .en: "Go to the list of batches"
        case .ko: "일괄 작업 목록으로"
        }
    }

    var batchStorageFailed: ErrorText {
        switch language {
        case .en: ErrorText(heading: "The batch could not be stored", message: "The dashboard could not use its database, so nothing was changed on the market. Try again; if it happens again, the dashboard's log says why.")
        case .ko: ErrorText(heading: "일괄 작업을 저장하지 못했습니다", message: "대시보드의 데이터베이스를 쓸 수 없습니다. 오픈마켓에는 아무것도 반영하지 않았습니다. 다시 시도해 주세요.")
        }
    }

    /// A batch's note, problem or warning, as the batch's page shows it.
    func note(_ note: BatchNote) -> String {
        switch note.code {
        case .field(let problem): message(problem)
        case .row(let problem): batchProblem(problem)
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
        case .en: "Select “\(name)”"
        case .ko: "“\(name)” 선택"
        }
    }
}
