import DashboardEngine
import Foundation
import Testing

@testable import Dashboard

/// Every bad input the accounts meet, over HTTP with accounts on (`--accounts required`): a
/// wrong password, an unknown name, a disabled account, an expired or forged session, a form
/// without its token or from another site, a password of a megabyte, a name with control
/// characters, a setup token used twice or made up. Each gets a clear 4xx page in the reader's
/// language, nothing changes (no account, no session, no event but a failed sign-in where one
/// is due), and no answer tells which names exist.
///
/// A viewer's POST to every write route is `RoutePermissionTests`'
/// `aViewersPOST_toEveryWriteRoute_is403_andTheMarketSeesNothing`, not repeated here.
@Suite struct AccountBadInputTests {
    /// A password of a megabyte: far past `PasswordPolicy.byteLimit`.
    static let megabyte = String(repeating: "a", count: 1 << 20)
    /// A run of the megabyte long enough that no page has it unless it echoes the password.
    static let echo = String(repeating: "a", count: 64)

    /// The events of the accounts, oldest first.
    static func events(_ dashboard: DashboardHarness) throws -> [AccountEvent.Kind] {
        try dashboard.accounts.events(offset: 0, limit: 1000).events.reversed().map(\.kind)
    }

    /// An answer as two answers are compared: the status, every header but `Date`, and the body
    /// with the form token and the name typed (refilled in the form) masked.
    static func comparable(_ answer: TestResponse, token: String, name: String) -> String {
        let headers = answer.headers.filter { $0.name.lowercased() != "date" }.map { "\($0.name): \($0.value)" }
        let body = answer.text.replacingOccurrences(of: token, with: "TOKEN").replacingOccurrences(of: #"value="\#(name)""#, with: #"value="NAME""#)
        return ([String(answer.status)] + headers + [body]).joined(separator: "\n")
    }

    /// The `<h1>` of a page, as read.
    static func heading(_ page: TestResponse) -> String {
        HTMLScan.text(HTMLScan.block(in: page.text, from: "<h1>", to: "</h1>"))
    }

    /// Posts `fields` (urlencoded) with `token` as the form's token (none: nil) and `headers`
    /// over the browser's own, as a page of this site or another would.
    static func post(
        _ browser: AccountBrowser, _ path: String, _ fields: [(String, String)], token: String?, headers: [String: String] = [:]
    ) async throws -> TestResponse {
        let all = (token.map { [("csrf_token", $0)] } ?? []) + fields
        let body = all.map { "\(FormSession.encode($0.0))=\(FormSession.encode($0.1))" }.joined(separator: "&")
        var head = [
            "Cookie": browser.cookie, "Origin": browser.form.origin, "Sec-Fetch-Site": "same-origin", "Accept-Language": browser.language,
            "Content-Type": "application/x-www-form-urlencoded",
        ]
        for (name, value) in headers { head[name] = value }
        return try await browser.form.client.request("POST", path, headers: head, body: Array(body.utf8))
    }

    // MARK: Signing in

    /// A wrong password, a name no account has, a disabled account's right password and a name
    /// with a control character: one answer, byte for byte but the form token and the name
    /// typed (four names of one length, so that even `Content-Length` agrees). Each is a failed
    /// sign-in, and none starts a session.
    @Test(arguments: [("en", "The name or password is wrong. If you have forgotten your password, ask an owner to reset it."), ("ko", "이름 또는 비밀번호가 올바르지 않습니다.")])
    func aWrongPassword_anUnknownName_aDisabledAccount_andAControlCharacter_getOneAnswer(_ language: String, _ message: String) async throws {
        try await withAccountsDashboard { dashboard in
            try await dashboard.addAccount("Mina", role: .owner)
            let juno = try await dashboard.addAccount("Juno", role: .editor)
            try dashboard.accounts.setDisabled(juno.id, true)
            let before = try Self.events(dashboard)
            var browser = AccountBrowser(dashboard, language: language)
            var answers: [String] = []
            // Four tries: a fifth failure from one address would add the throttle's wait.
            for (name, password) in [("Mina", "wrong password 1"), ("Nora", "wrong password 1"), ("Juno", AccountBrowser.password),
                                     ("Mi\ta", AccountBrowser.password)] {
                let answer = try await browser.signIn(name, password: password)
                #expect(answer.status == 401, "\(name)")
                #expect(answer.header("Content-Language") == language, "\(name)")
                #expect(answer.problem == message, "\(name)")
                #expect(answer.setCookie(SessionCookie.name) == nil, "\(name)")
                #expect(answer.text.contains(#"value="\#(name)""#), "the name is refilled: \(name)")
                #expect(!answer.text.contains(password), "the password never comes back: \(name)")
                answers.append(Self.comparable(answer, token: browser.form.csrfToken, name: name))
            }
            #expect(Set(answers).count == 1, "\(answers.map { $0.prefix(300) })")
            #expect(browser.session == nil)
            #expect(try Self.events(dashboard) == before + Array(repeating: .signInFailed, count: 4))
            #expect(try dashboard.accounts.accounts().map(\.name) == ["Juno", "Mina"])
        }
    }

    /// A sign-in form without its token, with a token that is not this browser's (an old page's,
    /// or another's), or sent from another site: refused in the reader's language, the password
    /// not checked, no session, no event.
    @Test(arguments: [
        ("en", "This page was opened before your browser was restarted or its cookies were cleared. Reload the page, then try again.", "Nothing was done"),
        ("ko", "이 화면을 연 지 오래되었거나 브라우저의 쿠키가 삭제되어, 보안을 위해 처리하지 않았습니다. 페이지를 새로 고친 뒤 다시 시도해 주세요.", "아무것도 하지 않았습니다"),
    ])
    func aSignInWithoutItsToken_withAStaleOne_orFromAnotherSite_isRefused(_ language: String, _ expired: String, _ nothingDone: String) async throws {
        try await withAccountsDashboard { dashboard in
            try await dashboard.addAccount("Mina", role: .owner)
            let before = try Self.events(dashboard)
            var browser = AccountBrowser(dashboard, language: language)
            _ = try await browser.open("/sign-in")
            var old = AccountBrowser(dashboard, language: language)
            _ = try await old.open("/sign-in")
            let fields = [("name", "Mina"), ("password", AccountBrowser.password)]

            for (what, token) in [("no token", nil), ("another browser's token", old.form.csrfToken), ("a made-up token", SecureToken.make())] {
                let answer = try await Self.post(browser, "/sign-in", fields, token: token)
                #expect(answer.status == 403, "\(what)")
                #expect(answer.header("Content-Language") == language, "\(what)")
                #expect(answer.problem == expired, "\(what)")
                #expect(answer.text.contains(#"value="Mina""#), "\(what)")
                #expect(!answer.text.contains(AccountBrowser.password), "\(what)")
                #expect(answer.setCookie(SessionCookie.name) == nil, "\(what)")
            }
            for headers in [
                ["Origin": "https://evil.example", "Sec-Fetch-Site": "cross-site"], ["Origin": "https://evil.example"],
                ["Sec-Fetch-Site": "cross-site"], ["Origin": "null"],
            ] {
                let answer = try await Self.post(browser, "/sign-in", fields, token: browser.form.csrfToken, headers: headers)
                #expect(answer.status == 403, "\(headers)")
                #expect(answer.header("Content-Language") == language, "\(headers)")
                #expect(Self.heading(answer) == nothingDone, "\(headers)")
                #expect(answer.setCookie(SessionCookie.name) == nil, "\(headers)")
            }
            #expect(try Self.events(dashboard) == before)
            // The same browser, from this site with its token, still signs in.
            #expect(try await browser.signIn("Mina").status == 303)
        }
    }

    // MARK: Sessions

    /// Sessions that are over or never were: a session idle 12 hours, one 30 days old though
    /// used every 11 hours, a made-up id, the real id altered, and not an id at all. A page asks
    /// for a sign-in and comes back; a form is 403 in the reader's language, and nothing is done.
    @Test(arguments: [("en", "Sign in first"), ("ko", "먼저 로그인해 주세요")])
    func anExpiredOrForgedSession_isNobody(_ language: String, _ signInFirst: String) async throws {
        let clock = ManualWallClock()
        try await withAccountsDashboard(clock: clock) { dashboard in
            try await dashboard.addAccount("Owner", role: .owner)
            var browser = AccountBrowser(dashboard, language: language)
            try await browser.signIn("Owner")
            let id = try #require(browser.sessionID)

            /// The session `cookie` (its value) is nobody's: checked on a page and on two forms.
            func isNobody(_ cookie: String, _ what: String) async throws {
                var stranger = browser
                stranger.session = SessionCookie.name + "=" + cookie
                let page = try await stranger.open("/accounts")
                #expect(page.status == 303, "\(what)")
                #expect(page.header("Location") == "/sign-in?next=/accounts", "\(what)")
                #expect(page.setCookie(SessionCookie.name) == nil, "\(what)")
                let add = try await stranger.post("/accounts", [("name", "Sneaky"), ("role", "owner"), ("password", AccountBrowser.password)])
                #expect(add.status == 403, "\(what)")
                #expect(add.header("Content-Language") == language, "\(what)")
                #expect(Self.heading(add) == signInFirst, "\(what)")
                let change = try await stranger.post(
                    "/account/password",
                    [("current_password", AccountBrowser.password), ("new_password", "a brand new one"), ("new_password_again", "a brand new one")])
                #expect(change.status == 403, "\(what)")
                #expect(Self.heading(change) == signInFirst, "\(what)")
            }

            let before = try Self.events(dashboard)
            let altered = String(id.dropLast()) + (id.hasSuffix("A") ? "B" : "A")
            for (what, cookie) in [
                ("made up", SecureToken.make()), ("altered", altered), ("longer", id + "A"), ("shorter", String(id.dropLast())),
                ("not an id", "../../etc/passwd"), ("huge", String(repeating: "A", count: 4000)),
            ] {
                try await isNobody(cookie, what)
            }
            // The real session is still the owner's: nothing above ended or used it.
            #expect(try dashboard.accounts.session(for: id)?.name == "Owner")

            // Used every 11 hours, the session lives on to its 30th day, and not past it.
            var used: TimeInterval = 0
            while used + 11 * 3600 < AccountStore.lifetime {
                clock.advance(by: 11 * 3600)
                used += 11 * 3600
                #expect(try await browser.open("/account").status == 200, "after \(used / 3600) hours")
            }
            // A second more: the store keeps times in whole milliseconds, rounded.
            clock.advance(by: AccountStore.lifetime - used + 1)
            try await isNobody(id, "30 days old")

            // A new session, then 12 hours without a request.
            try await browser.signIn("Owner")
            let idle = try #require(browser.sessionID)
            clock.advance(by: AccountStore.idleLimit + 1)
            try await isNobody(idle, "12 hours idle")

            #expect(try dashboard.accounts.accounts().map(\.name) == ["Owner"])
            #expect(try Self.events(dashboard) == before + [.signedIn], "only the second sign-in")
        }
    }

    // MARK: A password of a megabyte

    /// A megabyte as the password at the setup, at the sign-in, at an owner's add and reset, and
    /// as the new and the current password on "my account": a clear 4xx page in the reader's
    /// language (not a reset connection), the name refilled, the password never echoed, and the
    /// server answers the next request.
    @Test(arguments: [
        ("en", "The password is too long", "The name or password is wrong.", "The current password is wrong."),
        ("ko", "비밀번호가 너무 깁니다", "이름 또는 비밀번호가 올바르지 않습니다.", "현재 비밀번호가 올바르지 않습니다."),
    ])
    func aMegabytePassword_getsAClearAnswer_everywhere(_ language: String, _ tooLong: String, _ wrong: String, _ currentWrong: String)
        async throws
    {
        try await withAccountsDashboard { dashboard in
            let big = Self.megabyte
            /// The answer is the form again, with `problem`, in the reader's language, without
            /// the password, and the server still answers.
            func check(_ answer: TestResponse, _ status: Int, _ problem: String, refilled: String?, _ what: String) async throws {
                #expect(answer.status == status, "\(what)")
                #expect(answer.header("Content-Language") == language, "\(what)")
                #expect(answer.problem?.hasPrefix(problem) == true, "\(what): \(answer.problem ?? HTMLScan.text(answer.text).prefix(300).description)")
                if let refilled { #expect(answer.text.contains(#"name="name" value="\#(refilled)""#), "\(what)") }
                #expect(!answer.text.contains(Self.echo), "\(what)")
                #expect(try await dashboard.get("/healthz").status == 200, "after \(what)")
            }

            let token = try #require(try dashboard.accounts.startSetup())
            var browser = AccountBrowser(dashboard, language: language)
            _ = try await browser.open("/sign-in?setup=\(token)")
            let setup = try await browser.post("/sign-in/setup", [("setup", token), ("name", "Owner"), ("password", big), ("password_again", big)])
            try await check(setup, 422, tooLong, refilled: "Owner", "setup")
            #expect(try !dashboard.accounts.hasOwner())

            let done = try await browser.post(
                "/sign-in/setup", [("setup", token), ("name", "Owner"), ("password", AccountBrowser.password), ("password_again", AccountBrowser.password)])
            #expect(done.status == 303, "the token still works after the refusal")
            let afterSetup = try Self.events(dashboard)

            var other = AccountBrowser(dashboard, language: language)
            let signIn = try await other.signIn("Owner", password: big)
            try await check(signIn, 401, wrong, refilled: "Owner", "sign-in")
            #expect(other.session == nil)

            var owner = AccountBrowser(dashboard, language: language)
            try await owner.signIn("Owner")
            _ = try await owner.open("/accounts")
            let add = try await owner.post("/accounts", [("name", "Mina"), ("role", "editor"), ("password", big)])
            try await check(add, 422, tooLong, refilled: "Mina", "add")
            let me = try #require(try dashboard.accounts.accounts().first)
            let reset = try await owner.post("/accounts/\(me.id)/password", [("password", big)])
            try await check(reset, 422, tooLong, refilled: nil, "reset")

            _ = try await owner.open("/account")
            let new = try await owner.post(
                "/account/password", [("current_password", AccountBrowser.password), ("new_password", big), ("new_password_again", big)])
            try await check(new, 422, tooLong, refilled: nil, "new password")
            let current = try await owner.post(
                "/account/password", [("current_password", big), ("new_password", "a brand new one"), ("new_password_again", "a brand new one")])
            try await check(current, 422, currentWrong, refilled: nil, "current password")

            #expect(try dashboard.accounts.accounts().map(\.name) == ["Owner"])
            #expect(try Self.events(dashboard) == afterSetup + [.signInFailed, .signedIn], "the failed sign-in and the owner's")
            // The password is the one set up: nothing above changed it.
            var later = AccountBrowser(dashboard)
            #expect(try await later.signIn("Owner").status == 303)
        }
    }

    // MARK: Names with control characters

    /// An owner adds an account whose name has a control character: 422 saying what is wrong
    /// with the name, the form as it was typed (the role kept, the password not), no account.
    @Test(arguments: [("en", "The name has a tab or a line break."), ("ko", "이름에 탭이나 줄바꿈이 들어 있습니다.")])
    func addingANameWithAControlCharacter_isRefused_andTheFormRefilled(_ language: String, _ problem: String) async throws {
        try await withAccountsDashboard { dashboard in
            try await dashboard.addAccount("Owner", role: .owner)
            var owner = AccountBrowser(dashboard, language: language)
            try await owner.signIn("Owner")
            _ = try await owner.open("/accounts")
            let before = try Self.events(dashboard)
            for name in ["Mi\tna", "Mi\nna", "Mi\u{7}na", "Mi\u{0}na", "Mi\u{85}na"] {
                let answer = try await owner.post("/accounts", [("name", name), ("role", "viewer"), ("password", AccountBrowser.password)])
                #expect(answer.status == 422, "\(name.debugDescription)")
                #expect(answer.header("Content-Language") == language, "\(name.debugDescription)")
                #expect(answer.problem?.hasPrefix(problem) == true, "\(name.debugDescription): \(answer.problem ?? "")")
                #expect(answer.text.contains(#"<option value="viewer" selected>"#), "\(name.debugDescription)")
                #expect(answer.text.contains(#"id="add-name" name="name" value=""#), "\(name.debugDescription)")
                #expect(!answer.text.contains(AccountBrowser.password), "\(name.debugDescription)")
            }
            let tab = try await owner.post("/accounts", [("name", "Mi\tna"), ("role", "viewer"), ("password", AccountBrowser.password)])
            #expect(tab.text.contains("id=\"add-name\" name=\"name\" value=\"Mi\tna\""))
            #expect(try dashboard.accounts.accounts().map(\.name) == ["Owner"])
            #expect(try Self.events(dashboard) == before)
        }
    }

    // MARK: The setup token

    /// A setup token made up (of every shape) is refused, 410 in the reader's language, and
    /// leaves the real one working; the real one works once, and then is 410 too.
    @Test(arguments: [("en", "This setup link no longer works"), ("ko", "이 설정 링크는 더 이상 쓸 수 없습니다")])
    func aForgedSetupToken_andOneUsedTwice_areGone(_ language: String, _ gone: String) async throws {
        try await withAccountsDashboard { dashboard in
            let token = try #require(try dashboard.accounts.startSetup())
            var browser = AccountBrowser(dashboard, language: language)
            _ = try await browser.open("/sign-in?setup=\(token)")
            func setUp(_ token: String, _ name: String) async throws -> TestResponse {
                try await browser.post(
                    "/sign-in/setup", [("setup", token), ("name", name), ("password", AccountBrowser.password), ("password_again", AccountBrowser.password)])
            }
            let altered = String(token.dropLast()) + (token.hasSuffix("A") ? "B" : "A")
            for (what, forged) in [
                ("made up", SecureToken.make()), ("altered", altered), ("empty", ""), ("short", "abc"), ("longer", token + "A"),
                ("not base64url", String(repeating: "!", count: 43)), ("huge", String(repeating: "A", count: 40_000)),
            ] {
                let answer = try await setUp(forged, "Thief")
                #expect(answer.status == 410, "\(what)")
                #expect(answer.header("Content-Language") == language, "\(what)")
                #expect(Self.heading(answer) == gone, "\(what)")
                #expect(answer.setCookie(SessionCookie.name) == nil, "\(what)")
            }
            #expect(try Self.events(dashboard).isEmpty)
            #expect(try !dashboard.accounts.hasOwner())

            #expect(try await setUp(token, "Owner").status == 303)
            let afterSetup = try Self.events(dashboard)
            #expect(afterSetup == [.ownerSetUp, .signedIn])

            var other = AccountBrowser(dashboard, language: language)
            _ = try await other.open("/sign-in")
            browser = other
            let again = try await setUp(token, "Thief")
            #expect(again.status == 410)
            #expect(again.header("Content-Language") == language)
            #expect(Self.heading(again) == gone)
            #expect(again.setCookie(SessionCookie.name) == nil)
            #expect(try dashboard.accounts.accounts().map(\.name) == ["Owner"])
            #expect(try Self.events(dashboard) == afterSetup)
        }
    }
}
