import Foundation
import Testing

@testable import DashboardEngine

/// Reading CSV files as spreadsheet programs write them, and refusing what is not one.
@Suite struct CSVTableTests {
    func read(_ text: String) throws -> CSVTable {
        try CSVTable.read(Array(text.utf8))
    }

    @Test func quotedCellsHoldSeparatorsQuotesAndLineBreaks_andEveryLineEndWorks() throws {
        let table = try read("id,name,price\r\n1,\"Kettle, large\",100\n2,\"Say \"\"hi\"\"\",200\r3,\"two\r\nlines\",300")
        #expect(table.header == ["id", "name", "price"])
        #expect(table.rows.map(\.cells) == [
            ["1", "Kettle, large", "100"], ["2", "Say \"hi\"", "200"], ["3", "two\r\nlines", "300"],
        ])
        // Rows as a spreadsheet numbers them: the header is row 1.
        #expect(table.rows.map(\.line) == [2, 3, 4])
    }

    @Test func theByteOrderMarkIsSkipped() throws {
        let table = try CSVTable.read([0xEF, 0xBB, 0xBF] + Array("id,name\n1,a\n".utf8))
        #expect(table.header == ["id", "name"])
        #expect(table.rows.count == 1)
    }

    @Test func semicolonsAreTheSeparatorWhenTheHeaderUsesThem() throws {
        let table = try read("id;name;price\n1;Kettle, large;12,5\n")
        #expect(table.rows.first?.cells == ["1", "Kettle, large", "12,5"])
    }

    @Test func theExportsFormulaGuardIsRemoved_butOtherQuotesStay() throws {
        let table = try read("name,note\n'=SUM(A1),'+1\n'plain,'@x\n''=SUM(A1),'''-1\n")
        #expect(table.rows.map(\.cells) == [["=SUM(A1)", "+1"], ["'plain", "@x"], ["'=SUM(A1)", "''-1"]])
    }

    @Test func emptyLinesAreSkipped_butStillCountedAsRows() throws {
        let table = try read("id,name\n\n1,a\n,\n2,b\n\n")
        #expect(table.rows.map(\.cells) == [["1", "a"], ["2", "b"]])
        #expect(table.rows.map(\.line) == [3, 5])
    }

    @Test func aQuoteInsideAnUnquotedCell_isText() throws {
        let table = try read("name\n12\" pizza\n")
        #expect(table.rows.first?.cells == ["12\" pizza"])
    }

    @Test(arguments: [
        ([0xFF, 0xFE] + Array("i\0d\0".utf8), CSVProblem.utf16),
        ([0xFE, 0xFF, 0, 0x69, 0, 0x64], CSVProblem.utf16),
        (Array("i\0d\0,\0n\0a\0m\0e\0\n\0".utf8), CSVProblem.utf16),
        ([0x50, 0x4B, 0x03, 0x04, 0x14, 0x00], CSVProblem.workbook),
        ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D], CSVProblem.binary),
        ([0x69, 0x64, 0x0A, 0xB0, 0xA1, 0xB3, 0xAA], CSVProblem.notUTF8),
        ([], CSVProblem.empty),
        (Array("\n\n,,\n".utf8), CSVProblem.empty),
    ] as [([UInt8], CSVProblem)])
    func whatIsNotAUTF8CSVIsRefusedWithTheReason(bytes: [UInt8], problem: CSVProblem) {
        #expect(throws: problem) { try CSVTable.read(bytes) }
    }

    /// A stray NUL or ESC in UTF-8 text is a character of its cell (the product rules refuse
    /// it on its line); NULs in bytes that are not UTF-8, or a file of them, are binary.
    @Test func aStrayControlCharacter_isTextOfItsCell() throws {
        let table = try read("id,name\n1,Mug\u{0}\n2,Cup\u{1B}[1m\n")
        #expect(table.rows.map(\.cells) == [["1", "Mug\u{0}"], ["2", "Cup\u{1B}[1m"]])
        #expect(throws: CSVProblem.binary) { try CSVTable.read([UInt8](repeating: 0, count: 64) + Array("id\n".utf8)) }
    }

    @Test func anUnclosedQuoteNamesTheRowItStartsIn() {
        #expect(throws: CSVProblem.unclosedQuote(line: 3)) { try read("id,name\n1,a\n2,\"never closed\n3,c\n") }
    }

    @Test func tenThousandColumns_areRefused() {
        let wide = (0..<10_000).map { "c\($0)" }.joined(separator: ",")
        #expect(throws: CSVProblem.tooManyColumns(limit: 100, line: 1)) { try read(wide) }
    }

    @Test func aOneMegabyteCell_isRefused() {
        let huge = String(repeating: "x", count: 1024 * 1024)
        #expect(throws: CSVProblem.cellTooLong(limit: 64 * 1024, line: 2)) { try read("name\n\(huge)\n") }
    }

    @Test func moreRowsThanTheLimit_areRefused() throws {
        let text = "id\n" + (1...11).map(String.init).joined(separator: "\n")
        #expect(throws: CSVProblem.tooManyRows(limit: 10)) { try CSVTable.read(Array(text.utf8), limits: CSVTable.Limits(rows: 10)) }
        #expect(try CSVTable.read(Array(text.dropLast(3).utf8), limits: CSVTable.Limits(rows: 10)).rows.count == 10)
    }

    /// The column table: English in any case, Korean, the guard; computed columns known as such.
    @Test func columnsAreNamedInEitherLanguage() {
        // The API's names, which older exports wrote, name the same columns.
        #expect(ProductCSV.Column.named("discounted_price") == .discountedPrice)
        #expect(ProductCSV.Column.named("bargain_price") == .bargainPrice && ProductCSV.Column.named("created_at") == .createdAt)
        #expect(ProductCSV.Column.named("discount") == .discountedPrice && ProductCSV.Column.named("Sale_Price") == .bargainPrice)
        #expect(ProductCSV.Column.named(" PRICE ") == .price)
        #expect(ProductCSV.Column.named("할인 금액") == .discountedPrice)
        #expect(ProductCSV.Column.named("할인가") == .bargainPrice)
        #expect(ProductCSV.Column.named("상품 번호") == .id)
        #expect(ProductCSV.Column.named("colour") == nil)
        #expect(ProductCSV.Column.bargainPrice.isComputed && !ProductCSV.Column.price.isComputed)
        #expect(ProductCSV.header() == "id,name,vendor,currency,price,discount,sale_price,stock,added")
    }
}
