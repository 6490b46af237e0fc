import DashboardEngine
import MarketClient

/// Texts of the list's bulk form that are not a batch's: the selection's currencies when an
/// amount cannot be read in one, and the links that filter the list by one.
extension Wording {
    /// "3 KRW products and 1 USD product" / "KRW 상품 3개, USD 상품 1개".
    func currencyCounts(_ counts: [CurrencyCount]) -> String {
        let parts = counts.map { count -> String in
            let n = NumberText.grouped(count.count)
            return switch language {
            case .en: count.count == 1 ? "1 \(count.currency.rawValue) product" : "\(n) \(count.currency.rawValue) products"
            case .ko: "\(count.currency.rawValue) 상품 \(n)개"
            }
        }
        switch language {
        case .en: return parts.count <= 2 ? parts.joined(separator: " and ") : parts.dropLast().joined(separator: ", ") + " and " + (parts.last ?? "")
        case .ko: return parts.joined(separator: ", ")
        }
    }

    /// The list filtered by one currency, as a link beside the mixed-currency refusal:
    /// "Show only KRW products" / "KRW 상품만 보기".
    func onlyCurrency(_ currency: Currency) -> String {
        switch language {
        case .en: "Show only \(currency.rawValue) products"
        case .ko: "\(currency.rawValue) 상품만 보기"
        }
    }
}
