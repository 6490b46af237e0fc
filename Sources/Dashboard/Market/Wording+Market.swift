/// Texts of the market's failures, on a page or after a form (`MarketErrorExplanation`): it
/// was slow, sent something unexpected, refused or could not be reached. In words a person can
/// act on, with the market's own words quoted and marked.
extension Wording {
    var marketSlow: ErrorText {
        switch language {
        case .en: ErrorText(heading: "The Open Market is slow to answer", message: "The Open Market did not answer in time, so this page could not be shown. Try again in a moment.")
        case .ko: ErrorText(heading: "오픈마켓의 응답이 늦습니다", message: "오픈마켓이 제시간에 응답하지 않아 이 페이지를 보여 드릴 수 없습니다. 잠시 후 다시 시도해 주세요.")
        }
    }

    var marketUnexpected: ErrorText {
        switch language {
        case .en: ErrorText(heading: "The Open Market's answer could not be read", message: "The Open Market answered with something the dashboard cannot read, so this page could not be shown. Try again in a few minutes.")
        case .ko: ErrorText(heading: "오픈마켓의 응답을 읽을 수 없습니다", message: "오픈마켓이 보낸 응답의 형식이 올바르지 않아 이 페이지를 보여 드릴 수 없습니다. 몇 분 후 다시 시도해 주세요.")
        }
    }

    /// The market's own words, quoted and marked as its own: they are shown as it wrote them,
    /// in whatever language it wrote them, never translated.
    func marketWords(_ said: String) -> String {
        switch language {
        case .en: "“\(BidiText.isolated(said))” (the market's words)"
        case .ko: "“\(BidiText.isolated(said))”(마켓 원문)"
        }
    }

    func marketRefusedRequest(_ said: String) -> ErrorText {
        switch language {
        case .en: ErrorText(heading: "The Open Market refused to show this page", message: "The Open Market said: \(marketWords(said)). Try again in a moment.")
        case .ko: ErrorText(heading: "오픈마켓이 요청을 거절했습니다", message: "오픈마켓의 응답: \(marketWords(said)). 잠시 후 다시 시도해 주세요.")
        }
    }

    /// A list read the market answered 404 for (the page's 502 of `MarketErrorExplanation`): the
    /// market's own words would be an English reason phrase, so we say it in the reader's.
    var marketFoundNothing: ErrorText {
        switch language {
        case .en:
            ErrorText(heading: "The Open Market refused to show this page",
                message: "The Open Market answered that it has no such list. Try again in a moment, or go back to the first page of the list.")
        case .ko:
            ErrorText(heading: "오픈마켓이 요청을 거절했습니다",
                message: "오픈마켓에서 요청한 목록을 찾을 수 없다고 응답했습니다. 잠시 후 다시 시도하거나 목록의 첫 페이지로 이동해 주세요.")
        }
    }

    /// A read refused for the dashboard's credentials (the page's 502 of `MarketErrorExplanation`).
    var marketRejectedCredentials: ErrorText {
        switch language {
        case .en: ErrorText(heading: "The Open Market did not accept your seller account",
            message: "The Open Market did not accept the seller identifier or secret the dashboard was started with (--identifier, --secret). Check them, then start the dashboard again.")
        case .ko: ErrorText(heading: "오픈마켓이 판매자 인증 정보를 받아들이지 않았습니다",
            message: "오픈마켓이 대시보드에 설정된 판매자 식별자와 비밀번호(--identifier, --secret)를 받아들이지 않았습니다. 설정을 확인한 뒤 대시보드를 다시 실행해 주세요.")
        }
    }

    /// A write that timed out, where the form routes have not shown their "outcome unknown" page.
    var marketSlowOnWrite: ErrorText {
        switch language {
        case .en: ErrorText(heading: "The Open Market is slow to answer",
            message: "The Open Market did not answer in time; it may or may not have made the change. Open the product to check before trying again.")
        case .ko: ErrorText(heading: "오픈마켓의 응답이 늦습니다",
            message: "오픈마켓이 제시간에 응답하지 않아 반영되었는지 알 수 없습니다. 다시 시도하기 전에 상품을 열어 확인해 주세요.")
        }
    }

