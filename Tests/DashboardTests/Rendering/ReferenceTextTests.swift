import DashboardEngine
import Foundation
import Templating
import Testing

@testable import Dashboard

/// What a sale's check against its reference price says, in hooks and words: the figures a
/// seller reads in a preview's row or on an on-sale product's page.
struct ReferenceTextTests {
    private let seoul = TimeZone(identifier: "Asia/Seoul") ?? .gmt

    private func text(_ language: Language, price: Decimal = 30_000, discount: Decimal = 9_000) -> ReferenceText {
        ReferenceText(price: price, discount: discount, currency: "KRW", days: 30, zone: seoul, wording: Wording(language))
    }

    @Test func aPriceRaisedBeforeTheSaleWarnsWithTheTrueDiscount() {
        // KRW 30,000 struck through, 30% off (KRW 21,000 paid); the lowest of the 30 days was 24,000.
        let context = text(.en).context(.above(reference: 24_000, trueDiscount: 0.125))
        #expect(context["hook"] == .string("above"))
        #expect(context["referencePrice"] == .string("24000"))
        #expect(context["warning"] == .bool(true))
        #expect(context["text"] == .string(
            "The crossed-out price, KRW 30,000, is above the reference price, KRW 24,000 (the lowest price in the 30 days before the sale). From the reference price, the real discount is 12.5%, not 30%. To fix it, lower the price to KRW 24,000 and keep the sale price, KRW 21,000."))
        #expect(context["offer"]?["price"] == .string("24000"))
        #expect(context["offer"]?["discount"] == .string("3000"))
        #expect(context["offer"]?["label"] == .string("Lower the price to KRW 24,000 and keep the sale price, KRW 21,000"))
        let korean = text(.ko).context(.above(reference: 24_000, trueDiscount: 0.125))
        #expect(korean["text"]?.interpolated.contains("실제 할인율은 30%가 아니라 12.5%입니다.") == true)
        #expect(korean["offer"]?["label"]?.interpolated.contains("24,000원") == true)
    }

    @Test func aSalePriceNotBelowTheReferenceIsNoDiscountAndHasNoOffer() {
        let context = text(.en).context(.above(reference: 20_000, trueDiscount: -0.05))
        #expect(context["hook"] == .string("above"))
        #expect(context["offer"] == nil)
        #expect(context["text"]?.interpolated.contains("The sale price, KRW 21,000, is not below the reference price, so buyers get no real discount.") == true)
        #expect(context["text"]?.interpolated.hasSuffix("remove the discount, or lower the sale price below KRW 20,000.") == true)
    }

    @Test func aKnownReferenceAtOrAboveThePriceIsOK() {
        let context = text(.en).context(.ok(reference: 30_000))
        #expect(context["hook"] == .string("ok"))
        #expect(context["referencePrice"] == .string("30000"))
        #expect(context["warning"] == nil)
        #expect(context["offer"] == nil)
        #expect(context["text"]?.interpolated.contains("KRW 30,000") == true)
    }

    @Test func anInsufficientTimelineHasNoPriceAndSaysFromWhen() {
        let since = Date(timeIntervalSince1970: 1_795_000_000)
        let context = text(.en).context(.insufficient(knownFrom: since))
        #expect(context["hook"] == .string("insufficient"))
        #expect(context["referencePrice"] == nil)
        #expect(context["insufficient"] == .bool(true), "a page offers the import of past prices")
        #expect(context["text"]?.interpolated.contains(LocalTime.timestamp(since, zone: seoul, Wording(.en))) == true)
        #expect(text(.en).context(.insufficient(knownFrom: nil))["text"]?.interpolated.contains("no price of this product from before the sale") == true)
        #expect(text(.en).context(.ok(reference: 30_000))["insufficient"] == .bool(false))
    }

    @Test func percentagesAreRoundedToATenthWithoutATrailingZero() {
        #expect(ReferenceText.percent(0.125) == "12.5%")
        #expect(ReferenceText.percent(0.3) == "30%")
        #expect(ReferenceText.percent(1.0 / 3.0) == "33.3%")
        #expect(ReferenceText.percent(0.0005) == "0.1%")
    }
}
