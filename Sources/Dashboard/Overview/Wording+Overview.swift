import Foundation
import DashboardEngine

/// Texts of `/overview`: its figures, charts and how far its count has got.
extension Wording {
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

    /// After the snapshot's time: ", 3 minutes ago." / " · 3분 전", and a count that runs.
    func countedAge(_ age: String, runningCount: String?) -> String {
        switch language {
        case .en: ", \(age).\(runningCount.map { " \($0)…" } ?? "")"
        case .ko: " · \(age)\(runningCount.map { " · \($0)" } ?? "")"
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
        /// On sale, the struck-through price above the lowest of the days before the sale.
        case salesAboveReference(Int)
    }

    func metric(_ metric: Metric) -> String {
        switch (language, metric) {
        case (.en, .products): "Products"
        case (.en, .soldOut): "Sold out"
        case (.en, .onSale): "Discounted"
        case (.en, .itemsInStock): "Items in stock"
        case (.en, .lowStock(let threshold)): "Low stock (1 to \(threshold) left)"
        case (.en, .salesAboveReference(let days)): "Crossed-out price above the \(days)-day lowest"
        case (.ko, .products): "상품 수"
        case (.ko, .soldOut): "품절"
        case (.ko, .onSale): "할인 상품"
        case (.ko, .itemsInStock): "총 재고"
        case (.ko, .lowStock(let threshold)): "재고 부족(1~\(quantity(threshold))개)"
        case (.ko, .salesAboveReference(let days)): "판매가가 종전 가격(할인 시작 전 \(quantity(days))일 최저가)보다 높은 할인 상품"
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
}
