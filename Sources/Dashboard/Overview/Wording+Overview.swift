import Foundation
import DashboardEngine

/// Texts of `/overview` and of the pages built on the catalog count.
extension Wording {
    func counting(done: String?, total: String) -> String {
        switch (language, done) {
        case (.en, nil): "Counting products…"
        case (.en, let done?): "Counting products: \(done) of \(total)"
        case (.ko, nil): "상품 집계 중…"
        case (.ko, let done?): "상품 집계 중: \(total)개 중 \(done)개"
        }
    }

    func countingPages(done: String, total: String) -> String {
        switch language {
        case .en: "Page \(done) of \(total) of the list."
        case .ko: "목록 \(total)페이지 중 \(done)페이지"
        }
    }

    /// A count that failed: before any figures, what it means and that the dashboard keeps
    /// trying; with figures, that they are the last ones.
    func countFailed(age: Duration, _ reason: CatalogError.Code, haveFigures: Bool) -> String {
        let why = countFailure(reason)
        switch (language, haveFigures) {
        case (.en, false):
            return "The products can't be counted yet: \(why) (last tried \(self.age(age))). The dashboard keeps trying, and this page shows the figures once it can."
        case (.en, true): return "Showing the last count; counting again failed \(self.age(age)): \(why)."
        case (.ko, false):
            return "\(when(age)) 상품 집계에 실패했습니다(\(why)). 대시보드가 계속 다시 시도하며, 집계가 끝나면 이 페이지에 결과가 표시됩니다."
        case (.ko, true): return "마지막 집계 결과를 표시합니다. \(when(age)) 다시 집계하지 못했습니다(\(why))."
        }
    }

    /// After the snapshot's time: ", 3 minutes ago." / " · 3분 전", and a recount that runs.
    func countedAge(_ age: String, recounting: String?) -> String {
        switch language {
        case .en: ", \(age).\(recounting.map { " \($0)…" } ?? "")"
        case .ko: " · \(age)\(recounting.map { " · \($0)" } ?? "")"
        }
    }

    func partialFigures(counted: String, reported: String) -> String {
        switch language {
        case .en: "The figures are partial: they cover the first \(counted) of the \(reported) products the market reports."
        case .ko: "일부만 집계한 수치입니다. 오픈마켓의 상품 \(reported)개 중 처음 \(counted)개만 포함합니다."
        }
    }

    func sectionHeading(vendor: Int?) -> String {
        switch (language, vendor) {
        case (.en, nil): "All products"
        case (.en, _?): "My products"
        case (.ko, nil): "전체 상품"
        case (.ko, _?): "내 상품"
        }
    }

    enum Metric {
        case products, soldOut, onSale, itemsInStock
        case lowStock(Int)
    }

    func metric(_ metric: Metric) -> String {
        switch (language, metric) {
        case (.en, .products): "Products"
        case (.en, .soldOut): "Sold out"
        case (.en, .onSale): "Discounted"
        case (.en, .itemsInStock): "Items in stock"
        case (.en, .lowStock(let threshold)): "Low stock (1 to \(threshold) left)"
        case (.ko, .products): "상품 수"
        case (.ko, .soldOut): "품절"
        case (.ko, .onSale): "할인 상품"
        case (.ko, .itemsInStock): "총 재고"
        case (.ko, .lowStock(let threshold)): "재고 부족(1~\(quantity(threshold))개)"
        }
    }

    func stockValue(_ code: String) -> String {
        switch language {
        case .en: "Value of stock (\(code))"
        case .ko: "재고 금액(\(code))"
        }
    }

    var tooLargeToAdd: String {
        switch language {
        case .en: "too large to add up"
        case .ko: "너무 커서 합산할 수 없음"
        }
    }

    struct ChartText {
        var title: String
        var labelHeading: String
        var valueHeading: String
    }

    func vendorChart(top: Int) -> ChartText {
        switch language {
        case .en: ChartText(title: "Products per vendor (top \(top))", labelHeading: "Vendor", valueHeading: "Products")
        case .ko: ChartText(title: "판매자별 상품 수(상위 \(top)곳)", labelHeading: "판매자", valueHeading: "상품 수")
        }
    }

    func vendorName(_ id: Int) -> String {
        switch language {
        case .en: "Vendor \(id)"
        case .ko: "판매자 번호 \(id)"
        }
    }

    func priceChart(_ code: String) -> ChartText {
        switch language {
        case .en: ChartText(title: "Products by sale price (\(code))", labelHeading: "Sale price (\(code))", valueHeading: "Products")
        case .ko: ChartText(title: "할인가 구간별 상품 수(\(code))", labelHeading: "할인가(\(code))", valueHeading: "상품 수")
        }
    }

    /// A price range of the chart, as its table names it: "KRW 10,000 to under 20,000",
    /// "USD 5 to under 10", "KRW 0" / "1만~2만 원", "5,000만~1억 원", "$5~$10", "0원". Whole
    /// amounts drop their decimals; Korean writes whole ten-thousands of won in 만 and whole
    /// hundred-millions in 억.
    func priceBucket(from: Decimal, upTo: Decimal?, currency: String) -> String {
        switch language {
        case .en:
            let low = "\(currency) \(Self.wholeAmount(from))"
            return upTo.map { "\(low) to under \(Self.wholeAmount($0))" } ?? low
        case .ko: return koreanBucket(from: from, upTo: upTo, currency: currency)
        }
    }

