import DashboardEngine
import HTTPServer

/// Texts of the pages the HTTP server answers by itself (no route, a refused request, a body
/// too large): per status, what happened and what to do next, in the reader's language. The
/// heading never names the status or an HTTP word; the status stays on the response.
extension Wording {
    /// What happened, as the page's heading ("Page not found", "페이지를 찾을 수 없습니다").
    func serverHeading(_ status: HTTPStatus) -> String {
        switch (language, status.rawValue) {
        case (.en, 404): "Page not found"
        case (.en, 405): "This address works only from a button"
        case (.en, 408): "The page took too long to arrive"
        case (.en, 413): "Too much to take at once"
        case (.en, 414): "The address is too long"
        case (.en, 421): "This address is not the dashboard's"
        case (.en, 431): "Your browser sent too much"
        case (.en, 503): "The dashboard is busy"
        case (.en, 500...): "Something went wrong"
        case (.en, _): "The page could not be opened"
        case (.ko, 404): "페이지를 찾을 수 없습니다"
        case (.ko, 405): "잘못된 접근입니다"
        case (.ko, 408): "시간이 초과되었습니다"
        case (.ko, 413): "한 번에 받을 수 있는 크기를 넘었습니다"
        case (.ko, 414): "주소가 너무 깁니다"
        case (.ko, 421): "대시보드의 주소가 아닙니다"
        case (.ko, 431): "브라우저가 보낸 정보가 너무 많습니다"
        case (.ko, 503): "대시보드가 지금 바쁩니다"
        case (.ko, 500...): "문제가 발생했습니다"
        case (.ko, _): "페이지를 열 수 없습니다"
        }
    }

    /// The cause and the next step, for the status.
    func serverMessage(_ status: HTTPStatus) -> String {
        switch (language, status.rawValue) {
        case (.en, 404): "There is no page at this address. Check the address, or find what you need from the product list."
        case (.en, 405): "This address only takes a button press on one of the dashboard's pages, so nothing was done. Go back and press the button again."
        case (.en, 408): "Your browser stopped sending before everything arrived, so nothing was done. Check your connection and try again."
        case (.en, 413): "What was sent is larger than the dashboard takes here, so nothing was saved."
        case (.en, 414): "The address has more characters than the dashboard reads, so the page was not opened. Go to the product list and search again with fewer words."
        case (.en, 421): "The dashboard answers only at the address it was started on. Open it at that address, as printed when it started."
        case (.en, 431): "Your browser sent more cookies than the dashboard reads. Clear this site's cookies, then reload the page."
        case (.en, 503): "Too many pages are being opened at once. Wait a moment, then reload the page."
        case (.en, 500...): "The dashboard could not finish this page. Try again in a moment; if it happens again, the dashboard's log says why."
        case (.en, _): "The dashboard could not read what your browser sent, so nothing was done. Go back, reload the page and try again."
        case (.ko, 404): "이 주소에는 페이지가 없습니다. 주소를 확인하거나 상품 목록에서 찾아 주세요."
        case (.ko, 405): "이 주소는 대시보드 화면의 버튼으로만 쓸 수 있어 아무것도 하지 않았습니다. 이전 화면으로 돌아가 버튼을 다시 눌러 주세요."
        case (.ko, 408): "브라우저가 보내는 내용이 끝까지 도착하지 않아 아무것도 하지 않았습니다. 인터넷 연결을 확인한 뒤 다시 시도해 주세요."
        case (.ko, 413): "보낸 내용이 이곳에서 받을 수 있는 크기보다 커서 아무것도 저장하지 않았습니다."
        case (.ko, 414): "주소가 너무 길어 페이지를 열지 못했습니다. 상품 목록으로 이동해 검색어를 줄여서 다시 검색해 주세요."
        case (.ko, 421): "대시보드는 실행할 때 정한 주소로만 열 수 있습니다. 대시보드를 실행할 때 표시된 주소로 열어 주세요."
        case (.ko, 431): "브라우저가 보낸 쿠키가 너무 많습니다. 이 사이트의 쿠키를 삭제한 뒤 페이지를 새로 고쳐 주세요."
        case (.ko, 503): "지금 열리는 페이지가 너무 많습니다. 잠시 후 페이지를 새로 고쳐 주세요."
        case (.ko, 500...): "대시보드가 이 페이지를 끝까지 만들지 못했습니다. 잠시 후 다시 시도해 주세요. 계속되면 대시보드 로그에서 이유를 확인해 주세요."
        case (.ko, _): "브라우저가 보낸 내용을 읽을 수 없어 아무것도 하지 않았습니다. 이전 화면으로 돌아가 페이지를 새로 고친 뒤 다시 시도해 주세요."
        }
    }

    /// What was too large (413), by the page it was sent from.
    enum Upload {
        /// The register form, with its images.
        case productImages
        /// The CSV import, with its file and images.
        case importFile
        /// The sheet.
        case sheet
        /// Any other form.
        case other

        /// The upload a path takes.
        init(path: String) {
            switch path {
            case "/products": self = .productImages
            case "/products/import": self = .importFile
            case "/products/sheet": self = .sheet
            default: self = .other
            }
        }
    }

    /// Under a 413: what fits, and how to get back without losing what was typed.
    func tooLargeAdvice(_ upload: Upload) -> String {
        switch (language, upload) {
        case (_, .importFile): importTooLargeAdvice
        case (.en, .productImages):
            "A product takes 1 to 5 images, each at most \(bytes(ProductFieldRules.maxImageBytes)). Go back with your browser's Back button "
                + "(your entries are usually still there), choose smaller images and select Add product again."
        case (.en, .sheet): "Go back, show fewer products on the page (20 a page, for example) and open the sheet again."
        case (.en, .other): "Go back and try again with less at once: select fewer products, for example."
        case (.ko, .productImages):
            "상품 이미지는 1~5장, 장당 \(bytes(ProductFieldRules.maxImageBytes)) 이하로 올릴 수 있습니다. 브라우저의 뒤로 가기 버튼을 누르면 "
                + "입력한 내용이 대부분 그대로 남아 있습니다. 더 작은 이미지를 선택한 뒤 [상품 등록]을 다시 눌러 주세요."
        case (.ko, .sheet): "이전 화면으로 돌아가 한 페이지에 보이는 상품 수를 줄인 뒤(예: 20개씩 보기) 시트를 다시 열어 주세요."
        case (.ko, .other): "이전 화면으로 돌아가 한 번에 보내는 양을 줄여서(예: 선택한 상품 수 줄이기) 다시 시도해 주세요."
        }
    }

    /// The error page's way out.
    var goToProducts: String {
        switch language {
        case .en: "Go to the product list"
        case .ko: "상품 목록으로 이동"
        }
    }
}
