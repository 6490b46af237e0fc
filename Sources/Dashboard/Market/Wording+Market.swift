/// Texts of error pages: what happened, in words a person can act on.
import DashboardEngine

extension Wording {
    struct ErrorText {
        var heading: String
        var message: String
    }

    func productNotFound(id: Int?) -> ErrorText {
        switch (language, id) {
        case (.en, let id?): ErrorText(heading: "Product not found", message: "Product \(id) does not exist, or it was deleted.")
        case (.en, nil): ErrorText(heading: "Product not found", message: "There is no product at this address.")
        case (.ko, let id?): ErrorText(heading: "상품을 찾을 수 없습니다", message: "\(id)번 상품이 없거나 삭제되었습니다.")
        case (.ko, nil): ErrorText(heading: "상품을 찾을 수 없습니다", message: "이 주소에는 상품이 없습니다.")
        }
    }

    var marketSlow: ErrorText {
        switch language {
        case .en: ErrorText(heading: "The market is slow to answer", message: "The Open Market did not answer in time. Your request is safe to try again.")
        case .ko: ErrorText(heading: "오픈마켓의 응답이 늦습니다", message: "오픈마켓이 제시간에 응답하지 않았습니다. 잠시 후 다시 시도해 주세요.")
        }
    }

    var marketUnexpected: ErrorText {
        switch language {
        case .en: ErrorText(heading: "The market sent something unexpected", message: "The Open Market answered, but not in a way this dashboard understands. Please try again later.")
        case .ko: ErrorText(heading: "오픈마켓의 응답을 읽을 수 없습니다", message: "오픈마켓이 보낸 응답의 형식이 올바르지 않습니다. 잠시 후 다시 시도해 주세요.")
        }
    }

    /// The market's own words, quoted and marked as its own: they are shown as it wrote them,
    /// in whatever language it wrote them, never translated.
    func marketWords(_ said: String) -> String {
        switch language {
        case .en: "“\(said)” (the market's words)"
        case .ko: "“\(said)”(마켓 원문)"
        }
    }

    func marketRefusedRequest(_ said: String) -> ErrorText {
        switch language {
        case .en: ErrorText(heading: "The market refused the request", message: "The Open Market said: \(marketWords(said))")
        case .ko: ErrorText(heading: "오픈마켓이 요청을 거절했습니다", message: "오픈마켓의 응답: \(marketWords(said))")
        }
    }

    /// A list read the market answered 404 for (the page's 502 of `MarketErrorExplanation`): the
    /// market's own words would be an English reason phrase, so we say it in the reader's.
    var marketFoundNothing: ErrorText {
        switch language {
        case .en:
            ErrorText(heading: "The market refused the request", message: "The Open Market answered that it has no such list (404).")
        case .ko:
            ErrorText(heading: "오픈마켓이 요청을 거절했습니다", message: "오픈마켓에서 요청한 목록을 찾을 수 없다고 응답했습니다(404).")
        }
    }

    /// A read refused for the dashboard's credentials (the page's 502 of `MarketErrorExplanation`).
    var marketRejectedCredentials: ErrorText {
        switch language {
        case .en: ErrorText(heading: "The market refused the request", message: "The Open Market did not accept this dashboard's vendor identifier or secret (--identifier, --secret).")
        case .ko: ErrorText(heading: "오픈마켓이 요청을 거절했습니다",
            message: "오픈마켓이 대시보드에 설정된 판매자 식별자와 비밀번호(--identifier, --secret)를 인정하지 않았습니다. 설정을 확인해 주세요.")
        }
    }

    /// A write that timed out, where the form routes have not shown their "outcome unknown" page.
    var marketSlowOnWrite: ErrorText {
        switch language {
        case .en: ErrorText(heading: "The market is slow to answer", message: "The Open Market did not answer in time.")
        case .ko: ErrorText(heading: "오픈마켓의 응답이 늦습니다", message: "오픈마켓이 제시간에 응답하지 않았습니다.")
        }
    }

    var marketDown: ErrorText {
        switch language {
        case .en: ErrorText(heading: "The market is not answering", message: "The Open Market cannot be reached right now, and there is no saved copy of this page. Please try again in a moment.")
        case .ko: ErrorText(heading: "오픈마켓이 응답하지 않습니다", message: "지금은 오픈마켓에 연결할 수 없고, 저장해 둔 페이지도 없습니다. 잠시 후 다시 시도해 주세요.")
        }
    }

    var productNotLoaded: ErrorText {
        switch language {
        case .en: ErrorText(heading: "The market is not answering", message: "The product could not be loaded from the Open Market, so nothing was changed. Please try again in a moment.")
        case .ko: ErrorText(heading: "오픈마켓이 응답하지 않습니다", message: "오픈마켓에서 상품을 불러오지 못해 아무것도 수정하지 않았습니다. 잠시 후 다시 시도해 주세요.")
        }
    }

    var imageNotFound: ErrorText {
        switch language {
        case .en: ErrorText(heading: "Image not found", message: "This attached image is gone or belongs to another form.")
        case .ko: ErrorText(heading: "이미지를 찾을 수 없습니다", message: "첨부한 이미지가 삭제되었거나 다른 양식에 첨부된 이미지입니다.")
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

    /// A limit in whole units as Korean writes it: "2MB", "64KB", "100바이트".
    var otherSite: ErrorText {
        switch language {
        case .en: ErrorText(heading: "Not accepted from another site",
            message: "This form was sent from another site. For your safety it was not accepted; open the form on this dashboard and submit it there.")
        case .ko: ErrorText(heading: "다른 사이트에서 보낸 양식은 처리하지 않습니다",
            message: "이 양식은 다른 사이트에서 보낸 것이라 안전을 위해 처리하지 않았습니다. 이 대시보드에서 양식을 다시 열어 보내 주세요.")
        }
    }

    /// Why a count of the catalog failed, from its code.
    func countFailure(_ reason: CatalogFailure.Reason) -> String {
        switch (language, reason) {
        case (.en, .timeout): "the market did not answer in time"
        case (.en, .unreadableAnswer): "the market sent something this dashboard does not understand"
        case (.en, .refused): "the market refused to list its products"
        case (.en, .unreachable): "the market could not be reached"
        case (.ko, .timeout): "오픈마켓 응답 시간 초과"
        case (.ko, .unreadableAnswer): "오픈마켓 응답을 읽을 수 없음"
        case (.ko, .refused): "오픈마켓이 상품 목록 요청을 거절함"
        case (.ko, .unreachable): "오픈마켓에 연결할 수 없음"
        }
    }

    func catalogNotCounted(_ reason: CatalogFailure.Reason) -> ErrorText {
        switch language {
        case .en: ErrorText(heading: "The catalog could not be counted", message: "Counting products failed: \(countFailure(reason)). Please try again in a moment.")
        case .ko: ErrorText(heading: "상품을 집계하지 못했습니다", message: "상품 집계에 실패했습니다(\(countFailure(reason))). 잠시 후 다시 시도해 주세요.")
        }
    }
}
