import DashboardEngine
import Foundation

/// Texts of `/history` and of undoing a change: entry kinds, outcomes, the reasons an undo
/// is refused, and the refusals of a write the dashboard would not send.
extension Wording {
    /// The heading of `/history`, or of one product's history.
    func historyHeading(product: Int?, name: String?) -> String {
        switch (language, product, name) {
        case (.en, nil, _): "History"
        case (.en, let id?, let name?): "History of “\(BidiText.isolated(name))” (product \(id))"
        case (.en, let id?, nil): "History of product \(id)"
        case (.ko, nil, _): "작업 기록"
        case (.ko, let id?, let name?): "“\(BidiText.isolated(name))” 상품의 작업 기록(\(id)번 상품)"
        case (.ko, let id?, nil): "\(id)번 상품의 작업 기록"
        }
    }

    func historyIntro(days: Int) -> String {
        switch language {
        case .en: "Every change this dashboard made, and the changes made elsewhere that it noticed when it refreshed its products, newest first. Kept for \(days) days."
        case .ko: "이 대시보드에서 한 모든 작업과 다른 곳에서 수정된 내용을 최신순으로 보여 드립니다. \(days)일 동안 보관합니다."
        }
    }

    /// "Showing 1–20 of 134 entries" / "총 134건 중 1~20번째"; one entry on the last page is a
    /// place, not a range: "Showing 41 of 41 entries" / "총 41건 중 41번째".
    func showingEntries(first: Int, last: Int, total: Int) -> String {
        switch (language, total == 1, first == last) {
        case (.en, true, _): "Showing 1 entry"
        case (.en, false, true): "Showing \(last) of \(total) entries"
        case (.en, false, false): "Showing \(first)–\(last) of \(total) entries"
        case (.ko, true, _): "총 1건"
        case (.ko, false, true): "총 \(quantity(total))건 중 \(quantity(last))번째"
        case (.ko, false, false): "총 \(quantity(total))건 중 \(quantity(first))~\(quantity(last))번째"
        }
    }

    /// The empty state of one account's entries.
    func historyEmpty(by name: String, page: Int) -> String {
        let name = BidiText.isolated(name)
        return switch (language, page > 1) {
        case (.en, false): "No changes by \(name) are in the history. Select Everyone to see every change."
        case (.en, true): "There are no entries by \(name) on page \(page)."
        case (.ko, false): "\(name) 님이 작업한 기록이 없습니다."
        case (.ko, true): "\(page)페이지에는 \(name) 님이 작업한 기록이 없습니다."
        }
    }

    /// Who made an entry's write: an account, or (nil) this dashboard with nobody signed in.
    func entryBy(_ name: String?) -> String {
        switch (language, name) {
        case (.en, let name?): "By \(BidiText.isolated(name))"
        case (.en, nil): "Made with accounts off"
        case (.ko, let name?): "작업자: \(BidiText.isolated(name))"
        case (.ko, nil): "작업자: 이 대시보드(계정 없음)"
        }
    }

    func historyEmpty(page: Int) -> String {
        switch (language, page > 1) {
        case (.en, false): "Nothing has been recorded yet."
        case (.en, true): "There are no entries on page \(page)."
        case (.ko, false): "아직 기록이 없습니다."
        case (.ko, true): "\(page)페이지에는 기록이 없습니다."
        }
    }

    /// What an entry records, as its label.
    func entryKind(_ kind: WriteKind, note: JournalEntry.Note?) -> String {
        switch (language, kind, note) {
        case (.en, .create, _): "Added"
        case (.en, .edit, _): "Edited"
        case (.en, .delete, _): "Deleted"
        case (.en, .restore, _): "Restored from the recycle bin"
        case (.en, .undo, _): "Put back"
        case (.en, .outside, .appeared?): "Added elsewhere"
        case (.en, .outside, .disappeared?): "Deleted elsewhere"
        case (.en, .outside, _): "Changed elsewhere"
        case (.ko, .create, _): "등록"
        case (.ko, .edit, _): "수정"
        case (.ko, .delete, _): "삭제"
        case (.ko, .restore, _): "휴지통에서 다시 등록"
        case (.ko, .undo, _): "되돌림"
        case (.ko, .outside, .appeared?): "다른 곳에서 등록"
        case (.ko, .outside, .disappeared?): "다른 곳에서 삭제"
        case (.ko, .outside, _): "다른 곳에서 수정"
        }
    }

