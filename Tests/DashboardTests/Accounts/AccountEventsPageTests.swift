import DashboardEngine
import Foundation
import Testing

@testable import Dashboard

/// `/history/accounts`: sign-ins, failed sign-ins and account changes, for owners; and the
/// throttle on `/account`'s change of password.
@Suite struct AccountEventsPageTests {
    /// The rows of the page: `data-event`, `data-account` and the row's text.
    static func rows(_ page: TestResponse) -> [(event: String, account: String, text: String)] {
        HTMLScan.blocks(in: page.text, from: "<tr data-event=", to: "</tr>").map { row in
            let event = HTMLScan.block(in: row, from: "data-event=\"", to: "\"").dropFirst("data-event=\"".count).dropLast()
            let account = HTMLScan.block(in: row, from: "data-account=\"", to: "\"").dropFirst("data-account=\"".count).dropLast()
            return (String(event), HTMLScan.unescape(account), HTMLScan.text(row))
        }
    }

    /// Every kind of event, made through the pages, then read on the page in both languages:
    /// what happened, to whom, by whom, from where, newest first.
    @Test func everyEvent_isARow_inBothLanguages() async throws {
        try await withAccountsDashboard { dashboard in
            let token = try #require(try dashboard.accounts.startSetup())
            var owner = AccountBrowser(dashboard)
            _ = try await owner.open("/sign-in?setup=\(token)")
            let setUp = try await owner.post(
                "/sign-in/setup", [("setup", token), ("name", "Owner"), ("password", AccountBrowser.password), ("password_again", AccountBrowser.password)])
            owner.session = setUp.setCookie(SessionCookie.name)
            _ = try await owner.open("/accounts")
            #expect(try await owner.post("/accounts", [("name", "Mina"), ("role", "viewer"), ("password", AccountBrowser.password)]).status == 303)
            let mina = try #require(try dashboard.accounts.accounts().first { $0.name == "Mina" })
            #expect(try await owner.post("/accounts/\(mina.id)/role", [("role", "editor")]).status == 303)
            #expect(try await owner.post("/accounts/\(mina.id)/password", [("password", "another long password")]).status == 303)
            #expect(try await owner.post("/accounts/\(mina.id)/disabled", [("disabled", "1")]).status == 303)
            #expect(try await owner.post("/accounts/\(mina.id)/disabled", [("disabled", "0")]).status == 303)
            var stranger = AccountBrowser(dashboard)
            #expect(try await stranger.signIn("Mina", password: "not her password").status == 401)
            #expect(try await stranger.signIn("Nobody at all", password: "not her password").status == 401)
            var browser = AccountBrowser(dashboard)
            #expect(try await browser.signIn("Mina", password: "another long password").status == 303)
            _ = try await browser.open("/account")
            let changed = try await browser.post(
                "/account/password",
                [("current_password", "another long password"), ("new_password", AccountBrowser.password), ("new_password_again", AccountBrowser.password)])
            #expect(changed.status == 303)
            #expect(try await browser.post("/sign-out", []).status == 303)
            #expect(try await browser.signIn("Mina").status == 303)
            _ = try await browser.open("/account")
            #expect(try await browser.post("/account/sign-out-everywhere", []).status == 303)
            try await dashboard.accounts.resetPassword(mina.id, to: "a password from the shell")

            let expected: [(event: String, account: String, en: String, ko: String)] = [
                ("password-reset", "Mina", "Password reset Mina Command line", "비밀번호 재설정 Mina 명령줄"),
                ("signed-out-everywhere", "Mina", "Signed out everywhere Mina Mina", "모든 곳에서 로그아웃 Mina Mina"),
                ("signed-in", "Mina", "Signed in Mina Mina", "로그인 Mina Mina"),
                ("signed-out", "Mina", "Signed out Mina Mina", "로그아웃 Mina Mina"),
                ("password-changed", "Mina", "Changed their password Mina Mina", "본인 비밀번호 변경 Mina Mina"),
                ("signed-in", "Mina", "Signed in Mina Mina", "로그인 Mina Mina"),
                ("sign-in-failed", "", "Sign-in failed (unknown name) —", "로그인 실패 (등록되지 않은 이름) —"),
                ("sign-in-failed", "Mina", "Sign-in failed Mina —", "로그인 실패 Mina —"),
                ("enabled", "Mina", "Enabled again Mina Owner", "사용 재개 Mina Owner"),
                ("disabled", "Mina", "Disabled Mina Owner", "사용 중지 Mina Owner"),
                ("password-reset", "Mina", "Password reset Mina Owner", "비밀번호 재설정 Mina Owner"),
                ("role-changed", "Mina", "Role changed: viewer → editor Mina Owner", "역할 변경: 열람자 → 편집자 Mina Owner"),
                ("account-added", "Mina", "Added as viewer Mina Owner", "계정 추가(열람자) Mina Owner"),
                ("signed-in", "Owner", "Signed in Owner Owner", "로그인 Owner Owner"),
                ("owner-set-up", "Owner", "Set up as the first owner Owner Setup link", "첫 소유자 계정 생성 Owner 설정 링크"),
            ]
            var reader = AccountBrowser(dashboard)
            try await reader.signIn("Owner")
            for language in ["en", "ko"] {
                reader.language = language
                let page = try await reader.open("/history/accounts?per_page=50")
                #expect(page.status == 200)
                #expect(page.header("Cache-Control") == "no-store")
                let rows = Self.rows(page).dropFirst()  // the reader's own sign-in
                #expect(rows.count == expected.count, "\(language): \(rows.map(\.event))")
                for (row, wanted) in zip(rows, expected) {
                    #expect(row.event == wanted.event)
                    #expect(row.account == wanted.account)
                    let what = language == "en" ? wanted.en : wanted.ko
                    // The time first, the address last: the client's, here the loopback's.
                    #expect(row.text.contains(what), "\(language): “\(row.text)” has “\(what)”")
                    #expect(row.text.hasSuffix("127.0.0.1") == !wanted.en.hasSuffix("Command line"), "\(row.text)")
                }
                #expect(page.text.contains(language == "en" ? "Sign-ins and account changes" : "로그인과 계정 변경 기록"))
            }
            #expect(try dashboard.accounts.events(offset: 0, limit: 100).events.first { $0.kind == .passwordReset }?.address == nil)
        }
    }