    /// The market unreachable and nothing loaded before to show: a product's page (`product`)
    /// or a page of products.
    func marketDown(product: Bool) -> ErrorText {
        switch (language, product) {
        case (.en, true): ErrorText(heading: "The Open Market is not answering",
            message: "The Open Market cannot be reached right now, and the dashboard has not loaded this product before, so there is nothing to show. Try again in a moment.")
        case (.en, false): ErrorText(heading: "The Open Market is not answering",
            message: "The Open Market cannot be reached right now, and the dashboard has not loaded this page's products before, so there is nothing to show. Try again in a moment.")
        case (.ko, true): ErrorText(heading: "오픈마켓이 응답하지 않습니다",
            message: "지금은 오픈마켓에 연결할 수 없고, 전에 불러온 이 상품의 정보도 없어 보여 드릴 수 없습니다. 잠시 후 다시 시도해 주세요.")
        case (.ko, false): ErrorText(heading: "오픈마켓이 응답하지 않습니다",
            message: "지금은 오픈마켓에 연결할 수 없고, 전에 불러온 상품 정보도 없어 이 페이지를 보여 드릴 수 없습니다. 잠시 후 다시 시도해 주세요.")
        }
    }

    /// The market refused a write.
    func marketRefused(_ action: WriteAction) -> ErrorText {
        switch language {
        case .en: ErrorText(heading: "The Open Market refused to \(action.english)",
            message: "The Open Market did not let this dashboard \(action.english): only the vendor who added a product may change it, "
                + "and the market must accept the dashboard's vendor identifier and secret (--identifier, --secret).")
        case .ko: ErrorText(heading: "오픈마켓이 요청을 거절했습니다",
            message: "오픈마켓이 \(action.korean) 요청을 거절했습니다. 상품은 등록한 판매자만 수정하거나 삭제할 수 있습니다. "
                + "대시보드에 설정된 판매자 식별자와 비밀번호(--identifier, --secret)를 확인해 주세요.")
        }
    }

    func marketRejectedInput(_ said: String) -> ErrorText {
        switch language {
        case .en: ErrorText(heading: "The Open Market did not accept these values",
            message: "The Open Market said: \(marketWords(said)). Correct your entries below and try again.")
        case .ko: ErrorText(heading: "오픈마켓이 입력 내용을 받아들이지 않았습니다",
            message: "오픈마켓의 응답: \(marketWords(said)). 아래 입력 내용을 고친 뒤 다시 시도해 주세요.")
        }
    }

    /// The client refused to build the request (`MarketError.invalidRequest`). Its reason is
    /// the client's English sentence: English shows it; Korean says what to do instead.
    func nothingSent(_ what: String) -> ErrorText {
        switch language {
        case .en: ErrorText(heading: "Nothing was changed",
            message: "The dashboard could not prepare this for the Open Market (\(what)). Check your entries and images, then try again.")
        case .ko: ErrorText(heading: "아무것도 반영하지 않았습니다",
            message: "오픈마켓에 보낼 내용을 만들 수 없어 아무것도 반영하지 않았습니다. 입력한 내용과 이미지를 확인한 뒤 다시 시도해 주세요.")
        }
    }

    func marketFailed(_ action: WriteAction, said: String?) -> ErrorText {
        switch (language, said) {
        case (.en, let said?): ErrorText(heading: "The Open Market could not \(action.english)",
            message: "The Open Market answered with an error: \(marketWords(said)). Your entries are kept below; try again in a few minutes.")
        case (.en, nil): ErrorText(heading: "The Open Market could not \(action.english)",
            message: "The Open Market says the product does not exist; it may have been deleted elsewhere. Go back to the product list.")
        case (.ko, let said?): ErrorText(heading: "오픈마켓에서 \(action.korean)에 실패했습니다",
            message: "오픈마켓이 오류로 응답했습니다: \(marketWords(said)). 입력한 내용은 그대로 있으니 몇 분 후 다시 시도해 주세요.")
        case (.ko, nil): ErrorText(heading: "오픈마켓에서 \(action.korean)에 실패했습니다",
            message: "오픈마켓에 이 상품이 없습니다. 다른 곳에서 삭제되었을 수 있으니 상품 목록으로 돌아가 확인해 주세요.")
        }
    }

    var marketUnreachable: ErrorText {
        switch language {
        case .en: ErrorText(heading: "The Open Market is not answering", message: "The Open Market could not be reached, so nothing was changed. Your entries are kept below; try again in a moment.")
        case .ko: ErrorText(heading: "오픈마켓이 응답하지 않습니다", message: "오픈마켓에 연결할 수 없어 아무것도 반영하지 않았습니다. 입력한 내용은 그대로 있으니 잠시 후 다시 시도해 주세요.")
        }
    }
}