    /// The label of a write the market refused or that failed: "Not edited" / "수정 실패"; nil
    /// for a change seen elsewhere, which cannot fail.
    func entryKindNotMade(_ kind: WriteKind) -> String? {
        switch (language, kind) {
        case (.en, .create): "Not added"
        case (.en, .edit): "Not edited"
        case (.en, .delete): "Not deleted"
        case (.en, .restore): "Not restored"
        case (.en, .undo): "Not put back"
        case (.ko, .create): "등록 실패"
        case (.ko, .edit): "수정 실패"
        case (.ko, .delete): "삭제 실패"
        case (.ko, .restore): "다시 등록 실패"
        case (.ko, .undo): "되돌리기 실패"
        case (_, .outside): nil
        }
    }

    /// The label of an entry written when a scheduled window ended and put the old values back.
    var putBackAtScheduledEnd: String {
        switch language {
        case .en: "Put back (scheduled end)"
        case .ko: "되돌림(예약 종료)"
        }
    }

    /// The outcome of a write, as a person reads it; nil for done (the entry says what it did).
    func entryOutcome(_ entry: JournalEntry) -> String? {
        if entry.checkedAt != nil, let checked = checkedOutcome(entry) { return checked }
        return switch (language, entry.outcome, entry.note) {
        case (.en, .done, .confirmedByCount?): "Confirmed by a later refresh"
        case (.ko, .done, .confirmedByCount?): "이후 집계로 확인함"
        case (_, .done, _): nil
        case (.en, .pending, _): "In progress"
        case (.ko, .pending, _): "진행 중"
        case (.en, .unknown, _) where entry.sentAt == nil:
            "Not sent: the dashboard stopped before sending it. Do it again if you still want it."
        case (.ko, .unknown, _) where entry.sentAt == nil:
            "반영 안 됨: 보내기 전에 대시보드가 멈췄습니다. 필요하면 \(koreanAgain(entry.kind))."
        case (.en, .unknown, .interrupted?):
            "Interrupted: the dashboard stopped before the market answered. It checks with the market shortly; nothing is sent again."
        case (.ko, .unknown, .interrupted?):
            "중단됨: 오픈마켓이 응답하기 전에 대시보드가 멈췄습니다. 곧 오픈마켓에서 결과를 확인하며, 같은 수정을 두 번 반영하지 않습니다."
        case (.en, .unknown, _):
            "Outcome unknown: the market did not answer in time. It checks with the market shortly; nothing is sent again."
        case (.ko, .unknown, _):
            "결과 알 수 없음: 오픈마켓이 제때 응답하지 않았습니다. 곧 오픈마켓에서 결과를 확인하며, 같은 수정을 두 번 반영하지 않습니다."
        case (_, .failed, _): failureText(entry.failure)
        }
    }

    /// The way to do a write of `kind` again, as a request: "다시 수정해 주세요", "다시 삭제해
    /// 주세요", "다시 등록해 주세요".
    private func koreanAgain(_ kind: WriteKind) -> String {
        switch kind {
        case .create, .restore: "다시 등록해 주세요"
        case .delete: "다시 삭제해 주세요"
        case .edit, .undo, .outside: "다시 수정해 주세요"
        }
    }