    /// The same range short enough for the drawing's label, which has room for about 20
    /// characters: "KRW 500k–1M", "USD 5–10" (the table beside it has the whole words).
    func priceBucketLabel(from: Decimal, upTo: Decimal?, currency: String) -> String {
        switch language {
        case .en:
            let low = "\(currency) \(Self.compactAmount(from))"
            return upTo.map { "\(low)–\(Self.compactAmount($0))" } ?? low
        case .ko: return koreanBucket(from: from, upTo: upTo, currency: currency)
        }
    }

    private func koreanBucket(from: Decimal, upTo: Decimal?, currency: String) -> String {
        guard currency == "KRW" else {
            let sign = currency == "USD" ? "$" : currency + " "
            return upTo.map { "\(sign)\(Self.wholeAmount(from))~\(sign)\(Self.wholeAmount($0))" } ?? sign + Self.wholeAmount(from)
        }
        guard let upTo else { return Self.won(from) + "원" }
        let high = Self.won(upTo)
        return "\(Self.won(from))~\(high)" + (high.hasSuffix("만") || high.hasSuffix("억") ? " 원" : "원")
    }

    private static func isWhole(_ amount: Decimal) -> Bool { Decimal(NSDecimalNumber(decimal: amount).int64Value) == amount }

    /// "1,000", "12.50": decimals only when the amount has them.
    private static func wholeAmount(_ amount: Decimal) -> String {
        PriceText.grouped(amount, minimumFractionDigits: isWhole(amount) ? 0 : 2)
    }

    /// Won as Koreans count them: "5,000만", "1억", "1억 5,000만", "9,500".
    private static func won(_ amount: Decimal) -> String {
        if amount >= 100_000_000, isWhole(amount / 10_000) {
            let tenThousands = NSDecimalNumber(decimal: amount / 10_000).int64Value
            let (eok, man) = (tenThousands / 10_000, tenThousands % 10_000)
            let head = PriceText.grouped(Decimal(eok), minimumFractionDigits: 0) + "억"
            return man == 0 ? head : head + " " + PriceText.grouped(Decimal(man), minimumFractionDigits: 0) + "만"
        }
        return amount >= 10_000 && isWhole(amount / 10_000) ? wholeAmount(amount / 10_000) + "만" : wholeAmount(amount)
    }

    /// "500k", "1M", "1.5M", "2.5k", "750": thousands and millions when they come out whole to
    /// a tenth.
    private static func compactAmount(_ amount: Decimal) -> String {
        for (unit, suffix) in [(Decimal(1_000_000_000), "B"), (1_000_000, "M"), (1_000, "k")] where amount >= unit {
            let tenths = amount * 10 / unit
            guard isWhole(tenths) else { continue }
            return PriceText.grouped(amount / unit, minimumFractionDigits: isWhole(amount / unit) ? 0 : 1) + suffix
        }
        return wholeAmount(amount)
    }

    func weekChart(weeks: Int) -> ChartText {
        switch language {
        case .en: ChartText(title: "Products added per week (the \(weeks) weeks up to the last addition)", labelHeading: "Week of", valueHeading: "Products added")
        case .ko: ChartText(title: "주별 등록 상품 수(최근 등록일까지 \(weeks)주)", labelHeading: "주 시작일", valueHeading: "등록 상품 수")
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

    /// Why a list shown from the catalog snapshot may not show the very latest: a change not
    /// loaded yet, or the market not answering, so the list is the one loaded at `loadedAt`
    /// ("16:09 KST"), with the way on.
    func myListNotice(outdated: Bool, failure: CatalogError.Code?, loadedAt: String) -> String? {
        let refresh = self[.countAgain]
        switch (language, outdated, failure) {
        case (.en, true, _): return "Your latest change is still being loaded; it may not show here yet. Reload in a moment."
        case (.ko, true, _): return "마지막 변경 내용을 아직 불러오는 중이라 여기에 보이지 않을 수 있습니다. 잠시 후 새로 고쳐 주세요."
        case (_, false, nil): return nil
        case (.en, false, let failure?):
            let cause =
                switch failure {
                case .unreachable: "The Open Market can't be reached"
                case .timeout: "The Open Market didn't answer in time"
                case .refused: "The Open Market refused to list its products"
                case .unreadableAnswer: "The Open Market sent an answer the dashboard can't read"
                }
            return "\(cause), so this is the list as loaded at \(loadedAt). Select \(refresh) in a moment."
        case (.ko, false, let failure?):
            let cause =
                switch failure {
                case .unreachable: "오픈마켓에 연결할 수 없어"
                case .timeout: "오픈마켓이 제시간에 응답하지 않아"
                case .refused: "오픈마켓이 상품 목록 요청을 거절해"
                case .unreadableAnswer: "오픈마켓 응답을 읽을 수 없어"
                }
            return "\(cause) \(loadedAt)에 불러온 목록을 보여 드립니다. 잠시 후 [\(refresh)]을 눌러 주세요."
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
