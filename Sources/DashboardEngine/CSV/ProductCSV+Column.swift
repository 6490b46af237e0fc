/// The columns of the product CSV, by the names each language gives them: the export writes
/// them, the import reads them back in either language and in any order. The English names
/// say what a column holds (`discount`, `sale_price`, `added`) rather than the API's field
/// names (`discounted_price`, which sellers read as the discounted price, `bargain_price`,
/// `created_at`); an import still reads the API's names, which older exports have.
extension ProductCSV {
    package enum Column: String, CaseIterable, Sendable {
        case id
        case name
        case vendor
        case currency
        case price
        /// The amount off (the API's `discounted_price`).
        case discountedPrice = "discount"
        /// The price paid (the API's `bargain_price`): computed by the market, never imported.
        case bargainPrice = "sale_price"
        case stock
        /// The day the product was added (the API's `created_at`).
        case createdAt = "added"
        case description
        /// File names of the import's uploaded images, separated by `;`.
        case images

        /// The columns the export writes, in its order.
        static let exported: [Column] = [.id, .name, .vendor, .currency, .price, .discountedPrice, .bargainPrice, .stock, .createdAt]

        /// The column's name in a Korean header row.
        var korean: String {
            switch self {
            case .id: "상품 번호"
            case .name: "상품명"
            case .vendor: "판매자"
            case .currency: "통화"
            case .price: "판매가"
            case .discountedPrice: "할인 금액"
            case .bargainPrice: "할인가"
            case .stock: "재고"
            case .createdAt: "등록일"
            case .description: "상품 설명"
            case .images: "이미지"
            }
        }

        /// The two sets of header names: English and Korean.
        package enum Names: Sendable {
            case english
            case korean
        }

        /// The column's name in a header row of `names`.
        package func name(_ names: Names) -> String {
            switch names {
            case .english: rawValue
            case .korean: korean
            }
        }

        /// Known to the export but not something an import can change: the market computes or
        /// decides it (the vendor, the price paid, the date of registration).
        package var isComputed: Bool {
            switch self {
            case .vendor, .bargainPrice, .createdAt: true
            default: false
            }
        }

        /// The column a header cell names, in English (any case) or Korean, or by the API's
        /// field name (`discounted_price`, `bargain_price`, `created_at`); spaces around it, and
        /// a spreadsheet's formula guard, do not count.
        static func named(_ text: String) -> Column? {
            byName[headerKey(text)]
        }

        /// A header cell as the columns' names are looked up: without the spaces around it and
        /// a spreadsheet's formula guard, in lower case.
        static func headerKey(_ text: String) -> String {
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            return (trimmed.hasPrefix("'") ? String(trimmed.dropFirst()) : trimmed).lowercased()
        }

        private static let byName: [String: Column] = Dictionary(
            uniqueKeysWithValues: allCases.map { ($0.rawValue, $0) } + allCases.map { ($0.korean, $0) } + aliases)

        /// Other names a header may give a column: the API's, which exports before the English
        /// names said what a column holds wrote.
        static let aliases: [(String, Column)] = [
            ("discounted_price", .discountedPrice), ("bargain_price", .bargainPrice), ("created_at", .createdAt),
        ]
    }
}
