/// The fixed texts of the import page (`/products/import`), by the key its templates name them with
/// (`{{t.key}}`): a `switch` per language, so a text missing in one is a compile error. The
/// texts every page shares are `UIText`.
enum ImportText: String, PageTexts {
    case importTitle = "import_title"
    case importIntro = "import_intro"
    case importCSVLabel = "import_csv_label"
    case importImagesLabel = "import_images_label"
    case importImagesHint = "import_images_hint"
    case importButton = "import_button"
    case importColumnsHeading = "import_columns_heading"
    case importColumnName = "import_column_name"
    case importColumnMeaning = "import_column_meaning"
    case importColumnsHint = "import_columns_hint"

    var english: String {
        switch self {
        case .importTitle: "Import products from a CSV file"
        case .importIntro: "Edit your products, or add new ones, in a spreadsheet: download the CSV from the list, edit it, and import it here. You see every change before anything changes on the Open Market."
        case .importCSVLabel: "CSV file"
        case .importImagesLabel: "Images for new products (optional)"
        case .importImagesHint: "In each product's images column, list its image file names, separated by semicolons (;)."
        case .importButton: "Preview the import"
        case .importColumnsHeading: "CSV columns"
        case .importColumnName: "Column"
        case .importColumnMeaning: "What it holds"
        case .importColumnsHint: "Columns may come in any order, named as in the export or as in the table below; other columns are ignored. An empty cell leaves its field as it is. The sale_price, vendor and added columns are for reading only: edits there are not applied."
        }
    }

    var korean: String {
        switch self {
        case .importTitle: "CSV 파일로 상품 가져오기"
        case .importIntro: "스프레드시트로 내 상품을 수정하거나 새 상품을 등록할 수 있습니다. 목록에서 CSV를 다운로드해 수정한 뒤 여기서 가져오면, 오픈마켓에 반영하기 전에 모든 변경 내용을 먼저 보여 드립니다."
        case .importCSVLabel: "CSV 파일"
        case .importImagesLabel: "새 상품의 이미지(선택)"
        case .importImagesHint: "상품마다 이미지 열에 이미지 파일 이름을 세미콜론(;)으로 구분해 적어 주세요."
        case .importButton: "가져오기 미리 보기"
        case .importColumnsHeading: "CSV 열 안내"
        case .importColumnName: "열 이름"
        case .importColumnMeaning: "내용"
        case .importColumnsHint: "열 순서는 상관없습니다. 열 이름은 다운로드한 CSV나 아래 표와 같이 적어 주세요. 그 밖의 열은 무시합니다. 빈 칸은 수정하지 않습니다. 할인가·판매자·등록일 열은 수정해도 반영되지 않습니다."
        }
    }
}

extension Wording {
    subscript(_ key: ImportText) -> String { key.text(language) }
}
