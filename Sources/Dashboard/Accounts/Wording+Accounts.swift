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

    /// A role with its article, for an English sentence: "a viewer", "an editor", "an owner".
    private func englishRole(_ role: Role) -> String {
        (role == .viewer ? "a " : "an ") + roleName(role).lowercased()
    }

    /// What a new password needs, beside its field.
    var passwordHint: String {
        switch language {
        case .en: "At least \(PasswordPolicy.minimumCharacters) characters. A sentence you can remember works well."
        case .ko: "\(PasswordPolicy.minimumCharacters)자 이상(기억하기 쉬운 문장 추천)"
        }
    }

    /// Why a new password cannot be used, and what to do.
    func passwordProblem(_ code: PasswordProblem.Code) -> String {
        switch (code, language) {
        case (.tooShort, .en):
            "The password is too short: it needs at least \(PasswordPolicy.minimumCharacters) characters. Type a longer one."
        case (.tooShort, .ko): "비밀번호를 \(PasswordPolicy.minimumCharacters)자 이상으로 입력해 주세요."
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
        case (.tooLong, .en): "The name is too long: it can have at most \(AccountName.maximumCharacters) characters. Type a shorter one."
        case (.tooLong, .ko): "이름이 너무 깁니다. \(AccountName.maximumCharacters)자 이하로 입력해 주세요."
        case (.controlCharacter, _): self[AccountsText.nameControlCharacter]
        case (.taken, _): self[AccountsText.nameTaken]
        }
    }

    /// The sign-in form (and the password change) after too many failures: when the next try
    /// is allowed, a time in the dashboard's zone with seconds ("14:02:35 KST").
    func signInWait(until time: String) -> String {
        switch language {
        case .en: "Too many failed tries: try again after \(time)."
        case .ko: "잘못 입력한 횟수가 너무 많아 잠시 시도할 수 없습니다. \(time) 이후에 다시 시도해 주세요."
        }
    }

    func accountAdded(_ name: String, role: Role) -> String {
        switch language {
        case .en: "Added “\(BidiText.isolated(name))” as \(englishRole(role))."
        case .ko: "“\(BidiText.isolated(name))” 계정을 \(roleName(role)) 역할로 추가했습니다."
        }
    }

    func roleChanged(_ name: String, to role: Role) -> String {
        switch language {
        case .en: "“\(BidiText.isolated(name))” is now \(englishRole(role))."
        case .ko: "“\(BidiText.isolated(name))” 계정의 역할을 \(roleName(role))로 지정했습니다."
        }
    }

    func passwordWasReset(_ name: String) -> String {
        switch language {
        case .en: "“\(BidiText.isolated(name))” has a new password and is signed out everywhere. Tell the person who uses it the new password."
        case .ko: "“\(BidiText.isolated(name))” 계정의 비밀번호를 재설정했습니다. 이 계정은 모든 브라우저에서 로그아웃되었습니다. 새 비밀번호를 계정 사용자에게 알려 주세요."
        }
    }

    func accountDisabled(_ name: String) -> String {
        switch language {
        case .en: "“\(BidiText.isolated(name))” is disabled: it can't sign in, and it is signed out everywhere."
        case .ko: "“\(BidiText.isolated(name))” 계정을 사용 중지했습니다. 이제 이 계정으로 로그인할 수 없으며, 로그인되어 있던 브라우저에서도 모두 로그아웃되었습니다."
        }
    }

    func accountEnabled(_ name: String) -> String {
        switch language {
        case .en: "“\(BidiText.isolated(name))” can sign in again."
        case .ko: "“\(BidiText.isolated(name))” 계정의 사용을 재개했습니다. 이제 이 계정으로 다시 로그인할 수 있습니다."
        }
    }

    /// The accounts' history page's introduction: what it lists and for how long.
    func accountEventsIntro(days: Int) -> String {
        switch language {
        case .en: "Sign-ins, failed sign-ins and changes to accounts, newest first. Kept for \(days) days, like the history."
        case .ko: "로그인, 로그인 실패, 계정 변경을 최신순으로 보여 드립니다. 작업 기록과 마찬가지로 \(quantity(days))일 동안 보관합니다."
        }
    }

    /// "Showing 1–20 of 45 events".
    func showingEvents(first: Int, last: Int, total: Int) -> String {
        switch (language, total == 1, first == last) {
        case (.en, true, _): "Showing 1 event"
        case (.en, false, true): "Showing \(last) of \(total) events"
        case (.en, false, false): "Showing \(first)–\(last) of \(total) events"
        case (.ko, true, _): "총 1건"
        case (.ko, false, true): "총 \(quantity(total))건 중 \(quantity(last))번째"
        case (.ko, false, false): "총 \(quantity(total))건 중 \(quantity(first))~\(quantity(last))번째"
        }
    }

    /// What happened to an account, in a row of the accounts' history; a change of role names
    /// both roles, an added account its role.
    func accountEvent(_ kind: AccountEvent.Kind, before: Role?, after: Role?) -> String {
        switch (kind, language) {
        case (.signedIn, .en): "Signed in"
        case (.signedIn, .ko): "로그인"
        case (.signInFailed, .en): "Sign-in failed"
        case (.signInFailed, .ko): "로그인 실패"
        case (.throttled, .en): "Blocked: too many failed tries"
        case (.throttled, .ko): "거부(실패 횟수 초과)"
        case (.signedOut, .en): "Signed out"
        case (.signedOut, .ko): "로그아웃"
        case (.signedOutEverywhere, .en): "Signed out everywhere"
        case (.signedOutEverywhere, .ko): "모든 곳에서 로그아웃"
        case (.passwordChanged, .en): "Changed their password"
        case (.passwordChanged, .ko): "본인 비밀번호 변경"
        case (.passwordReset, .en): "Password reset"
        case (.passwordReset, .ko): "비밀번호 재설정"
        case (.roleChanged, .en): "Role changed: \(before.map { roleName($0).lowercased() } ?? "?") → \(after.map { roleName($0).lowercased() } ?? "?")"
        case (.roleChanged, .ko): "역할 변경: \(before.map(roleName) ?? "?") → \(after.map(roleName) ?? "?")"
        case (.disabled, .en): "Disabled"
        case (.disabled, .ko): "사용 중지"
        case (.enabled, .en): "Enabled again"
        case (.enabled, .ko): "사용 재개"
        case (.added, .en): after.map { "Added as \(roleName($0).lowercased())" } ?? "Added"
        case (.added, .ko): after.map { "계정 추가(\(roleName($0)))" } ?? "계정 추가"
        case (.ownerSetUp, .en): "Set up as the first owner"
        case (.ownerSetUp, .ko): "첫 소유자 계정 생성"
        }
    }

    /// Who did it: the account's name, or how it was done without one (the setup link, the
    /// command line); a dash for a try at the sign-in form, where nobody is known.
    func eventActor(_ kind: AccountEvent.Kind, actor: String?) -> String {
        if let actor { return actor }
        switch (kind, language) {
        case (.signInFailed, _), (.throttled, _): return "—"
        case (.ownerSetUp, .en): return "Setup link"
        case (.ownerSetUp, .ko): return "설정 링크"
        case (_, .en): return "Command line"
        case (_, .ko): return "명령줄"
        }
    }
}
