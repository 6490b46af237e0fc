import DashboardEngine
import Foundation
import Testing

@testable import Dashboard

/// `/accounts` (an owner's) and `/account` (anyone signed in).
@Suite struct AccountPagesTests {
    @Test func theOwner_seesEveryAccount_withItsRoleAndState() async throws {
        try await withAccountsDashboard { dashboard in
            try await dashboard.addAccount("Owner", role: .owner)
            let jun = try await dashboard.addAccount("Jun", role: .viewer)
            try dashboard.accounts.setDisabled(jun.id, true)
            var owner = AccountBrowser(dashboard)
            try await owner.signIn("Owner")
            let page = try await owner.open("/accounts")
            #expect(page.status == 200)
            #expect(page.text.contains(#"<tr data-account="Jun" data-role="viewer" data-disabled="1">"#))
            #expect(page.text.contains(#"<tr data-account="Owner" data-role="owner" data-disabled="0">"#))
            #expect(page.header("Cache-Control") == "no-store")
        }
    }

    @Test(arguments: [("en", "Only an owner can manage accounts", "Sign in first"), ("ko", "계정은 소유자만 관리할 수 있습니다", "먼저 로그인해 주세요")])
    func someoneNotAnOwner_isRefused_andNothingChanges(_ language: String, _ notOwner: String, _ nobody: String) async throws {
        try await withAccountsDashboard { dashboard in
            try await dashboard.addAccount("Owner", role: .owner)
            try await dashboard.addAccount("Editor", role: .editor)
            var editor = AccountBrowser(dashboard, language: language)
            try await editor.signIn("Editor")
            let page = try await editor.open("/accounts")
            #expect(page.status == 403)
            #expect(HTMLScan.text(HTMLScan.block(in: page.text, from: "<h1>", to: "</h1>")) == notOwner)
            let add = try await editor.post("/accounts", [("name", "Sneaky"), ("role", "owner"), ("password", AccountBrowser.password)])
            #expect(add.status == 403)
            var stranger = AccountBrowser(dashboard, language: language)
            // Nobody signed in: the page asks for a sign-in first, and a form sent is refused.
            let anonymous = try await stranger.open("/account")
            #expect(anonymous.status == 303)
            #expect(anonymous.header("Location")?.hasPrefix("/sign-in?next=") == true)
            let anonymousPost = try await stranger.post("/account/password", [("current", "x"), ("new", "y"), ("again", "y")])
            #expect(anonymousPost.status == 403)
            #expect(HTMLScan.text(HTMLScan.block(in: anonymousPost.text, from: "<h1>", to: "</h1>")) == nobody)
            #expect(try dashboard.accounts.accounts().map(\.name) == ["Editor", "Owner"])
        }
    }

    @Test func addingAnAccount_showsIt_andARefusalRefillsTheForm_withoutThePassword() async throws {
        try await withAccountsDashboard { dashboard in
            try await dashboard.addAccount("Owner", role: .owner)
            var owner = AccountBrowser(dashboard)
            try await owner.signIn("Owner")
            _ = try await owner.open("/accounts")
            let added = try await owner.post("/accounts", [("name", "Mina"), ("role", "editor"), ("password", AccountBrowser.password)])
            #expect(added.status == 303)
            #expect(added.header("Location") == "/accounts")
            let page = try await owner.open("/accounts")
            #expect(page.text.contains(#"data-account="Mina" data-role="editor""#))

            let short = try await owner.post("/accounts", [("name", "Jun"), ("role", "viewer"), ("password", "tiny pass")])
            #expect(short.status == 422)
            #expect(short.problem == "The password is too short: it needs at least 10 characters. Type a longer one.")
            #expect(short.text.contains(#"id="add-name" name="name" value="Jun""#))
            #expect(short.text.contains(#"<option value="viewer" selected>"#))
            #expect(!short.text.contains("tiny pass"))

            let taken = try await owner.post("/accounts", [("name", "MINA"), ("role", "viewer"), ("password", AccountBrowser.password)])
            #expect(taken.status == 409)
            #expect(taken.problem?.hasPrefix("Another account already uses this name") == true)
            #expect(!taken.text.contains(AccountBrowser.password))
        }
    }

    @Test(arguments: [("en", "This account is the only active owner"), ("ko", "사용 중인 마지막 소유자 계정이어서")])
    func theLastActiveOwner_canBeNeitherDisabledNorDemoted(_ language: String, _ reason: String) async throws {
        try await withAccountsDashboard { dashboard in
            let me = try await dashboard.addAccount("Owner", role: .owner)
            var owner = AccountBrowser(dashboard, language: language)
            try await owner.signIn("Owner")
            _ = try await owner.open("/accounts")
            let disable = try await owner.post("/accounts/\(me.id)/disabled", [("disabled", "1")])
            #expect(disable.status == 409)
            #expect(disable.problem?.hasPrefix(reason) == true)
            let demote = try await owner.post("/accounts/\(me.id)/role", [("role", "editor")])
            #expect(demote.status == 409)
            #expect(demote.problem?.hasPrefix(reason) == true)
            #expect(try dashboard.accounts.account(id: me.id)?.role == .owner)
        }
    }