    /// What the market showed when an entry whose answer was lost was checked after its
    /// deadline (`OutcomeCheck`); nil when it was not checked.
    private func checkedOutcome(_ entry: JournalEntry) -> String? {
        switch (entry.outcome, entry.failure?.code) {
        case (.done, _):
            switch language {
            case .en: "Done: the market's answer was lost, and a check afterwards found the change made"
            case .ko: "완료: 오픈마켓의 응답을 받지 못했지만 나중에 확인해 보니 반영되어 있었습니다"
            }
        case (.failed, .notApplied?):
            switch (language, entry.kind) {
            case (.en, .create), (.en, .restore):
                "Not added: the market's answer was lost, and a check afterwards did not find the product. Add it again from Add product if you still want it."
            case (.en, _): "Not done: the market's answer was lost, and a check afterwards found nothing changed. Do it again if you still want it."
            case (.ko, .create), (.ko, .restore):
                "반영 안 됨: 오픈마켓의 응답을 받지 못했고, 나중에 확인해 보니 상품이 등록되지 않았습니다. 필요하면 [상품 등록]에서 다시 등록해 주세요."
            case (.ko, _): "반영 안 됨: 오픈마켓의 응답을 받지 못했고, 나중에 확인해 보니 수정된 것이 없었습니다. 필요하면 \(koreanAgain(entry.kind))."
            }
        case (.failed, .changedElsewhere?):
            switch language {
            case .en: "Changed elsewhere: the market's answer was lost, and a check afterwards found other values. Open the product to see them."
            case .ko: "다른 곳에서 수정됨: 오픈마켓의 응답을 받지 못했고, 나중에 확인해 보니 다른 값이 있었습니다. 상품을 열어 값을 확인해 주세요."
            }
        // One product found while nothing said which products had the name before the send:
        // it may be the one registered, or one that was there already.
        case (.unknown, _) where entry.found.count == 1:
            switch language {
            case .en:
                "To check: the market's answer was lost, and it holds one product that may be this one or may have been there before (\(productNumbers(entry.found))). Open it to see whether it is this one; if it is not, add the product again."
            case .ko:
                "확인 필요: 오픈마켓의 응답을 받지 못했고, 이 상품일 수도 있고 전부터 있던 상품일 수도 있는 상품이 하나 있습니다(\(productNumbers(entry.found))). 상품을 열어 확인하고, 이 상품이 아니면 다시 등록해 주세요."
            }
        case (.unknown, _) where !entry.found.isEmpty:
            switch language {
            case .en: "To check: the market's answer was lost, and it holds several products that may be this one (\(productNumbers(entry.found))). Keep one and delete the others."
            case .ko: "확인 필요: 오픈마켓의 응답을 받지 못했고, 이 상품일 수 있는 상품이 여러 개 있습니다(\(productNumbers(entry.found))). 하나만 남기고 나머지는 삭제해 주세요."
            }
        case (.pending, _), (.failed, _), (.unknown, _):
            nil
        }
    }

    private func failureText(_ failure: WriteError?) -> String {
        switch (language, failure?.code) {
        case (.en, .imagesNotKept?): "Not sent: the images could not be kept in the recycle bin"
        case (.en, .journalUnavailable?): "Not sent: the history could not record it"
        case (.en, .notFound?): "Refused: the market says the product does not exist"
        case (.en, .unauthorized?): "Refused: the market did not accept this dashboard's seller credentials"
        case (.en, .unreachable?): "Failed: the market could not be reached"
        case (.en, .stopping?): "Not sent: the dashboard was stopping"
        case (.en, .notApplied?): "Not done: a check with the market found nothing changed"
        case (.en, .changedElsewhere?): "Not done: the product had changed elsewhere"
        case (.en, _): failure?.marketMessage.map { "Refused by the market: “\($0)” (the market's words)" } ?? "Refused by the market"
        case (.ko, .imagesNotKept?): "반영 안 됨: 휴지통에 이미지를 보관할 수 없었습니다"
        case (.ko, .journalUnavailable?): "반영 안 됨: 작업 기록에 남길 수 없었습니다"
        case (.ko, .notFound?): "거절됨: 오픈마켓에 상품이 없습니다"
        case (.ko, .unauthorized?): "거절됨: 오픈마켓이 판매자 인증 정보를 받아들이지 않았습니다"
        case (.ko, .unreachable?): "실패: 오픈마켓에 연결할 수 없었습니다"
        case (.ko, .stopping?): "반영 안 됨: 대시보드가 멈추는 중이었습니다"
        case (.ko, .notApplied?): "반영 안 됨: 오픈마켓에서 확인해 보니 수정된 것이 없었습니다"
        case (.ko, .changedElsewhere?): "반영 안 됨: 다른 곳에서 상품이 수정되었습니다"
        case (.ko, _): failure?.marketMessage.map { "오픈마켓이 거절함: “\($0)”(마켓 원문)" } ?? "오픈마켓이 거절함"
        }
    }

