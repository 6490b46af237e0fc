import MarketClient

/// Texts of form outcomes that are not one field's: the market did not answer in time, the form
/// expired, could not be read or came from another site, an attached image is gone, the product
/// is another vendor's. The market's refusals and failures are in `Market/Wording+Market.swift`.
extension Wording {
    /// What a form was doing, for sentences about it.
    enum WriteAction {
        case register, save, delete

        var english: String {
            switch self {
            case .register: "add the product"
            case .save: "save the changes"
            case .delete: "delete the product"
            }
        }

        /// The request's name, a noun: "상품 삭제" takes "요청" before a particle ("상품 삭제
        /// 요청을 거절했습니다"), so the sentence never hangs a particle on a variable word.
        var korean: String {
            switch self {
            case .register: "상품 등록"
            case .save: "상품 수정"
            case .delete: "상품 삭제"
            }
        }
    }

    /// What the dashboard does about a write whose answer was lost: it reads the market once the
    /// write can no longer be on its way, records what it found, and never sends it again.
    var checkedLater: String {
        switch language {
        case .en: "Shortly, the dashboard asks the market what happened and writes it in the history; it never sends this again on its own."
        case .ko: "잠시 후 대시보드가 오픈마켓에서 결과를 확인해 작업 기록에 남깁니다. 대시보드가 스스로 다시 반영하지는 않습니다."
        }
    }

    func outcomeUnknown(_ action: WriteAction) -> OutcomeText {
        switch (language, action) {
        case (.en, .delete):
            OutcomeText(heading: "The product may not have been deleted",
                message: "The Open Market did not answer in time, so it is not known whether the product was deleted.",
                advice: "Open the product to see whether it is still there before trying again. " + checkedLater, checkLabel: "Check the product")
        case (.en, _):
            OutcomeText(heading: "The product may not have been added",
                message: "The Open Market did not answer in time, so it is not known whether the product was added.",
                advice: "Look for it in the product list before adding it again, so it is not added twice. " + checkedLater,
                checkLabel: "Check the product list")
        case (.ko, .delete):
            OutcomeText(heading: "상품이 삭제되었는지 알 수 없습니다",
                message: "오픈마켓이 제시간에 응답하지 않았습니다. 상품이 삭제되었을 수도, 삭제되지 않았을 수도 있습니다.",
                advice: "다시 시도하기 전에 상품이 아직 있는지 확인해 주세요. " + checkedLater, checkLabel: "상품 확인")
        case (.ko, _):
            OutcomeText(heading: "상품이 등록되었는지 알 수 없습니다",
                message: "오픈마켓이 제시간에 응답하지 않았습니다. 상품이 등록되었을 수도, 등록되지 않았을 수도 있습니다.",
                advice: "같은 상품이 두 번 등록되지 않도록 다시 등록하기 전에 상품 목록에서 확인해 주세요. " + checkedLater,
                checkLabel: "상품 목록 확인")
        }
    }

    var changeUnknown: ErrorText {
        switch language {
        case .en: ErrorText(heading: "Your changes may not have been saved",
            message: "The Open Market did not answer in time. Open the product to check; if your changes are not there, select Save changes "
                + "again: saving the same values twice changes nothing. Your changes are still below.")
        case .ko: ErrorText(heading: "변경 내용이 저장되었는지 알 수 없습니다",
            message: "오픈마켓이 제시간에 응답하지 않았습니다. 상품을 열어 확인하고, 반영되지 않았으면 [저장]을 다시 눌러 주세요. 같은 내용은 두 번 반영되지 않습니다. "
                + "입력한 내용은 아래에 그대로 있습니다.")
        }
    }

    /// Why a form's token did not match, in the words a person can check: the page is older
    /// than the browser's current visit (a restart, cleared cookies).
    var staleCause: String { staleCause(nil) }

    /// `staleCause` for a product form, saying in Korean what was not done (등록, 저장, 삭제;
    /// nil: 처리).
    func staleCause(_ action: WriteAction?) -> String {
        let verb = switch action {
        case .register?: "등록"
        case .save?: "저장"
        case .delete?: "삭제"
        case nil: "처리"
        }
        return switch language {
        case .en: "This page was opened before your browser was restarted or its cookies were cleared, so the dashboard could not confirm it is yours"
        case .ko: "이 화면을 연 뒤 브라우저를 다시 시작했거나 쿠키가 삭제되어, 보안을 위해 \(verb)하지 않았습니다"
        }
    }

