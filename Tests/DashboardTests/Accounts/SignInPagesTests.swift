import DashboardEngine
import Foundation
import Testing

@testable import Dashboard

/// `GET`/`POST /sign-in`, the first owner's setup and `POST /sign-out`.
@Suite struct SignInPagesTests {
    @Test(arguments: [("en", "Sign in"), ("ko", "로그인")])
    func theSignInForm_keepsNext_andCarriesTheFormToken(_ language: String, _ heading: String) async throws {
        try await withAccountsDashboard { dashboard in
            var browser = AccountBrowser(dashboard, language: language)
            let page = try await browser.open("/sign-in?next=%2Fhistory")
            #expect(page.status == 200)
            #expect(page.header("Content-Language") == language)
            #expect(HTMLScan.text(HTMLScan.block(in: page.text, from: "<h1>", to: "</h1>")) == heading)
            #expect(FormSession.hidden("next", in: page.text) == "/history")
            #expect(!browser.form.csrfToken.isEmpty)
            #expect(page.text.contains(#"type="password" name="password""#))
        }
    }

    @Test func aSignIn_startsASession_inAnHttpOnlyLaxCookie_andGoesToNext() async throws {
        try await withAccountsDashboard { dashboard in
            try await dashboard.addAccount("Mina", role: .editor)
            var browser = AccountBrowser(dashboard)
            let answer = try await browser.signIn("mina", next: "/history")
            #expect(answer.status == 303)
            #expect(answer.header("Location") == "/history")
            let line = try #require(answer.setCookieLine(SessionCookie.name))
            let attributes = Set(line.split(separator: ";").dropFirst().map { $0.trimmingCharacters(in: .whitespaces) })
            #expect(attributes == ["Path=/", "HttpOnly", "SameSite=Lax"])
            let id = try #require(browser.sessionID)
            #expect(try dashboard.accounts.session(for: id)?.name == "Mina")
            // Signed in, the header names the account's page and has the sign-out button.
            let products = try await browser.open("/history")
            #expect(products.text.contains("data-signed-in"))
            #expect(products.text.contains(#"href="/account""#))
        }
    }

    @Test(arguments: ["//evil.example/x", "https://evil.example/", "/\\evil.example", ""])
    func aNextThatIsNotALocalPath_leadsToTheProducts(_ next: String) async throws {
        try await withAccountsDashboard { dashboard in
            try await dashboard.addAccount("Mina", role: .viewer)
            var browser = AccountBrowser(dashboard)
            let answer = try await browser.signIn("Mina", next: next)
            #expect(answer.status == 303)
            #expect(answer.header("Location") == "/products")
        }
    }

