import DashboardEngine
import HTTPServer

/// Texts of the pages the HTTP server answers by itself (no route, a refused request, a body
/// too large): per status, what happened and what to do next, in the reader's language. The
/// heading never names the status or an HTTP word; the status stays on the response.
extension Wording {
    /// What happened, as the page's heading ("Page not found", "페이지를 찾을 수 없습니다"); a
    /// 413 by what was sent (`upload`).
    func serverHeading(_ status: HTTPStatus, upload: Upload) -> String {
        switch (language, status.rawValue, upload) {
        case (.en, 404, _): "Page not found"
        case (.en, 405, _): "This page can't be opened directly"
        case (.en, 408, _): "The page took too long to arrive"
        case (.en, 413, .productImages): "Your images are too large"
        case (.en, 413, .importFile): "The import is too large"
        case (.en, 413, .sheet): "The sheet is too large"
        case (.en, 413, .other): "Too much was sent at once"
        case (.en, 414, _): "The address is too long"
        case (.en, 421, _): "This address is not the dashboard's"
        case (.en, 431, _): "Your browser sent too much"
        case (.en, 503, _): "The dashboard is busy"
        case (.en, 500..., _): "Something went wrong"
        case (.en, _, _): "The page could not be opened"
        case (.ko, 404, _): "페이지를 찾을 수 없습니다"
        case (.ko, 405, _): "이 주소는 직접 열 수 없습니다"
        case (.ko, 408, _): "시간이 초과되었습니다"
        case (.ko, 413, .productImages): "이미지가 너무 커서 등록하지 않았습니다"
        case (.ko, 413, .importFile): "가져올 내용이 너무 커서 가져오지 않았습니다"
        case (.ko, 413, .sheet): "시트의 내용이 너무 많습니다"
        case (.ko, 413, .other): "한 번에 보낸 내용이 너무 많습니다"
        case (.ko, 414, _): "주소가 너무 깁니다"
        case (.ko, 421, _): "대시보드의 주소가 아닙니다"
        case (.ko, 431, _): "브라우저가 보낸 정보가 너무 많습니다"
        case (.ko, 503, _): "대시보드가 지금 바쁩니다"
        case (.ko, 500..., _): "문제가 발생했습니다"
        case (.ko, _, _): "페이지를 열 수 없습니다"
        }
    }

