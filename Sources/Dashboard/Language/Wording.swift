import Foundation
import Templating

/// The texts of one language: fixed ones by key, and those with numbers or names as typed
/// functions (plurals and word order differ: "1 product" / "2 products", "상품 2개").
struct Wording: Sendable {
    let language: Language

    init(_ language: Language) {
        self.language = language
    }

    subscript(_ key: UIText) -> String { key.text(language) }

    /// "Error: …" before a page title, for a page that comes back with what was wrong.
    func errorTitle(_ title: String) -> String {
        switch language {
        case .en: "Error: " + title
        case .ko: "오류: " + title
        }
    }

    // MARK: Prices, stock, dates

    func price(_ amount: Decimal, currency: String) -> String {
        PriceText.format(amount, currency: currency, language: language)
    }

    /// A count as Korean shops write it, in groups of three: "1,200". English keeps the bare
    /// number its texts have always shown.
    func quantity(_ count: Int) -> String {
        switch language {
        case .en: String(count)
        case .ko: PriceText.grouped(Decimal(count), minimumFractionDigits: 0)
        }
    }

    /// "Stock: 3" / "재고 3개".
    func stock(_ count: Int) -> String {
        switch language {
        case .en: "Stock: \(count)"
        case .ko: "재고 \(quantity(count))개"
        }
    }

    /// What a screen reader says before a sale price, for the struck-out price it does not
    /// read: "Was KRW 22,000, now" / "원래 22,000원, 지금" (then "KRW 12,000"). The template
    /// ends it with a space inside the hidden text, so no reader joins the two ("nowKRW").
    func originalPrice(_ price: String) -> String {
        switch language {
        case .en: "Was \(price), now"
        case .ko: "원래 \(price), 지금"
        }
    }

    /// A size: "0.5 KB", "840 KB", "12.3 MB", "512 MB" / "0.5KB", "12.3MB" (to a tenth, without
    /// ".0"; Korean writes the unit close). Never in bytes, a word a seller does not use.
    func bytes(_ count: Int) -> String {
        func tenths(_ unit: Int, _ name: String) -> String {
            let value = (count * 10 + unit / 2) / unit
            return value % 10 == 0 ? "\(value / 10) \(name)" : "\(value / 10).\(value % 10) \(name)"
        }
        let text: String
        switch count {
        case ..<(1024 * 1024): text = tenths(1024, "KB")
        case ..<(1024 * 1024 * 1024): text = tenths(1024 * 1024, "MB")
        default: text = tenths(1024 * 1024 * 1024, "GB")
        }
        switch language {
        case .en: return text
        case .ko: return text.replacingOccurrences(of: " ", with: "")
        }
    }

    /// `2022-12-30` / `2022. 12. 30.` from the API's `2022-12-30…` date text.
    func day(_ isoDay: Substring) -> String {
        switch language {
        case .en: return String(isoDay)
        case .ko:
            let parts = isoDay.split(separator: "-")
            guard parts.count == 3, let month = Int(parts[1]), let day = Int(parts[2]) else { return String(isoDay) }
            return "\(parts[0]). \(month). \(day)."
        }
    }

    // MARK: Counting

    /// "1 product" / "2 products" / "상품 2개".
    func products(_ count: Int) -> String {
        switch language {
        case .en: count == 1 ? "1 product" : "\(count) products"
        case .ko: "상품 \(quantity(count))개"
        }
    }

    /// "#12, #15": product numbers in a sentence.
    func productNumbers(_ ids: [Int]) -> String {
        ids.map { "#\($0)" }.joined(separator: ", ")
    }

    /// The error summary's heading: "There is 1 problem to fix" / "항목 1개를 확인해 주세요".
    func fixProblems(_ count: Int) -> String {
        switch language {
        case .en: count == 1 ? "There is 1 problem to fix" : "There are \(count) problems to fix"
        case .ko: "항목 \(count)개를 확인해 주세요"
        }
    }

    /// "2 minutes ago", in words a person reads at a glance.
    func age(_ age: Duration) -> String {
        let seconds = max(0, Int(age.components.seconds))
        switch (language, seconds) {
        case (.en, ..<60): return "a moment ago"
        case (.en, ..<120): return "a minute ago"
        case (.en, ..<3600): return "\(seconds / 60) minutes ago"
        case (.en, ..<7200): return "an hour ago"
        case (.en, _): return "\(seconds / 3600) hours ago"
        case (.ko, ..<60): return "방금"
        case (.ko, ..<3600): return "\(seconds / 60)분 전"
        case (.ko, _): return "\(seconds / 3600)시간 전"
        }
    }

    /// The age as the time of something that happened, before its verb: English says it after
    /// ("failed 3 minutes ago"), Korean before and with 에 ("3분 전에 실패했습니다"), except
    /// "방금", which takes none.
    func when(_ age: Duration) -> String {
        let text = self.age(age)
        switch language {
        case .en: return text
        case .ko: return text == self.age(.zero) ? text : text + "에"
        }
    }

    /// Stale data because the market failed or is slow to refresh it.
    func staleNotice(age: Duration, failed: Bool) -> String {
        switch (language, failed) {
        case (.en, true): "Showing data from \(self.age(age)); the market is not answering."
        case (.en, false): "Showing data from \(self.age(age)); the market is slow to answer."
        case (.ko, true): "오픈마켓이 응답하지 않아 \(when(age)) 불러온 정보를 보여 드립니다."
        case (.ko, false): "오픈마켓의 응답이 늦어 \(when(age)) 불러온 정보를 보여 드립니다."
        }
    }
}

/// The shapes texts come in, shared by every feature's wording.
extension Wording {
    struct ErrorText {
        var heading: String
        var message: String
    }

    /// The texts of the page for a write whose outcome is unknown (`PageRenderer.outcomeUnknown`).
    struct OutcomeText {
        var heading: String
        var message: String
        var advice: String
        var checkLabel: String
    }
}