    @Test(arguments: [("en", "The name or password is wrong. If you have forgotten your password, ask an owner to reset it."), ("ko", "이름 또는 비밀번호가 올바르지 않습니다.")])
    func anUnknownName_aWrongPassword_andADisabledAccount_getTheSameAnswer(_ language: String, _ message: String) async throws {
        try await withAccountsDashboard { dashboard in
            try await dashboard.addAccount("Mina", role: .editor)
            let disabled = try await dashboard.addAccount("Jun", role: .editor)
            try dashboard.accounts.setDisabled(disabled.id, true)
            var answers: [TestResponse] = []
            var browser = AccountBrowser(dashboard, language: language)
            for (name, password) in [("Nobody", "wrong password 1"), ("Mina", "wrong password 1"), ("Jun", AccountBrowser.password)] {
                let answer = try await browser.signIn(name, password: password)
                #expect(answer.status == 401)
                #expect(answer.problem == message)
                #expect(answer.setCookie(SessionCookie.name) == nil)
                // The name is kept in the form; the password never comes back.
                #expect(answer.text.contains(#"value="\#(name)""#))
                #expect(!answer.text.contains(password))
                answers.append(answer)
            }
            let bodies = Set(answers.map { $0.text.replacingOccurrences(of: #"value="Nobody""#, with: "").replacingOccurrences(of: #"value="Mina""#, with: "").replacingOccurrences(of: #"value="Jun""#, with: "") })
            #expect(bodies.count == 1)
        }
    }

    @Test(arguments: [("en", "Too many failed tries: try again after 09:00:01 KST."),
                      ("ko", "잘못 입력한 횟수가 너무 많아 잠시 시도할 수 없습니다. 09:00:01 KST 이후에 다시 시도해 주세요.")])
    func afterFiveFailures_theNextTryWaits_andThePageSaysUntilWhen(_ language: String, _ wait: String) async throws {
        // 00:00:00 UTC is 09:00:00 in Seoul.
        let clock = ManualWallClock(Date(timeIntervalSince1970: 1_795_000_000 - 1_795_000_000.truncatingRemainder(dividingBy: 86_400)))
        try await withAccountsDashboard(clock: clock) { dashboard in
            try await dashboard.addAccount("Mina", role: .editor)
            var browser = AccountBrowser(dashboard, language: language)
            for _ in 1...5 {
                let answer = try await browser.signIn("Mina", password: "not the password")
                #expect(answer.status == 401)
            }
            let refused = try await browser.signIn("Mina")
            #expect(refused.status == 429)
            #expect(refused.problem == wait)
            #expect(browser.session == nil)
            clock.advance(by: 1)
            let signedIn = try await browser.signIn("Mina")
            #expect(signedIn.status == 303)
            #expect(browser.session != nil)
        }
    }

    @Test func aSignInWithoutTheFormToken_isRefused() async throws {
        try await withAccountsDashboard { dashboard in
            try await dashboard.addAccount("Mina", role: .editor)
            var browser = AccountBrowser(dashboard)
            _ = try await browser.open("/sign-in")
            let answer = try await browser.post("/sign-in", [("name", "Mina"), ("password", AccountBrowser.password)], token: false)
            #expect(answer.status == 403)
            #expect(answer.setCookie(SessionCookie.name) == nil)
        }
    }

    @Test func signingOut_endsTheSession_andClearsTheCookie() async throws {
        try await withAccountsDashboard { dashboard in
            try await dashboard.addAccount("Mina", role: .editor)
            var browser = AccountBrowser(dashboard)
            try await browser.signIn("Mina")
            let id = try #require(browser.sessionID)
            let answer = try await browser.post("/sign-out", [])
            #expect(answer.status == 303)
            #expect(answer.header("Location") == "/sign-in")
            let line = try #require(answer.setCookieLine(SessionCookie.name))
            #expect(line.hasPrefix("om_session=;"))
            #expect(line.contains("Max-Age=0"))
            #expect(try dashboard.accounts.session(for: id) == nil)
            // The sign-in form it leads to says that the sign-out happened, in the reader's language.
            let flash = try #require(answer.setCookie("om_flash"))
            let form = try await dashboard.get("/sign-in", headers: ["Cookie": flash])
            #expect(HTMLScan.text(form.text).contains("You are signed out."))
            var korean = AccountBrowser(dashboard, language: "ko")
            try await korean.signIn("Mina")
            let koreanAnswer = try await korean.post("/sign-out", [])
            let koreanFlash = try #require(koreanAnswer.setCookie("om_flash"))
            let koreanForm = try await dashboard.get("/sign-in", headers: ["Cookie": koreanFlash, "Accept-Language": "ko"])
            #expect(HTMLScan.text(koreanForm.text).contains("로그아웃했습니다."))
        }
    }

    /// A link that chose Korean, opened by nobody signed in, leads to a Korean sign-in form,
    /// which goes back to the link after.
    @Test func aLinkThatChoseItsLanguage_leadsToTheSignInFormInThatLanguage() async throws {
        try await withAccountsDashboard { dashboard in
            let answer = try await dashboard.get("/history?lang=ko")
            #expect(answer.status == 303)
            let location = try #require(answer.header("Location"))
            #expect(location.hasPrefix("/sign-in?next="))
            let form = try await dashboard.get(location)
            #expect(form.header("Content-Language") == "ko")
            #expect(HTMLScan.text(HTMLScan.block(in: form.text, from: "<h1>", to: "</h1>")) == "로그인")
            #expect(FormSession.hidden("next", in: form.text) == "/history?lang=ko")
            // Without a chosen language, the address names none.
            let plain = try await dashboard.get("/history")
            #expect(plain.header("Location") == "/sign-in?next=/history")
        }
    }

    // MARK: The first owner

    @Test(arguments: [("en", "Create the first owner", "This setup link no longer works"), ("ko", "첫 소유자 계정 만들기", "이 설정 링크는 더 이상 쓸 수 없습니다")])
    func theSetupToken_createsTheFirstOwner_once(_ language: String, _ heading: String, _ gone: String) async throws {
        try await withAccountsDashboard { dashboard in
            let token = try #require(try dashboard.accounts.startSetup())
            var browser = AccountBrowser(dashboard, language: language)
            let form = try await browser.open("/sign-in?setup=\(token)")
            #expect(form.status == 200)
            #expect(HTMLScan.text(HTMLScan.block(in: form.text, from: "<h1>", to: "</h1>")) == heading)
            #expect(FormSession.hidden("setup", in: form.text) == token)
            // The switch to the other language keeps the setup address.
            let otherLanguage = language == "en" ? "ko" : "en"
            #expect(form.text.contains("href=\"/sign-in?setup=\(token)&amp;lang=\(otherLanguage)\""))

            let differ = try await browser.post(
                "/sign-in/setup", [("setup", token), ("name", "Owner"), ("password", AccountBrowser.password), ("password_again", "something else")])
            #expect(differ.status == 422)
            #expect(differ.text.contains(#"value="Owner""#))
            #expect(!differ.text.contains(AccountBrowser.password))

            let short = try await browser.post("/sign-in/setup", [("setup", token), ("name", "Owner"), ("password", "short"), ("password_again", "short")])
            #expect(short.status == 422)
            #expect(short.problem?.contains("10") == true)

            let done = try await browser.post(
                "/sign-in/setup", [("setup", token), ("name", "Owner"), ("password", AccountBrowser.password), ("password_again", AccountBrowser.password)])
            #expect(done.status == 303)
            #expect(done.header("Location") == "/accounts")
            let cookie = try #require(done.setCookie(SessionCookie.name))
            #expect(try dashboard.accounts.session(for: String(cookie.dropFirst("om_session=".count)))?.role == .owner)

            var other = AccountBrowser(dashboard, language: language)
            _ = try await other.open("/sign-in")
            let again = try await other.post(
                "/sign-in/setup", [("setup", token), ("name", "Thief"), ("password", AccountBrowser.password), ("password_again", AccountBrowser.password)])
            #expect(again.status == 410)
            let expired = try await other.post(
                "/sign-in/setup", [("setup", "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"), ("name", "Thief"), ("password", AccountBrowser.password),
                                   ("password_again", AccountBrowser.password)])
            #expect(expired.status == 410)
            #expect(try dashboard.accounts.accounts().map(\.name) == ["Owner"])
        }
    }

    @Test(arguments: [("en", "This setup link no longer works", "Restart the dashboard"), ("ko", "이 설정 링크는 더 이상 쓸 수 없습니다", "대시보드를 다시 시작해 주세요")])
    func anExpiredSetupToken_isGone_andThePageSaysHowToGetANewOne(_ language: String, _ heading: String, _ how: String) async throws {
        let clock = ManualWallClock()
        try await withAccountsDashboard(clock: clock) { dashboard in
            let token = try #require(try dashboard.accounts.startSetup())
            var browser = AccountBrowser(dashboard, language: language)
            _ = try await browser.open("/sign-in?setup=\(token)")
            clock.advance(by: AccountStore.setupTokenLifetime + 1)
            let gone = try await browser.post(
                "/sign-in/setup", [("setup", token), ("name", "Owner"), ("password", AccountBrowser.password), ("password_again", AccountBrowser.password)])
            #expect(gone.status == 410)
            #expect(HTMLScan.text(HTMLScan.block(in: gone.text, from: "<h1>", to: "</h1>")) == heading)
            #expect(gone.text.contains(how))
            #expect(try !dashboard.accounts.hasOwner())
        }
    }
}
