import Foundation
import MarketClient
import Testing

@testable import DashboardEngine

/// An import's rows: the export read back changes nothing; edited cells change exactly their
/// fields; rows without an id register products under the register form's rules.
@Suite struct ImportPlannerTests {
    static let own = 7
    static let products: [CatalogProduct] = [
        CatalogProduct(.sample(1, vendor: own, price: 20000, discount: 2000, stock: 3, created: "2023-11-18T00:00:00"), vendorName: "v"),
        CatalogProduct(.sample(2, vendor: own, price: Decimal(string: "12.5") ?? 0, stock: 0, currency: .usd), vendorName: "v"),
        CatalogProduct(.sample(3, vendor: 99, price: 1000, stock: 5), vendorName: "v"),
        CatalogProduct(
            ProductSummary(
                id: 4, vendorID: own, name: "=cmd|' /C calc'!A0", description: "", thumbnail: nil, currency: .krw, price: 5000, stock: 1),
            vendorName: "v, \"quoted\""),
        // Live-shaped: a 2-character name and price 0, own and another vendor's; no currency.
        CatalogProduct(
            ProductSummary(id: 5, vendorID: own, name: "간식", description: "", thumbnail: nil, currency: .krw, price: 0, stock: 5),
            vendorName: "v"),
        CatalogProduct(
            ProductSummary(
                id: 6, vendorID: 99, name: "ab", description: "", thumbnail: nil, currency: Currency(rawValue: ""), price: 0, stock: 3),
            vendorName: "w"),
    ]

    static func planner(uploads: [String: ImportPlanner.Upload] = [:], header: [String]) -> ImportPlanner {
        ImportPlanner(
            columns: ImportPlanner.Columns(header: header), ownVendorID: own,
            products: Dictionary(uniqueKeysWithValues: products.map { ($0.id, $0) }), uploads: uploads)
    }

    static func rows(_ csv: String, uploads: [String: ImportPlanner.Upload] = [:]) throws -> (ImportPlanner, [BatchRow]) {
        let table = try CSVTable.read(Array(csv.utf8))
        let planner = planner(uploads: uploads, header: table.header)
        return (planner, planner.rows(table))
    }

    /// Our own export, byte for byte, imported again.
    static var export: String {
        String(decoding: ProductCSV.preamble(), as: UTF8.self) + products.map(ProductCSV.row).joined()
    }

    @Test func theExportReadBack_changesNothing() throws {
        let (planner, rows) = try Self.rows(Self.export)
        #expect(rows.map(\.status) == [.unchanged, .unchanged, .unchanged, .unchanged, .unchanged, .unchanged])
        // The market's own columns are named as ignored.
        #expect(planner.notes == [BatchNote(.columns(.computed(["vendor", "sale_price", "added"])))])
    }

    /// Own products named with formula starts, apostrophes, quotes, separators, tabs and line
    /// breaks: their export imported again changes nothing, whatever the names.
    @Test func anExportOfAnyNames_readBack_changesNothing() throws {
        let pieces = ["'", "''", "=", "+", "-", "@", "\t", "\n", "\"", ",", ";", " ", "Mug", "가방", "SUM(1,1)", "7"]
        var generator = SplitMix64(seed: 42)
        for round in 0..<40 {
            let products = (1...25).map { id in
                var name = ""
                while name.count < 4 { name += pieces[Int(generator.next() % UInt64(pieces.count))] }
                let summary = ProductSummary(
                    id: id, vendorID: Self.own, name: name, description: "", thumbnail: nil, currency: .krw, price: 5000, stock: 1)
                return CatalogProduct(summary, vendorName: "v")
            }
            let export = String(decoding: ProductCSV.preamble(), as: UTF8.self) + products.map(ProductCSV.row).joined()
            let table = try CSVTable.read(Array(export.utf8))
            let planner = ImportPlanner(
                columns: ImportPlanner.Columns(header: table.header), ownVendorID: Self.own,
                products: Dictionary(uniqueKeysWithValues: products.map { ($0.id, $0) }), uploads: [:])
            let rows = planner.rows(table)
            #expect(rows.count == products.count)
            for (row, product) in zip(rows, products) where row.status != .unchanged {
                Issue.record("round \(round): \(product.name.debugDescription) became \(row.status)")
            }
        }
    }

    /// An export made before days were written without their time, and before the English
    /// header said what its columns hold (the API's names), imports the same.
    @Test func anOlderExport_withTheAPIsColumnNames_importsTheSame() throws {
        #expect(Self.export.contains(",2023-11-18\r\n"))
        let older = Self.export.replacingOccurrences(of: ",2023-11-18\r\n", with: ",2023-11-18T00:00:00\r\n")
            .replacingOccurrences(of: ",discount,sale_price,stock,added\r\n", with: ",discounted_price,bargain_price,stock,created_at\r\n")
        #expect(older.contains(",discounted_price,bargain_price,stock,created_at\r\n"))
        let (planner, rows) = try Self.rows(older)
        #expect(rows.map(\.status) == Array(repeating: .unchanged, count: 6))
        #expect(planner.notes == [BatchNote(.columns(.computed(["vendor", "bargain_price", "created_at"])))])
        let (_, renamed) = try Self.rows("id,discount,sale_price\n1,0,0\n")
        #expect(renamed.count == 1)
    }

    @Test func numbersAsSpreadsheetsRewriteThem_areTheSameValues() throws {
        let (_, rows) = try Self.rows("id,price,discounted_price,stock\n1,20000.0,\"2,000\",3.0\n2,12.50,0.00,0\n")
        #expect(rows.map(\.status) == [.unchanged, .unchanged])
    }

