/// The fixed texts of a product's price history (`/products/{id}/prices`), by the key its
/// templates name them with (`{{t.key}}`). The product page's link to it is one of them.
enum PriceHistoryText: String, PageTexts {
    case priceHistoryLink = "price_history_link"
    case priceHistoryIntro = "price_history_intro"
    case priceHistoryEmpty = "price_history_empty"
    case priceHistoryCSV = "price_history_csv"
    case pricesTableCaption = "prices_table_caption"
    case pricesFrom = "prices_from"
    case pricesPrice = "prices_price"
    case pricesDiscount = "prices_discount"
    case pricesSalePrice = "prices_sale_price"
    case pricesCurrency = "prices_currency"
    case pricesSource = "prices_source"
    case chartLegendPrice = "chart_legend_price"
    case chartLegendSalePrice = "chart_legend_sale_price"
    case chartLegendUncertain = "chart_legend_uncertain"
    case chartTextAlternative = "chart_text_alternative"

    var english: String {
        switch self {
        case .priceHistoryLink: "Price history"
        case .priceHistoryIntro: "Every price this product has had, newest first. The dashboard records the price each time it changes the product, and each time it checks the products on the Open Market (every seller's, not only yours). A change made outside this dashboard is noticed at the next check, so it is shown as made between two checks."
        case .priceHistoryEmpty: "No price of this product has been recorded yet. The dashboard records it the next time it checks the products on the Open Market (every few minutes), and each time it changes the product. To add earlier prices from your own records:"
        case .priceHistoryCSV: "Download as CSV"
        case .pricesTableCaption: "Prices, newest first"
        case .pricesFrom: "From"
        case .pricesPrice: "Price"
        case .pricesDiscount: "Discount"
        case .pricesSalePrice: "Sale price"
        case .pricesCurrency: "Currency"
        case .pricesSource: "Source"
        case .chartLegendPrice: "Price (solid line)"
        case .chartLegendSalePrice: "Sale price (dashed line)"
        case .chartLegendUncertain: "Hatched: changed outside this dashboard at some point in this period"
        case .chartTextAlternative: "The table below lists the same prices."
        }
    }

    var korean: String {
        switch self {
        case .priceHistoryLink: "판매가 기록"
        case .priceHistoryIntro: "이 상품의 모든 판매가를 최신순으로 보여 드립니다. 할인의 종전 가격(할인 시작 전 일정 기간의 최저가)은 이 기록으로 확인합니다. 판매가는 이 대시보드에서 상품을 수정할 때와 오픈마켓의 상품을 집계할 때 기록하며, 내 상품뿐 아니라 모든 판매자의 상품을 기록합니다. 다른 곳에서 수정된 판매가는 다음 집계 때 확인되므로, 시작 시각은 앞뒤 두 집계 시각 사이로 표시합니다."
        case .priceHistoryEmpty: "이 상품의 판매가가 아직 기록되지 않았습니다. 오픈마켓의 상품을 다음에 집계할 때(몇 분마다)와 이 대시보드에서 상품을 수정할 때마다 판매가를 기록합니다."
        case .priceHistoryCSV: "CSV 다운로드"
        case .pricesTableCaption: "판매가 기록(최신순)"
        case .pricesFrom: "시작 시각"
        case .pricesPrice: "판매가"
        case .pricesDiscount: "할인 금액"
        case .pricesSalePrice: "할인가"
        case .pricesCurrency: "통화"
        case .pricesSource: "출처"
        case .chartLegendPrice: "판매가(실선)"
        case .chartLegendSalePrice: "할인가(점선)"
        case .chartLegendUncertain: "빗금: 이 구간 중 어느 때에 다른 곳에서 수정됨"
        case .chartTextAlternative: "같은 내용을 아래 표에서도 볼 수 있습니다."
        }
    }
}

extension Wording {
    subscript(_ key: PriceHistoryText) -> String { key.text(language) }
}
