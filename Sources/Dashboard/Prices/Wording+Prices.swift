import DashboardEngine
import Foundation

/// Texts of a product's price history (`/products/{id}/prices`): its heading, where each price
/// was learned, from when it was in effect, the chart's name and from when prices are known.
extension Wording {
    /// "Price history of “Mug” (product 7)" / "“Mug” 상품의 판매가 기록(7번 상품)".
    func priceHistoryHeading(_ name: String, id: Int) -> String {
        switch language {
        case .en: "Price history of “\(BidiText.isolated(name))” (product \(id))"
        case .ko: "“\(BidiText.isolated(name))” 상품의 판매가 기록(\(id)번 상품)"
        }
    }

    /// Where a price was learned, in words.
    func priceSource(_ source: PriceState.Source) -> String {
        switch (language, source) {
        case (.en, .dashboard): "this dashboard"
        case (.en, .elsewhere): "seen on the Open Market"
        case (.en, .imported): "imported from your records"
        case (.ko, .dashboard): "이 대시보드에서 수정"
        case (.ko, .elsewhere): "오픈마켓에서 확인"
        case (.ko, .imported): "CSV 파일에서 가져옴"
        }
    }

    /// From when a price was in effect, `at` and `seenAfter` as timestamps with their zone: the
    /// instant for a write of this dashboard or a past record; for a change seen elsewhere, the
    /// two counts it lies between; for a product's first count, the instant it was in effect by.
    func priceFrom(at: String, seenAfter: String?, source: PriceState.Source) -> String {
        switch (language, source, seenAfter) {
        case (.en, .elsewhere, let after?): "Between \(after) and \(at)"
        case (.en, .elsewhere, nil): "\(at) or earlier (first seen)"
        case (.en, _, _): at
        case (.ko, .elsewhere, let after?): "\(after) 이후, \(at) 이전"
        case (.ko, .elsewhere, nil): "\(at) 이전부터(첫 집계)"
        case (.ko, _, _): at
        }
    }

    /// The chart's accessible name: what it shows, over which days, and the price now.
    func priceChartTitle(_ name: String, from: String, to: String, count: Int, now: String) -> String {
        switch language {
        case .en:
            "Chart of the price and sale price of “\(BidiText.isolated(name))” from \(from) to \(to), \(count == 1 ? "1 recorded price" : "\(count) recorded prices"); the price is now \(now)."
        case .ko:
            "“\(BidiText.isolated(name))” 상품의 판매가와 할인가 그래프(\(from)부터 \(to)까지, 기록 \(quantity(count))건). 지금 판매가는 \(now)입니다."
        }
    }

    /// The timeline is shorter than a sale's window (`days`): from when prices are known
    /// (`since`), and until when (`until`) a sale starting has no reference price.
    func pricesKnownFrom(_ since: String, days: Int, until: String) -> String {
        switch language {
        case .en:
            "The dashboard has known this product's prices only since \(since). A sale's reference price is the lowest price in the \(days) days before it, and the sale's crossed-out price may not be above it. A sale that starts before \(until) has fewer than \(days) days of prices before it, so it can't be checked."
        case .ko:
            "이 상품의 판매가 기록은 \(since)부터 있어, 종전 가격(할인 시작 전 \(quantity(days))일 동안의 최저가)을 확인하는 데 필요한 \(quantity(days))일을 채우지 못합니다. \(until) 전에 시작하는 할인은 종전 가격을 알 수 없으니, 그 전의 판매가 기록이 있으면 CSV 파일로 추가해 주세요."
        }
    }

    /// Another seller's product: its price history is not this seller's to see or keep.
    func pricesOfAnotherSeller(_ name: String, id: Int) -> ErrorText {
        switch language {
        case .en:
            ErrorText(
                heading: "Product \(id) is another seller's product",
                message: "“\(BidiText.isolated(name))” belongs to another seller. Price histories are shown for your own products only; open one of yours from the list of your products.")
        case .ko:
            ErrorText(
                heading: "\(id)번 상품은 다른 판매자의 상품입니다",
                message: "“\(BidiText.isolated(name))” 상품은 다른 판매자의 상품입니다. 판매가 기록은 내 상품만 볼 수 있습니다. 내 상품 목록에서 상품을 선택해 주세요.")
        }
    }

    var pricesUnreadable: ErrorText {
        switch language {
        case .en: ErrorText(heading: "The price history cannot be read", message: "The dashboard's database in the data directory could not be read. The dashboard's log says more.")
        case .ko: ErrorText(heading: "판매가 기록을 읽을 수 없습니다", message: "데이터 폴더에 있는 대시보드 데이터베이스를 읽을 수 없습니다. 자세한 내용은 대시보드 로그를 확인해 주세요.")
        }
    }
}
