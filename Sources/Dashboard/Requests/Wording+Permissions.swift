/// Texts of a request refused for who is asking (403): who can, and what to do.
extension Wording {
    /// The page of a form sent by nobody signed in, or of a page or form of a role that may
    /// not: who can do it, and what to do. `changing` is false for a page only opened (a GET),
    /// where nothing could have changed, so the English words do not say that nothing did.
    func refused(_ permission: Permission, signedIn: Bool, changing: Bool = true) -> ErrorText {
        let nothingChanged = changing ? "Nothing was changed. " : ""
        guard signedIn, permission != .open, permission != .read else {
            return switch language {
            case .en: ErrorText(heading: self[.signInFirst], message: nothingChanged + "Sign in, then try again.")
            case .ko: ErrorText(heading: self[.signInFirst], message: "아무것도 반영하지 않았습니다. 로그인한 뒤 다시 시도해 주세요.")
            }
        }
        return switch (language, permission) {
        case (.en, .addOrRemove):
            ErrorText(
                heading: "Only an owner can add or delete products",
                message: nothingChanged + "Adding, deleting and restoring products is up to an owner. "
                    + "Ask an owner to do it, or to make your account an owner.")
        case (.en, .manageAccounts):
            ErrorText(heading: "Only an owner can manage accounts", message: nothingChanged + "Ask an owner if an account needs a change.")
        case (.en, _):
            ErrorText(heading: "Only an editor or an owner can change products", message: nothingChanged + self[.viewOnly])
        case (.ko, .addOrRemove):
            ErrorText(
                heading: "상품 등록과 삭제는 소유자만 할 수 있습니다",
                message: "아무것도 반영하지 않았습니다. 상품을 등록하거나 삭제하거나 휴지통에서 다시 등록하려면 소유자에게 요청해 주세요.")
        case (.ko, .manageAccounts):
            ErrorText(
                heading: "계정은 소유자만 관리할 수 있습니다",
                message: "아무것도 반영하지 않았습니다. 계정 추가, 역할 지정, 비밀번호 재설정이 필요하면 소유자에게 요청해 주세요.")
        case (.ko, _):
            ErrorText(
                heading: "상품은 편집자나 소유자만 수정할 수 있습니다",
                message: "아무것도 반영하지 않았습니다. 이 계정은 보기만 할 수 있습니다. 편집자 권한이 필요하면 소유자에게 요청해 주세요.")
        }
    }
}
