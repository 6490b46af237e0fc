import Foundation
import MarketClient
import Templating
import Testing

@testable import Dashboard
import DashboardEngine

/// Numbers at the edges of what the types hold, from the market (prices, stock, ids) or typed
/// by a person (prices, stock), never trap. Each formats to some text or is refused.
@Suite struct ExtremeNumberTests {
    static let amounts: [Decimal] = [
        .greatestFiniteMagnitude, .leastFiniteMagnitude, .leastNonzeroMagnitude, .nan,
        Decimal(Int.max), Decimal(Int.min), Decimal(UInt64.max),
        Decimal(string: "99999999999999999999999999999999999999")!, Decimal(string: "1e-120")!,
    ]

    @Test(arguments: amounts)
    func extremeAmountsFormatWithoutTrapping(_ amount: Decimal) {
        for currency in [Currency.krw, .usd] {
            #expect(PriceText.format(amount, currency: currency.rawValue).hasPrefix(currency.rawValue + " "))
            _ = Money(amount).minorUnits(in: currency)
            _ = ProductFormValues.plain(Money(amount), currency: currency)
        }
    }

    @Test func largeAmountsHaveNoMinorUnits() {
        #expect(Money(.greatestFiniteMagnitude).minorUnits(in: .usd) == nil)
        #expect(Money(Decimal(Int.max)).minorUnits(in: .usd) == nil)
        #expect(Money(Decimal(Int.max)).minorUnits(in: .krw) == Int.max)
    }

    /// A sale computed from extreme prices (`bargain = price - discount`) does not trap.
    @Test(arguments: [("1e100", "-1e100"), ("-1e100", "1e100"), ("\(Int.max)", "\(Int.min)")])
    func extremeSaleArithmeticDoesNotTrap(price: String, discount: String) throws {
        let json = #"{"id":1,"vendor_id":1,"name":"Edge","price":\#(price),"discounted_price":\#(discount),"stock":\#(Int.min),"currency":"USD"}"#
        let product = try JSONDecoder().decode(ProductSummary.self, from: Data(json.utf8))
        let context = ProductListPage.priceContext(product)
        #expect(context["soldOut"] == .bool(true))
    }

    @Test func moneyArithmeticAtTheEdgesDoesNotTrap() {
        let most = Money(Decimal.greatestFiniteMagnitude)
        let least = Money(Decimal.leastFiniteMagnitude)
        for (a, b) in [(most, least), (least, most), (most, most)] {
            let difference: Money = a - b
            let sum: Money = a + b
            #expect(PriceText.format(difference.amount, currency: "USD").hasPrefix("USD "))
            #expect(PriceText.format(sum.amount, currency: "KRW").hasPrefix("KRW "))
        }
    }

    /// Typed values far beyond any price or stock are a field error (422), not a trap.
    @Test(arguments: [
        String(repeating: "9", count: 400), "9" + String(repeating: "0", count: 200) + ".5",
        "\(Int.max)", "\(Int.min)", "0." + String(repeating: "0", count: 300) + "1",
    ])
    func extremeTypedNumbersAreFieldErrors(_ text: String) {
        var values = ProductFormValues()
        values.name = "A teapot"
        values.description = "A teapot that pours well."
        values.price = text
        values.discountedPrice = text
        values.stock = text
        let (valid, errors) = ProductFieldRules.validate(values)
        #expect(valid == nil)
        #expect(!errors.isEmpty)
    }
}
