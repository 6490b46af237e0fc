import DashboardEngine
import Foundation
import HTTPServer
import Templating

/// `/accounts` (an owner's: add an account, change a role, reset a password, disable or enable)
/// and `/account` (anyone signed in: change my password, sign out everywhere).
///
/// The route table lets only those who may through; these handlers refuse on their own too
/// (403), so a route that lost its permission still changes nothing. A change the store
/// refuses (the last active owner disabled or demoted, a name taken, a password too short)
/// answers the page again, 4xx, with the reason in words and the add form as it was typed, a
/// password never. Every form carries the browser's CSRF token.
struct AccountPages: Sendable {
    let accounts: AccountStore
    let renderer: PageRenderer
    let flash: FlashMessages
    let csrf = CSRFGuard()

    static let nameField = "name"
    static let roleField = "role"
    static let passwordField = "password"
    static let disabledField = "disabled"
    static let currentPasswordField = "current_password"
    static let newPasswordField = "new_password"
    static let newPasswordAgainField = "new_password_again"

    /// The body cap of the forms that take a password (the sign-in, the first owner's setup,
    /// adding an account, resetting or changing a password). A password of a megabyte, even one
    /// of Korean letters that the browser percent-encodes to three bytes a byte, is read and
    /// refused in words with the name refilled, as any other password that breaks the rules;
    /// the server's 64 KB cap for other forms would answer it with a page that cannot refill
    /// anything. A body over 64 KB is charged to the server's budget for large bodies, as every
    /// large upload is.
    static let maxPasswordFormBytes = 4 * 1024 * 1024

    /// The add form as it was typed, and what is wrong, for the page shown again.
    struct Refill {
        var name = ""
        var role = Role.editor
        var problem: String?
    }

    // MARK: /accounts

    /// `GET /accounts`: `accounts/list`.
    func accountsPage(_ context: RequestContext) -> HTTPResponse {
        guard let owner = manager(context) else { return refused(context) }
        return listPage(owner, Refill(), status: .ok, context)
    }

    /// `POST /accounts`: a new account, 303 back; the page again with the add form refilled.
    func addAccount(_ context: RequestContext) async -> HTTPResponse {
        let (owner, submission): (SessionAccount, FormSubmission)
        switch checkedPost(context, manages: true) {
        case .failure(let refusal): return refusal.response
        case .success(let checked): (owner, submission) = checked
        }
        let wording = context.wording
        let name = submission.value(Self.nameField) ?? ""
        var refill = Refill(name: name)
        guard let role = submission.value(Self.roleField).flatMap(Role.init(rawValue:)) else {
            refill.problem = wording[.unknownRole]
            return listPage(owner, refill, status: .unprocessableContent, context)
        }
        refill.role = role
        do {
            let added = try await accounts.add(
                name: name, password: submission.value(Self.passwordField) ?? "", role: role, by: Self.origin(owner, context))
            return done(wording.accountAdded(added.name, role: role), to: "/accounts")
        } catch {
            guard let (status, problem) = Self.explain(error, context) else { return SignInPages.unreadable(error, renderer, context) }
            refill.problem = problem
            return listPage(owner, refill, status: status, context)
        }
    }

    /// `POST /accounts/{id}/role`: 303 back; 409 for the last active owner.
    func changeRole(_ context: RequestContext) -> HTTPResponse {
        changeAccount(context) { account, submission, origin, wording throws -> String? in
            guard let role = submission.value(Self.roleField).flatMap(Role.init(rawValue:)) else { return nil }
            try accounts.changeRole(account.id, to: role, by: origin)
            return wording.roleChanged(account.name, to: role)
        }
    }

    /// `POST /accounts/{id}/disabled` (`disabled` 1 or 0): 303 back; 409 for the last active owner.
    func setDisabled(_ context: RequestContext) -> HTTPResponse {
        changeAccount(context) { account, submission, origin, wording throws -> String? in
            let disabled = submission.value(Self.disabledField) != "0"
            try accounts.setDisabled(account.id, disabled, by: origin)
            return disabled ? wording.accountDisabled(account.name) : wording.accountEnabled(account.name)
        }
    }

    /// `POST /accounts/{id}/password`: the account's password set, its sessions ended, 303 back.
    func resetPassword(_ context: RequestContext) async -> HTTPResponse {
        let (owner, submission): (SessionAccount, FormSubmission)
        switch checkedPost(context, manages: true) {
        case .failure(let refusal): return refusal.response
        case .success(let checked): (owner, submission) = checked
        }
        let wording = context.wording
        guard let account = target(context) else { return listPage(owner, Refill(problem: wording[.accountNotFound]), status: .notFound, context) }
        do {
            // The owner's own session stays when the owner resets their own password here.
            let keeping = account.id == owner.accountID ? SessionCookie.id(context.request) : nil
            try await accounts.resetPassword(
                account.id, to: submission.value(Self.passwordField) ?? "", keepingSession: keeping, by: Self.origin(owner, context))
            return done(wording.passwordWasReset(account.name), to: "/accounts")
        } catch {
            guard let (status, problem) = Self.explain(error, context) else { return SignInPages.unreadable(error, renderer, context) }
            return listPage(owner, Refill(problem: problem), status: status, context)
        }
    }

