import Foundation
import MarketClient
import Testing

@testable import DashboardEngine

/// CSV cells and rows: RFC 4180 quoting and the CSV-injection guard.
@Suite("Product CSV")
struct ProductCSVTests {
    // RFC 4180 §2.6–2.7: fields with commas, quotes or line breaks are quoted, quotes doubled.
    @Test(arguments: [
        ("plain", "plain"),
        ("a,b", "\"a,b\""),
        ("say \"hi\"", "\"say \"\"hi\"\"\""),
        ("two\nlines", "\"two\nlines\""),
        ("cr\r\nlf", "\"cr\r\nlf\""),
        ("김치 🤖", "김치 🤖"),
    ])
    func rfc4180_quoting(_ value: String, _ expected: String) {
        #expect(ProductCSV.cell(value) == expected)
    }

    // OWASP CSV injection: a leading =, +, -, @, tab or CR makes a spreadsheet formula.
    @Test(arguments: [
        ("=HYPERLINK(\"http://evil\")", "\"'=HYPERLINK(\"\"http://evil\"\")\""),
        ("+1", "'+1"),
        ("-2+3", "'-2+3"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\tcmd", "'\tcmd"),
        ("\rcmd", "\"'\rcmd\""),
        ("a=b", "a=b"),
    ])
    func csvInjection_getsAnApostrophe(_ value: String, _ expected: String) {
        #expect(ProductCSV.cell(value) == expected)
    }

    @Test func preamble_isTheBOMAndTheHeaderRow() {
        #expect(Array(ProductCSV.preamble().prefix(3)) == [0xEF, 0xBB, 0xBF])
        #expect(String(decoding: ProductCSV.preamble().dropFirst(3), as: UTF8.self)
            == "id,name,vendor,currency,price,discount,sale_price,stock,added\r\n")
    }

    /// The header in the reader's language, from one table an import reads too.
    @Test func header_inEachLanguage_andReadBackInEither() {
        #expect(ProductCSV.header(.korean) == "상품 번호,상품명,판매자,통화,판매가,할인 금액,할인가,재고,등록일")
        #expect(ProductCSV.header(.english) == "id,name,vendor,currency,price,discount,sale_price,stock,added")
        for column in ProductCSV.Column.allCases {
            #expect(ProductCSV.Column.named(column.rawValue) == column)
            #expect(ProductCSV.Column.named(column.korean) == column)
        }
        #expect(ProductCSV.Column.named("가격") == nil)
        // The pages' words for the API's amounts name the same columns.
        #expect(ProductCSV.Column.named("discount") == .discountedPrice)
        #expect(ProductCSV.Column.named(" Sale_Price ") == .bargainPrice)
    }

    /// The day of registration as a spreadsheet reads a date: no `T`, no time.
    @Test func row_hasTheAPIFieldsInOrder() {
        let summary = ProductSummary(
            id: 7, vendorID: 3, name: "Mug, large", description: "", thumbnail: nil, currency: .usd,
            price: Money(Decimal(string: "24.5")!), discountedPrice: Money(Decimal(string: "4.5")!), stock: 12,
            createdAt: MarketDate.parse("2022-10-29T00:00:00"))
        let row = ProductCSV.row(CatalogProduct(summary, vendorName: "Tom & Jerry's"))
        #expect(row == "7,\"Mug, large\",Tom & Jerry's,USD,24.5,4.5,20,12,2022-10-29\r\n")
    }
}
