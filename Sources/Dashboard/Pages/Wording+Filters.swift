import DashboardEngine

/// Texts of the list's order and filters, and of lists answered from the catalog snapshot.
extension Wording {
    func sortLabel(_ sort: CatalogSort) -> String {
        switch (language, sort) {
        case (.en, .newest): "Newest first"
        case (.en, .oldest): "Oldest first"
        case (.en, .price): "Price, low to high"
        case (.en, .priceDescending): "Price, high to low"
        case (.en, .stock): "Stock, least first"
        case (.en, .stockDescending): "Stock, most first"
        case (.en, .name): "Name, A to Z"
        case (.en, .nameDescending): "Name, Z to A"
        case (.ko, .newest): "최신순"
        case (.ko, .oldest): "오래된순"
        case (.ko, .price): "낮은 가격순"
        case (.ko, .priceDescending): "높은 가격순"
        case (.ko, .stock): "재고 적은순"
        case (.ko, .stockDescending): "재고 많은순"
        case (.ko, .name): "상품명순"
        case (.ko, .nameDescending): "상품명 역순"
        }
    }

    func stockFilterLabel(_ filter: CatalogFilter.Stock, threshold: Int) -> String {
        switch (language, filter) {
        case (.en, .inStock): "In stock"
        case (.en, .low): "Low stock (1 to \(threshold))"
        case (.en, .out): "Sold out"
        case (.ko, .inStock): "재고 있음"
        case (.ko, .low): "재고 부족(1~\(quantity(threshold))개)"
        case (.ko, .out): "품절"
        }
    }

    /// The filter form's summary: "Sort and filter (2 on)" / "정렬 및 필터(2개 적용)".
    func filtersSummary(on count: Int) -> String {
        switch (language, count) {
        case (.en, 0): "Sort and filter"
        case (.en, _): "Sort and filter (\(count) on)"
        case (.ko, 0): "정렬 및 필터"
        case (.ko, _): "정렬 및 필터(\(count)개 적용)"
        }
    }

    /// A currency as the filter names it: "KRW" / "원화(KRW)".
    func currencyName(_ code: String) -> String {
        switch (language, code) {
        case (.en, _): code
        case (.ko, "KRW"): "원화(KRW)"
        case (.ko, "USD"): "달러(USD)"
        case (.ko, _): code
        }
    }

    var onSaleChip: String {
        switch language {
        case .en: "On sale"
        case .ko: "할인 중"
        }
    }

    func currencyChip(_ code: String) -> String {
        switch language {
        case .en: "\(code) only"
        case .ko: "\(currencyName(code))만"
        }
    }

    /// A price range chip: "KRW 1,000 to KRW 5,000", "at least KRW 1,000", "at most USD 20.00".
    func priceRangeChip(min: String?, max: String?) -> String {
        switch (language, min, max) {
        case (.en, let low?, let high?): "\(low) to \(high)"
        case (.en, let low?, nil): "At least \(low)"
        case (.en, _, let high?): "At most \(high)"
        case (.ko, let low?, let high?): "\(low)~\(high)"
        case (.ko, let low?, nil): "\(low) 이상"
        case (.ko, _, let high?): "\(high) 이하"
        case (_, nil, nil): ""
        }
    }

    /// A chip's link's accessible name.
    func removeFilter(_ label: String) -> String {
        switch language {
        case .en: "Remove filter: \(label)"
        case .ko: "필터 해제: \(label)"
        }
    }

    /// "12 of 60 products" / "상품 60개 중 12개".
    func matchCount(_ matches: String, of total: String) -> String {
        switch language {
        case .en: "\(matches) of \(total) products"
        case .ko: "상품 \(total)개 중 \(matches)개"
        }
    }

    /// "As of 14:02 (KST), 2 minutes ago." / "14:02 (KST) 기준 · 2분 전".
    func asOf(time: String, age: String) -> String {
        switch language {
        case .en: "As of \(time), \(age)."
        case .ko: "\(time) 기준 · \(age)"
        }
    }

    var currencyOrder: String {
        switch language {
        case .en: "Prices in KRW are listed before prices in USD; the two are not compared. Choose a currency to see one."
        case .ko: "원화(KRW) 상품을 먼저, 달러(USD) 상품을 나중에 표시합니다. 두 통화의 가격은 서로 비교하지 않습니다. 한 통화만 보려면 통화를 선택해 주세요."
        }
    }

    /// Parameters whose values were ignored: English names them as the address does
    /// (`sort`), Korean by their label in the filter form ("정렬").
    func notUnderstood(_ names: [String]) -> String {
        switch language {
        case .en: return "Some values were not understood and are ignored: \(names.joined(separator: ", "))."
        case .ko: return "알 수 없는 값이 있어 적용하지 않았습니다: \(names.map(Self.koreanParameterName).joined(separator: ", "))."
        }
    }

    /// A list parameter by its label in the filter form.
    static func koreanParameterName(_ name: String) -> String {
        switch name {
        case "sort": UIText.sortLabel.korean
        case "stock": UIText.stockFilterLabel.korean
        case "sale": UIText.onSaleLabel.korean
        case "currency": UIText.currencyFilterLabel.korean
        case "min_price": UIText.minPriceLabel.korean
        case "max_price": UIText.maxPriceLabel.korean
        default: name
        }
    }

    func partialResults(counted: String) -> String {
        switch language {
        case .en: "These results cover the first \(counted) products only: the catalog is larger than the dashboard keeps."
        case .ko: "처음 집계한 상품 \(counted)개에서만 찾은 결과입니다. 전체 상품 수가 대시보드의 보관 한도보다 많습니다."
        }
    }

    /// "Only 3 left" / "3개 남음".
    func lowStock(_ count: Int) -> String {
        switch language {
        case .en: "Only \(count) left"
        case .ko: "\(quantity(count))개 남음"
        }
    }
}
