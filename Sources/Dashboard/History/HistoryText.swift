/// The fixed texts of the history (`/history`), by the key its templates name them with
/// (`{{t.key}}`): a `switch` per language, so a text missing in one is a compile error. The
/// texts every page shares are `UIText`.
enum HistoryText: String, PageTexts {
    /// The arrow between an old value and a new one, as a screen reader says it.
    case changedTo = "changed_to"
    case allHistory = "all_history"
    case undoWholeBatch = "undo_whole_batch"
    /// Before the links that keep one account's entries.
    case madeByLabel = "made_by_label"
    case everyone
    case downloadCSV = "download_history_csv"

    var english: String {
        switch self {
        case .madeByLabel: "Made by:"
        case .everyone: "Everyone"
        case .downloadCSV: "Download as CSV"
        case .changedTo: "changed to"
        case .allHistory: "All history"
        case .undoWholeBatch: "Undo the whole batch"
        }
    }

    var korean: String {
        switch self {
        case .madeByLabel: "작업자:"
        case .everyone: "전체"
        case .downloadCSV: "CSV로 다운로드"
        case .changedTo: "변경 후"
        case .allHistory: "전체 작업 기록"
        case .undoWholeBatch: "일괄 작업 전체 되돌리기"
        }
    }
}

extension Wording {
    subscript(_ key: HistoryText) -> String { key.text(language) }
}