    /// A product form whose token did not match: nothing was done, the typed values are kept
    /// (the form comes back with a fresh token), and pressing the button again works.
    func formExpired(_ action: WriteAction) -> ErrorText {
        switch (language, action) {
        case (.en, .register): ErrorText(heading: "The product was not added",
            message: "\(staleCause(action)). Your entries are kept below: add the images again, then select Add product.")
        case (.en, .save): ErrorText(heading: "Your changes were not saved",
            message: "\(staleCause(action)). Your changes are kept below: select Save changes again.")
        case (.en, .delete): ErrorText(heading: "The product was not deleted",
            message: "\(staleCause(action)). Select Delete product again.")
        case (.ko, .register): ErrorText(heading: "상품을 등록하지 않았습니다",
            message: "\(staleCause(action)). 입력한 내용은 아래에 그대로 있습니다. 이미지를 다시 추가한 뒤 [상품 등록]을 눌러 주세요.")
        case (.ko, .save): ErrorText(heading: "변경 내용을 저장하지 않았습니다",
            message: "\(staleCause(action)). 입력한 내용은 아래에 그대로 있습니다. [저장]을 다시 눌러 주세요.")
        case (.ko, .delete): ErrorText(heading: "상품을 삭제하지 않았습니다",
            message: "\(staleCause(action)). [상품 삭제]를 다시 눌러 주세요.")
        }
    }

    /// A product form sent again (Back, a field changed, the button again) after its first
    /// post was done: these values were not sent, and the way to a fresh form, which the page
    /// links as `self[.edit]` or `self[.registerProduct]`.
    func formAlreadySent(_ action: WriteAction) -> ErrorText {
        switch (language, action) {
        case (.en, .register): ErrorText(heading: "No other product was added",
            message: "This form already added a product, so what you sent now was not added. To add another product, select \(self[.registerProduct]) and fill in a new form.")
        case (.en, _): ErrorText(heading: "These changes were not saved",
            message: "This form was already saved, so the changes you sent now were not. To change the product again, select \(self[.edit]) and make your changes on a new form.")
        case (.ko, .register): ErrorText(heading: "상품을 더 등록하지 않았습니다",
            message: "이 화면의 내용으로 이미 상품을 등록해, 방금 보낸 내용은 등록하지 않았습니다. 다른 상품을 등록하려면 [\(self[.registerProduct])]을 눌러 새 화면에서 입력해 주세요.")
        case (.ko, _): ErrorText(heading: "변경 내용을 저장하지 않았습니다",
            message: "이 화면의 내용은 이미 저장했습니다. 다시 수정하려면 [\(self[.edit])]을 눌러 새 화면에서 입력해 주세요.")
        }
    }

    /// A product's owner: "red123" / "red123", or, when the market named no vendor, "another
    /// seller (seller number 15)" / "다른 판매자(판매자 번호 15)".
    func owner(name: String, vendorID: Int) -> String {
        switch (language, name.isEmpty) {
        case (.en, true): "another seller (seller number \(vendorID))"
        case (.en, false): BidiText.isolated(name)
        case (.ko, true): "다른 판매자(판매자 번호 \(vendorID))"
        case (.ko, false): BidiText.isolated(name)
        }
    }

    /// 403: another vendor's product. `ours` is the dashboard's own vendor, when known.
    func notYourProduct(_ name: String, owner: String, ours: Int?, action: WriteAction) -> ErrorText {
        switch (language, action) {
        case (.en, .delete): ErrorText(heading: "This is not your product",
            message: "“\(BidiText.isolated(name))” is sold by \(owner), not by you. You can delete only products you added.")
        case (.en, _): ErrorText(heading: "This is not your product",
            message: "“\(BidiText.isolated(name))” is sold by \(owner), not by you. You can edit only products you added.")
        case (.ko, .delete): ErrorText(heading: "내 상품이 아닙니다",
            message: "“\(BidiText.isolated(name))” 상품은 \(owner)의 상품입니다. \(ours.map { "내 판매자 번호(\($0))로" } ?? "내 판매자 번호로") 등록한 상품만 삭제할 수 있습니다.")
        case (.ko, _): ErrorText(heading: "내 상품이 아닙니다",
            message: "“\(BidiText.isolated(name))” 상품은 \(owner)의 상품입니다. \(ours.map { "내 판매자 번호(\($0))로" } ?? "내 판매자 번호로") 등록한 상품만 수정할 수 있습니다.")
        }
    }

