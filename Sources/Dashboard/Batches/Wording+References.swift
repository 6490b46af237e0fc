import Foundation

/// A batch page's words about its rows' reference prices (`BatchReferences`); a row's own
/// sentence and button are `ReferenceText`'s.
extension Wording {
    /// Above the rows: how many products of the whole batch show a price before above the lowest
    /// price of the `days` before the sale.
    func referenceAboveCount(_ count: Int, days: Int) -> String {
        switch language {
        case .en:
            count == 1
                ? "1 product would show a crossed-out price above its reference price, the lowest price in the \(days) days before the sale. Consumer law in the EU and Korea doesn't let a sale show a crossed-out price above the product's recent lowest price, because buyers would see a bigger discount than they get."
                : "\(NumberText.grouped(count)) products would show a crossed-out price above their reference price, the lowest price in the \(days) days before the sale. Consumer law in the EU and Korea doesn't let a sale show a crossed-out price above the product's recent lowest price, because buyers would see a bigger discount than they get."
        case .ko:
            "상품 \(NumberText.grouped(count))개는 할인 전 가격으로 표시되는 판매가가 종전 가격(할인 시작 전 \(quantity(days))일 동안의 최저가)보다 높습니다. 종전 가격보다 높은 가격을 할인 전 가격으로 표시하면 부당한 가격 표시가 될 수 있습니다(공정거래위원회 기준, EU 옴니버스 지침)."
        }
    }

    /// The button that sets every such row's price to its reference, keeping its sale price.
    func referenceOfferAll(_ count: Int) -> String {
        switch language {
        case .en:
            switch count {
            case 1: "Lower the price to the reference price, keeping the sale price"
            case 2: "Lower both prices to their reference prices, keeping the sale prices"
            default: "Lower all \(NumberText.grouped(count)) prices to their reference prices, keeping the sale prices"
            }
        case .ko: "상품 \(NumberText.grouped(count))개의 판매가를 종전 가격으로 낮추기(할인가 유지)"
        }
    }

    /// After the offer: how many rows of the preview now show their reference as the price
    /// before; nothing is sent until the preview is applied.
    func referenceOfferDone(_ count: Int) -> String {
        switch language {
        case .en:
            count == 1
                ? "1 product's price is now its reference price, with a smaller discount so that the sale price stays the same. Nothing changes on the Open Market until the batch is applied."
                : "\(NumberText.grouped(count)) products' prices are now their reference prices, with smaller discounts so that the sale prices stay the same. Nothing changes on the Open Market until the batch is applied."
        case .ko:
            "상품 \(NumberText.grouped(count))개의 판매가를 종전 가격으로 낮추고 할인 금액을 그만큼 줄였습니다(할인가는 그대로). 이 미리 보기를 적용하기 전에는 오픈마켓에 반영하지 않습니다."
        }
    }

    /// The offer pressed when no row of the preview is above its reference any more (another
    /// tab set them, or the prices before changed): nothing was done.
    var referenceOfferNone: String {
        switch language {
        case .en: "No product in this batch has a crossed-out price above its reference price any more, so nothing was changed."
        case .ko: "판매가가 종전 가격보다 높은 상품이 없어 아무것도 수정하지 않았습니다."
        }
    }
}