    /// A field's name in a list of changes.
    func fieldName(_ field: RecordedFields.Field) -> String {
        fieldLabel(field.productField)
    }

    /// A field's value as a person reads it: prices with their currency, long text cut.
    func fieldValue(_ field: RecordedFields.Field, of fields: RecordedFields) -> String {
        let currency = fields.currency ?? ""
        switch field {
        case .name: return fields.name ?? ""
        case .description:
            guard let text = fields.description else { return "" }
            return text.count > 200 ? String(text.prefix(200)) + "…" : text
        case .price: return fields.price.map { price($0, currency: currency) } ?? ""
        case .discountedPrice: return fields.discountedPrice.map { price($0, currency: currency) } ?? ""
        case .stock: return fields.stock.map(count) ?? ""
        case .currency: return currency
        }
    }

    /// The field as the subject of a Korean sentence, with its particle ("판매가가").
    private func fieldSubject(_ field: RecordedFields.Field) -> String {
        switch field {
        case .name: "상품명이"
        case .description: "상품 설명이"
        case .price: "판매가가"
        case .discountedPrice: "할인 금액이"
        case .stock: "재고가"
        case .currency: "통화가"
        }
    }

    /// A stock as the history shows it: "3" / "3개".
    private func count(_ stock: Int) -> String {
        switch language {
        case .en: String(stock)
        case .ko: "\(quantity(stock))개"
        }
    }

    /// An entry's number beside its label: "Entry 25" / "25번 기록".
    func entryNumber(_ id: Int) -> String {
        switch language {
        case .en: "Entry \(id)"
        case .ko: "\(id)번 기록"
        }
    }

    func productNumber(_ id: Int) -> String {
        switch language {
        case .en: "Product \(id)"
        case .ko: "\(id)번 상품"
        }
    }

    /// The batch an entry was written by: "Batch 5" / "일괄 작업 5".
    func batchLink(_ batch: Int) -> String {
        switch language {
        case .en: "Batch \(batch)"
        case .ko: "일괄 작업 \(batch)"
        }
    }

    /// An undo entry's line: which entry it undoes.
    func undoes(entry: Int) -> String {
        switch language {
        case .en: "Undoes entry \(entry)"
        case .ko: "\(entry)번 기록을 되돌림"
        }
    }

    func undoneBy(entry: Int?) -> String {
        switch (language, entry) {
        case (.en, let entry?): "Undone by entry \(entry)"
        case (.en, nil): "Undone"
        case (.ko, let entry?): "\(entry)번 기록에서 되돌림"
        case (.ko, nil): "되돌림"
        }
    }

    func undoLabel(entry: Int) -> String {
        switch language {
        case .en: "Undo entry \(entry)"
        case .ko: "\(entry)번 기록 되돌리기"
        }
    }

