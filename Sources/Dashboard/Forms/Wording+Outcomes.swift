/// Texts of form outcomes that are not one field's: the market refused, did not answer, the
/// form expired, the product is another vendor's.
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

    struct Outcome {
        var heading: String
        var message: String
        var advice: String
        var checkLabel: String
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

    /// The market refused a write.
    func marketRefused(_ action: WriteAction) -> ErrorText {
        switch language {
        case .en: ErrorText(heading: "The market refused",
            message: "The Open Market did not let this dashboard \(action.english): only the vendor who registered a product may change it, "
                + "and the market must accept the dashboard's vendor identifier and secret (--identifier, --secret).")
        case .ko: ErrorText(heading: "오픈마켓이 요청을 거절했습니다",
            message: "오픈마켓이 \(action.korean) 요청을 거절했습니다. 상품은 등록한 판매자만 수정하거나 삭제할 수 있습니다. "
                + "대시보드에 설정된 판매자 식별자와 비밀번호(--identifier, --secret)를 확인해 주세요.")
        }
    }

    func marketRejectedInput(_ said: String) -> ErrorText {
        switch language {
        case .en: ErrorText(heading: "The market did not accept the input", message: "The Open Market said: \(marketWords(said))")
        case .ko: ErrorText(heading: "오픈마켓이 입력 내용을 받아들이지 않았습니다", message: "오픈마켓의 응답: \(marketWords(said))")
        }
    }

    /// The client refused to build the request (`MarketError.invalidRequest`). Its reason is
    /// the client's English sentence: English shows it; Korean says what to do instead.
    func nothingSent(_ what: String) -> ErrorText {
        switch language {
        case .en: ErrorText(heading: "Nothing was sent", message: "The request could not be made: \(what)")
        case .ko: ErrorText(heading: "아무것도 보내지 않았습니다",
            message: "오픈마켓에 보낼 요청을 만들 수 없어 아무것도 보내지 않았습니다. 입력한 내용과 이미지를 확인한 뒤 다시 보내 주세요.")
        }
    }

    func marketFailed(_ action: WriteAction, said: String?) -> ErrorText {
        switch (language, said) {
        case (.en, let said?): ErrorText(heading: "The market could not \(action.english)",
            message: "The Open Market answered with an error: \(marketWords(said)). Nothing is lost; submit again when it is back.")
        case (.en, nil): ErrorText(heading: "The market could not \(action.english)", message: "The Open Market says the product does not exist.")
        case (.ko, let said?): ErrorText(heading: "오픈마켓에서 \(action.korean)에 실패했습니다",
            message: "오픈마켓이 오류로 응답했습니다: \(marketWords(said)). 입력한 내용은 그대로 있으니 오픈마켓이 복구되면 다시 보내 주세요.")
        case (.ko, nil): ErrorText(heading: "오픈마켓에서 \(action.korean)에 실패했습니다", message: "오픈마켓에 이 상품이 없습니다.")
        }
    }

    var marketUnreachable: ErrorText {
        switch language {
        case .en: ErrorText(heading: "The market is not answering", message: "The Open Market could not be reached. Nothing is lost; submit again in a moment.")
        case .ko: ErrorText(heading: "오픈마켓이 응답하지 않습니다", message: "오픈마켓에 연결할 수 없습니다. 입력한 내용은 그대로 있으니 잠시 후 다시 보내 주세요.")
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
}
