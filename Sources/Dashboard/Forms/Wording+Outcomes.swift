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

    func outcomeUnknown(_ action: WriteAction) -> Outcome {
        switch (language, action) {
        case (.en, .delete):
            Outcome(heading: "We don't know whether the product was deleted",
                message: "The Open Market did not answer in time. It may have deleted the product, or not.",
                advice: "Open the product to see whether it is still there before trying again. " + checkedLater, checkLabel: "Check the product")
        case (.en, _):
            Outcome(heading: "We don't know whether the product was added",
                message: "The Open Market did not answer in time. It may have added the product, or not.",
                advice: "Look for it in the product list before adding it again, so it is not added twice. " + checkedLater,
                checkLabel: "Check the product list")
        case (.ko, .delete):
            Outcome(heading: "상품이 삭제되었는지 알 수 없습니다",
                message: "오픈마켓이 제시간에 응답하지 않았습니다. 상품이 삭제되었을 수도, 삭제되지 않았을 수도 있습니다.",
                advice: "다시 시도하기 전에 상품이 아직 있는지 확인해 주세요. " + checkedLater, checkLabel: "상품 확인")
        case (.ko, _):
            Outcome(heading: "상품이 등록되었는지 알 수 없습니다",
                message: "오픈마켓이 제시간에 응답하지 않았습니다. 상품이 등록되었을 수도, 등록되지 않았을 수도 있습니다.",
                advice: "같은 상품이 두 번 등록되지 않도록 다시 등록하기 전에 상품 목록에서 확인해 주세요. " + checkedLater,
                checkLabel: "상품 목록 확인")
        }
    }

    var changeUnknown: ErrorText {
        switch language {
        case .en: ErrorText(heading: "We don't know whether the change was saved",
            message: "The Open Market did not answer in time. Open the product to check; your changes are still below.")
        case .ko: ErrorText(heading: "변경 내용이 저장되었는지 알 수 없습니다",
            message: "오픈마켓이 제시간에 응답하지 않았습니다. 상품을 열어 확인해 주세요. 입력한 내용은 아래에 그대로 있습니다.")
        }
    }

    /// Why a form's token did not match, in the words a person can check: the page is older
    /// than the browser's current visit (a restart, cleared cookies).
    var staleCause: String {
        switch language {
        case .en: "This page was opened before your browser was restarted or its cookies were cleared, so the dashboard could not confirm it is yours"
        case .ko: "이 화면을 연 뒤 브라우저를 다시 시작했거나 쿠키를 삭제해서 본인의 화면인지 확인하지 못했습니다"
        }
    }

    /// A product form whose token did not match: nothing was done, the typed values are kept
    /// (the form comes back with a fresh token), and pressing the button again works.
    func formExpired(_ action: WriteAction) -> ErrorText {
        switch (language, action) {
        case (.en, .register): ErrorText(heading: "The product was not added",
            message: "\(staleCause). Your entries are kept below: add the images again, then select Add product.")
        case (.en, .save): ErrorText(heading: "Your changes were not saved",
            message: "\(staleCause). Your changes are kept below: select Save changes again.")
        case (.en, .delete): ErrorText(heading: "The product was not deleted",
            message: "\(staleCause). Select Delete product again.")
        case (.ko, .register): ErrorText(heading: "상품을 등록하지 않았습니다",
            message: "\(staleCause). 입력한 내용은 아래에 그대로 있습니다. 이미지를 다시 추가한 뒤 [상품 등록]을 눌러 주세요.")
        case (.ko, .save): ErrorText(heading: "변경 내용을 저장하지 않았습니다",
            message: "\(staleCause). 입력한 내용은 아래에 그대로 있습니다. [저장]을 다시 눌러 주세요.")
        case (.ko, .delete): ErrorText(heading: "상품을 삭제하지 않았습니다",
            message: "\(staleCause). [상품 삭제]를 다시 눌러 주세요.")
        }
    }

    /// A product's owner: "red123 (vendor_id 15)" / "red123(판매자 번호 15)", or only the number
    /// when the market named no vendor.
    func owner(name: String, vendorID: Int) -> String {
        switch (language, name.isEmpty) {
        case (.en, true): "vendor_id \(vendorID)"
        case (.en, false): "\(name) (vendor_id \(vendorID))"
        case (.ko, true): "판매자 번호 \(vendorID)"
        case (.ko, false): "\(name)(판매자 번호 \(vendorID))"
        }
    }

    /// 403: another vendor's product. `ours` is the dashboard's own vendor, when known.
    func notYourProduct(_ name: String, owner: String, ours: Int?, action: WriteAction) -> ErrorText {
        switch language {
        case .en: ErrorText(heading: "This is not your product",
            message: "“\(name)” belongs to \(owner), not to this dashboard's vendor\(ours.map { " (vendor_id \($0))" } ?? ""). "
                + "Only the vendor who added a product can \(action == .delete ? "delete" : "edit") it.")
        case .ko: ErrorText(heading: "내 상품이 아닙니다",
            message: "“\(name)” 상품은 \(owner)의 상품입니다. "
                + "\(ours.map { "내 판매자 번호(\($0))로 등록한 상품만" } ?? "내가 등록한 상품만") \(action == .delete ? "삭제" : "수정")할 수 있습니다.")
        }
    }

    func vendorRefused(_ name: String, owner: String, action: WriteAction) -> ErrorText {
        switch language {
        case .en: ErrorText(heading: "The Open Market refused to \(action.english)",
            message: "The Open Market refused to let this dashboard \(action.english). “\(name)” belongs to "
                + "\(owner), and only the vendor who added a product may change it: if that is not "
                + "your vendor, the product is not yours to change; if it is, check --identifier and --secret. "
                + "Start the dashboard with --vendor-id so it offers Edit and Delete only on your own products.")
        case .ko: ErrorText(heading: "오픈마켓이 요청을 거절했습니다",
            message: "오픈마켓이 \(action.korean) 요청을 거절했습니다. “\(name)” 상품은 \(owner)의 상품이며, "
                + "등록한 판매자만 이 상품을 수정하거나 삭제할 수 있습니다. 내 판매자의 상품이 아니라면 수정할 수 없습니다. "
                + "내 판매자의 상품이라면 --identifier, --secret 설정을 확인해 주세요. "
                + "대시보드를 --vendor-id 옵션으로 실행하면 내 상품에만 수정과 삭제 버튼이 표시됩니다.")
        }
    }

    var imageNotFound: ErrorText {
        switch language {
        case .en: ErrorText(heading: "Image not found", message: "This attached image is no longer kept, or it was attached on another page. Add the image again on the form.")
        case .ko: ErrorText(heading: "이미지를 찾을 수 없습니다", message: "첨부한 이미지를 더 이상 보관하고 있지 않거나 다른 화면에서 첨부한 이미지입니다. 등록 화면에서 이미지를 다시 추가해 주세요.")
        }
    }

    var productNotLoaded: ErrorText {
        switch language {
        case .en: ErrorText(heading: "The Open Market is not answering", message: "The product could not be loaded from the Open Market, so nothing was changed. Try again in a moment.")
        case .ko: ErrorText(heading: "오픈마켓이 응답하지 않습니다", message: "오픈마켓에서 상품을 불러오지 못해 아무것도 수정하지 않았습니다. 잠시 후 다시 시도해 주세요.")
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
            message = "This did not come from one of the dashboard's own pages, so it could not be read. Go back, reload the page and press the button again."
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
            message = "\(filename.isEmpty ? "An attached file" : "“\(filename)”") is larger than \(bytes(limit)). Go back and choose a smaller image."
        case (.ko, .multipart(.fileTooLarge(_, let filename, let limit))):
            message = "\(filename.isEmpty ? "첨부한 파일" : "“\(filename)” 파일")이 너무 큽니다(최대 \(bytes(limit))). 이전 화면으로 돌아가 더 작은 이미지를 선택해 주세요."
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