    func notRecorded(_ count: Int) -> String {
        switch language {
        case .en: "A refresh found \(count) more changes made elsewhere; they were not recorded (at most \(HistoryJournal.maxOutsidePerCount) a refresh)."
        case .ko: "집계에서 다른 곳에서 수정된 내용을 \(count)건 더 찾았지만 기록하지 않았습니다(집계 한 번에 최대 \(HistoryJournal.maxOutsidePerCount)건)."
        }
    }

    /// The whole-batch Undo's accessible name: its visible label, then which batch.
    func undoBatch(_ batch: Int) -> String {
        switch language {
        case .en: "Undo the whole batch (batch \(batch))"
        case .ko: "일괄 작업 전체 되돌리기(일괄 작업 \(batch))"
        }
    }

    var historyUnreadable: ErrorText {
        switch language {
        case .en: ErrorText(heading: "The history cannot be read", message: "The dashboard's database in the data directory could not be read. The dashboard's log says more.")
        case .ko: ErrorText(heading: "작업 기록을 읽을 수 없습니다", message: "데이터 폴더에 있는 대시보드 데이터베이스를 읽을 수 없습니다. 자세한 내용은 대시보드 로그를 확인해 주세요.")
        }
    }

    // MARK: Undo

    var undoOutcomeUnknown: OutcomeText {
        switch language {
        case .en:
            OutcomeText(heading: "The dashboard doesn't know whether the change was undone",
                message: "The Open Market did not answer in time. It may have put the old values back, or not.",
                advice: "Open the product to see its values before trying again. " + checkedLater, checkLabel: "Check the product")
        case .ko:
            OutcomeText(heading: "수정을 되돌렸는지 알 수 없습니다",
                message: "오픈마켓이 제때 응답하지 않았습니다. 이전 값으로 돌아갔을 수도, 아닐 수도 있습니다.",
                advice: "다시 시도하기 전에 상품을 열어 값을 확인해 주세요. " + checkedLater, checkLabel: "상품 확인")
        }
    }

    func undone(_ name: String) -> String {
        switch language {
        case .en: "The change to “\(BidiText.isolated(name))” was undone."
        case .ko: "“\(BidiText.isolated(name))” 상품을 수정 전으로 되돌렸습니다."
        }
    }

    /// Why an undo was refused (nothing was sent).
    enum UndoRefusal {
        case noSuchEntry(Int)
        case notAnEdit(entry: Int, kind: WriteKind)
        case notDone(entry: Int, outcome: JournalEntry.Outcome)
        case alreadyUndone(entry: Int, by: Int)
        case inProgress(entry: Int)
        case nothingToUndo(entry: Int)
        /// The market no longer has the product; `inBin` when the recycle bin holds it.
        case productGone(name: String, id: Int, inBin: Bool)
        case notYours(name: String)
        /// `field` of the product is `now`, not `left` as the edit left it.
        case changedSince(name: String, field: RecordedFields.Field, now: String, left: String)
        case formExpired
    }

    func undoRefused(_ refusal: UndoRefusal) -> ErrorText {
        switch language {
        case .en: englishUndoRefusal(refusal)
        case .ko: koreanUndoRefusal(refusal)
        }
    }