    @Test func editedCells_changeExactlyTheirFields_andEmptyCellsLeaveThemAlone() throws {
        let (_, rows) = try Self.rows("id,name,price,stock,currency\n1,,18000,,\n2,Cat mug,,4,\n")
        #expect(rows.map(\.status) == [.pending, .pending])
        #expect(rows[0].after == RecordedFields(price: 18000))
        // The amounts' old values with the currency they are of.
        #expect(rows[0].before == RecordedFields(price: 20000, currency: "KRW", discountedPrice: 2000))
        #expect(rows[1].after == RecordedFields(name: "Cat mug", stock: 4))
        #expect(rows[1].line == 3)
    }

    @Test func koreanHeaders_inAnyOrder() throws {
        let (_, rows) = try Self.rows("재고,상품 번호,할인가\n9,1,1\n")
        #expect(rows.first?.after == RecordedFields(stock: 9))
    }

    @Test func badCells_sayWhichFieldAndWhy() throws {
        let (_, rows) = try Self.rows("id,price,discounted_price,stock\n1,0,,\n1,,30000,\n1,,,-2\n1,10.5,,\n")
        #expect(rows.map(\.status) == [.invalid, .invalid, .invalid, .invalid])
        // Each problem keeps the cell it is about, so its row can quote the file.
        #expect(rows[0].problems == [.field(.priceNotPositive, on: .price, cell: "0")])
        #expect(rows[1].problems == [.field(.discountOverPrice, on: .discountedPrice, cell: "30000")])
        #expect(rows[2].problems == [.field(.stockNegative, on: .stock, cell: "-2")])
        #expect(rows[3].problems == [.field(.krwWhole, on: .price, cell: "10.5")])
    }

    /// A new product's problems keep their cells too: an empty one as empty, a long one cut.
    @Test func aNewProductsProblems_keepTheirCells() throws {
        let long = String(repeating: "9", count: 60) + "x"
        let (_, rows) = try Self.rows("name,description,price,currency,stock,images\nNew kettle,A new kettle for the test.,\(long),EUR,2.5,\n")
        let problems = try #require(rows.first?.problems)
        #expect(problems.first { $0.field == .price }?.cell == String(long.prefix(40)))
        #expect(problems.first { $0.field == .currency }?.cell == "EUR")
        #expect(problems.first { $0.field == .stock }?.cell == "2.5")
        #expect(problems.first { $0.field == .images } == .field(.imagesMissing, on: .images, cell: ""))
    }

    @Test func anotherVendorsProduct_isRefusedOnlyWhenTheRowWouldChangeIt() throws {
        let (_, rows) = try Self.rows("id,price\n3,1000\n3,900\n99999,5\n")
        #expect(rows.map(\.status) == [.unchanged, .invalid, .invalid])
        #expect(rows[1].problems == [.row(.notOwn)])
        #expect(rows[2].problems == [.row(.notFound(id: 99999))])
    }

    @Test func aRowWithoutAnID_registersAProduct_withItsImages() throws {
        let csv = "name,description,price,currency,stock,images\nNew kettle,A new kettle for the test.,15000,KRW,2,a.jpg; b.png\n"
        let (_, rows) = try Self.rows(csv, uploads: ["a.jpg": .usable(11), "b.png": .usable(12)])
        #expect(rows.first?.status == .pending)
        #expect(rows.first?.operation == .create)
        #expect(rows.first?.images == [11, 12])
        #expect(rows.first?.after == RecordedFields(
            name: "New kettle", description: "A new kettle for the test.", price: 15000, currency: "KRW", discountedPrice: 0, stock: 2))
    }

    @Test func aNewProductMissingWhatTheFormRequires_isInvalid_perField() throws {
        let csv = "name,description,price,currency,images\nab,short,,EUR,missing.jpg;big.jpg\n"
        let (_, rows) = try Self.rows(csv, uploads: ["big.jpg": .refused(.tooLarge(bytes: 400 * 1024))])
        let row = try #require(rows.first)
        #expect(row.status == .invalid)
        #expect(Set(row.problems.compactMap(\.field)) == [.name, .description, .price, .currency, .images])
        #expect(row.problems.contains(.row(.imageNotUploaded("missing.jpg"), on: .images)))
        #expect(row.problems.contains(.field(.imageRefused(name: "big.jpg", .tooLarge(bytes: 400 * 1024)), on: .images)))
    }

    @Test func duplicateNames_areWarnedAbout() throws {
        let csv = "name,description,price,currency,images\nProduct 1,Same name as product one.,100,KRW,a.jpg\nProduct 1,Same name as product one.,100,KRW,a.jpg\n"
        let (_, rows) = try Self.rows(csv, uploads: ["a.jpg": .usable(1)])
        #expect(rows.map(\.status) == [.pending, .pending])
        #expect(rows[0].warnings == [.warning(.duplicateName, on: .name)])
        #expect(rows[1].warnings.contains(.warning(.duplicateInFile(line: 2), on: .name)))
        #expect(rows[0].knownIDs == [1])
    }

    @Test func aHeaderWithNoKnownColumn_hasNothingUsable() {
        #expect(!ImportPlanner.Columns(header: ["foo", "bar", "bargain_price"]).hasUsableColumn)
        #expect(ImportPlanner.Columns(header: ["foo", "stock"]).hasUsableColumn)
    }
}