    @Test func thePage_isPaged_newestFirst() async throws {
        try await withAccountsDashboard { dashboard in
            try await dashboard.addAccount("Owner", role: .owner)
            for number in 1...24 { try await dashboard.addAccount("Person \(number)", role: .viewer) }
            var owner = AccountBrowser(dashboard)
            try await owner.signIn("Owner")
            let first = try await owner.open("/history/accounts")
            #expect(Self.rows(first).count == 20)
            #expect(Self.rows(first).first?.event == "signed-in")
            #expect(first.text.contains("Showing 1–20 of 26 events"))
            #expect(first.text.contains(#"href="/history/accounts?page=2""#))
            let second = try await owner.open("/history/accounts?page=2")
            #expect(Self.rows(second).last?.account == "Owner")
            #expect(Self.rows(second).count == 6)
        }
    }

    @Test(arguments: [("en", "Only an owner can manage accounts"), ("ko", "계정은 소유자만 관리할 수 있습니다")])
    func onlyAnOwner_opensIt_andTheLinksAreAnOwners(_ language: String, _ refusal: String) async throws {
        try await withAccountsDashboard { dashboard in
            try await dashboard.addAccount("Owner", role: .owner)
            try await dashboard.addAccount("Editor", role: .editor)
            try await dashboard.addAccount("Viewer", role: .viewer)
            for name in ["Editor", "Viewer"] {
                var browser = AccountBrowser(dashboard, language: language)
                try await browser.signIn(name)
                let page = try await browser.open("/history/accounts")
                #expect(page.status == 403)
                #expect(HTMLScan.text(HTMLScan.block(in: page.text, from: "<h1>", to: "</h1>")) == refusal)
                #expect(!page.text.contains("data-event="))
                #expect(!(try await browser.open("/history")).text.contains("data-account-events"))
            }
            var nobody = AccountBrowser(dashboard, language: language)
            let anonymous = try await nobody.open("/history/accounts")
            #expect(anonymous.status == 303)
            #expect(anonymous.header("Location") == "/sign-in?next=/history/accounts")
            var owner = AccountBrowser(dashboard, language: language)
            try await owner.signIn("Owner")
            #expect(try await owner.open("/history").text.contains(#"<a href="/history/accounts" data-account-events>"#))
            #expect(try await owner.open("/accounts").text.contains(#"<a href="/history/accounts" data-account-events>"#))
        }
    }

