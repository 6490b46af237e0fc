/// The fixed texts of the import of past prices (`/products/prices/import`), by the key its
/// template names them with (`{{t.key}}`). The links to it from the price history and the
/// product import are one of them.
enum PastPriceImportText: String, PageTexts {
    case pastPricesLink = "past_prices_link"
    case pastPricesTitle = "past_prices_title"
    case pastPricesIntro = "past_prices_intro"
    case pastPricesOnlyBefore = "past_prices_only_before"
    case pastPricesCSVLabel = "past_prices_csv_label"
    case pastPricesButton = "past_prices_button"
    case pastPricesColumnsHeading = "past_prices_columns_heading"
    case pastPricesColumnsHint = "past_prices_columns_hint"
    case pastPricesZone = "past_prices_zone"
    case pastPricesPreviewHeading = "past_prices_preview_heading"
    case pastPricesLine = "past_prices_line"
    case pastPricesProduct = "past_prices_product"
    case pastPricesAt = "past_prices_at"
    case pastPricesStatus = "past_prices_status"
    case pastPricesWillBeAdded = "past_prices_will_be_added"
    case pastPricesRefused = "past_prices_refused"
    case pastPricesNothingToAdd = "past_prices_nothing_to_add"
    case pastPricesAddHint = "past_prices_add_hint"
    case pastPricesAnotherFile = "past_prices_another_file"
    case pastPricesAddedHeading = "past_prices_added_heading"

    var english: String {
        switch self {
        case .pastPricesLink: "Import past prices"
        case .pastPricesTitle: "Import past prices from a CSV file"
        case .pastPricesIntro: "Add your own records of your products' earlier prices, from before this dashboard began recording them. A sale's crossed-out price may not be above its reference price, the lowest price in the days before the sale; with earlier prices, the dashboard can work out that reference price for sales that start sooner. The records stay in this dashboard: nothing is sent to the Open Market."
        case .pastPricesOnlyBefore: "Only records from before the dashboard's first price of a product can be added: from then on, the dashboard has its own records. Lines dated in the future, for another seller's product, or for a time already recorded can't be added. You see every line first, and nothing is added until you select Add."
        case .pastPricesCSVLabel: "CSV file"
        case .pastPricesButton: "Preview the records"
        case .pastPricesColumnsHeading: "CSV columns"
        case .pastPricesColumnsHint: "Put the column names on the first line, in any order, using any of the names below; other columns are ignored. Each line after it is one price of one product, in effect from the time in its “at” column."
        case .pastPricesZone: "The dashboard's time zone:"
        case .pastPricesPreviewHeading: "Lines in the file"
        case .pastPricesLine: "Line"
        case .pastPricesProduct: "Product"
        case .pastPricesAt: "From"
        case .pastPricesStatus: "Status"
        case .pastPricesWillBeAdded: "Will be added"
        case .pastPricesRefused: "Can't be added"
        case .pastPricesNothingToAdd: "Correct the lines below in your file, then upload it again."
        case .pastPricesAddHint: "Lines that can't be added are left out. Nothing is sent to the Open Market."
        case .pastPricesAnotherFile: "Upload another file"
        case .pastPricesAddedHeading: "Past prices added"
        }
    }

    var korean: String {
        switch self {
        case .pastPricesLink: "지난 판매가 가져오기"
        case .pastPricesTitle: "CSV 파일로 지난 판매가 가져오기"
        case .pastPricesIntro: "이 대시보드가 기록을 시작하기 전의 판매가를 갖고 계신 기록(CSV 파일)에서 추가할 수 있습니다. 추가하면 기록이 짧아 알 수 없던 할인의 종전 가격(할인 시작 전 일정 기간의 최저가)을 확인할 수 있습니다. 오픈마켓에는 반영하지 않고 이 대시보드에만 기록합니다."
        case .pastPricesOnlyBefore: "상품마다 이 대시보드가 판매가를 처음 기록한 시각보다 앞선 기록만 추가합니다. 그 뒤로는 대시보드가 직접 확인한 기록이 있기 때문입니다. 지금보다 나중 시각의 기록, 다른 판매자 상품의 기록, 이미 있는 기록과 시각이 겹치는 기록은 추가하지 않습니다. 모든 줄을 미리 보기로 먼저 보여 드리며, [추가] 버튼을 누르기 전에는 아무것도 추가하지 않습니다."
        case .pastPricesCSVLabel: "CSV 파일"
        case .pastPricesButton: "기록 미리 보기"
        case .pastPricesColumnsHeading: "CSV 열 안내"
        case .pastPricesColumnsHint: "첫 줄에 열 이름을 아래 이름 중 하나로 적어 주세요(영어나 한국어). 열 순서는 상관없으며 그 밖의 열은 무시합니다. 둘째 줄부터는 한 줄에 판매가 하나를 적고, 그 판매가가 시작된 때를 시각 열에 적어 주세요."
        case .pastPricesZone: "대시보드 시간대:"
        case .pastPricesPreviewHeading: "줄별 미리 보기"
        case .pastPricesLine: "줄"
        case .pastPricesProduct: "상품"
        case .pastPricesAt: "시작 시각"
        case .pastPricesStatus: "상태"
        case .pastPricesWillBeAdded: "추가 예정"
        case .pastPricesRefused: "추가 안 함"
        case .pastPricesNothingToAdd: "추가할 수 있는 줄이 없습니다. 파일에서 위의 줄을 고친 뒤 다시 올려 주세요."
        case .pastPricesAddHint: "추가하지 않는 줄이 있으면 그 줄은 빼고 추가합니다. 오픈마켓에는 반영하지 않습니다."
        case .pastPricesAnotherFile: "다른 파일 올리기"
        case .pastPricesAddedHeading: "지난 판매가를 추가했습니다"
        }
    }
}

extension Wording {
    subscript(_ key: PastPriceImportText) -> String { key.text(language) }
}
