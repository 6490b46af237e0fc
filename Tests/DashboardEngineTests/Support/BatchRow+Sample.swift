import Foundation

@testable import DashboardEngine

extension BatchRow {
    /// A row of a pending edit with every kind of problem and warning, quotes in its texts:
    /// what the batch store keeps and gives back, for the store's and the numbering's tests.
    static func sample(_ id: Int, status: BatchRow.Status = .pending, operation: BatchRow.Operation = .edit) -> BatchRow {
        BatchRow(
            batchID: 0, number: 0, line: id + 1, productID: id, operation: operation, status: status, name: "Kettle \(id) “quoted”",
            currency: "USD", before: RecordedFields(price: Decimal(string: "12.35"), discountedPrice: 0),
            after: RecordedFields(price: Decimal(string: "11.12")),
            problems: [.field(.priceUnderDiscount(Decimal(string: "12.5") ?? 0), on: .price), .field(.imageRefused(name: "a “b”.png", .tooLarge(bytes: 400_000)), on: .images),
                       .field(.notANumber, on: .stock, cell: "ten “pcs”")],
            warnings: [.warning(.priceJump(percent: 60, up: false), on: .price), .warning(.duplicateInFile(line: 3), on: .name)],
            knownIDs: [4, 5])
    }
}