    /// The market did not accept the dashboard's credentials for a form's write: nothing was
    /// done, what was typed is kept, and the settings to check.
    func credentialsRefused(_ action: WriteAction) -> ErrorText {
        switch (language, action) {
        case (.en, .register): ErrorText(heading: "The product was not added",
            message: "The Open Market did not accept the seller identifier and secret the dashboard was started with (--identifier, --secret). "
                + "Check them and start the dashboard again; your entries are kept below.")
        case (.en, .save): ErrorText(heading: "Your changes were not saved",
            message: "The Open Market did not accept the seller identifier and secret the dashboard was started with (--identifier, --secret). "
                + "Check them and start the dashboard again; your changes are kept below.")
        case (.en, .delete): ErrorText(heading: "The product was not deleted",
            message: "The Open Market did not accept the seller identifier and secret the dashboard was started with (--identifier, --secret). "
                + "Check them and start the dashboard again.")
        case (.ko, .register): ErrorText(heading: "상품을 등록하지 않았습니다",
            message: "오픈마켓이 판매자 인증 정보를 받아들이지 않았습니다. 대시보드를 실행할 때 설정한 판매자 식별자와 비밀번호(--identifier, --secret)를 "
                + "확인한 뒤 다시 실행해 주세요. 입력한 내용은 아래에 그대로 있습니다.")
        case (.ko, .save): ErrorText(heading: "변경 내용을 저장하지 않았습니다",
            message: "오픈마켓이 판매자 인증 정보를 받아들이지 않았습니다. 대시보드를 실행할 때 설정한 판매자 식별자와 비밀번호(--identifier, --secret)를 "
                + "확인한 뒤 다시 실행해 주세요. 입력한 내용은 아래에 그대로 있습니다.")
        case (.ko, .delete): ErrorText(heading: "상품을 삭제하지 않았습니다",
            message: "오픈마켓이 판매자 인증 정보를 받아들이지 않았습니다. 대시보드를 실행할 때 설정한 판매자 식별자와 비밀번호(--identifier, --secret)를 "
                + "확인한 뒤 다시 실행해 주세요.")
        }
    }

    /// A delete the market did not answer or answered unreadably: not deleted, try again.
    var deleteNotDone: ErrorText {
        switch language {
        case .en: ErrorText(heading: "The product was not deleted",
            message: "The Open Market did not answer, so the product was not deleted. Try again in a moment.")
        case .ko: ErrorText(heading: "상품을 삭제하지 않았습니다",
            message: "오픈마켓이 응답하지 않아 아무것도 삭제하지 않았습니다. 잠시 후 다시 시도해 주세요.")
        }
    }

    /// The market refused a write while the own vendor is unknown: whose product it is, what
    /// that means if it is someone else's and what to check if it is the seller's own.
    func vendorRefused(_ name: String, owner: String, action: WriteAction) -> ErrorText {
        switch language {
        case .en: ErrorText(heading: "The Open Market refused to \(action.english)",
            message: "The Open Market refused to let this dashboard \(action.english). “\(BidiText.isolated(name))” is sold by "
                + "\(owner), and only the seller who added a product can change it. If you are not that seller, you can't "
                + "\(action == .delete ? "delete" : "change") this product. If you are, check the --identifier and --secret the dashboard was started with. "
                + "To see Edit and Delete only on your own products, start the dashboard with --vendor-id.")
        case .ko: ErrorText(heading: "오픈마켓이 요청을 거절했습니다",
            message: "오픈마켓이 \(action.korean) 요청을 거절했습니다. “\(BidiText.isolated(name))” 상품은 \(owner)의 상품이며, "
                + "등록한 판매자만 이 상품을 수정하거나 삭제할 수 있습니다. 내 상품이 아니라면 \(action == .delete ? "삭제" : "수정")할 수 없습니다. "
                + "내 상품이라면 대시보드를 실행할 때 설정한 --identifier, --secret 값을 확인해 주세요. "
                + "대시보드를 --vendor-id 옵션으로 실행하면 내 상품에만 수정과 삭제 버튼이 표시됩니다.")
        }
    }

