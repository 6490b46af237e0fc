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
        // A text with its own apostrophes before a formula start gets one more, which the
        // import removes; an apostrophe before anything else is left as it is.
        ("'=SUM(1,1)", "\"''=SUM(1,1)\""),
        ("''+1", "'''+1"),
        ("'plain", "'plain"),
        ("'", "'"),
    ])
    func csvInjection_getsAnApostrophe(_ value: String, _ expected: String) {
        #expect(ProductCSV.cell(value) == expected)
    }

    /// Any text, exported as a cell and read back, is the same text: the formula guard, the
    /// quoting and the text's own apostrophes, quotes, separators, tabs and line breaks.
    @Test func everyText_makesTheRoundTrip() throws {
        let pieces = ["'", "''", "=", "+", "-", "@", "\t", "\r", "\n", "\r\n", "\"", ",", ";", " ", "a", "Mug", "가", "🤖", "SUM(1,1)", "0"]
        var generator = SplitMix64(seed: 20_261_128)
        for _ in 0..<3000 {
            let count = Int(generator.next() % 6) + 1
            let text = (0..<count).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
            let file = "id,name\r\n1," + ProductCSV.cell(text) + "\r\n"
            let table = try CSVTable.read(Array(file.utf8))
            #expect(table.rows.map(\.cells) == [["1", text]], "\(text.debugDescription) came back changed from \(file.debugDescription)")
        }
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
