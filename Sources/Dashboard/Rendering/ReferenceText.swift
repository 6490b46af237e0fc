import DashboardEngine
import Foundation
import Templating

/// What a sale's check against its reference price (`ReferenceCheck`, see docs/prices.md)
/// looks like wherever a page shows one: a batch preview's row, an on-sale product's page.
///
/// The context's keys:
/// - `hook`: `ok`, `above` or `insufficient`, the `data-reference` value;
/// - `referencePrice`: the reference as a plain decimal in the product's currency
///   (`data-reference-price`), absent when insufficient (named apart from a page's other
///   keys: a Mustache section for a missing key would find an outer `price` instead);
/// - `text`: the sentence a reader sees;
/// - `warning`: true when the struck-through price is above the reference;
/// - `insufficient`: true when there is no reference, so a page can offer the import of past
///   prices (always set: a section for a missing key would find an outer one);
/// - `offer`: for a warning whose sale price is below the reference, the state that keeps the
///   sale price and shows the reference as the price before (`price`, `discount` as plain
///   decimals, `label` in words). A sale price at or above the reference is no discount at
///   all, and has no such offer.
struct ReferenceText {
    /// The proposed state: the struck-through price, the amount off, and its currency.
    let price: Decimal
    let discount: Decimal
    let currency: String
    /// The window's days (`--reference-days`).
    let days: Int
    let zone: TimeZone
    let wording: Wording

    func context(_ check: ReferenceCheck) -> TemplateObject {
        var context: TemplateObject = ["hook": .string(check.hook), "insufficient": false]
        if let reference = check.reference { context["referencePrice"] = .string("\(reference)") }
        let salePrice = price - discount
        switch check {
        case .ok(let reference):
            context["text"] = .string(wording.referenceOK(money(reference), days: days))
        case .above(let reference, let trueDiscount):
            context["warning"] = .bool(true)
            let shown = price > 0 ? discount / price : 0
            context["text"] = .string(wording.referenceAbove(
                shown: money(price), reference: money(reference), salePrice: money(salePrice), days: days,
                trueDiscount: trueDiscount > 0 ? Self.percent(trueDiscount) : nil, shownDiscount: Self.percent(shown)))
            if salePrice < reference {
                context["offer"] = [
                    "price": .string("\(reference)"), "discount": .string("\(reference - salePrice)"),
                    "label": .string(wording.referenceOffer(money(reference), salePrice: money(salePrice))),
                ]
            }
        case .insufficient(let knownFrom):
            context["insufficient"] = .bool(true)
            context["text"] = .string(wording.referenceInsufficient(
                knownFrom: knownFrom.map { LocalTime.timestamp($0, zone: zone, wording) }, days: days))
        }
        return context
    }

    private func money(_ amount: Decimal) -> String { wording.price(amount, currency: currency) }

    /// A fraction as a percentage to a tenth, without ".0": 0.125 → "12.5%", 0.3 → "30%".
    static func percent(_ fraction: Decimal) -> String {
        var tenths = fraction * 1000
        var rounded = Decimal()
        NSDecimalRound(&rounded, &tenths, 0, .plain)
        let value = NSDecimalNumber(decimal: rounded).intValue
        let whole = NumberText.grouped(value / 10)
        return value % 10 == 0 ? "\(whole)%" : "\(whole).\(abs(value % 10))%"
    }
}

extension Wording {
    /// The struck-through price is at or below the reference.
    func referenceOK(_ reference: String, days: Int) -> String {
        switch language {
        case .en: "The crossed-out price is not above the reference price, \(reference) (the lowest price in the \(days) days before the sale)."
        case .ko: "종전 가격(할인 시작 전 \(quantity(days))일 동안의 최저가)은 \(reference)입니다. 판매가가 종전 가격보다 높지 않아 할인 전 가격으로 표시할 수 있습니다."
        }
    }

    /// The struck-through price (`shown`) is above the reference: the discount the buyer
    /// really gets, or that there is none when the sale price is not below the reference.
    func referenceAbove(
        shown: String, reference: String, salePrice: String, days: Int, trueDiscount: String?, shownDiscount: String
    ) -> String {
        switch (language, trueDiscount) {
        case (.en, let real?):
            "The crossed-out price, \(shown), is above the reference price, \(reference) (the lowest price in the \(days) days before the sale). From the reference price, the real discount is \(real), not \(shownDiscount). To fix it, lower the price to \(reference) and keep the sale price, \(salePrice)."
        case (.en, nil):
            "The crossed-out price, \(shown), is above the reference price, \(reference) (the lowest price in the \(days) days before the sale). The sale price, \(salePrice), is not below the reference price, so buyers get no real discount. To fix it, remove the discount, or lower the sale price below \(reference)."
        case (.ko, let real?):
            "할인 전 가격으로 표시되는 판매가(\(shown))가 종전 가격(할인 시작 전 \(quantity(days))일 동안의 최저가, \(reference))보다 높아, 실제 할인율은 \(shownDiscount)가 아니라 \(real)입니다. 할인가를 그대로 두려면 판매가를 종전 가격으로 낮추고 할인 금액을 그만큼 줄여 주세요."
        case (.ko, nil):
            "할인 전 가격으로 표시되는 판매가(\(shown))가 종전 가격(할인 시작 전 \(quantity(days))일 동안의 최저가, \(reference))보다 높고, 할인가(\(salePrice))도 종전 가격보다 낮지 않아 실제로는 할인이 아닙니다. 할인으로 표시하려면 판매가를 종전 가격 이하로, 할인가를 종전 가격보다 낮게 수정해 주세요."
        }
    }

    /// The button that keeps the sale price and shows the reference as the price before.
    func referenceOffer(_ reference: String, salePrice: String) -> String {
        switch language {
        case .en: "Lower the price to \(reference) and keep the sale price, \(salePrice)"
        case .ko: "판매가를 종전 가격(\(reference))으로 낮추기(할인가 \(salePrice) 유지)"
        }
    }

    /// No reference: prices are known only from `knownFrom` (a timestamp), or not at all.
    func referenceInsufficient(knownFrom: String?, days: Int) -> String {
        switch (language, knownFrom) {
        case (.en, let since?):
            "Can't be checked: the dashboard has known this product's prices only since \(since), less than the \(days) days before the sale that its reference price needs."
        case (.en, nil):
            "Can't be checked: no price of this product from before the sale is known, so it has no reference price."
        case (.ko, let since?):
            "종전 가격을 알 수 없습니다. 이 상품의 판매가 기록은 \(since)부터 있어 할인 시작 전 \(quantity(days))일을 채우지 못합니다. 판매가 기록 화면의 [지난 판매가 가져오기]에서 그 전의 판매가를 추가하면 확인할 수 있습니다."
        case (.ko, nil):
            "종전 가격을 알 수 없습니다. 이번 할인이 시작되기 전의 판매가 기록이 없습니다. 판매가 기록 화면의 [지난 판매가 가져오기]에서 그 전의 판매가를 추가하면 확인할 수 있습니다."
        }
    }
}