    /// A change to one account that takes no time: `change` does it, as the owner from the
    /// client's address, and answers the flash (nil: the form named no role), or throws what the
    /// store refused.
    private func changeAccount(
        _ context: RequestContext, _ change: (Account, FormSubmission, ChangedBy, Wording) throws -> String?
    ) -> HTTPResponse {
        let (owner, submission): (SessionAccount, FormSubmission)
        switch checkedPost(context, manages: true) {
        case .failure(let refusal): return refusal.response
        case .success(let checked): (owner, submission) = checked
        }
        let wording = context.wording
        guard let account = target(context) else { return listPage(owner, Refill(problem: wording[.accountNotFound]), status: .notFound, context) }
        do {
            guard let message = try change(account, submission, Self.origin(owner, context), wording) else {
                return listPage(owner, Refill(problem: wording[.unknownRole]), status: .unprocessableContent, context)
            }
            return done(message, to: "/accounts")
        } catch {
            guard let (status, problem) = Self.explain(error, context) else { return SignInPages.unreadable(error, renderer, context) }
            return listPage(owner, Refill(problem: problem), status: status, context)
        }
    }

    /// `accounts/list`: every account with its forms, and the add form.
    private func listPage(_ owner: SessionAccount, _ refill: Refill, status: HTTPStatus, _ context: RequestContext) -> HTTPResponse {
        let wording = context.wording
        let all: [Account]
        do {
            all = try accounts.accounts()
        } catch {
            return SignInPages.unreadable(error, renderer, context)
        }
        let rows: [TemplateValue] = all.map { account in
            [
                "id": .string(String(account.id)), "name": .string(account.name), "role": .string(account.role.rawValue),
                "roleName": .string(wording.roleName(account.role)), "disabled": .bool(account.isDisabled),
                "isYou": .bool(account.id == owner.accountID), "roleOptions": Self.roleOptions(account.role, wording),
            ]
        }
        var values: TemplateObject = [
            "title": .string(wording[.accountsHeading]), "accounts": .list(rows), "csrfToken": .string(context.formToken.value),
            "addName": .string(refill.name), "addRoleOptions": Self.roleOptions(refill.role, wording),
            "passwordHint": .string(wording.passwordHint),
        ]
        if let problem = refill.problem { values["problem"] = .string(problem) }
        return renderer.formsPage("accounts/list", values, flash: flash, status: status, for: context)
    }

    static func roleOptions(_ selected: Role, _ wording: Wording) -> TemplateValue {
        .list(Role.allCases.map { role in
            ["value": .string(role.rawValue), "label": .string(wording.roleName(role)), "selected": .bool(role == selected)]
        })
    }

    // MARK: /account

    /// `GET /account`: `accounts/mine`.
    func myAccountPage(_ context: RequestContext) -> HTTPResponse {
        guard let me = context.account else { return refused(context) }
        return minePage(me, problem: nil, status: .ok, context)
    }

    /// `POST /account/password`: my password changed, my other sessions ended, 303 back.
    func changeMyPassword(_ context: RequestContext) async -> HTTPResponse {
        let (me, submission): (SessionAccount, FormSubmission)
        switch checkedPost(context, manages: false) {
        case .failure(let refusal): return refusal.response
        case .success(let checked): (me, submission) = checked
        }
        let wording = context.wording
        let new = submission.value(Self.newPasswordField) ?? ""
        guard new == submission.value(Self.newPasswordAgainField) else {
            return minePage(me, problem: wording[.passwordsDiffer], status: .unprocessableContent, context)
        }
        do {
            try await accounts.changePassword(
                me.accountID, current: submission.value(Self.currentPasswordField) ?? "", new: new,
                keepingSession: SessionCookie.id(context.request), address: context.clientAddress)
            return done(wording[.myPasswordChanged], to: "/account")
        } catch {
            guard let (status, problem) = Self.explain(error, context) else { return SignInPages.unreadable(error, renderer, context) }
            return minePage(me, problem: problem, status: status, context)
        }
    }

    /// `POST /account/sign-out-everywhere`: every session of mine ends, 303 to `/sign-in`.
    func signOutEverywhere(_ context: RequestContext) -> HTTPResponse {
        let me: SessionAccount
        switch checkedPost(context, manages: false) {
        case .failure(let refusal): return refusal.response
        case .success(let checked): me = checked.account
        }
        do {
            try accounts.endAll(me.accountID, address: context.clientAddress)
        } catch {
            return SignInPages.unreadable(error, renderer, context)
        }
        return SignInPages.signedOut(context, flash: flash, saying: .signedOutEverywhereFlash)
    }

