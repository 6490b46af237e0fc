import DashboardEngine

/// Texts of the CSV import: its problems, the file's problems, the columns it ignored or
/// reads, and its limits. Both languages side by side.
extension Wording {
    enum ImportProblem {
        case stale, noFile, notMultipart
        case tooManyRows(limit: Int)
        case noKnownColumn(String)
        case csvTooLarge(limit: String)
        case requestTooLarge(limit: String)
    }

    func importProblem(_ problem: ImportProblem) -> String {
        switch (language, problem) {
        case (.en, .stale): "\(staleCause). Nothing was read: choose the files again, then select Preview the import."
        case (.en, .noFile): "Choose a CSV file to import."
        case (.en, .notMultipart): "The file did not come from this page, so it could not be read. Choose the CSV file below, then select Preview the import."
        case (.en, .tooManyRows(let limit)): "The file has more than \(NumberText.grouped(limit)) products. Split it into files of at most \(NumberText.grouped(limit)) products and import each."
        case (.en, .noKnownColumn(let names)): "None of the names on the first line is a column the import reads (it has \(names)). Put the column names on the first line, as the downloaded CSV does: id, name, price, stock…"
        case (.en, .csvTooLarge(let limit)): "The CSV file is larger than \(limit); import it in smaller parts."
        case (.en, .requestTooLarge(let limit)): "The file and images together are larger than \(limit); send fewer images at a time."
        case (.ko, .stale): "\(staleCause). 아무것도 읽지 않았으니 파일을 다시 선택한 뒤 [가져오기 미리 보기]를 눌러 주세요."
        case (.ko, .noFile): "가져올 CSV 파일을 선택해 주세요."
        case (.ko, .notMultipart): "이 화면에서 보낸 파일이 아니어서 읽을 수 없습니다. 아래에서 CSV 파일을 선택한 뒤 [가져오기 미리 보기]를 눌러 주세요."
        case (.ko, .tooManyRows(let limit)): "파일의 상품이 \(NumberText.grouped(limit))개를 넘습니다. 상품 \(NumberText.grouped(limit))개 이하로 나누어 가져와 주세요."
        case (.ko, .noKnownColumn(let names)): "첫 줄에서 알맞은 열 이름을 찾지 못했습니다(있는 이름: \(names)). 다운로드한 CSV처럼 첫 줄에 상품 번호, 상품명, 판매가, 재고 등의 열 이름을 적어 주세요."
        case (.ko, .csvTooLarge(let limit)): "CSV 파일이 \(limit)보다 큽니다. 더 작게 나누어 가져와 주세요."
        case (.ko, .requestTooLarge(let limit)): "파일과 이미지를 합친 크기가 \(limit)보다 큽니다. 이미지를 나누어 올려 주세요."
        }
    }

    func csvProblem(_ problem: CSVProblem) -> String {
        let g = NumberText.grouped
        switch (language, problem) {
        case (.en, .utf16): return "The file is saved as UTF-16 (“Unicode text”). Save it as “CSV UTF-8” and import that."
        case (.en, .notUTF8): return "The file is not UTF-8 text (Excel's plain “CSV” is saved in another encoding). In Excel, choose Save As, then “CSV UTF-8 (Comma delimited)”, and import that file."
        case (.en, .binary): return "The file is not text, so it is not a CSV file. Choose the CSV file you saved from the spreadsheet."
        case (.en, .workbook): return "This is a spreadsheet workbook, not a CSV file. Save it as “CSV UTF-8” and import that."
        case (.en, .empty): return "The file is empty: it needs a line of column names, then one line per product."
        case (.en, .unclosedQuote(let line)): return "A quoted cell starting on line \(line) is never closed (a \" is missing). Add it, then import again."
        case (.en, .tooManyRows(let limit)): return "The file has more than \(g(limit)) products. Split it into smaller files and import each."
        case (.en, .tooManyColumns(let limit, let line)): return "Line \(line) has more than \(g(limit)) columns. Remove the extra columns, then import again."
        case (.en, .cellTooLong(let limit, let line)): return "A cell on line \(line) is longer than \(bytes(limit)). Shorten it, then import again."
        case (.ko, .utf16): return "파일이 UTF-16(“유니코드 텍스트”)으로 저장되어 있습니다. “CSV UTF-8” 형식으로 저장해서 가져와 주세요."
        case (.ko, .notUTF8): return "파일이 UTF-8 형식이 아닙니다. 엑셀에서 [다른 이름으로 저장]을 눌러 “CSV UTF-8(쉼표로 분리)” 형식으로 저장한 뒤 그 파일을 가져와 주세요."
        case (.ko, .binary): return "텍스트 파일이 아니라서 CSV 파일로 읽을 수 없습니다. 스프레드시트에서 저장한 CSV 파일을 선택해 주세요."
        case (.ko, .workbook): return "CSV 파일이 아니라 스프레드시트 통합 문서입니다. “CSV UTF-8” 형식으로 저장해서 가져와 주세요."
        case (.ko, .empty): return "파일이 비어 있습니다. 첫 줄에 열 이름을, 다음 줄부터 상품을 한 줄씩 적어 주세요."
        case (.ko, .unclosedQuote(let line)): return "\(line)번째 줄의 큰따옴표(\")로 시작한 칸이 닫히지 않았습니다. 빠진 큰따옴표를 넣은 뒤 다시 가져와 주세요."
        case (.ko, .tooManyRows(let limit)): return "파일의 상품이 \(g(limit))개를 넘습니다. 더 작은 파일로 나누어 가져와 주세요."
        case (.ko, .tooManyColumns(let limit, let line)): return "\(line)번째 줄의 열이 \(g(limit))개를 넘습니다. 필요 없는 열을 삭제한 뒤 다시 가져와 주세요."
        case (.ko, .cellTooLong(let limit, let line)): return "\(line)번째 줄의 칸 하나가 \(bytes(limit))보다 깁니다. 내용을 줄인 뒤 다시 가져와 주세요."
        }
    }