    private func englishUndoRefusal(_ refusal: UndoRefusal) -> ErrorText {
        switch refusal {
        case .noSuchEntry(let entry):
            ErrorText(heading: "No such entry", message: "Entry \(entry) is not in the history: it does not exist, or it was older than the history keeps. Nothing was changed.")
        case .notAnEdit(let entry, let kind):
            ErrorText(heading: "Only an edit can be undone",
                message: "Entry \(entry) records “\(entryKind(kind, note: nil))”, not an edit. Nothing was changed."
                    + (kind == .delete ? " A deleted product can be restored from the recycle bin." : "")
                    + (kind == .create ? " To take the product off the Open Market, delete it from its page." : ""))
        case .notDone(let entry, let outcome):
            ErrorText(heading: "This change cannot be undone",
                message: outcome == .failed
                    ? "Entry \(entry) was not done (the market refused it), so there is nothing to undo. Nothing was changed."
                    : "Nobody knows whether entry \(entry) was done (the market did not answer). Open the product to see its values, and change them there if needed. Nothing was changed.")
        case .alreadyUndone(let entry, let by):
            ErrorText(heading: "Already undone", message: "Entry \(entry) was already undone by entry \(by). Nothing was changed.")
        case .inProgress(let entry):
            ErrorText(heading: "Already being undone", message: "Entry \(entry) is being undone right now, from another tab or window. Nothing more was sent.")
        case .nothingToUndo(let entry):
            ErrorText(heading: "Nothing to undo", message: "Entry \(entry) changed none of the fields the history records. Nothing was changed.")
        case .productGone(let name, _, true):
            ErrorText(heading: "The product was deleted",
                message: "“\(name)” was deleted, so this edit can't be undone, and nothing was changed. "
                    + "Restore it from the recycle bin first: it comes back with a new number, and you can edit it there.")
        case .productGone(let name, let id, false):
            ErrorText(heading: "The product is no longer on the Open Market",
                message: "“\(name)” (product \(id)) was deleted elsewhere, or removed from the recycle bin for good, so this edit can't be undone. Nothing was changed.")
        case .notYours(let name):
            ErrorText(heading: "This is not your product",
                message: "“\(BidiText.isolated(name))” belongs to another vendor; this dashboard changes only its own vendor's products. Nothing was changed.")
        case .changedSince(let name, let field, let now, let left):
            ErrorText(heading: "Changed again since this edit",
                message: "The \(fieldName(field).lowercased()) of “\(BidiText.isolated(name))” was changed after this edit: it is now \(now), and the edit left it at \(left). "
                    + "Undoing would overwrite that newer change, so nothing was changed. Edit the product instead.")
        case .formExpired:
            ErrorText(heading: "Nothing was undone", message: "\(staleCause). Open the history again and select Undo again.")
        }
    }

    private func koreanUndoRefusal(_ refusal: UndoRefusal) -> ErrorText {
        switch refusal {
        case .noSuchEntry(let entry):
            ErrorText(heading: "기록을 찾을 수 없습니다", message: "\(entry)번 기록은 작업 기록에 없습니다. 없는 기록이거나 보관 기간이 지나 삭제되었습니다. 아무것도 반영하지 않았습니다.")
        case .notAnEdit(let entry, let kind):
            ErrorText(heading: "수정만 되돌릴 수 있습니다",
                message: "\(entry)번 기록은 수정이 아니라 “\(entryKind(kind, note: nil))” 기록입니다. 아무것도 반영하지 않았습니다."
                    + (kind == .delete ? " 삭제한 상품은 휴지통에서 다시 등록할 수 있습니다." : "")
                    + (kind == .create ? " 등록한 상품을 없애려면 상품 페이지에서 삭제해 주세요." : ""))
        case .notDone(let entry, let outcome):
            ErrorText(heading: "이 수정은 되돌릴 수 없습니다",
                message: outcome == .failed
                    ? "\(entry)번 기록은 오픈마켓이 거절해서 반영되지 않았으므로 되돌릴 것이 없습니다. 아무것도 반영하지 않았습니다."
                    : "\(entry)번 기록이 반영되었는지 알 수 없습니다(오픈마켓이 응답하지 않았습니다). 상품을 열어 값을 확인하고, 필요하면 직접 수정해 주세요. 아무것도 반영하지 않았습니다.")
        case .alreadyUndone(let entry, let by):
            ErrorText(heading: "이미 되돌렸습니다", message: "\(entry)번 기록은 \(by)번 기록으로 이미 되돌렸습니다. 아무것도 반영하지 않았습니다.")
        case .inProgress(let entry):
            ErrorText(heading: "이미 되돌리는 중입니다", message: "다른 탭이나 창에서 지금 \(entry)번 기록을 되돌리고 있습니다. 추가로 반영하지 않았습니다.")
        case .nothingToUndo(let entry):
            ErrorText(heading: "되돌릴 내용이 없습니다", message: "\(entry)번 기록에는 되돌릴 수정 항목이 없습니다. 아무것도 반영하지 않았습니다.")
        case .productGone(let name, _, true):
            ErrorText(heading: "삭제한 상품입니다",
                message: "“\(name)” 상품은 삭제되어 이 수정을 되돌릴 수 없습니다. 아무것도 반영하지 않았습니다. "
                    + "먼저 휴지통에서 다시 등록해 주세요. 새 상품 번호로 등록되며, 그 상품에서 값을 수정할 수 있습니다.")
        case .productGone(let name, let id, false):
            ErrorText(heading: "오픈마켓에 없는 상품입니다",
                message: "“\(name)” 상품(\(id)번)은 오픈마켓에도 휴지통에도 없어 되돌릴 수 없습니다. 아무것도 반영하지 않았습니다.")
        case .notYours(let name):
            ErrorText(heading: "내 상품이 아닙니다",
                message: "“\(BidiText.isolated(name))” 상품은 다른 판매자의 상품입니다. 내 판매자 번호의 상품만 수정할 수 있습니다. 아무것도 반영하지 않았습니다.")
        case .changedSince(let name, let field, let now, let left):
            ErrorText(heading: "그 뒤에 다시 수정되었습니다",
                message: "이 수정 뒤에 “\(BidiText.isolated(name))” 상품의 \(fieldSubject(field)) 다시 수정되었습니다(지금 값: \(now), 이 수정 직후 값: \(left)). "
                    + "되돌리면 더 최근에 수정한 값을 덮어쓰게 되므로 아무것도 반영하지 않았습니다. 상품을 직접 수정해 주세요.")
        case .formExpired:
            ErrorText(heading: "되돌리지 않았습니다", message: "\(staleCause). 작업 기록을 다시 열고 [되돌리기]를 다시 눌러 주세요.")
        }
    }