    private func minePage(_ me: SessionAccount, problem: String?, status: HTTPStatus, _ context: RequestContext) -> HTTPResponse {
        let wording = context.wording
        var values: TemplateObject = [
            "title": .string(wording[.navMyAccount]), "name": .string(me.name), "roleName": .string(wording.roleName(me.role)),
            "csrfToken": .string(context.formToken.value), "passwordHint": .string(wording.passwordHint),
        ]
        if let problem { values["problem"] = .string(problem) }
        return renderer.formsPage("accounts/mine", values, flash: flash, status: status, for: context)
    }

    // MARK: Checks

    /// The signed-in account when it may manage accounts.
    func manager(_ context: RequestContext) -> SessionAccount? {
        guard let account = context.account, account.role.mayManageAccounts else { return nil }
        return account
    }

    /// 404 with accounts off (nobody could sign in: the page says how to turn them on); 403:
    /// nobody signed in (with the way to the sign-in form), or not an owner.
    func refused(_ context: RequestContext) -> HTTPResponse {
        let wording = context.wording
        guard context.accountsOn else {
            return renderer.error(.notFound, heading: wording[.accountsOffHeading], message: wording[.accountsOffMessage], retryHref: nil, for: context)
        }
        guard context.account != nil else {
            let back = BackLink.localPath(context.request.method == .get ? context.request.target : nil) ?? "/account"
            return renderer.error(
                .forbidden, heading: wording[.signInFirst], message: wording[.notSignedInMessage], retryHref: nil,
                next: ("/sign-in?next=" + URLEncodedForm.encode(back), wording[.signInHeading]), for: context)
        }
        return renderer.error(.forbidden, heading: wording[.onlyOwnerHeading], message: wording[.onlyOwnerMessage], retryHref: nil, for: context)
    }

    /// The account and the form of a POST from someone allowed (an owner when `manages`),
    /// from this site with this browser's token, or the page refusing it.
    private func checkedPost(_ context: RequestContext, manages: Bool) -> Result<(account: SessionAccount, submission: FormSubmission), ResponseError> {
        guard let account = manages ? manager(context) : context.account else { return .failure(ResponseError(refused(context))) }
        let submission: FormSubmission
        do {
            submission = try renderer.readPost(context)
        } catch {
            return .failure(error)
        }
        guard csrf.tokenMatches(context.request, submitted: submission.value(CSRFGuard.fieldName)) else {
            return .failure(ResponseError(SignInPages.formExpired(renderer, context)))
        }
        return .success((account, submission))
    }

    /// The owner asking, from the client's address: who made a change, for its event.
    static func origin(_ owner: SessionAccount, _ context: RequestContext) -> ChangedBy {
        ChangedBy(accountID: owner.accountID, address: context.clientAddress)
    }

    /// The account the path names, if it exists.
    private func target(_ context: RequestContext) -> Account? {
        guard let id = context.request.parameter("id").flatMap({ Int($0) }) else { return nil }
        return try? accounts.account(id: id)
    }

    private func done(_ message: String, to location: String) -> HTTPResponse {
        var response = HTTPResponse.redirect(to: location, status: .seeOther)
        flash.attach(message, to: &response)
        return response
    }

    /// A refusal of the store as a status and words; nil for anything else (the database). A
    /// wrong current password says, as the sign-in form does, when the next try is allowed
    /// once the throttle makes it wait (a time in the dashboard's zone).
    static func explain(_ error: any Error, _ context: RequestContext) -> (HTTPStatus, String)? {
        let wording = context.wording
        return switch error {
        case let problem as AccountNameProblem:
            (problem.code == .taken ? .conflict : .unprocessableContent, wording.nameProblem(problem.code))
        case let problem as PasswordProblem:
            (.unprocessableContent, wording.passwordProblem(problem.code))
        case let refusal as AccountRefusal:
            switch refusal.code {
            case .lastOwner: (.conflict, wording[.lastOwner])
            case .notFound: (.notFound, wording[.accountNotFound])
            case .wrongPassword:
                (.unprocessableContent, [wording[.currentPasswordWrong], wait(refusal.nextTryAt, context)].compactMap { $0 }.joined(separator: " "))
            case .tooManyTries: (.tooManyRequests, wait(refusal.nextTryAt, context) ?? wording[.currentPasswordWrong])
            }
        default: nil
        }
    }

    /// "Wait, then try again at 14:02:35 KST or later", when the next try must wait.
    private static func wait(_ nextTryAt: Date?, _ context: RequestContext) -> String? {
        nextTryAt.map { context.wording.signInWait(until: SignInPages.time($0, zone: context.settings.timeZone)) }
    }
}
