/// The fixed texts of the recycle bin (`/trash`), by the key its templates name them with
/// (`{{t.key}}`): a `switch` per language, so a text missing in one is a compile error. The
/// texts every page shares are `UIText`.
enum TrashText: String, PageTexts {
    case forget = "forget"
    case removeFromTrash = "remove_from_trash"
    case backToTrash = "back_to_trash"
    case trashEmpty = "trash_empty"

    var english: String {
        switch self {
        case .forget: "Remove for good"
        case .removeFromTrash: "Remove from the bin"
        case .backToTrash: "Recycle bin"
        case .trashEmpty: "The recycle bin is empty."
        }
    }

    var korean: String {
        switch self {
        case .forget: "완전히 삭제"
        case .removeFromTrash: "휴지통에서 지우기"
        case .backToTrash: "휴지통"
        case .trashEmpty: "휴지통이 비어 있습니다."
        }
    }
}

extension Wording {
    subscript(_ key: TrashText) -> String { key.text(language) }
}