    // MARK: Writes the dashboard would not send

    /// A write refused before it was sent (see `WriteRefusal`), by its code: `imagesNotKept`,
    /// `stopping`, or `journalUnavailable` (the words for any other code, which a refusal does
    /// not carry).
    func writeNotSent(_ code: WriteError.Code) -> ErrorText {
        switch (language, code) {
        case (.en, .stopping):
            ErrorText(heading: "Nothing was sent", message: "The dashboard was stopping. Start it again, then try again.")
        case (.ko, .stopping):
            ErrorText(heading: "아무것도 반영하지 않았습니다", message: "대시보드가 멈추는 중이었습니다. 대시보드를 다시 시작한 뒤 다시 시도해 주세요.")
        case (.en, .imagesNotKept):
            ErrorText(heading: "The product was not deleted",
                message: "Its images could not be kept in the recycle bin: the market's image server did not send them. "
                    + "Nothing was deleted, so nothing is lost; try again when the product's images load.")
        case (.en, _):
            ErrorText(heading: "Nothing was sent",
                message: "The dashboard could not record this change in its history (its database in the data directory failed), "
                    + "so it did not send it. The dashboard's log says more.")
        case (.ko, .imagesNotKept):
            ErrorText(heading: "상품을 삭제하지 않았습니다",
                message: "휴지통에 상품 이미지를 보관할 수 없었습니다. 오픈마켓의 이미지 서버가 이미지를 보내 주지 않았습니다. "
                    + "아무것도 삭제하지 않았습니다. 상품 이미지가 다시 보이면 다시 시도해 주세요.")
        case (.ko, _):
            ErrorText(heading: "아무것도 반영하지 않았습니다",
                message: "이 수정을 작업 기록에 남길 수 없어서(데이터 폴더의 데이터베이스 오류) 반영하지 않았습니다. 자세한 내용은 대시보드 로그를 확인해 주세요.")
        }
    }
}
