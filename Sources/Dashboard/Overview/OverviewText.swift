/// The fixed texts of the overview (`/overview`), by the key its templates name them with
/// (`{{t.key}}`): a `switch` per language, so a text missing in one is a compile error. The
/// texts every page shares are `UIText`.
enum OverviewText: String, PageTexts {
    case overviewHeading = "overview_heading"
    case countedAt = "counted_at"
    case myProducts = "my_products"
    case unknownVendorBefore = "unknown_vendor_before"
    case unknownVendorMiddle = "unknown_vendor_middle"
    case unknownVendorAfter = "unknown_vendor_after"

    var english: String {
        switch self {
        case .overviewHeading: "Overview"
        case .countedAt: "Updated"
        case .myProducts: "My products"
        case .unknownVendorBefore: "The dashboard doesn't know which products are yours yet. Add one product here and it learns your seller number, or restart the dashboard with"
        case .unknownVendorMiddle: "(or the environment variable"
        case .unknownVendorAfter: "), where N is your seller number on the Open Market."
        }
    }

    var korean: String {
        switch self {
        case .overviewHeading: "현황"
        case .countedAt: "집계 시각"
        case .myProducts: "내 상품"
        case .unknownVendorBefore: "내 판매자 번호가 아직 설정되지 않았습니다. 이 대시보드에서 상품을 한 번 등록하면 자동으로 설정됩니다. 또는 대시보드를"
        case .unknownVendorMiddle: "옵션(또는 환경 변수"
        case .unknownVendorAfter: ")으로 다시 실행해 주세요. N은 오픈마켓의 내 판매자 번호입니다."
        }
    }
}

extension Wording {
    subscript(_ key: OverviewText) -> String { key.text(language) }
}
