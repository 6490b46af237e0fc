/// Texts of form outcomes that are not one field's: the market did not answer in time, the form
/// expired, could not be read or came from another site, an attached image is gone, the product
/// is another vendor's. The market's refusals and failures are in `Market/Wording+Market.swift`.
extension Wording {
    /// What a form was doing, for sentences about it.
    enum WriteAction {
        case register, save, delete

        var english: String {
            switch self {
            case .register: "register the product"
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

    func outcomeUnknown(_ action: WriteAction) -> Outcome {
        switch (language, action) {
        case (.en, .delete):
            Outcome(heading: "We don't know whether the product was deleted",
                message: "The Open Market did not answer in time. It may have deleted the product, or not.",
                advice: "Open the product to see whether it is still there before trying again.", checkLabel: "Check the product")
        case (.en, _):
            Outcome(heading: "We don't know whether the product was registered",
                message: "The Open Market did not answer in time. It may have registered the product, or not.",
                advice: "Look for it in the product list before registering it again, so it is not registered twice.",
                checkLabel: "Check the product list")
        case (.ko, .delete):
            Outcome(heading: "상품이 삭제되었는지 알 수 없습니다",
                message: "오픈마켓이 제시간에 응답하지 않았습니다. 상품이 삭제되었을 수도, 삭제되지 않았을 수도 있습니다.",
                advice: "다시 시도하기 전에 상품이 아직 있는지 확인해 주세요.", checkLabel: "상품 확인")
        case (.ko, _):
            Outcome(heading: "상품이 등록되었는지 알 수 없습니다",
                message: "오픈마켓이 제시간에 응답하지 않았습니다. 상품이 등록되었을 수도, 등록되지 않았을 수도 있습니다.",
                advice: "같은 상품이 두 번 등록되지 않도록 다시 등록하기 전에 상품 목록에서 확인해 주세요.",
                checkLabel: "상품 목록 확인")
        }
    }

    var changeUnknown: ErrorText {
        switch language {
        case .en: ErrorText(heading: "We don't know whether the change was saved",
            message: "The Open Market did not answer in time. Open the product to check; your changes are still below.")
        case .ko: ErrorText(heading: "수정 내용이 저장되었는지 알 수 없습니다",
            message: "오픈마켓이 제시간에 응답하지 않았습니다. 상품을 열어 확인해 주세요. 입력한 내용은 아래에 그대로 있습니다.")
        }
    }

    func formExpired(delete: Bool) -> ErrorText {
        switch (language, delete) {
        case (.en, false): ErrorText(heading: "The form had expired",
            message: "For your safety nothing was sent: the form's security token did not match this browser. "
                + "Your entries are below; check them, add any images again, and submit.")
        case (.en, true): ErrorText(heading: "The form had expired",
            message: "For your safety nothing was deleted: the form's security token did not match this browser. Confirm again below.")
        case (.ko, false): ErrorText(heading: "양식의 유효 시간이 지났습니다",
            message: "양식의 보안 토큰이 이 브라우저와 맞지 않아 안전을 위해 아무것도 보내지 않았습니다. "
                + "입력한 내용은 아래에 그대로 있습니다. 내용을 확인하고 이미지를 다시 추가한 뒤 보내 주세요.")
        case (.ko, true): ErrorText(heading: "양식의 유효 시간이 지났습니다",
            message: "양식의 보안 토큰이 이 브라우저와 맞지 않아 안전을 위해 아무것도 삭제하지 않았습니다. 아래에서 다시 확인해 주세요.")
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
        case .en: ErrorText(heading: "Not your product",
            message: "“\(name)” belongs to \(owner), not to this dashboard's vendor\(ours.map { " (vendor_id \($0))" } ?? ""). "
                + "Only the vendor who registered a product can \(action == .delete ? "delete" : "edit") it.")
        case .ko: ErrorText(heading: "내 상품이 아닙니다",
            message: "“\(name)” 상품은 \(owner)의 상품이며, 내 상품\(ours.map { "(판매자 번호 \($0))" } ?? "")이 아닙니다. "
                + "등록한 판매자만 이 상품을 \(action == .delete ? "삭제" : "수정")할 수 있습니다.")
        }
    }

    func vendorRefused(_ name: String, owner: String, action: WriteAction) -> ErrorText {
        switch language {
        case .en: ErrorText(heading: "The market refused",
            message: "The Open Market refused to let this dashboard \(action.english). “\(name)” belongs to "
                + "\(owner), and only the vendor who registered a product may change it: if that is not "
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
        case .en: ErrorText(heading: "Image not found", message: "This attached image is gone or belongs to another form.")
        case .ko: ErrorText(heading: "이미지를 찾을 수 없습니다", message: "첨부한 이미지가 삭제되었거나 다른 양식에 첨부된 이미지입니다.")
        }
    }

    var productNotLoaded: ErrorText {
        switch language {
        case .en: ErrorText(heading: "The market is not answering", message: "The product could not be loaded from the Open Market, so nothing was changed. Please try again in a moment.")
        case .ko: ErrorText(heading: "오픈마켓이 응답하지 않습니다", message: "오픈마켓에서 상품을 불러오지 못해 아무것도 수정하지 않았습니다. 잠시 후 다시 시도해 주세요.")
        }
    }

    /// A form body that could not be read (400, 413, 415). English keeps the parser's own
    /// sentence; Korean says the same per reason.
    func formUnreadable(_ reason: FormSubmission.Unreadable) -> ErrorText {
        switch language {
        case .en: return ErrorText(heading: "The form could not be read", message: reason.message)
        case .ko: break
        }
        let message: String
        switch reason {
        case .unsupportedType:
            message = "이 형식으로 보낸 양식은 읽을 수 없습니다. 대시보드의 양식 페이지에서 다시 보내 주세요."
        case .noBoundary:
            message = "양식 데이터의 형식이 올바르지 않아 읽을 수 없습니다. 페이지를 새로 고친 뒤 다시 보내 주세요."
        case .multipart(let error):
            switch error {
            case .tooManyParts(let limit):
                message = "양식의 항목이 너무 많습니다(최대 \(limit)개). 페이지를 새로 고친 뒤 다시 보내 주세요."
            case .partHeadersTooLarge(let limit), .fieldTooLarge(_, let limit):
                message = "입력한 내용이 너무 깁니다(항목당 최대 \(bytes(limit))). 내용을 줄여서 다시 보내 주세요."
            case .fileTooLarge(_, let filename, let limit):
                let file = filename.isEmpty ? "첨부한 파일" : "“\(filename)” 파일"
                message = "\(file)이 너무 큽니다(최대 \(bytes(limit))). 더 작은 이미지를 선택해 주세요."
            case .totalFileBytesTooLarge(let limit):
                message = "첨부한 파일을 모두 합친 크기가 너무 큽니다(최대 \(bytes(limit))). 더 작은 이미지를 선택해 주세요."
            case .invalidBoundary, .missingFinalBoundary, .bareLineFeed, .malformedPartHeader, .missingContentDisposition, .missingName:
                message = "양식 데이터의 형식이 올바르지 않아 읽을 수 없습니다. 페이지를 새로 고친 뒤 다시 보내 주세요."
            }
        }
        return ErrorText(heading: "양식을 읽을 수 없습니다", message: message)
    }

    var otherSite: ErrorText {
        switch language {
        case .en: ErrorText(heading: "Not accepted from another site",
            message: "This form was sent from another site. For your safety it was not accepted; open the form on this dashboard and submit it there.")
        case .ko: ErrorText(heading: "다른 사이트에서 보낸 양식은 처리하지 않습니다",
            message: "이 양식은 다른 사이트에서 보낸 것이라 안전을 위해 처리하지 않았습니다. 이 대시보드에서 양식을 다시 열어 보내 주세요.")
        }
    }
}
