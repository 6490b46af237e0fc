/// The fixed texts of the sheet (`/products/sheet`), by the key its templates name them with
/// (`{{t.key}}`): a `switch` per language, so a text missing in one is a compile error. The
/// texts every page shares are `UIText`.
enum SheetText: String, PageTexts {
    case sheetPreview = "sheet_preview"
    case columnProductNumber = "column_product_number"
    case sheetOfMyProducts = "sheet_of_my_products"

    var english: String {
        switch self {
        case .sheetPreview: "Preview changes"
        case .columnProductNumber: "Product number"
        case .sheetOfMyProducts: "Edit My products in a sheet"
        }
    }

    var korean: String {
        switch self {
        case .sheetPreview: "변경 내용 미리 보기"
        case .columnProductNumber: "상품 번호"
        case .sheetOfMyProducts: "내 상품을 시트에서 수정"
        }
    }
}

extension Wording {
    subscript(_ key: SheetText) -> String { key.text(language) }
}
