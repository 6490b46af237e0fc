import DashboardEngine
import Foundation
import MarketClient

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

    /// What a table header's link does, read after the column's name, in the words of the
    /// order it leads to: ", sort oldest first", ", sort low to high" / ", 오래된순으로 정렬".
    func sortHint(_ sort: CatalogSort) -> String {
        switch (language, sort) {
        case (.en, .newest): ", sort newest first"
        case (.en, .oldest): ", sort oldest first"
        case (.en, .price): ", sort low to high"
        case (.en, .priceDescending): ", sort high to low"
        case (.en, .stock): ", sort least first"
        case (.en, .stockDescending): ", sort most first"
        case (.en, .name): ", sort A to Z"
        case (.en, .nameDescending): ", sort Z to A"
        case (.ko, _): ", \(sortLabel(sort))으로 정렬"
        }
    }

    func stockFilterLabel(_ filter: CatalogFilter.Stock, threshold: Int) -> String {
        switch (language, filter) {
        case (.en, .inStock): "In stock"
        case (.en, .low): "Low stock (1 to \(threshold) left)"
        case (.en, .out): "Sold out"
        case (.ko, .inStock): "재고 있음"
        case (.ko, .low): "재고 부족(1~\(quantity(threshold))개)"
        case (.ko, .out): "품절"
        }
    }

    /// The filter form's summary: "Sort and filter (2 filters applied)" / "정렬 및 필터(2개 적용)".
    func filtersSummary(on count: Int) -> String {
        switch (language, count) {
        case (.en, 0): "Sort and filter"
        case (.en, 1): "Sort and filter (1 filter applied)"
        case (.en, _): "Sort and filter (\(count) filters applied)"
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
        case .en: "Discounted"
        case .ko: "할인 상품"
        }
    }

    /// The filter form's box for `sale=above-reference`, under "Discounted products only".
    func aboveReferenceFilter(days: Int) -> String {
        switch language {
        case .en: "Of those, only ones with a crossed-out price above the \(days)-day lowest"
        case .ko: "그중 판매가가 종전 가격(할인 시작 전 \(quantity(days))일 동안의 최저가)보다 높은 상품만"
        }
    }

    /// The chip of `sale=above-reference`.
    func aboveReferenceChip(days: Int) -> String {
        switch language {
        case .en: "Crossed-out price above the \(days)-day lowest"
        case .ko: "판매가가 종전 가격보다 높은 할인 상품"
        }
    }

    func currencyChip(_ code: String) -> String {
        switch language {
        case .en: "\(code) only"
        case .ko: "\(currencyName(code))만"
        }
    }

    /// A price range chip, naming the price it filters: "Sale price KRW 1,000 to KRW 5,000",
    /// "Sale price at least USD 10" / "할인가 1,000원~5,000원", "할인가 50,000원 이상".
    func priceRangeChip(min: String?, max: String?) -> String {
        switch (language, min, max) {
        case (.en, let low?, let high?): "Sale price \(low) to \(high)"
        case (.en, let low?, nil): "Sale price at least \(low)"
        case (.en, _, let high?): "Sale price at most \(high)"
        case (.ko, let low?, let high?): "할인가 \(low)~\(high)"
        case (.ko, let low?, nil): "할인가 \(low) 이상"
        case (.ko, _, let high?): "할인가 \(high) 이하"
        case (_, nil, nil): ""
        }
    }

    /// A price bound as a chip or a note names it, without decimals when it is whole: "USD 10",
    /// "USD 12.50", "KRW 1,000" / "$10", "1,000원".
    func boundPrice(_ amount: Decimal, currency: Currency) -> String {
        guard Decimal(NSDecimalNumber(decimal: amount).int64Value) == amount else { return price(amount, currency: currency.rawValue) }
        let (prefix, suffix) = PriceText.affixes(currency: currency.rawValue, language: language)
        return prefix + PriceText.grouped(amount, minimumFractionDigits: 0) + suffix
    }

    /// A chip's link's accessible name.
    func removeFilter(_ label: String) -> String {
        switch language {
        case .en: "Remove filter: \(label)"
        case .ko: "필터 해제: \(label)"
        }
    }

    /// "Updated 14:02 KST, 2 minutes ago." / "14:02 KST 기준 · 2분 전".
    func asOf(time: String, age: String) -> String {
        switch language {
        case .en: "Updated \(time), \(age)."
        case .ko: "\(time) 기준 · \(age)"
        }
    }

    var currencyOrder: String {
        switch language {
        case .en: "Prices in KRW are listed before prices in USD; the two are not compared. Choose a currency to see one."
        case .ko: "원화(KRW) 상품을 먼저, 달러(USD) 상품을 나중에 표시합니다. 두 통화의 가격은 서로 비교하지 않습니다. 한 통화만 보려면 통화를 선택해 주세요."
        }
    }

    /// The values of the address the list did not use, each with why and how to fix it,
    /// naming each by its label in the filter form ("Lowest sale price", "최저 할인가"). Values
    /// that are not among the choices share one sentence.
    func ignoredNote(_ ignored: [ProductListQuery.Ignored]) -> String {
        var sentences: [String] = []
        let unrecognised = ignored.filter { $0.code == .unrecognisedValue }.map { parameterLabel($0.name) }
        if !unrecognised.isEmpty {
            switch language {
            case .en:
                let names = listed(unrecognised.map { "“\($0)”" })
                sentences.append(unrecognised.count == 1
                    ? "The value for \(names) is not one of the list's choices, so it was not used. Choose again under Sort and filter."
                    : "The values for \(names) are not among the list's choices, so they were not used. Choose again under Sort and filter.")
            case .ko:
                sentences.append("\(unrecognised.joined(separator: ", ")) 값이 올바르지 않아 적용하지 않았습니다. [정렬 및 필터]에서 다시 선택해 주세요.")
            }
        }
        // Bounds refused for the same reason share one sentence that names them all.
        var bounds: [(code: ProductListQuery.Ignored.Code, labels: [String])] = []
        for value in ignored where value.code != .unrecognisedValue {
            if let index = bounds.firstIndex(where: { $0.code == value.code }) {
                bounds[index].labels.append(parameterLabel(value.name))
            } else {
                bounds.append((value.code, [parameterLabel(value.name)]))
            }
        }
        for bound in bounds {
            sentences.append(priceBoundProblem(bound.labels, bound.code))
        }
        return sentences.joined(separator: " ")
    }

    /// Price bounds that were not used for one reason: why, and what to type, with an example
    /// in the currency chosen.
    private func priceBoundProblem(_ labels: [String], _ code: ProductListQuery.Ignored.Code) -> String {
        let (lowest, highest) = (self[.minPriceLabel], self[.maxPriceLabel])
        let one = labels.count == 1
        // "Lowest sale price was" / "Lowest sale price and highest sale price were".
        let label =
            switch language {
            case .en: one ? labels.joined() : listed(labels.enumerated().map { $0.offset == 0 ? $0.element : $0.element.lowercased() })
            case .ko: listed(labels)
            }
        let was = one ? "was" : "were"
        let (it, isIt) = one ? ("it", "it is") : ("them", "they are")
        switch (language, code) {
        case (.en, .needsCurrency): return "\(label) \(was) not used: a price range needs a currency. Choose KRW or USD, then enter the range again."
        case (.en, .notANumber(.krw)): return "\(label) \(was) not used: \(isIt) not \(one ? "a number" : "numbers"). Enter \(it) in won, like 15,000."
        case (.en, .notANumber): return "\(label) \(was) not used: \(isIt) not \(one ? "a number" : "numbers"). Enter \(it) in dollars, like 12.50."
        case (.en, .negative): return "\(label) \(was) not used: \(isIt) below 0. Enter 0 or more."
        case (.en, .tooManyDecimals(.krw)): return "\(label) \(was) not used: KRW amounts have no decimals. Enter \(it) in whole won, like 15,000."
        case (.en, .tooManyDecimals): return "\(label) \(was) not used: USD amounts have at most 2 decimal places. Enter \(it) like 12.50."
        case (.en, .tooLarge): return "\(label) \(was) not used: \(isIt) too large. Enter at most 12 digits."
        case (.en, .belowMinimum(let currency, let low, let high)):
            return "\(highest) was not used: \(boundPrice(high, currency: currency)) is lower than the \(lowest.lowercased()), "
                + "\(boundPrice(low, currency: currency)). Enter a higher amount, or lower the \(lowest.lowercased())."
        case (.ko, .needsCurrency): return "통화를 선택하지 않아 \(label) 값을 적용하지 않았습니다. 통화를 선택한 뒤 금액 범위를 다시 입력해 주세요."
        case (.ko, .notANumber(.krw)): return "\(label) 값은 숫자가 아니어서 적용하지 않았습니다. 15,000처럼 원 단위로 입력해 주세요."
        case (.ko, .notANumber): return "\(label) 값은 숫자가 아니어서 적용하지 않았습니다. 12.50처럼 달러 단위로 입력해 주세요."
        case (.ko, .negative): return "\(label) 값이 0보다 작아 적용하지 않았습니다. \(one ? "\(label) 값은 " : "")0 이상으로 입력해 주세요."
        case (.ko, .tooManyDecimals(.krw)): return "\(label) 값에 소수점이 있어 적용하지 않았습니다. 15,000처럼 원 단위로 소수점 없이 입력해 주세요."
        case (.ko, .tooManyDecimals): return "\(label) 값은 소수점 둘째 자리까지 입력해 주세요."
        case (.ko, .tooLarge): return "\(label) 값이 너무 큽니다. 12자리 이하로 입력해 주세요."
        case (.ko, .belowMinimum(let currency, let low, let high)):
            return "\(highest)(\(boundPrice(high, currency: currency)))가 \(lowest)(\(boundPrice(low, currency: currency)))보다 낮아 "
                + "\(highest)는 적용하지 않았습니다. 금액 범위를 확인해 주세요."
        case (_, .unrecognisedValue): return ""
        }
    }

    /// Names in a sentence: "A", "A and B", "A, B and C" / "A, B, C".
    private func listed(_ names: [String]) -> String {
        switch (language, names.count) {
        case (.en, 0...2): names.joined(separator: " and ")
        case (.en, _): names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "")
        case (.ko, _): names.joined(separator: ", ")
        }
    }

    /// A list parameter by its label in the filter form.
    func parameterLabel(_ name: String) -> String {
        switch name {
        case "sort": self[.sortLabel]
        case "stock": self[.stockFilterLabel]
        case "sale": self[.onSaleLabel]
        case "currency": self[.currencyFilterLabel]
        case "min_price": self[.minPriceLabel]
        case "max_price": self[.maxPriceLabel]
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
