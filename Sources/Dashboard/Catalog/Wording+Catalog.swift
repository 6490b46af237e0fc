import DashboardEngine

/// Texts of the pages built on the catalog count: how far it has got, why it failed, a
/// vendor's name, and what a page that needs the own vendor or every product says without it.
extension Wording {
    func counting(done: String?, total: String) -> String {
        switch (language, done) {
        case (.en, nil): "Counting products…"
        case (.en, let done?): "Counting products: \(done) of \(total)"
        case (.ko, nil): "상품 집계 중…"
        case (.ko, let done?): "상품 집계 중: \(total)개 중 \(done)개"
        }
    }

    func vendorName(_ id: Int) -> String {
        switch language {
        case .en: "Vendor \(id)"
        case .ko: "판매자 번호 \(id)"
        }
    }

    /// `mine=1` (or the CSV) before the dashboard knows its vendor.
    var vendorUnknown: ErrorText {
        switch language {
        case .en: ErrorText(heading: "The dashboard doesn't know which products are yours yet",
            message: "Add one product here and it learns your seller number. Or restart the dashboard with --vendor-id N "
                + "(or OPENMARKET_VENDOR_ID=N), where N is your seller number on the Open Market.")
        case .ko: ErrorText(heading: "내 판매자 번호가 아직 설정되지 않았습니다",
            message: "이 대시보드에서 상품을 한 번 등록하면 자동으로 설정됩니다. "
                + "또는 대시보드를 --vendor-id N 옵션(또는 환경 변수 OPENMARKET_VENDOR_ID=N)으로 다시 실행해 주세요. N은 오픈마켓의 내 판매자 번호입니다.")
        }
    }

    /// `mine=1` (or the sheet) before the dashboard knows its vendor, with the market not
    /// answering: that cause first, the seller number second.
    func vendorUnknown(_ failure: CatalogError.Code) -> ErrorText {
        switch language {
        case .en:
            let cause =
                switch failure {
                case .unreachable, .timeout: "The Open Market is not answering"
                case .refused: "The Open Market refused to list its products"
                case .unreadableAnswer: "The Open Market sent an answer the dashboard can't read"
                }
            return ErrorText(heading: "Your products can't be shown",
                message: "\(cause), so your products can't be shown. Try again in a moment. "
                    + "Your seller number is not set yet either: once the market answers, add one product here and the dashboard learns it, "
                    + "or restart the dashboard with --vendor-id N (or OPENMARKET_VENDOR_ID=N), where N is your seller number on the Open Market.")
        case .ko:
            let cause =
                switch failure {
                case .unreachable, .timeout: "오픈마켓이 응답하지 않아"
                case .refused: "오픈마켓이 상품 목록 요청을 거절해"
                case .unreadableAnswer: "오픈마켓 응답을 읽을 수 없어"
                }
            return ErrorText(heading: "내 상품을 보여 드릴 수 없습니다",
                message: "\(cause) 내 상품을 보여 드릴 수 없습니다. 잠시 후 다시 시도해 주세요. "
                    + "또한 내 판매자 번호를 설정해 주세요. 오픈마켓이 응답하면 이 대시보드에서 상품을 한 번 등록해 자동으로 설정하거나, "
                    + "대시보드를 --vendor-id N 옵션(또는 환경 변수 OPENMARKET_VENDOR_ID=N)으로 다시 실행해 주세요. N은 오픈마켓의 내 판매자 번호입니다.")
        }
    }

    /// A page that waited for the first count in vain; `progress` is how far it has got
    /// (`done` is nil before the first page is in), when a count runs.
    func stillCounting(_ progress: (done: String?, total: String)?) -> ErrorText {
        switch language {
        case .en:
            let counted = progress.map { " (\(counting(done: $0.done, total: $0.total).lowercased()))" } ?? ""
            return ErrorText(heading: "Still counting products",
                message: "The dashboard is counting the market's products for the first time\(counted). "
                    + "Try again in a few seconds; the overview shows how far it has got.")
        case .ko:
            let counted = progress.flatMap { progress in progress.done.map { "(\(progress.total)개 중 \($0)개)" } } ?? ""
            return ErrorText(heading: "아직 상품을 집계하는 중입니다",
                message: "오픈마켓의 상품을 처음으로 집계하고 있습니다\(counted). "
                    + "몇 초 후 다시 시도해 주세요. 진행 상황은 현황 페이지에서 확인할 수 있습니다.")
        }
    }

    /// Why a count of the catalog failed, from its code.
    func countFailure(_ reason: CatalogError.Code) -> String {
        switch (language, reason) {
        case (.en, .timeout): "the market did not answer in time"
        case (.en, .unreadableAnswer): "the market sent an answer the dashboard cannot read"
        case (.en, .refused): "the market refused to list its products"
        case (.en, .unreachable): "the market could not be reached"
        case (.ko, .timeout): "오픈마켓 응답 시간 초과"
        case (.ko, .unreadableAnswer): "오픈마켓 응답을 읽을 수 없음"
        case (.ko, .refused): "오픈마켓이 상품 목록 요청을 거절함"
        case (.ko, .unreachable): "오픈마켓에 연결할 수 없음"
        }
    }

    /// What needed every product of the market when none could be read: the seller sorted or
    /// filtered a list, downloaded the CSV, opened the overview, or something else.
    enum CatalogUse {
        case list, csv, overview, other
    }

    /// Every product could not be read (no count has ever succeeded): what the seller asked
    /// for could not be made, why, and what to do.
    func catalogNotCounted(_ reason: CatalogError.Code, for use: CatalogUse = .other) -> ErrorText {
        let why = countFailure(reason)
        switch (language, use) {
        case (.en, .list):
            return ErrorText(heading: "The list could not be sorted or filtered",
                message: "To sort or filter, the dashboard needs every product, and it could not read them: \(why). "
                    + "Try again in a moment.")
        case (.en, .csv):
            return ErrorText(heading: "Your CSV file could not be made",
                message: "The file needs every product, and the dashboard could not read them: \(why). Try again in a moment.")
        case (.en, .overview):
            return ErrorText(heading: "The products could not be counted", message: "The dashboard could not read the products: \(why). Try again in a moment.")
        case (.en, .other):
            return ErrorText(heading: "The products could not be read", message: "This needs every product, and the dashboard could not read them: \(why). Try again in a moment.")
        case (.ko, .list):
            return ErrorText(heading: "정렬·필터 결과를 만들지 못했습니다",
                message: "정렬하거나 필터를 적용하려면 모든 상품 정보가 필요한데 불러오지 못했습니다(\(why)). 잠시 후 다시 시도해 주세요.")
        case (.ko, .csv):
            return ErrorText(heading: "CSV 파일을 만들지 못했습니다",
                message: "CSV 파일에는 모든 상품 정보가 필요한데 불러오지 못했습니다(\(why)). 잠시 후 다시 시도해 주세요.")
        case (.ko, .overview):
            return ErrorText(heading: "상품을 집계하지 못했습니다", message: "상품 집계에 실패했습니다(\(why)). 잠시 후 다시 시도해 주세요.")
        case (.ko, .other):
            return ErrorText(heading: "상품 정보를 불러오지 못했습니다", message: "모든 상품 정보가 필요한데 불러오지 못했습니다(\(why)). 잠시 후 다시 시도해 주세요.")
        }
    }
}