    var imageNotFound: ErrorText {
        switch language {
        case .en: ErrorText(heading: "Image not found", message: "This attached image is no longer kept, or it was attached on another page. Add the image again on the form.")
        case .ko: ErrorText(heading: "이미지를 찾을 수 없습니다", message: "첨부한 이미지를 더 이상 보관하고 있지 않거나 다른 화면에서 첨부한 이미지입니다. 등록 화면에서 이미지를 다시 추가해 주세요.")
        }
    }

    /// An edit posted while the product could not be loaded to check it: why, and that the
    /// typed changes are kept on the form below.
    func editNotSaved(_ error: MarketError) -> ErrorText {
        switch (language, error) {
        case (.en, .timeout): ErrorText(heading: "Your changes were not saved",
            message: "The Open Market did not answer in time, so nothing was changed. Your changes are kept below: select Save changes again in a moment.")
        case (.en, .unreachable): ErrorText(heading: "Your changes were not saved",
            message: "The Open Market could not be reached, so nothing was changed. Your changes are kept below: select Save changes again in a moment.")
        case (.en, _): ErrorText(heading: "Your changes were not saved",
            message: "The Open Market answered the dashboard with an error, so nothing was changed. Your changes are kept below: select Save changes again in a few minutes.")
        case (.ko, .timeout): ErrorText(heading: "변경 내용을 저장하지 않았습니다",
            message: "오픈마켓이 제시간에 응답하지 않아 아무것도 수정하지 않았습니다. 입력한 내용은 아래에 그대로 있으니 잠시 후 [저장]을 다시 눌러 주세요.")
        case (.ko, .unreachable): ErrorText(heading: "변경 내용을 저장하지 않았습니다",
            message: "오픈마켓에 연결할 수 없어 아무것도 수정하지 않았습니다. 입력한 내용은 아래에 그대로 있으니 잠시 후 [저장]을 다시 눌러 주세요.")
        case (.ko, _): ErrorText(heading: "변경 내용을 저장하지 않았습니다",
            message: "오픈마켓이 오류로 응답해 아무것도 수정하지 않았습니다. 입력한 내용은 아래에 그대로 있으니 몇 분 후 [저장]을 다시 눌러 주세요.")
        }
    }

    /// The product could not be loaded for a form: when only opening it (`opening`), that the
    /// form cannot be shown; when it was sent, that nothing was changed (or deleted).
    func productNotLoaded(_ action: WriteAction, opening: Bool) -> ErrorText {
        switch (language, action, opening) {
        case (.en, _, true): ErrorText(heading: "The Open Market is not answering", message: "The product couldn't be loaded from the Open Market. Try again in a moment.")
        case (.ko, .delete, true): ErrorText(heading: "오픈마켓이 응답하지 않습니다", message: "오픈마켓에서 상품 정보를 불러오지 못해 삭제 화면을 열 수 없습니다. 잠시 후 다시 시도해 주세요.")
        case (.ko, _, true): ErrorText(heading: "오픈마켓이 응답하지 않습니다", message: "오픈마켓에서 상품 정보를 불러오지 못해 수정 화면을 열 수 없습니다. 잠시 후 다시 시도해 주세요.")
        default: productNotSent(action)
        }
    }

    private func productNotSent(_ action: WriteAction) -> ErrorText {
        switch (language, action) {
        case (.en, .delete): ErrorText(heading: "The Open Market is not answering", message: "The product could not be loaded from the Open Market, so it was not deleted. Try again in a moment.")
        case (.en, _): ErrorText(heading: "The Open Market is not answering", message: "The product could not be loaded from the Open Market, so nothing was changed. Try again in a moment.")
        case (.ko, .delete): ErrorText(heading: "오픈마켓이 응답하지 않습니다", message: "오픈마켓에서 상품을 불러오지 못해 아무것도 삭제하지 않았습니다. 잠시 후 다시 시도해 주세요.")
        case (.ko, _): ErrorText(heading: "오픈마켓이 응답하지 않습니다", message: "오픈마켓에서 상품을 불러오지 못해 아무것도 수정하지 않았습니다. 잠시 후 다시 시도해 주세요.")
        }
    }

