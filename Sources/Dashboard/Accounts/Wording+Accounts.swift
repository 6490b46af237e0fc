import DashboardEngine
import Foundation

/// Texts of the sign-in and account pages with a name, a number or a time in them.
extension Wording {
    /// A role's name: "Viewer" / "열람자".
    func roleName(_ role: Role) -> String {
        switch role {
        case .viewer: self[AccountsText.roleViewer]
        case .editor: self[AccountsText.roleEditor]
        case .owner: self[AccountsText.roleOwner]
        }
    }

    /// What a new password needs, beside its field.
    var passwordHint: String {
        switch language {
        case .en: "At least \(PasswordPolicy.minimumCharacters) characters. A sentence you can remember works well."
        case .ko: "\(PasswordPolicy.minimumCharacters)자 이상으로 정해 주세요. 기억하기 쉬운 문장을 쓰면 좋습니다."
        }
    }

    /// Why a new password cannot be used, and what to do.
    func passwordProblem(_ code: PasswordProblem.Code) -> String {
        switch (code, language) {
        case (.tooShort, .en):
            "The password is too short: it needs at least \(PasswordPolicy.minimumCharacters) characters. Type a longer one."
        case (.tooShort, .ko): "비밀번호가 너무 짧습니다. \(PasswordPolicy.minimumCharacters)자 이상으로 입력해 주세요."
        case (.tooLong, .en):
            "The password is too long: it must stay under \(bytes(PasswordPolicy.byteLimit)). Type a shorter one."
        case (.tooLong, .ko): "비밀번호가 너무 깁니다. \(bytes(PasswordPolicy.byteLimit))보다 짧게 입력해 주세요."
        case (.controlCharacter, _): self[AccountsText.passwordControlCharacter]
        }
    }

    /// Why an account's name cannot be used, and what to do.
    func nameProblem(_ code: AccountNameProblem.Code) -> String {
        switch (code, language) {
        case (.empty, _): self[AccountsText.nameEmpty]
        case (.tooLong, .en): "The name is too long: it may have up to \(AccountName.maximumCharacters) characters. Type a shorter one."
        case (.tooLong, .ko): "이름이 너무 깁니다. \(AccountName.maximumCharacters)자 이하로 입력해 주세요."
        case (.controlCharacter, _): self[AccountsText.nameControlCharacter]
        case (.taken, _): self[AccountsText.nameTaken]
        }
    }

    /// The sign-in form after too many failures: when the next try is allowed, a time in the
    /// dashboard's zone with seconds ("14:02:35 KST").
    func signInWait(until time: String) -> String {
        switch language {
        case .en: "Too many failed sign-ins. Wait, then try again at \(time) or later."
        case .ko: "로그인에 너무 많이 실패했습니다. 잠시 기다렸다가 \(time) 이후에 다시 시도해 주세요."
        }
    }

    func accountAdded(_ name: String, role: Role) -> String {
        switch language {
        case .en: "Added “\(BidiText.isolated(name))” as \(roleName(role).lowercased())."
        case .ko: "“\(BidiText.isolated(name))” 계정을 \(roleName(role)) 역할로 추가했습니다."
        }
    }

    func roleChanged(_ name: String, to role: Role) -> String {
        switch language {
        case .en: "“\(BidiText.isolated(name))” is now \(role == .owner ? "an" : "a") \(roleName(role).lowercased())."
        case .ko: "“\(BidiText.isolated(name))” 계정의 역할을 \(roleName(role))로 수정했습니다."
        }
    }

    func passwordWasReset(_ name: String) -> String {
        switch language {
        case .en: "The password of “\(BidiText.isolated(name))” is reset; its sessions have ended. Give the new password to its owner."
        case .ko: "“\(BidiText.isolated(name))” 계정의 비밀번호를 재설정했고 그 계정의 로그인은 모두 끝났습니다. 새 비밀번호를 계정 주인에게 알려 주세요."
        }
    }

    func accountDisabled(_ name: String) -> String {
        switch language {
        case .en: "“\(BidiText.isolated(name))” is disabled: it cannot sign in, and its sessions have ended."
        case .ko: "“\(BidiText.isolated(name))” 계정을 사용 중지했습니다. 이 계정으로는 로그인할 수 없고 로그인은 모두 끝났습니다."
        }
    }

    func accountEnabled(_ name: String) -> String {
        switch language {
        case .en: "“\(BidiText.isolated(name))” can sign in again."
        case .ko: "“\(BidiText.isolated(name))” 계정으로 다시 로그인할 수 있습니다."
        }
    }
}