    /// The cause and the next step, for the status; a 413's cause by what was sent.
    func serverMessage(_ status: HTTPStatus, upload: Upload) -> String {
        switch (language, status.rawValue, upload) {
        case (.en, 404, _): "There is no page at this address. Check the address, or find what you need from the product list."
        case (.en, 405, _): "This address is for a button on one of the dashboard's pages, so opening it directly did nothing. Go back to that page and select the button there."
        case (.en, 408, _): "Your browser stopped sending before everything arrived, so nothing was done. Check your connection and try again."
        case (.en, 413, .productImages): "The images you chose add up to more than the dashboard takes at once, so the product was not added."
        case (.en, 413, .importFile):
            "An import takes at most \(bytes(BatchLimits.maxImportCSVBytes)) for the CSV file and \(bytes(BatchLimits.maxImportRequestBytes)) in all, with its images, so nothing was read."
        case (.en, 413, .sheet): "The sheet holds more products than the dashboard takes at once, so no preview was made."
        case (.en, 413, .other): "What was sent is larger than the dashboard takes here, so nothing was saved."
        case (.en, 414, _): "The address has more characters than the dashboard reads, so the page was not opened. Go to the product list and search again with fewer words."
        case (.en, 421, _): "The dashboard answers only at the address it was started on. Open it at that address, as printed when it started."
        case (.en, 431, _): "Your browser sent more with this page than the dashboard reads, usually because this site has too many cookies. Clear this site's cookies, then reload the page."
        case (.en, 503, _): "Too many pages are being opened at once. Wait a moment, then reload the page."
        case (.en, 500..., _): "The dashboard could not finish this page. Try again in a moment; if it happens again, the dashboard's log says why."
        case (.en, _, _): "The dashboard could not read what your browser sent, so nothing was done. Go back, reload the page and try again."
        case (.ko, 404, _): "이 주소에는 페이지가 없습니다. 주소를 확인하거나 상품 목록에서 찾아 주세요."
        case (.ko, 405, _): "이 주소는 대시보드 화면의 버튼으로만 쓸 수 있어 아무것도 하지 않았습니다. 이전 화면으로 돌아가 버튼을 다시 눌러 주세요."
        case (.ko, 408, _): "브라우저가 보내는 내용이 끝까지 도착하지 않아 아무것도 하지 않았습니다. 인터넷 연결을 확인한 뒤 다시 시도해 주세요."
        case (.ko, 413, .productImages): "선택한 이미지를 합친 크기가 한 번에 올릴 수 있는 크기보다 커서 상품을 등록하지 않았습니다."
        case (.ko, 413, .importFile):
            "가져오기는 CSV 파일 \(bytes(BatchLimits.maxImportCSVBytes)), 이미지를 합쳐 전체 \(bytes(BatchLimits.maxImportRequestBytes))까지 올릴 수 있어 아무것도 읽지 않았습니다."
        case (.ko, 413, .sheet): "시트의 상품이 한 번에 보낼 수 있는 양보다 많아 미리 보기를 만들지 않았습니다."
        case (.ko, 413, .other): "보낸 내용이 한 번에 받을 수 있는 크기보다 커서 아무것도 저장하지 않았습니다."
        case (.ko, 414, _): "주소가 너무 길어 페이지를 열지 못했습니다. 상품 목록으로 이동해 검색어를 줄여서 다시 검색해 주세요."
        case (.ko, 421, _): "대시보드는 실행할 때 정한 주소로만 열 수 있습니다. 대시보드를 실행할 때 표시된 주소로 열어 주세요."
        case (.ko, 431, _): "브라우저가 이 페이지와 함께 보낸 정보가 너무 많습니다. 대개 이 사이트의 쿠키가 너무 많아서입니다. 이 사이트의 쿠키를 삭제한 뒤 페이지를 새로 고쳐 주세요."
        case (.ko, 503, _): "지금 열리는 페이지가 너무 많습니다. 잠시 후 페이지를 새로 고쳐 주세요."
        case (.ko, 500..., _): "대시보드가 이 페이지를 끝까지 만들지 못했습니다. 잠시 후 다시 시도해 주세요. 계속되면 대시보드 로그에서 이유를 확인해 주세요."
        case (.ko, _, _): "브라우저가 보낸 내용을 읽을 수 없어 아무것도 하지 않았습니다. 이전 화면으로 돌아가 페이지를 새로 고친 뒤 다시 시도해 주세요."
        }
    }

    /// 405 for a form sent to an address that is a page (`POST /overview`): the page is
    /// there, it takes no form.
    var nothingToSendHere: ErrorText {
        switch language {
        case .en: ErrorText(heading: "That can't be done here", message: "That can't be done here, so nothing was done. Go back and use the buttons on the page.")
        case .ko: ErrorText(heading: "여기서는 할 수 없는 작업입니다", message: "이 주소에서는 할 수 없는 작업이어서 아무것도 하지 않았습니다. 이전 화면으로 돌아가 페이지에 있는 버튼을 이용해 주세요.")
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

    /// Under a 413: the link back to the form that was sent, where there is one; the register
    /// form's opens empty, and its label says so (Back keeps the entries, the advice says).
    func tooLargeBack(_ upload: Upload) -> (href: String, label: String)? {
        switch (language, upload) {
        case (.en, .productImages): ("/products/new", "Start again with an empty form")
        case (.en, .importFile): ("/products/import", "Import")
        case (.ko, .productImages): ("/products/new", "빈 등록 화면에서 다시 시작")
        case (.ko, .importFile): ("/products/import", "가져오기")
        case (_, .sheet), (_, .other): nil
        }
    }
}