    func importNote(_ note: IgnoredColumns) -> String {
        let quoted = { (names: [String]) in names.map { "“\($0)”" }.joined(separator: ", ") }
        return switch (language, note) {
        case (.en, .computed(let names)): "Ignored: \(quoted(names)), which the market works out itself."
        case (.en, .unrecognised(let names)): "Ignored: \(quoted(names)), which this import does not know."
        case (.en, .repeated(let names)): "Ignored: \(quoted(names)), a column named twice (the first one was read)."
        case (.ko, .computed(let names)): "무시한 열: \(quoted(names))(오픈마켓이 정하는 값)."
        case (.ko, .unrecognised(let names)): "무시한 열: \(quoted(names))(알 수 없는 열)."
        case (.ko, .repeated(let names)): "무시한 열: \(quoted(names))(같은 이름이 두 번 나와 처음 열만 읽음)."
        }
    }

    /// What a column of the import holds.
    func columnMeaning(_ column: ProductCSV.Column) -> String {
        switch (language, column) {
        case (.en, .id): "The product's number: a product with one is edited; one without is added as a new product."
        case (.en, .name): "The name, 3 to 100 characters."
        case (.en, .description): "The description, 10 to 1,000 characters."
        case (.en, .currency): "KRW or USD."
        case (.en, .price): "The price before any discount (KRW in whole won; USD with up to 2 decimal places, like 249.99)."
        case (.en, .discountedPrice): "The discount: the amount taken off the price; 0 for none."
        case (.en, .stock): "How many are left, a whole number."
        case (.en, .images): "New products only: 1 to 5 file names of the images chosen above, separated by semicolons (;)."
        case (.en, _): "For reading only: the market works it out, so edits here are not applied."
        case (.ko, .id): "번호가 있으면 그 상품을 수정하고, 없으면 새 상품으로 등록합니다."
        case (.ko, .name): "3~100자."
        case (.ko, .description): "10~1,000자."
        case (.ko, .currency): "KRW 또는 USD."
        case (.ko, .price): "할인 전 판매가(KRW는 원 단위, USD는 소수점 둘째 자리까지)."
        case (.ko, .discountedPrice): "판매가에서 할인하는 금액, 할인이 없으면 0."
        case (.ko, .stock): "남은 수량, 정수."
        case (.ko, .images): "새 상품만: 위에서 선택한 이미지의 파일 이름 1~5개, 세미콜론(;)으로 구분."
        case (.ko, _): "읽기 전용: 오픈마켓이 정하는 값이라 수정해도 반영되지 않습니다."
        }
    }

    var importLimits: String {
        let (rows, csv, request, image) = importLimitTexts
        return switch language {
        case .en: "At most \(rows) products and \(csv) of CSV, \(request) with the images. Images: JPEG or PNG, at most \(image) each. Nothing changes on the market until you apply the preview."
        case .ko: "CSV 파일은 \(csv), 상품 \(rows)개까지 올릴 수 있고, 이미지를 합친 전체 크기는 \(request)까지입니다. 이미지는 JPEG 또는 PNG, 장당 \(image) 이하입니다. 미리 보기에서 [적용] 버튼을 누르기 전에는 오픈마켓에 반영하지 않습니다."
        }
    }

    /// Under a 413 of the import route: its limits, in words.
    var importTooLargeAdvice: String {
        let (rows, csv, request, image) = importLimitTexts
        return switch language {
        case .en: "An import takes at most \(request) in all: a CSV file of at most \(csv) and \(rows) products, and images of at most \(image) each. "
            + "Use a smaller CSV file (import it in parts), or choose fewer images at a time, then try again."
        case .ko: "한 번에 전체 \(request)까지 올릴 수 있습니다. CSV 파일은 \(csv), 상품 \(rows)개까지이고 이미지는 장당 \(image) 이하입니다. "
            + "CSV 파일을 나누어 작게 만들거나 이미지를 나누어 올린 뒤 다시 시도해 주세요."
        }
    }

    /// The import's limits as its texts give them, from the constants that enforce them.
    private var importLimitTexts: (rows: String, csv: String, request: String, image: String) {
        (NumberText.grouped(BatchLimits.maxRows), bytes(ImportUpload.maxCSVBytes), bytes(ImportUpload.maxRequestBytes),
         bytes(ProductFieldRules.maxImageBytes))
    }
}