    /// A form body that could not be read (400, 413, 415): what went wrong, that nothing was
    /// done, and what to do.
    func formUnreadable(_ reason: FormSubmission.Unreadable) -> ErrorText {
        let heading: String
        switch language {
        case .en: heading = "Nothing was done"
        case .ko: heading = "아무것도 하지 않았습니다"
        }
        let message: String
        switch (language, reason) {
        case (.en, .unsupportedType):
            message = "This did not come from one of the dashboard's own pages, so it could not be read. Go back, reload the page and select the button again."
        case (.ko, .unsupportedType):
            message = "대시보드 화면에서 보낸 내용이 아니어서 읽을 수 없습니다. 이전 화면으로 돌아가 페이지를 새로 고친 뒤 버튼을 다시 눌러 주세요."
        case (.en, .multipart(.tooManyParts(let limit))):
            message = "What was sent has more than \(limit) fields, more than any page of the dashboard has. Go back, reload the page and try again."
        case (.ko, .multipart(.tooManyParts(let limit))):
            message = "보낸 항목이 \(limit)개를 넘어 읽을 수 없습니다. 이전 화면으로 돌아가 페이지를 새로 고친 뒤 다시 시도해 주세요."
        case (.en, .multipart(.partHeadersTooLarge(let limit))), (.en, .multipart(.fieldTooLarge(_, let limit))):
            message = "A field is longer than \(bytes(limit)). Go back, shorten it and try again."
        case (.ko, .multipart(.partHeadersTooLarge(let limit))), (.ko, .multipart(.fieldTooLarge(_, let limit))):
            message = "입력한 내용이 너무 깁니다(항목당 최대 \(bytes(limit))). 이전 화면으로 돌아가 내용을 줄인 뒤 다시 시도해 주세요."
        case (.en, .multipart(.fileTooLarge(_, let filename, let limit))):
            message = "\(filename.isEmpty ? "An attached file" : "“\(BidiText.isolated(filename))”") is larger than \(bytes(limit)). Go back and choose a smaller image."
        case (.ko, .multipart(.fileTooLarge(_, let filename, let limit))):
            message = "\(filename.isEmpty ? "첨부한 파일" : "“\(BidiText.isolated(filename))” 파일")이 너무 큽니다(최대 \(bytes(limit))). 이전 화면으로 돌아가 더 작은 이미지를 선택해 주세요."
        case (.en, .multipart(.totalFileBytesTooLarge(let limit))):
            message = "The attached files come to more than \(bytes(limit)) together. Go back and choose smaller images."
        case (.ko, .multipart(.totalFileBytesTooLarge(let limit))):
            message = "첨부한 파일을 모두 합친 크기가 너무 큽니다(최대 \(bytes(limit))). 이전 화면으로 돌아가 더 작은 이미지를 선택해 주세요."
        case (.en, _):
            message = "What your browser sent arrived damaged, so it could not be read. Go back, reload the page and try again."
        case (.ko, _):
            message = "브라우저가 보낸 내용이 손상되어 읽을 수 없습니다. 이전 화면으로 돌아가 페이지를 새로 고친 뒤 다시 시도해 주세요."
        }
        return ErrorText(heading: heading, message: message)
    }

    var otherSite: ErrorText {
        switch language {
        case .en: ErrorText(heading: "Nothing was done",
            message: "This was sent from another website, not from the dashboard's own pages, so for your safety it was not accepted. "
                + "Open the dashboard yourself and use its buttons there.")
        case .ko: ErrorText(heading: "아무것도 하지 않았습니다",
            message: "대시보드 화면이 아닌 다른 사이트에서 보낸 내용이라 안전을 위해 받지 않았습니다. 대시보드를 직접 열어 그 화면의 버튼을 눌러 주세요.")
        }
    }
}
