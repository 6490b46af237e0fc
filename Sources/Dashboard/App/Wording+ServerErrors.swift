import HTTPServer

/// Texts of the pages the HTTP server answers by itself (no route, a refused request, a body
/// too large): the server words them in English; in Korean the page says the same per status.
extension Wording {
    /// The heading's reason phrase ("Not Found", "찾을 수 없음").
    func reason(_ status: HTTPStatus) -> String {
        switch (language, status.rawValue) {
        case (.en, _): return status.reasonPhrase
        case (.ko, 400): return "잘못된 요청"
        case (.ko, 403): return "접근 거부"
        case (.ko, 404): return "찾을 수 없음"
        case (.ko, 405): return "허용되지 않는 요청 방식"
        case (.ko, 408): return "요청 시간 초과"
        case (.ko, 413): return "요청이 너무 큼"
        case (.ko, 414): return "주소가 너무 긺"
        case (.ko, 421): return "다른 서버로 보낸 요청"
        case (.ko, 431): return "헤더가 너무 큼"
        case (.ko, 501): return "지원하지 않는 기능"
        case (.ko, 503): return "잠시 사용할 수 없음"
        case (.ko, 505): return "지원하지 않는 HTTP 버전"
        case (.ko, 500...): return "서버 오류"
        case (.ko, _): return "요청 오류"
        }
    }

    /// What happened, in a sentence: the server's own (English) words, or the Korean for its status.
    func serverMessage(_ status: HTTPStatus, english: String) -> String {
        switch (language, status.rawValue) {
        case (.en, _): return english
        case (.ko, 404): return "이 주소에는 아무것도 없습니다."
        case (.ko, 405): return "이 주소는 이 방식의 요청을 받지 않습니다."
        case (.ko, 408): return "요청이 제시간에 도착하지 않아 연결을 닫았습니다. 다시 시도해 주세요."
        case (.ko, 413): return "보낸 내용이 너무 큽니다."
        case (.ko, 414): return "주소가 너무 깁니다."
        case (.ko, 421): return "이 요청은 이 대시보드가 아닌 다른 서버를 가리킵니다."
        case (.ko, 431): return "요청 헤더가 너무 큽니다."
        case (.ko, 503): return "지금은 요청을 받을 수 없습니다. 잠시 후 다시 시도해 주세요."
        case (.ko, 500...): return "대시보드에 문제가 발생했습니다. 잠시 후 다시 시도해 주세요."
        case (.ko, _): return "요청을 읽을 수 없습니다."
        }
    }

    /// Under a 413 on a form: how to get the entries back and what size fits.
    var tooLargeAdvice: String {
        switch language {
        case .en:
            "Product images must each be at most 300 KB (five at most). Go back with your browser's Back button: "
                + "your entries are usually still there. Choose smaller pictures, or turn on JavaScript so the form makes them smaller for you."
        case .ko:
            "상품 이미지는 최대 5장, 장당 300KB 이하로 올릴 수 있습니다. 브라우저의 뒤로 가기 버튼을 누르면 입력한 내용이 대부분 그대로 남아 있습니다. "
                + "더 작은 이미지를 선택하거나, 자바스크립트를 켜서 양식이 이미지를 자동으로 줄이도록 해 주세요."
        }
    }

    var backToDashboard: String {
        switch language {
        case .en: "Back to the dashboard"
        case .ko: "대시보드로 돌아가기"
        }
    }
}