    @Test func changingRoles_disabling_andResettingAPassword_endTheRightSessions() async throws {
        try await withAccountsDashboard { dashboard in
            try await dashboard.addAccount("Owner", role: .owner)
            let mina = try await dashboard.addAccount("Mina", role: .viewer)
            var owner = AccountBrowser(dashboard)
            try await owner.signIn("Owner")
            var other = AccountBrowser(dashboard)
            try await other.signIn("Mina")
            let minaSession = try #require(other.sessionID)
            _ = try await owner.open("/accounts")

            #expect(try await owner.post("/accounts/\(mina.id)/role", [("role", "editor")]).status == 303)
            #expect(try dashboard.accounts.session(for: minaSession)?.role == .editor)

            let reset = try await owner.post("/accounts/\(mina.id)/password", [("password", "a new password here")])
            #expect(reset.status == 303)
            #expect(try dashboard.accounts.session(for: minaSession) == nil)
            #expect(try await other.signIn("Mina", password: "a new password here").status == 303)
            let again = try #require(other.sessionID)

            #expect(try await owner.post("/accounts/\(mina.id)/disabled", [("disabled", "1")]).status == 303)
            #expect(try dashboard.accounts.session(for: again) == nil)
            #expect(try await owner.post("/accounts/\(mina.id)/disabled", [("disabled", "0")]).status == 303)
            #expect(try dashboard.accounts.account(id: mina.id)?.isDisabled == false)

            let missing = try await owner.post("/accounts/9999/role", [("role", "editor")])
            #expect(missing.status == 404)
        }
    }

    @Test(arguments: [("en", "The current password is wrong. Type the password you sign in with."), ("ko", "현재 비밀번호가 올바르지 않습니다. 로그인할 때 쓰는 비밀번호를 입력해 주세요.")])
    func changingMyPassword_endsMyOtherSessions_andKeepsThisOne(_ language: String, _ wrong: String) async throws {
        try await withAccountsDashboard { dashboard in
            try await dashboard.addAccount("Mina", role: .viewer)
            var here = AccountBrowser(dashboard, language: language)
            try await here.signIn("Mina")
            var elsewhere = AccountBrowser(dashboard, language: language)
            try await elsewhere.signIn("Mina")
            let page = try await here.open("/account")
            #expect(page.status == 200)
            #expect(page.text.contains("data-account-name>Mina<"))

            let refused = try await here.post(
                "/account/password", [("current_password", "not my password"), ("new_password", "a brand new one"), ("new_password_again", "a brand new one")])
            #expect(refused.status == 422)
            #expect(refused.problem == wrong)
            #expect(!refused.text.contains("a brand new one"))

            let changed = try await here.post(
                "/account/password",
                [("current_password", AccountBrowser.password), ("new_password", "a brand new one"), ("new_password_again", "a brand new one")])
            #expect(changed.status == 303)
            #expect(try dashboard.accounts.session(for: try #require(here.sessionID)) != nil)
            #expect(try dashboard.accounts.session(for: try #require(elsewhere.sessionID)) == nil)
        }
    }

    /// An owner finds the accounts page from "My account"; an editor and a viewer see no link
    /// to a page they may not open.
    @Test func myAccount_linksToTheAccountsPage_forAnOwnerOnly() async throws {
        try await withAccountsDashboard { dashboard in
            for (name, role) in [("Owner", Role.owner), ("Mina", .editor), ("Jun", .viewer)] {
                try await dashboard.addAccount(name, role: role)
                var browser = AccountBrowser(dashboard)
                try await browser.signIn(name)
                let page = try await browser.open("/account")
                #expect(page.status == 200)
                #expect(HTMLScan.hrefs(in: page.text).contains("/accounts") == (role == .owner), "\(role)")
            }
        }
    }

    @Test func signingOutEverywhere_endsEverySession() async throws {
        try await withAccountsDashboard { dashboard in
            try await dashboard.addAccount("Mina", role: .editor)
            var here = AccountBrowser(dashboard)
            try await here.signIn("Mina")
            var elsewhere = AccountBrowser(dashboard)
            try await elsewhere.signIn("Mina")
            _ = try await here.open("/account")
            let answer = try await here.post("/account/sign-out-everywhere", [])
            #expect(answer.status == 303)
            #expect(answer.header("Location") == "/sign-in")
            #expect(answer.setCookieLine(SessionCookie.name)?.contains("Max-Age=0") == true)
            #expect(try dashboard.accounts.session(for: try #require(here.sessionID)) == nil)
            #expect(try dashboard.accounts.session(for: try #require(elsewhere.sessionID)) == nil)
            let flash = try #require(answer.setCookie("om_flash"))
            let form = try await dashboard.get("/sign-in", headers: ["Cookie": flash])
            #expect(HTMLScan.text(form.text).contains("You are signed out on every browser and device."))
        }
    }

    /// With accounts off nobody could sign in: the accounts pages say how to turn them on.
    @Test(arguments: [("en", "Accounts are off", "add an owner account on the command line"),
                      ("ko", "계정 기능이 꺼져 있습니다", "명령줄에서 소유자 계정을 추가한 뒤")])
    func withAccountsOff_theAccountsPages_sayHowToTurnThemOn(_ language: String, _ heading: String, _ command: String) async throws {
        try await withDashboard(.shared) { dashboard in
            for path in ["/accounts", "/account"] {
                let page = try await dashboard.get("\(path)?lang=\(language)")
                #expect(page.status == 404, "\(path)")
                #expect(HTMLScan.text(HTMLScan.block(in: page.text, from: "<h1>", to: "</h1>")) == heading, "\(path)")
                #expect(HTMLScan.text(page.text).contains(command), "\(path)")
            }
        }
    }

    @Test func withNobodySignedIn_theHeaderIsAsBefore() async throws {
        try await withDashboard(.shared) { dashboard in
            let page = try await dashboard.get("/history")
            #expect(!page.text.contains("data-signed-in"))
            #expect(!page.text.contains(#"action="/sign-out""#))
            #expect(page.header("Set-Cookie")?.hasPrefix(SessionCookie.name) != true)
        }
    }
}