    @Test(arguments: [("en", "Accounts are off"), ("ko", "계정 기능이 꺼져 있습니다")])
    func withAccountsOff_thePageIsNotFound(_ language: String, _ heading: String) async throws {
        try await withDashboard(.shared) { dashboard in
            let page = try await dashboard.get("/history/accounts", headers: ["Accept-Language": language])
            #expect(page.status == 404)
            #expect(HTMLScan.text(HTMLScan.block(in: page.text, from: "<h1>", to: "</h1>")) == heading)
            #expect(!(try await dashboard.get("/history")).text.contains("data-account-events"))
        }
    }

    /// Five wrong current passwords make the next try wait, as five failed sign-ins do; the
    /// page says until when, in the dashboard's zone, and the right password waits too.
    @Test(arguments: [("en", "The current password is wrong.", "Too many failed tries: try again after 09:00:01 KST."),
                      ("ko", "현재 비밀번호가 올바르지 않습니다.", "09:00:01 KST 이후에 다시 시도해 주세요.")])
    func aWrongCurrentPassword_countsInTheSignInThrottle(_ language: String, _ wrong: String, _ wait: String) async throws {
        // 09:00:00 in Seoul.
        let clock = ManualWallClock(Date(timeIntervalSince1970: Double(1_795_000_000 / 86_400 * 86_400)))
        try await withAccountsDashboard(clock: clock) { dashboard in
            try await dashboard.addAccount("Mina", role: .editor)
            var mina = AccountBrowser(dashboard, language: language)
            try await mina.signIn("Mina")
            _ = try await mina.open("/account")
            func change(_ current: String) async throws -> TestResponse {
                try await mina.post(
                    "/account/password",
                    [("current_password", current), ("new_password", "a new password here"), ("new_password_again", "a new password here")])
            }
            for _ in 1...4 {
                let refused = try await change("not my password")
                #expect(refused.status == 422)
                #expect(refused.problem?.hasPrefix(wrong) == true)
                #expect(refused.problem?.contains(wait) == false)
            }
            let fifth = try await change("not my password")
            #expect(fifth.status == 422)
            #expect(fifth.problem?.hasPrefix(wrong) == true)
            #expect(fifth.problem?.contains(wait) == true, "\(fifth.problem ?? "")")
            let waiting = try await change(AccountBrowser.password)
            #expect(waiting.status == 429)
            #expect(waiting.problem?.contains(wait) == true)
            #expect(!waiting.text.contains(AccountBrowser.password))
            var elsewhere = AccountBrowser(dashboard, language: language)
            #expect(try await elsewhere.signIn("Mina").status == 429, "the sign-in form waits for the account too")
            clock.advance(by: 1)
            #expect(try await change(AccountBrowser.password).status == 303)
            #expect(try await dashboard.accounts.signIn(name: "Mina", password: "a new password here", address: "192.0.2.1").account.name == "Mina")
        }
    }
}
