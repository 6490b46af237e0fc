import DashboardEngine
import Foundation
import MarketClient

/// Texts of a batch row's problems as its row shows them: an import's field problem names its
/// column and quotes the file's cell ("price: “abc” is not a number…"), and a row left out
/// says so in the tense of the batch (before or after it was applied). Every other note reads
/// as `note` words it.
extension Wording {
    /// `note` of a row in `currency` (the row's code, which picks the amounts' example), in a
    /// batch that was `applied` (running or finished) or not yet.
    func rowProblem(_ note: BatchNote, currency: String, applied: Bool) -> String {
        switch note.code {
        case .field(let problem):
            // Only the import keeps a note's cell; a note kept without one reads as it did.
            guard let cell = note.cell, let field = note.field,
                let text = importCellProblem(problem, column: importColumn(field), cell: cell, currency: Currency(rawValue: currency))
            else { return self.note(note) }
            return text
        default:
            return self.note(note, applied: applied)
        }
    }

    /// The column of the import a field is read from, named as the reader's CSV header names
    /// it ("price", "판매가"); the thumbnail is chosen from the images column.
    private func importColumn(_ field: ProductField) -> String {
        (ProductCSV.Column(field) ?? .images).name(language.csvHeaders)
    }

    /// An amount as a person types it in `currency`: "15000", "12.50"; both for another code.
    private func amountExample(_ currency: Currency) -> String {
        switch (language, currency) {
        case (_, .krw): "15000"
        case (_, .usd): "12.50"
        case (.en, _): "1000 or 12.50"
        case (.ko, _): "15000이나 12.50"
        }
    }

    /// A field problem of an import's cell: the column, what the cell says and what to write
    /// instead; nil for a problem that names its subject itself (a name's length, an image).
    private func importCellProblem(_ problem: FieldProblem, column c: String, cell: String, currency: Currency) -> String? {
        let v = "“\(BidiText.isolated(cell))”"
        let example = amountExample(currency)
        switch language {
        case .en:
            switch problem {
            case .notANumber: return "\(c): \(v) is not a number. Enter it like \(example)."
            case .krwWhole: return "\(c): \(v) has decimals, and KRW amounts are in whole won. Enter it like 15000."
            case .usdCents: return "\(c): \(v) has more than 2 decimal places. Enter USD amounts like 249.99."
            case .currency where cell.isEmpty: return "\(c): the cell is empty. Enter KRW or USD."
            case .currency: return "\(c): \(v) is not accepted. Use KRW or USD."
            case .priceMissing: return "\(c): the cell is empty. A new product needs a price, like \(example)."
            case .priceNotPositive: return "\(c): \(v) is too low. Enter a price above 0."
            case .priceTooHigh: return "\(c): \(v) is too high. Enter at most 10,000,000,000."
            case .discountNegative: return "\(c): \(v) is below 0. Enter 0 or more (0 for no discount)."
            case .discountOverPrice: return "\(c): \(v) is more than the price. Enter a discount no higher than the price."
            case .priceUnderDiscount(let discount):
                return "\(c): \(v) is less than the discount (\(discount)). Enter a higher price, or lower the discount too."
            case .stockTooHigh: return "\(c): \(v) is too high. Enter at most 2,147,483,647."
            case .stockNegative: return "\(c): \(v) is below 0. Enter 0 or more."
            case .stockNotWhole: return "\(c): \(v) is not a whole number. Enter it like 12."
            case .nameMissing: return "\(c): the cell is empty. A new product needs a name of 3 to 100 characters."
            case .descriptionMissing: return "\(c): the cell is empty. A new product needs a description of 10 to 1,000 characters."
            case .imagesMissing:
                return "\(c): the cell is empty. For a new product, list 1 to 5 image file names here, separated by semicolons (;), "
                    + "and choose those images under Images for new products."
            case .nameLength, .descriptionLength, .controlCharacter, .imageExpired, .thumbnailChoice, .imageRefused: return nil
            }
        case .ko:
            switch problem {
            case .notANumber: return "\(c) 칸에 \(example)처럼 숫자만 입력해 주세요(지금: \(v))."
            case .krwWhole: return "\(c) 칸의 KRW 금액은 15000처럼 소수점 없이 입력해 주세요(지금: \(v))."
            case .usdCents: return "\(c) 칸의 USD 금액은 249.99처럼 소수점 둘째 자리까지 입력해 주세요(지금: \(v))."
            case .currency where cell.isEmpty: return "\(c) 칸에 KRW 또는 USD를 입력해 주세요."
            case .currency: return "\(c) 칸에 KRW 또는 USD를 입력해 주세요(지금: \(v))."
            case .priceMissing: return "새 상품은 \(c) 칸에 \(example)처럼 금액을 입력해 주세요."
            case .priceNotPositive: return "\(c) 칸에 0보다 큰 금액을 입력해 주세요(지금: \(v))."
            case .priceTooHigh: return "\(c) 칸에 10,000,000,000 이하의 금액을 입력해 주세요(지금: \(v))."
            case .discountNegative: return "\(c) 칸에 0 이상의 금액을 입력해 주세요(지금: \(v)). 할인이 없으면 0을 입력해 주세요."
            case .discountOverPrice: return "\(c) 칸에 판매가 이하의 금액을 입력해 주세요(지금: \(v))."
            case .priceUnderDiscount(let discount):
                return "\(c) 칸에 할인 금액(\(discount)) 이상의 금액을 입력하거나 할인 금액도 낮춰 주세요(지금: \(v))."
            case .stockTooHigh: return "\(c) 칸에 2,147,483,647 이하의 수를 입력해 주세요(지금: \(v))."
            case .stockNegative, .stockNotWhole: return "\(c) 칸에 12처럼 0 이상의 정수를 입력해 주세요(지금: \(v))."
            case .nameMissing: return "새 상품은 \(c) 칸에 이름을 3~100자로 입력해 주세요."
            case .descriptionMissing: return "새 상품은 \(c) 칸에 설명을 10~1,000자로 입력해 주세요."
            case .imagesMissing: return "새 상품은 \(c) 열에 파일 이름을 1~5개 적고, 그 이미지를 [새 상품의 이미지]에서 함께 선택해 주세요."
            case .nameLength, .descriptionLength, .controlCharacter, .imageExpired, .thumbnailChoice, .imageRefused: return nil
            }
        }
    }
}
